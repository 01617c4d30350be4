import GaugeSupport

/// A value marked across the ring, with its label outside the ring: a daily goal, a limit.
///
/// Edge cases:
/// - A value outside the domain is drawn pegged at the arc's nearer end, and the accessible
///   text says it is below or above the range; it is never refused.
public struct GaugeMarker: Sendable, Hashable {
  /// The value marked, in the gauge's units; any finite number.
  public var value: Double
  /// Drawn exactly as given outside the ring, and named in the accessible text.
  public var label: String

  /// Creates a marker.
  public init(value: Double, label: String) {
    self.value = value
    self.label = label
  }
}

/// What a rise since the reference means, which colours the delta beside the readout.
public enum DeltaMeaning: String, Sendable, Hashable, CaseIterable {
  /// A rise is good news (green), a fall bad (red): steps, savings.
  case good
  /// A rise is bad news (red), a fall good (green): stress, a heart rate at rest.
  case bad
  /// Neither: the delta takes the labels' colour.
  case neutral
}

/// How the change since a reference is shown: the preset's `"delta"` object.
public struct DeltaStyle: Sendable, Hashable {
  /// What a rise means; `neutral` by default, so no preset is judged without saying so.
  public var increase: DeltaMeaning

  /// Creates a delta style.
  public init(increase: DeltaMeaning = .neutral) {
    self.increase = increase
  }
}

/// A period's lowest and highest values, drawn as a band along the ring.
///
/// Edge cases:
/// - `low` may equal `high` (a band of no length is drawn as a hairline); `low > high` is
///   refused by whoever reads it (`--range`, a batch line's `"range"`, the service's `range=`).
/// - Ends outside the domain are clamped to it.
public struct ValueRange: Sendable, Hashable {
  /// The lowest value, in the gauge's units.
  public var low: Double
  /// The highest value, in the gauge's units.
  public var high: Double

  /// Creates a range; it is not checked here.
  public init(low: Double, high: Double) {
    self.low = low
    self.high = high
  }

  /// Why the range cannot be drawn, or `nil`: both ends finite and `low <= high`.
  public var problem: String? {
    guard low.isFinite, high.isFinite else {
      return "\(FixedDecimal.plain(low)), \(FixedDecimal.plain(high)) is not two finite numbers"
    }
    guard low <= high else {
      return "low \(FixedDecimal.plain(low)) is above high \(FixedDecimal.plain(high)); "
        + "give the lowest value first"
    }
    return nil
  }
}
