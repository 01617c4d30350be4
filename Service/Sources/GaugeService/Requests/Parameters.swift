import Foundation
import GaugeKit
@_spi(Service) import GaugeSupport

/// A request's parameters, from its query string or its JSON body, read by name.
///
/// A query's values are text, checked with the CLI's words ("size: 9000 is out of range;
/// allowed: 1...8192"). A body is read by the library's own strict JSON reader
/// (`JSONRequestBody`), as a preset file or a batch line is: a number must be a JSON number,
/// and every problem carries its line, column and JSON path.
///
/// Each name may be given once; a name the endpoint does not know is refused with the
/// closest known one, as the CLI refuses an unknown option.
struct Parameters: Sendable {
  private enum Source: Sendable {
    case query(values: [String: String], order: [String])
    case body(JSONRequestBody)
  }

  /// The query names every route lets come again and again, each adding a value (`marker`);
  /// a route may name more (`init(query:repeatable:)`).
  static let repeatable: Set<String> = ["marker"]

  private let source: Source
  /// Every value of each repeatable name, in the query's order.
  private var lists: [String: [String]] = [:]
  /// The request's `Accept-Language`, which chooses the locale when no `locale` is given.
  var acceptLanguage: String?

  /// A JSON body.
  init(body: JSONRequestBody) {
    source = .body(body)
  }

  /// Parses `a=1&b=two+words&c=%C3%A9`: `+` is a space, `%XX` is a UTF-8 byte, and a
  /// name without `=` (`&animate`) has the empty value. A name in `repeatable` may come again
  /// and again (`g=cpu:37&g=memory:62`); `all(_:)` reads each of its values.
  ///
  /// - Throws: `Problem` 400 for a name given twice or broken percent-encoding.
  init(query: String?, repeatable: Set<String> = []) throws(Problem) {
    var values: [String: String] = [:]
    var order: [String] = []
    var lists: [String: [String]] = [:]
    let query = query ?? ""
    // Split on the bytes `&` and `=`, as a browser's URLSearchParams does, never on
    // characters: a combining mark right after either (`&\u{301}b`, `=\u{301}1`) would join
    // it into one character that splits nothing. Both are ASCII, so every piece is whole
    // UTF-8 and its bounds lie between scalars.
    let ampersand = UInt8(ascii: "&")
    let equalsSign = UInt8(ascii: "=")
    for bytes in query.utf8.split(separator: ampersand) {
      let equals = bytes.firstIndex(of: equalsSign)
      let rawName = Substring(equals.map { bytes[..<$0] } ?? bytes)
      let rawValue = equals.map { Substring(bytes[bytes.index(after: $0)...]) } ?? ""
      let name = try Parameters.decode(rawName, of: nil)
      let value = try Parameters.decode(rawValue, of: name)
      if repeatable.contains(name) || Parameters.repeatable.contains(name) {
        if lists[name] == nil { order.append(name) }
        lists[name, default: []].append(value)
        values[name] = value
        continue
      }
      guard values[name] == nil else {
        throw Problem.badParameter(name, "is given more than once; give each parameter once")
      }
      values[name] = value
      order.append(name)
    }
    source = .query(values: values, order: order)
    self.lists = lists
  }

  /// A name (`name` nil) or the value of `name`, decoded.
  private static func decode(_ text: Substring, of name: String?) throws(Problem) -> String {
    // Most names and values need no decoding: skip Foundation for them.
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
      return String(text)
    }
    // `+` is a space byte for byte: Foundation's search would leave a `+` that a combining
    // mark follows, as one character.
    let spaced = String(
      decoding: text.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    guard let decoded = spaced.removingPercentEncoding else {
      // A name that cannot be read has no path to give: the problem is the query's.
      guard let name else {
        throw .badParameter(
          "", "a parameter name, '\(text)', is not valid percent-encoded UTF-8")
      }
      throw .badParameter(name, "'\(text)' is not valid percent-encoded UTF-8")
    }
    return decoded
  }

  /// Every value of a repeatable name, in order: a query's repeats, or a body's one string
  /// or array of strings.
  func texts(_ name: String, limit: Int = Gauge.maximumTextLength) throws(Problem) -> [String] {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in
        try body.strings(name, maximumLength: limit)
      }
    case .query:
      let texts = lists[name] ?? []
      if let long = texts.first(where: { $0.count > limit }) {
        throw .badParameter(name, "is \(long.count) characters long; at most \(limit) allowed")
      }
      return texts
    }
  }

  /// The body, for the fields that hold documents (`preset`, `items`); nil for a query.
  var body: JSONRequestBody? {
    guard case .body(let body) = source else { return nil }
    return body
  }

  /// Refuses the first name not in `allowed`, suggesting the closest allowed one.
  func check(allowed: [String]) throws(Problem) {
    switch source {
    case .body(let body):
      try Problem.from { () throws(GaugeError) in try body.check(allowed: allowed) }
    case .query(_, let order):
      guard let unknown = order.first(where: { !allowed.contains($0) }) else { return }
      var message = "unknown parameter '\(unknown)'"
      if let suggestion = Suggestion.closest(to: unknown, among: allowed) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; the parameters are " + allowed.joined(separator: ", ")
      }
      throw Problem(.badRequest, message, errors: [Problem.Item(path: unknown, message: message)])
    }
  }

  /// Each value of a repeatable name, in order; empty when it is not given.
  func all(_ name: String) -> [String] { lists[name] ?? [] }

  func has(_ name: String) -> Bool {
    switch source {
    case .body(let body): body.has(name)
    case .query(let values, _): values[name] != nil
    }
  }

  /// A finite number in `range`.
  func number(_ name: String, in range: ClosedRange<Double>) throws(Problem) -> Double? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in try body.number(name, in: range) }
    case .query(let values, _):
      // Spelled only for a problem.
      func allowed() -> String {
        "\(Parameters.plain(range.lowerBound))...\(Parameters.plain(range.upperBound))"
      }
      guard let text = values[name] else { return nil }
      guard let number = FiniteNumber.parse(text) else {
        throw .badParameter(name, "'\(text)' \(FiniteNumber.problem(text)); allowed: \(allowed())")
      }
      guard range.contains(number) else {
        throw .badParameter(
          name, "\(Parameters.plain(number)) is out of range; allowed: \(allowed())")
      }
      return number
    }
  }

  /// A finite number of any size, for a field whose range the gauge's own checks decide
  /// (`min`, `max`): a query's text as the CLI reads `--min` (`FiniteNumber`, so `inf` is
  /// "not a finite number"), a body's JSON number.
  func anyNumber(_ name: String) throws(Problem) -> Double? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in
        try body.number(name, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
      }
    case .query(let values, _):
      guard let text = values[name] else { return nil }
      guard let number = FiniteNumber.parse(text) else {
        throw .badParameter(name, "'\(text)' \(FiniteNumber.problem(text))")
      }
      return number
    }
  }

  /// A whole number in `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in try body.integer(name, in: range) }
    case .query(let values, _):
      // Spelled only for a problem.
      func allowed() -> String { "\(range.lowerBound)...\(range.upperBound)" }
      guard let text = values[name] else { return nil }
      guard let number = Int(text) else {
        throw .badParameter(name, "'\(text)' is not a whole number; allowed: \(allowed())")
      }
      guard range.contains(number) else {
        throw .badParameter(name, "\(number) is out of range; allowed: \(allowed())")
      }
      return number
    }
  }

  /// The value to draw: a number, or no data (`none`, `nan` or an infinity in a query; JSON
  /// `null` or a number too large to be finite in a body).
  ///
  /// - Throws: `Problem` 400 when the value is missing or not a number.
  func value(_ name: String = "value") throws(Problem) -> Double? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in
        guard let given = try body.numberOrNull(name) else {
          throw body.problem(name, "is missing; required: a number, or null for no data")
        }
        return given
      }
    case .query(let values, _):
      guard let text = values[name] else {
        throw .badParameter(name, "is missing; \(GaugeValueText.hint)")
      }
      do {
        return try GaugeValueText.read(text)
      } catch {
        throw .badParameter(name, error.message)
      }
    }
  }

  /// Text of at most `limit` characters as people count them.
  func text(_ name: String, limit: Int = Gauge.maximumTextLength) throws(Problem) -> String? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in
        try body.string(name, maximumLength: limit)
      }
    case .query(let values, _):
      guard let text = values[name] else { return nil }
      guard text.count <= limit else {
        throw .badParameter(name, "is \(text.count) characters long; at most \(limit) allowed")
      }
      return text
    }
  }

  /// One of a fixed set of words.
  func choice(_ name: String, from choices: [String]) throws(Problem) -> String? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in try body.choice(name, among: choices) }
    case .query:
      guard let text = try text(name) else { return nil }
      guard choices.contains(text) else {
        var message = "'\(text)' is not allowed; use one of " + choices.joined(separator: ", ")
        if let suggestion = Suggestion.closest(to: text, among: choices) {
          message += "; did you mean '\(suggestion)'?"
        }
        throw .badParameter(name, message)
      }
      return text
    }
  }

  /// A switch: JSON `true`/`false`, or in a query `true`, `false`, `1`, `0`, or the name
  /// alone (`&animate`) for true.
  func flag(_ name: String) throws(Problem) -> Bool? {
    switch source {
    case .body(let body):
      return try Problem.from { () throws(GaugeError) in try body.bool(name) }
    case .query(let values, _):
      switch values[name] {
      case nil: return nil
      case "", "true", "1": return true
      case "false", "0": return false
      case let text?: throw .badParameter(name, "'\(text)' is not allowed; use true or false")
      }
    }
  }

  /// 42 rather than 42.0; other numbers as Swift prints them (shortest exact form).
  static func plain(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
  }
}
