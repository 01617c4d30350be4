/// CLDR's plural categories.
package enum PluralCategory: String, Sendable, Hashable {
  case zero, one, two, few, many, other
}

/// The plural rules of the languages whose short forms differ by category (CLDR 48's
/// plurals.xml); every other language's short forms are the same for all.
package enum PluralRule: String, Sendable, Hashable {
  case none
  /// Arabic: zero n=0, one n=1, two n=2, few n%100=3..10, many n%100=11..99.
  case arabic
  /// Bengali: one i=0 or n=1.
  case bengali

  /// The category of a number shown as `integer` digits (ASCII, no grouping) and `fraction`
  /// digits (trailing zeros kept, as shown).
  ///
  /// Edge cases:
  /// - An integer part beyond 18 digits counts by its last two.
  package func category(integer: Substring, fraction: Substring) -> PluralCategory {
    switch self {
    case .none:
      return .other
    case .arabic:
      // n is an integer only when every shown fraction digit is 0.
      guard fraction.allSatisfy({ $0 == "0" }) else { return .other }
      let lastTwo = Int(integer.suffix(2)) ?? 0
      let isShort = integer.count <= 2
      if isShort && lastTwo == 0 { return .zero }
      if isShort && lastTwo == 1 { return .one }
      if isShort && lastTwo == 2 { return .two }
      if (3...10).contains(lastTwo) { return .few }
      if (11...99).contains(lastTwo) { return .many }
      return .other
    case .bengali:
      let integerIsZero = integer.allSatisfy { $0 == "0" }
      let isOne = integer == "1" && fraction.allSatisfy { $0 == "0" }
      return integerIsZero || isOne ? .one : .other
    }
  }
}
