extension NumberLocale {
  /// `value` as this locale writes it, as `Intl.NumberFormat` does with `signDisplay:
  /// "negative"` and, for `.standard`, `minimumFractionDigits` = `maximumFractionDigits` =
  /// `fractionDigits`; for `.compact`, `notation: "compact"` with `maximumFractionDigits` =
  /// `fractionDigits`. `percent` wraps the number in the locale's percent pattern (the number
  /// is not scaled: 42 gives "42 %").
  ///
  /// Rounding is half away from zero on the shortest decimal that reads back as `value`
  /// (1.005 to two places is "1.01"), as ICU rounds.
  ///
  /// Edge cases:
  /// - A negative value that rounds to zero prints without a sign.
  /// - NaN and infinities print as CLDR's "NaN" and "∞" never: the caller shows a placeholder;
  ///   here they give "NaN" and "∞" (with a minus for −∞).
  /// - `fractionDigits` is clamped to 0...20.
  /// - `grouping` false writes no group separators (`useGrouping: false`).
  /// - Parameter minimumFractionDigits: For `.standard`, the fewest places (trailing zeros
  ///   beyond them are dropped); `nil` keeps exactly `fractionDigits`.
  package func format(
    _ value: Double, fractionDigits: Int, minimumFractionDigits: Int? = nil,
    grouping: Bool = true, notation: NumberNotation = .standard, percent: Bool = false
  ) -> String {
    guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? minus : "") + "∞" }
    let places = Swift.min(Swift.max(fractionDigits, 0), 20)
    var number =
      notation == .standard
      ? DecimalDigits(value, roundedTo: places) ?? DecimalDigits(value) : DecimalDigits(value)
    var prefix = ""
    var suffix = ""
    var signAfterPrefix = false
    var minimumFraction = Swift.min(minimumFractionDigits ?? places, places)
    var smallestGroupedInteger = minimumGrouping
    if notation == .compact {
      minimumFraction = 0
      smallestGroupedInteger = Swift.max(2, minimumGrouping)
      let original = number
      if !number.isZero {
        let magnitude = number.point - 1
        var divisor = self.divisor(at: magnitude)
        number.point -= divisor
        number.round(toFractionDigits: places)
        if !number.isZero, number.point - 1 != magnitude - divisor {
          // Rounding carried into the next power (999.95K): its short form, if it differs.
          let next = self.divisor(at: magnitude + 1)
          if next != divisor {
            divisor = next
            number = original
            number.point -= divisor
            number.round(toFractionDigits: places)
          }
        }
        let shown = number.isZero ? 0 : number.point - 1 + divisor
        if let pattern = compact[Swift.min(Swift.max(shown, 0), compact.count - 1)] {
          prefix = pattern.prefix
          suffix = pattern.suffix
          signAfterPrefix = pattern.signAfterPrefix
          if !pattern.variants.isEmpty {
            let category = number.pluralCategory(rule: plural)
            if let variant = pattern.variants[category] {
              prefix = variant.prefix
              suffix = variant.suffix
            }
          }
        }
      }
    } else {
      number.round(toFractionDigits: places)
    }
    // A short form's prefix stands before the sign in some languages ("elfu -1.2"), after it
    // in others ("-ද1.2").
    let signed = number.isNegative && !number.isZero
    let groupSymbol = grouping ? group : nil
    let capacity =
      prefix.utf8.count + minus.utf8.count + percentPrefix.utf8.count + suffix.utf8.count
      + percentSuffix.utf8.count
      + number.byteCount(
        digitBytes: isLatin ? 1 : 4, decimal: decimal, group: groupSymbol,
        minimumFraction: minimumFraction)
    return String(unsafeUninitializedCapacity: capacity) { bytes in
      var out = UTF8Buffer(bytes)
      if signAfterPrefix { out.append(prefix) }
      if signed { out.append(minus) }
      if !signAfterPrefix { out.append(prefix) }
      if percent { out.append(percentPrefix) }
      number.write(
        into: &out, digits: isLatin ? nil : digits, decimal: decimal, group: groupSymbol,
        primary: percent ? percentPrimaryGroup : primaryGroup,
        secondary: percent ? percentSecondaryGroup : secondaryGroup,
        minimumGrouping: smallestGroupedInteger, minimumFraction: minimumFraction)
      out.append(suffix)
      if percent { out.append(percentSuffix) }
      return out.count
    }
  }

  /// The power of ten a number of `magnitude` (the power of its first digit) is divided by.
  func divisor(at magnitude: Int) -> Int {
    guard magnitude >= 0 else { return 0 }
    return compact[Swift.min(magnitude, compact.count - 1)]?.divisor ?? 0
  }
}
