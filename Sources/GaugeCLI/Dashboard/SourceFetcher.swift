import GaugeKit
@_spi(Service) import GaugeSupport

/// Why a source gave no value, in a few words for the gauge's slot: "connection refused",
/// Prometheus's own error text, "no such file or directory", "not a number: 'abc'".
struct SourceFault: Error, Sendable, Equatable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

/// Asks a source for its value once. Every kind answers on Swift concurrency: HTTP without
/// holding a thread, commands polled without blocking, so a hung source never holds up
/// another, and each fetch ends within its timeout.
struct SourceFetcher: Sendable {
  let environment: [String: String]
  let files: any FileAccess

  /// The value (`nil`: the source says there is none, as NaN or `none`), or why there is none.
  func fetch(_ source: DashboardSource) async -> Result<Double?, SourceFault> {
    do throws(SourceFault) {
      switch source.kind {
      case .prometheus(let server, let query):
        let address = SourceFetcher.queryURL(server: server, query: query)
        let response = try await HTTPTransport.get(
          address, bearer: token(source), timeout: source.timeout)
        return .success(try PrometheusAnswer.value(status: response.status, body: response.body))
      case .http(let url, let pointer):
        let response = try await HTTPTransport.get(
          url, bearer: token(source), timeout: source.timeout)
        guard (200..<300).contains(response.status) else {
          throw SourceFault("HTTP \(response.status)")
        }
        return .success(try SourceFetcher.number(inJSON: response.body, pointer: pointer))
      case .exec(let command):
        let result = try await ChildProcess.run(command, timeout: source.timeout)
        return .success(try SourceFetcher.number(fromCommand: result))
      case .file(let path):
        let bytes: [UInt8]
        do {
          bytes = try files.read(path, limit: SourceFetcher.maximumFileSize)
        } catch {
          throw SourceFault(SourceFetcher.lowercasedFirst(error.reason))
        }
        return .success(try SourceFetcher.number(inText: String(decoding: bytes, as: UTF8.self)))
      case .stdin:
        return .failure(SourceFault("no value on standard input yet"))
      }
    } catch {
      return .failure(error)
    }
  }

  /// The largest file source read, in bytes.
  static let maximumFileSize = 1 << 16

  private func token(_ source: DashboardSource) throws(SourceFault) -> String? {
    guard let name = source.tokenVariable else { return nil }
    guard let value = environment[name], !value.isEmpty else {
      throw SourceFault("the environment variable \(name) is not set")
    }
    return value
  }

  /// `server/api/v1/query?query=…`, the query percent-encoded.
  static func queryURL(server: String, query: String) -> String {
    var base = server
    while base.hasSuffix("/") { base.removeLast() }
    return base + "/api/v1/query?query=" + percentEncoded(query)
  }

  /// Every byte but RFC 3986's unreserved characters as `%XX`.
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = Array("0123456789ABCDEF")
        out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// The number `pointer` names in a JSON document: a number, a string holding one, or
  /// `null` for no data.
  static func number(inJSON body: [UInt8], pointer: String) throws(SourceFault) -> Double? {
    let root: JSONNode
    do {
      root = try JSONParser.parse(body)
    } catch {
      throw SourceFault("the answer is not JSON: \(error.message)")
    }
    let node: JSONNode
    do {
      node = try JSONPointer(pointer).resolve(in: root)
    } catch {
      throw SourceFault(error.message)
    }
    switch node.value {
    case .number(let value): return value
    case .null: return nil
    case .string(let text):
      guard let value = number(exactly: text) else {
        throw SourceFault(
          GaugeValueText.Refusal(text: text).message(quoted: TerminalSafe.quote(text)))
      }
      return value
    default:
      throw SourceFault(
        "not a number: \(pointer.isEmpty ? "the document" : pointer) is \(node.value.kind)")
    }
  }

  /// A gauge's value as `GaugeValueText` reads it, with spaces, tabs and a trailing line break
  /// around it and an optional `%` after it; nil (not `.some(nil)`) when it is refused.
  static func number(exactly text: String) -> Double?? {
    var trimmed = Substring(text).drop { $0 == " " || $0 == "\t" }
    while let last = trimmed.last, last == " " || last == "\t" || last == "\r" || last == "\n" {
      trimmed.removeLast()
    }
    if trimmed.hasSuffix("%") { trimmed.removeLast() }
    do {
      return .some(try GaugeValueText.read(trimmed))
    } catch {
      return nil
    }
  }

  /// The first number a command or file holds, as `watch --exec` reads it.
  static func number(inText text: String) throws(SourceFault) -> Double? {
    if let value = WatchSession.firstNumber(in: text) { return value }
    let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    if first.trimmingCharacters() == "none" { return nil }
    guard !first.isEmpty else { throw SourceFault("it printed nothing") }
    throw SourceFault("not a number: \(TerminalSafe.quote(first))")
  }

  /// A command's value: it must exit 0 and print a number.
  static func number(fromCommand result: ChildProcess.Result) throws(SourceFault) -> Double? {
    guard result.status == 0 else {
      let said = String(decoding: result.errors, as: UTF8.self)
        .split(whereSeparator: \.isNewline).first.map(String.init)
      var message =
        result.signal.map { "killed by signal \($0)" } ?? "exited with status \(result.status)"
      if let said, !said.isEmpty { message += ": " + TerminalSafe.escaped(said) }
      throw SourceFault(message)
    }
    do {
      return try number(inText: String(decoding: result.output, as: UTF8.self))
    } catch {
      if error.message == "it printed nothing" { throw SourceFault("the command printed nothing") }
      throw error
    }
  }

  static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    String(
      drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        .reversed())
  }
}
