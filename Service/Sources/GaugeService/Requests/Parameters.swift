import Foundation
import GaugeKit

/// A request's parameters, from its query string or its JSON body, read by name with the
/// CLI's checks and words: "size: 9000 is out of range; allowed: 1...8192".
///
/// Each name may be given once; a name the endpoint does not know is refused with the
/// closest known one, as the CLI refuses an unknown option.
struct Parameters: Sendable {
  private(set) var values: [String: JSONValue]
  /// Names in the order they were given, for the first unknown one.
  private let order: [String]

  init(_ values: [String: JSONValue]) {
    self.values = values
    order = values.keys.sorted()
  }

  /// Parses `a=1&b=two+words&c=%C3%A9`: `+` is a space, `%XX` is a UTF-8 byte, and a
  /// name without `=` (`&animate`) has the empty value.
  ///
  /// - Throws: `Problem` 400 for a name given twice or broken percent-encoding.
  init(query: String?) throws(Problem) {
    var values: [String: JSONValue] = [:]
    var order: [String] = []
    for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
      let equals = pair.firstIndex(of: "=")
      let rawName = equals.map { pair[..<$0] } ?? pair
      let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
      let name = try Parameters.decode(rawName, what: "a parameter name")
      let value = try Parameters.decode(rawValue, what: "the value of '\(name)'")
      guard values[name] == nil else {
        throw Problem.badParameter(name, "is given more than once; give each parameter once")
      }
      values[name] = .string(value)
      order.append(name)
    }
    self.values = values
    self.order = order
  }

  private static func decode(_ text: Substring, what: String) throws(Problem) -> String {
    // Most names and values need no decoding: skip Foundation for them.
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
      return String(text)
    }
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    guard let decoded = spaced.removingPercentEncoding else {
      throw Problem(.badRequest, "\(what) is not valid percent-encoded UTF-8: '\(text)'")
    }
    return decoded
  }

  /// Refuses the first name not in `allowed`, suggesting the closest allowed one.
  func check(allowed: [String]) throws(Problem) {
    guard let unknown = order.first(where: { !allowed.contains($0) }) else { return }
    var message = "unknown parameter '\(unknown)'"
    if let suggestion = Suggestion.closest(to: unknown, among: allowed) {
      message += "; did you mean '\(suggestion)'?"
    } else {
      message += "; the parameters are " + allowed.joined(separator: ", ")
    }
    throw Problem(.badRequest, message, errors: [Problem.Item(path: unknown, message: message)])
  }

  func has(_ name: String) -> Bool { values[name] != nil }

  /// The raw JSON value, for the fields that hold documents (`preset`, `items`).
  func json(_ name: String) -> JSONValue? { values[name] }

  /// A finite number, from a JSON number or from text.
  func number(_ name: String, in range: ClosedRange<Double>, unit: String = "")
    throws(Problem) -> Double?
  {
    let allowed =
      "\(Parameters.plain(range.lowerBound))...\(Parameters.plain(range.upperBound))"
      + unit
    guard let given = values[name] else { return nil }
    let number: Double
    switch given {
    case .number(let value): number = value
    case .string(let text):
      guard let value = Double(text), value.isFinite else {
        throw .badParameter(name, "'\(text)' is not a number; allowed: \(allowed)")
      }
      number = value
    default:
      throw .badParameter(name, "expected a number, found \(given.kind); allowed: \(allowed)")
    }
    guard range.contains(number) else {
      throw .badParameter(
        name, "\(Parameters.plain(number)) is out of range; allowed: \(allowed)")
    }
    return number
  }

  /// A whole number in `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
    let allowed = "\(range.lowerBound)...\(range.upperBound)"
    guard let given = values[name] else { return nil }
    let number: Int
    switch given {
    case .number(let value) where value == value.rounded() && value.magnitude < 1e15:
      number = Int(value)
    case .number(let value):
      throw .badParameter(
        name, "\(Parameters.plain(value)) is not a whole number; allowed: \(allowed)")
    case .string(let text):
      guard let value = Int(text) else {
        throw .badParameter(name, "'\(text)' is not a whole number; allowed: \(allowed)")
      }
      number = value
    default:
      throw .badParameter(
        name, "expected a whole number, found \(given.kind); allowed: \(allowed)")
    }
    guard range.contains(number) else {
      throw .badParameter(name, "\(number) is out of range; allowed: \(allowed)")
    }
    return number
  }

  /// The value to draw: a number, or `none`, `null`, NaN or an infinity for no data.
  ///
  /// - Throws: `Problem` 400 when the value is missing or not a number.
  func value(_ name: String = "value") throws(Problem) -> Double? {
    let hint = "give a number such as 42, or 'none' for no data"
    switch values[name] {
    case nil: throw .badParameter(name, "is missing; \(hint)")
    case .null: return nil
    case .number(let number): return number
    case .string("none"): return nil
    case .string(let text):
      guard let number = Double(text) else {
        throw .badParameter(name, "'\(text)' is not a number; \(hint)")
      }
      return number.isFinite ? number : nil
    case .some(let other):
      throw .badParameter(name, "expected a number, found \(other.kind); \(hint)")
    }
  }

  /// Text of at most `limit` characters as people count them.
  func text(_ name: String, limit: Int = Gauge.maximumTextLength) throws(Problem) -> String? {
    guard let given = values[name] else { return nil }
    guard case .string(let text) = given else {
      throw .badParameter(name, "expected a string, found \(given.kind)")
    }
    guard text.count <= limit else {
      throw .badParameter(name, "is \(text.count) characters long; at most \(limit) allowed")
    }
    return text
  }

  /// One of a fixed set of words.
  func choice(_ name: String, from choices: [String]) throws(Problem) -> String? {
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

  /// A switch: JSON `true`/`false`, or in a query `true`, `false`, `1`, `0`, or the name
  /// alone (`&animate`) for true.
  func flag(_ name: String) throws(Problem) -> Bool? {
    switch values[name] {
    case nil: return nil
    case .bool(let flag): return flag
    case .string(let text):
      switch text {
      case "", "true", "1": return true
      case "false", "0": return false
      default: throw .badParameter(name, "'\(text)' is not allowed; use true or false")
      }
    case .some(let other):
      throw .badParameter(name, "expected true or false, found \(other.kind)")
    }
  }

  /// 42 rather than 42.0; other numbers as Swift prints them (shortest exact form).
  static func plain(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
  }
}
