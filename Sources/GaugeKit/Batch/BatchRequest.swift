/// One line of a batch job: which gauge to draw for whom, in JSON Lines.
///
/// `{"id": "user-123", "preset": "stress", "value": 42}`, plus optional per-line `size`,
/// `width`, `height`, `theme`, `title` and `animate`. A missing `preset` or option takes the
/// job's default; a missing or null `value` draws the no-data state.
public struct BatchRequest: Sendable, Hashable {
  public var id: String
  public var preset: String?
  public var value: Double?
  public var width: Int?
  public var height: Int?
  public var theme: Theme?
  public var title: String?
  public var animate: Bool?

  static let keys = [
    "id", "preset", "value", "size", "width", "height", "theme", "title", "animate",
  ]

  /// Whether `id` can name a file: 1 to 200 letters, digits, `.`, `_` and `-`, not starting
  /// with a dot (so never `..`, a hidden file, or a path).
  public static func isValidID(_ id: String) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 200, id.utf8.first != UInt8(ascii: ".") else {
      return false
    }
    return id.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "-"):
        return true
      default:
        return false
      }
    }
  }

  /// The line's `id`, if it has a string one: failures report it even when the rest of the
  /// line is wrong.
  public static func id(in bytes: [UInt8]) -> String? {
    guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
      let member = members.first(where: { $0.key == "id" }),
      case .string(let id) = member.value.value
    else { return nil }
    return id
  }

  /// Decodes one line.
  ///
  /// - Throws: `GaugeError.invalidOption` with what is wrong with the line.
  public init(jsonLine bytes: [UInt8]) throws(GaugeError) {
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw .invalidOption("invalid JSON at column \(error.column): \(error.message)")
    }
    guard case .object(let members) = root.value else {
      throw .invalidOption("expected a JSON object, found \(root.value.kind)")
    }
    var fields: [String: JSONValue] = [:]
    for member in members {
      guard BatchRequest.keys.contains(member.key) else {
        var message = "unknown key \"\(member.key)\""
        if let suggestion = Suggestion.closest(to: member.key, among: BatchRequest.keys) {
          message += "; did you mean \"\(suggestion)\"?"
        } else {
          message += "; allowed keys: " + BatchRequest.keys.joined(separator: ", ")
        }
        throw .invalidOption(message)
      }
      fields[member.key] = member.value.value
    }
    guard case .string(let id)? = fields["id"] else {
      throw .invalidOption(fields["id"] == nil ? "\"id\" is missing" : "\"id\" must be a string")
    }
    guard BatchRequest.isValidID(id) else {
      throw .invalidOption(
        "id \"\(id)\" cannot name a file; use 1 to 200 letters, digits, '.', '_' and '-', "
          + "not starting with '.'")
    }
    self.id = id
    func text(_ key: String) throws(GaugeError) -> String? {
      switch fields[key] {
      case nil, .null?: return nil
      case .string(let value)?: return value
      case let other?: throw .invalidOption("\"\(key)\" must be a string, not \(other.kind)")
      }
    }
    func side(_ key: String) throws(GaugeError) -> Int? {
      switch fields[key] {
      case nil, .null?: return nil
      case .number(let value)? where value == value.rounded() && (1...8192).contains(value):
        return Int(value)
      default: throw .invalidOption("\"\(key)\" must be a whole number of pixels, 1...8192")
      }
    }
    preset = try text("preset")
    title = try text("title")
    switch fields["value"] {
    case nil, .null?: value = nil
    case .number(let number)?: value = number.isFinite ? number : nil
    case let other?: throw .invalidOption("\"value\" must be a number or null, not \(other.kind)")
    }
    let size = try side("size")
    width = try side("width") ?? size
    height = try side("height") ?? size
    if let name = try text("theme") {
      guard let theme = Theme(rawValue: name) else {
        throw .invalidOption("\"theme\" must be light, dark or auto, not \"\(name)\"")
      }
      self.theme = theme
    }
    switch fields["animate"] {
    case nil, .null?: animate = nil
    case .bool(let flag)?: animate = flag
    case let other?: throw .invalidOption("\"animate\" must be true or false, not \(other.kind)")
    }
  }
}

/// The output line of a batch job streaming JSON Lines: `{"id": ..., "svg": ...}`.
public enum BatchOutput {
  /// `{"id":"…","svg":"…"}` and a newline, the SVG escaped as a JSON string.
  public static func jsonLine(id: String, svg: [UInt8]) -> [UInt8] {
    let head = Array(#"{"id":""#.utf8) + Array(id.utf8) + Array(#"","svg":""#.utf8)
    let tail = Array("\"}\n".utf8)
    // At most 6 bytes per input byte (\u00XX); written through a pointer, not appended.
    let capacity = head.count + svg.count * 6 + tail.count
    return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var index = 0
      func put(_ byte: UInt8) {
        buffer[index] = byte
        index += 1
      }
      for byte in head { put(byte) }
      let hex: StaticString = "0123456789abcdef"
      for byte in svg {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
          put(UInt8(ascii: "\\"))
          put(byte)
        case UInt8(ascii: "\n"):
          put(UInt8(ascii: "\\"))
          put(UInt8(ascii: "n"))
        case 0..<0x20:
          for code in "\\u00".utf8 { put(code) }
          put(hex.utf8Start[Int(byte >> 4)])
          put(hex.utf8Start[Int(byte & 15)])
        default:
          put(byte)
        }
      }
      for byte in tail { put(byte) }
      count = index
    }
  }
}
