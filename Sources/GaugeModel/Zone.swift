import GaugeGeometry
import GaugeSupport

/// A band of the value domain with its label and colour, such as "Relaxed" or "Unhealthy".
///
/// Zone k covers the half-open interval (upper bound of zone k−1, `upperBound`]; the first
/// zone starts at the gauge's `min` (included), the last ends at its `max`.
public struct Zone: Sendable, Hashable {
  /// What the zone is called ("Relaxed"), shown in descriptions and zone labels.
  public var label: String
  /// The zone's colour on the ring.
  public var color: Color
  /// The largest value in the zone, in the gauge's value units.
  public var upperBound: Double
  /// The first value of a zone written as a closed integer range (`[26, 75]`), kept so the
  /// preset prints back the way it was written. It does not change what the zone covers.
  public var rangeStart: Double?

  /// Creates a zone; the gauge's validation checks that zones ascend and cover the domain.
  public init(label: String, color: Color, upperBound: Double, rangeStart: Double? = nil) {
    self.label = label
    self.color = color
    self.upperBound = upperBound
    self.rangeStart = rangeStart
  }
}
