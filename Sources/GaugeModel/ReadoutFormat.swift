import GaugeGeometry
import GaugeSupport

/// How the centre readout prints a value.
public struct ReadoutFormat: Sendable, Hashable {
  /// Digits after the decimal point, 0...6. The readout keeps them ("42.0" with 1).
  public var decimals: Int
  /// Text before the number ("$").
  public var prefix: String
  /// Text after the number, such as a unit ("%", " ppm", " bpm").
  public var suffix: String
  /// What shows when there is no value.
  public var placeholder: String
  /// Separate thousands with "," ("1,250").
  public var grouping: Bool

  /// Creates a readout format; the gauge's validation checks it.
  public init(
    decimals: Int = 0, prefix: String = "", suffix: String = "", placeholder: String = "—",
    grouping: Bool = false
  ) {
    self.decimals = decimals
    self.prefix = prefix
    self.suffix = suffix
    self.placeholder = placeholder
    self.grouping = grouping
  }

  /// The readout for `value`: the number rounded to `decimals`, with prefix and suffix.
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinities give the placeholder.
  /// - Values that round to zero print "0", never "-0".
  public func text(for value: Double?) -> String {
    guard let value, value.isFinite else { return placeholder }
    return prefix
      + FixedDecimal.string(value, decimals: decimals, trimZeros: false, grouping: grouping)
      + suffix
  }

  /// The readout's big text for `value`: the prefix and the number, without the suffix (a
  /// unit, drawn as its own smaller text), or the placeholder.
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinities give the placeholder.
  package func numberText(for value: Double?) -> String {
    guard let value, value.isFinite else { return placeholder }
    return prefix
      + FixedDecimal.string(value, decimals: decimals, trimZeros: false, grouping: grouping)
  }

  /// The suffix as a unit of its own: without the space that joins it to the number.
  package var unit: String {
    String(suffix.drop { $0 == " " })
  }

  /// The number alone, as start and end labels print the domain's ends.
  package func number(_ value: Double) -> String {
    FixedDecimal.string(value, decimals: decimals, trimZeros: true, grouping: grouping)
  }
}
