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

extension Gauge {
  /// Why `low...high` cannot be a period's range (`--range`, a batch line's `"range"`, the
  /// service's `range=`), or `nil`: both ends finite and `low <= high`. The one check, so
  /// every reader refuses the same ranges with the same words.
  @_spi(Service)
  public static func rangeProblem(low: Double, high: Double) -> String? {
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

extension ClosedRange<Double> {
  /// Why the range cannot be drawn, or `nil`: both ends finite.
  package var problem: String? { Gauge.rangeProblem(low: lowerBound, high: upperBound) }
}
