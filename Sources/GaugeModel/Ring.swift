import GaugeGeometry
import GaugeSupport

/// The shape of the open ring: how many sectors, how wide the gap, how thick the band.
public struct Ring: Sendable, Hashable {
  /// N: sectors in the whole circle, hidden ones included. 1...3600.
  public var sectorCount: Int
  /// β: degrees hidden on each side of the gap centre, 0...180 (90 gives a half circle).
  public var bufferAngle: Double
  /// Bearing of the gap's centre in degrees (0 = 12 o'clock, clockwise); 180 is the bottom.
  public var gapCenter: Double
  /// Inner radius as a fraction of the outer radius, 0...0.95.
  public var innerRadius: Double
  /// Width of the gap between neighbouring sectors as a fraction of the outer radius,
  /// 0...0.2. The gap keeps this width along the whole ring (parallel edges).
  public var sectorGap: Double
  /// Corner radius of each sector as a fraction of the outer radius, 0...0.5; clamped to
  /// what fits when drawn.
  public var cornerRadius: Double

  /// Creates a ring; the gauge's validation checks its ranges.
  public init(
    sectorCount: Int = 73, bufferAngle: Double = 45, gapCenter: Double = 180,
    innerRadius: Double = 0.7, sectorGap: Double = 0.015, cornerRadius: Double = 0
  ) {
    self.sectorCount = sectorCount
    self.bufferAngle = bufferAngle
    self.gapCenter = gapCenter
    self.innerRadius = innerRadius
    self.sectorGap = sectorGap
    self.cornerRadius = cornerRadius
  }
}

/// How sectors take colour.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
  /// Every visible sector shows its zone's colour; the pointer marks the value.
  case zones
  /// Sectors up to the value show their zone's colour, the rest the track colour.
  case progress
  /// Sectors up to the value all show the colour of the zone holding the value (a good
  /// score reads green from the start), the rest the track colour.
  case progressZone = "progress-zone"
}
