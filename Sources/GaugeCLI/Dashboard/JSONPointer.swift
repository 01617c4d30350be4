import GaugeKit
@_spi(Service) import GaugeSupport

/// An RFC 6901 JSON pointer: `/data/0/value`, with `~1` for a `/` in a key and `~0` for a
/// `~`. The empty pointer is the whole document.
struct JSONPointer: Sendable, Equatable {
  /// The reference tokens, unescaped.
  let tokens: [String]

  /// What is wrong with a pointer, or with following it.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// Edge cases:
  /// - `""` has no tokens; `"/"` has one, the empty key.
  /// - A `~` followed by anything but `0` or `1` is refused, as RFC 6901 requires.
  init(_ text: String) throws(Problem) {
    guard !text.isEmpty else {
      tokens = []
      return
    }
    guard text.hasPrefix("/") else {
      throw Problem(
        message: "\(JSONText.quotedPrefix(text)) is not a JSON pointer; it must be empty or "
          + "start with '/' (RFC 6901)")
    }
    var tokens: [String] = []
    for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var escaping = false
      for character in part {
        if escaping {
          switch character {
          case "0": token.append("~")
          case "1": token.append("/")
          default:
            throw Problem(
              message: "\(JSONText.quotedPrefix(text)) has '~\(character)'; in a JSON pointer "
                + "'~' is written '~0' and '/' is written '~1'")
          }
          escaping = false
        } else if character == "~" {
          escaping = true
        } else {
          token.append(character)
        }
      }
      if escaping {
        throw Problem(
          message: "\(JSONText.quotedPrefix(text)) ends in '~'; in a JSON pointer '~' is "
            + "written '~0'")
      }
      tokens.append(token)
    }
    self.tokens = tokens
  }

  /// The node the pointer names in `root`.
  ///
  /// Edge cases: an array index must be `0` or a number without leading zeros; `-` (the
  /// element after the last) names nothing.
  func resolve(in root: JSONNode) throws(Problem) -> JSONNode {
    var node = root
    var walked = ""
    for token in tokens {
      let escaped = token.replacingTildes()
      switch node.value {
      case .object(let members):
        // The last member wins, as most JSON readers decide duplicate keys.
        guard let member = members.last(where: { $0.key == token }) else {
          throw Problem(
            message: "\(walked.isEmpty ? "the document" : walked) has no key \"\(escaped)\"")
        }
        node = member.value
      case .array(let elements):
        let digits = token.allSatisfy { $0.isASCII && $0.isNumber }
        guard digits, !token.isEmpty, token == "0" || !token.hasPrefix("0"),
          let index = Int(token), index < elements.count
        else {
          throw Problem(
            message: "\(walked.isEmpty ? "the document" : walked) is an array of "
              + "\(elements.count); \"\(escaped)\" is not an index in it")
        }
        node = elements[index]
      default:
        throw Problem(
          message: "\(walked.isEmpty ? "the document" : walked) is \(node.value.kind), not an "
            + "object or array")
      }
      walked += "/" + escaped
    }
    return node
  }
}

extension String {
  /// The token written back as in a pointer: `~` as `~0`, `/` as `~1`.
  fileprivate func replacingTildes() -> String {
    var out = ""
    for character in self {
      switch character {
      case "~": out += "~0"
      case "/": out += "~1"
      default: out.append(character)
      }
    }
    return out
  }
}
