import GaugeKit
@_spi(Service) import GaugeSupport

// The value types of `gauge` beyond plain numbers and words.

extension ValueType where Value == Double? {
  /// A gauge's value as `GaugeValueText` reads it: a number, or 'none' (NaN, infinities) for
  /// no data.
  static let gaugeValue = ValueType(placeholder: "VALUE", allowed: nil) {
    text throws(ValueError) in
    do throws(GaugeValueText.Refusal) {
      return try GaugeValueText.read(text)
    } catch {
      throw ValueError(message: error.message)
    }
  } format: {
    $0.map(FixedDecimal.plain) ?? "none"
  }
}

extension ValueType where Value == Double {
  /// `--reference`: a past value, read as a gauge's value is (`GaugeValueText`), as a batch
  /// line's `"reference"` and the service's `reference` are; 'none' (NaN, infinities) for no
  /// reference, which is held as NaN and draws none.
  static let reference = ValueType(placeholder: "VALUE", allowed: nil) {
    text throws(ValueError) in
    do throws(GaugeValueText.Refusal) {
      return try GaugeValueText.read(text) ?? .nan
    } catch {
      throw ValueError(message: error.message)
    }
  } format: {
    $0.isFinite ? FixedDecimal.plain($0) : "none"
  }
}

extension ValueType where Value == [Double?] {
  /// A gauge's value, or one a pointer for a preset of several `pointers` (`120,80`); each
  /// read as `gaugeValue` reads one.
  static let gaugeValues = ValueType(placeholder: "VALUE", allowed: nil) {
    text throws(ValueError) in
    var values: [Double?] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      values.append(try ValueType<Double?>.gaugeValue.parse(String(word)))
    }
    return values
  } format: {
    $0.map(ValueType<Double?>.gaugeValue.format).joined(separator: ",")
  }
}

extension ValueType where Value == Background {
  static let background = ValueType(
    placeholder: "COLOR", allowed: "#RGB, #RRGGBB, #RRGGBBAA, a colour name, or none"
  ) { text throws(ValueError) in
    if text == "none" { return .none }
    guard let color = Color(parsing: text) else {
      throw ValueError(message: "'\(text)' is not a colour; use \(Color.allowedForms), or none")
    }
    return .color(color)
  } format: {
    switch $0 {
    case .preset: return "the theme's"
    case .none: return "none"
    case .color(let color): return color.hex
    }
  }
}

extension ValueType where Value == [Color] {
  /// Comma-separated colours.
  static let palette = ValueType(placeholder: "COLORS", allowed: nil) {
    text throws(ValueError) in
    var palette: [Color] = []
    for (index, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      guard let color = Color(parsing: word) else {
        throw ValueError(
          message: "colour \(index + 1), '\(word)', is not a colour; use \(Color.allowedForms)")
      }
      palette.append(color)
    }
    return palette
  } format: {
    $0.map(\.hex).joined(separator: ",")
  }
}

extension ValueType where Value == Double {
  /// Seconds, written `2s`, `500ms`, `1m` or as plain seconds; 0.1 s to a day.
  static let interval = ValueType(placeholder: "INTERVAL", allowed: "100ms...1 day") {
    text throws(ValueError) in
    var number = Substring(text)
    var scale = 1.0
    if text.hasSuffix("ms") {
      number = number.dropLast(2)
      scale = 0.001
    } else if text.hasSuffix("s") {
      number = number.dropLast()
    } else if text.hasSuffix("m") {
      number = number.dropLast()
      scale = 60
    }
    guard let value = FiniteNumber.parse(number).map({ $0 * scale }), value.isFinite, value >= 0.1,
      value <= 86400
    else {
      throw ValueError(
        message:
          "'\(text)' is not an interval from 100ms to 1 day; write 2s, 500ms, 1m or seconds")
    }
    return value
  } format: {
    FixedDecimal.plain($0) + "s"
  }
}

extension ValueType where Value == GaugeLocale {
  /// A BCP 47 locale tag ("de-CH", "ar-EG").
  static let locale = ValueType(placeholder: "TAG", allowed: nil) {
    text throws(ValueError) in
    do throws(GaugeError) {
      return try GaugeLocale(text)
    } catch {
      throw ValueError(message: error.description)
    }
  } format: {
    $0.identifier
  }
}
