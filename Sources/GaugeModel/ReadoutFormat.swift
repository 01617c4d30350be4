import GaugeGeometry
import GaugeLocalization
import GaugeSupport

/// How the centre readout, the scale's numbers and the accessible text print a value.
public struct ReadoutFormat: Sendable, Hashable {
  /// Digits after the decimal point, 0...6. The readout keeps them ("42.0" with 1); in the
  /// compact notation they are the most it shows ("1.2M", "1M").
  public var decimals: Int
  /// Text before the number ("$").
  public var prefix: String
  /// Text after the number, such as a unit ("%", " ppm", " bpm"). With a locale, "%" (with or
  /// without a space) is the locale's percent pattern: "42 %" in German, "%42" in Turkish,
  /// "٤٢٪" in Egyptian Arabic.
  public var suffix: String
  /// What shows when there is no value.
  public var placeholder: String
  /// Whether to separate groups of digits ("1,250"); `nil` is the default: on with a locale
  /// (as `Intl.NumberFormat`), off without one (as before locales).
  public var grouping: Bool?
  /// The reader's locale: CLDR's digits, symbols, grouping and short forms, and the words
  /// drawn and spoken. `nil` writes numbers as before locales: ASCII digits, "." and ",".
  public var locale: GaugeLocale?
  /// Whether large numbers take the locale's short form ("1.2M", "1,2 Mio.", "123万";
  /// English's without a locale) rather than every digit: the preset's
  /// `"notation": "compact"`.
  public var compact: Bool
  /// Whether the readout names the value's zone under the number ("Normal").
  public var showsZone: Bool

  /// Creates a readout format; the gauge's validation checks it.
  public init(
    decimals: Int = 0, prefix: String = "", suffix: String = "", placeholder: String = "—",
    grouping: Bool? = nil, locale: GaugeLocale? = nil, compact: Bool = false,
    showsZone: Bool = false
  ) {
    self.decimals = decimals
    self.prefix = prefix
    self.suffix = suffix
    self.placeholder = placeholder
    self.grouping = grouping
    self.locale = locale
    self.compact = compact
    self.showsZone = showsZone
  }

  /// The readout for `value`: the number rounded to `decimals`, with prefix and suffix (a
  /// percent suffix in the locale's pattern).
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinities give the placeholder.
  /// - Values that round to zero print "0", never "-0".
  public func text(for value: Double?) -> String {
    guard let value, value.isFinite else { return placeholder }
    return text(value, decimals: decimals)
  }

  /// `text(for:)` of a finite value with another number of decimals (a chart's shared ones).
  package func text(_ value: Double, decimals: Int) -> String {
    if isPercent, numbers != nil { return prefix + digits(value, decimals, percent: true) }
    return prefix + digits(value, decimals) + suffix
  }

  /// The readout's big text for `value`: the prefix and the number, without the suffix (a
  /// unit, drawn as its own smaller text), or the placeholder. A short form's suffix ("Mio.")
  /// and the locale's bidi marks belong to the number.
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinities give the placeholder.
  package func numberText(for value: Double?) -> String {
    guard let value, value.isFinite else { return placeholder }
    return prefix + digits(value, decimals)
  }

  /// `text(for:)` and `numberText(for:)` together, the number formatted once: a layout
  /// needs both for every image.
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinities give the placeholder for both.
  /// - A percent in a locale's pattern is formatted twice (its text is not the number and a
  ///   suffix).
  package func texts(for value: Double?) -> (text: String, number: String) {
    guard let value, value.isFinite else { return (placeholder, placeholder) }
    if isPercent, numbers != nil {
      return (text(value, decimals: decimals), numberText(for: value))
    }
    let number = prefix + digits(value, decimals)
    return (suffix.isEmpty ? number : number + suffix, number)
  }

  /// The number alone with exactly `decimals` places: the locale's (or English's short form)
  /// when there is one, else the plain format of before locales; a percent in the locale's
  /// pattern.
  private func digits(_ value: Double, _ decimals: Int, percent: Bool = false) -> String {
    guard let numbers else {
      return FixedDecimal.string(value, decimals: decimals, trimZeros: false, grouping: groups)
    }
    return numbers.format(
      value, fractionDigits: decimals, grouping: groups, notation: compact ? .compact : .standard,
      percent: percent)
  }

  /// A count ("3 zones"), in the locale's digits.
  package func count(_ number: Int) -> String {
    locale?.numbers.format(Double(number), fractionDigits: 0) ?? String(number)
  }

  /// The suffix as a unit of its own: without the space that joins it to the number; the
  /// locale's percent sign for a percent.
  package var unit: String {
    if isPercent, let numbers { return numbers.percentSign }
    return String(suffix.drop { $0 == " " })
  }

  /// The number alone, as start, end and tick labels print it: at most `decimals` places.
  package func number(_ value: Double) -> String {
    guard let numbers else {
      return FixedDecimal.string(value, decimals: decimals, trimZeros: true, grouping: groups)
    }
    return numbers.format(
      value, fractionDigits: decimals, minimumFractionDigits: 0, grouping: groups,
      notation: compact ? .compact : .standard)
  }

  /// The words the gauge draws and speaks: its locale's, or English.
  package var words: LocaleWords { locale?.words ?? .english }

  /// How numbers are written: the locale's; English CLDR data for a short form without a
  /// locale; `nil` for the plain format of a gauge without either.
  var numbers: NumberLocale? {
    if let locale { return locale.numbers }
    return compact ? .english : nil
  }

  /// Whether digits are grouped.
  var groups: Bool {
    if let grouping { return grouping }
    if case .some = locale { return true }
    return compact
  }

  /// A share of a whole (0...1) in percent with `decimals` places, in the locale's pattern:
  /// "27.8%", "27,8 %", "%27,8".
  package func percent(_ share: Double, decimals: Int) -> String {
    guard let numbers = locale?.numbers else {
      return FixedDecimal.string(share * 100, decimals: decimals, trimZeros: false) + "%"
    }
    return numbers.format(share * 100, fractionDigits: decimals, grouping: groups, percent: true)
  }

  /// Whether the suffix is a percent sign, which a locale writes in its own pattern.
  var isPercent: Bool { suffix == "%" || suffix == " %" }
}
