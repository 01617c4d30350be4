import GaugeKit
@_spi(Service) import GaugeSupport

/// A word on the command line that did not read as the value it should be. The message names
/// the problem, not the option: the parser puts `--size: ` or `<value>: ` in front.
struct ValueError: Error, Sendable, Equatable {
  var message: String
}

/// How one word becomes a typed value, and how that kind of value is shown in help.
struct ValueType<Value: Sendable>: Sendable {
  /// The word standing for the value in usage and help: `PX`, `FILE`, `THEME`.
  var placeholder: String
  /// What is allowed, as help and errors write it (`1...8192`, `light, dark, auto`); `nil`
  /// for free text.
  var allowed: String?
  /// Reads one word.
  var parse: @Sendable (String) throws(ValueError) -> Value
  /// The value as a user would type it: how help shows a default.
  var format: @Sendable (Value) -> String
}

extension ValueType where Value == Int {
  /// A whole number within `range`.
  static func integer(_ range: ClosedRange<Int>, placeholder: String) -> Self {
    let allowed = "\(range.lowerBound)...\(range.upperBound)"
    return ValueType(placeholder: placeholder, allowed: allowed) { text throws(ValueError) in
      guard let number = Int(text) else {
        throw ValueError(message: "'\(text)' is not a whole number; allowed: \(allowed)")
      }
      guard range.contains(number) else {
        throw ValueError(message: "\(number) is out of range; allowed: \(allowed)")
      }
      return number
    } format: {
      String($0)
    }
  }
}

extension ValueType where Value == Double {
  /// A finite number within `range`; `unit` ("seconds", "px") follows the range in help and
  /// errors.
  static func number(_ range: ClosedRange<Double>, unit: String? = nil, placeholder: String)
    -> Self
  {
    let allowed =
      FixedDecimal.plain(range.lowerBound) + "..." + FixedDecimal.plain(range.upperBound)
      + (unit.map { " " + $0 } ?? "")
    return ValueType(placeholder: placeholder, allowed: allowed) { text throws(ValueError) in
      let number = try finite(text, "allowed: " + allowed)
      guard range.contains(number) else {
        throw ValueError(message: "\(text) is out of range; allowed: \(allowed)")
      }
      return number
    } format: {
      FixedDecimal.plain($0)
    }
  }

  /// Any finite number.
  static func number(placeholder: String) -> Self {
    ValueType(placeholder: placeholder, allowed: nil) { text throws(ValueError) in
      try finite(text)
    } format: {
      FixedDecimal.plain($0)
    }
  }

  /// `text` as a finite number, the one way every option reads one; otherwise says what it
  /// is (`'abc' is not a number`, `'inf' is not a finite number`), then `advice`.
  static func finite(_ text: String, _ advice: String? = nil) throws(ValueError) -> Double {
    if let number = FiniteNumber.parse(text) { return number }
    throw ValueError(
      message: "'\(text)' \(FiniteNumber.problem(text))" + (advice.map { "; " + $0 } ?? ""))
  }
}

extension ValueType where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// One of an enumeration's cases, by its raw value.
  static func choice(placeholder: String) -> Self {
    let names = Value.allCases.map(\.rawValue)
    return ValueType(placeholder: placeholder, allowed: names.joined(separator: ", ")) {
      text throws(ValueError) in
      if let value = Value(rawValue: text) { return value }
      var message = "'\(text)' is not allowed; use one of " + names.joined(separator: ", ")
      if let suggestion = Suggestion.closest(to: text, among: names) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw ValueError(message: message)
    } format: {
      $0.rawValue
    }
  }
}

extension ValueType where Value == String {
  /// Any text, at most `maximumLength` characters when given.
  static func text(placeholder: String, maximumLength: Int? = nil) -> Self {
    ValueType(placeholder: placeholder, allowed: nil) { text throws(ValueError) in
      if let maximumLength, text.count > maximumLength {
        throw ValueError(
          message: "is \(text.count) characters long; at most \(maximumLength) allowed")
      }
      return text
    } format: {
      $0
    }
  }

  /// A file or folder path, taken as written.
  static func path(placeholder: String) -> Self {
    text(placeholder: placeholder)
  }
}
