/// Traces the sectors of one ring, all alike but for their angle, faster than one
/// `AnnularSector` each: the padding's angles are the same for every sector, and each
/// boundary's sine and cosine is computed once (from its index) and shared by the two
/// sectors that meet there. The outlines are `AnnularSector`'s, to rounding.
///
/// Units as `AnnularSector`: pixels and degrees, 0° at 12 o'clock, clockwise.
public struct SectorRing: Sendable {
  public let center: Point
  public let innerRadius: Double
  public let outerRadius: Double
  public let padWidth: Double
  public let cornerRadius: Double
  /// Degrees per sector.
  public let step: Double
  /// cos and sin of the padding's half-angle at the inner and outer radius.
  private let innerPad: (cos: Double, sin: Double)
  private let outerPad: (cos: Double, sin: Double)
  /// Whether the shortcut holds: no rounded corners, a real hole, sectors under 180°, and
  /// padding that leaves both edges of every sector some length. Otherwise each sector is
  /// traced as an `AnnularSector`.
  private let isSimple: Bool
  /// The last boundary traced, reused as the next sector's start.
  private var cached: (boundary: Double, cos: Double, sin: Double)?

  public init(
    center: Point, innerRadius: Double, outerRadius: Double, step: Double, padWidth: Double,
    cornerRadius: Double
  ) {
    self.center = center
    self.innerRadius = innerRadius
    self.outerRadius = outerRadius
    self.step = step
    self.padWidth = padWidth
    self.cornerRadius = cornerRadius
    let half = Swift.max(0, padWidth) / 2
    let stepRadians = step * Double.pi / 180
    let innerAngle = innerRadius > 0 ? Radians.asin(half / innerRadius) : 0
    let outerAngle = outerRadius > 0 ? Radians.asin(half / outerRadius) : 0
    innerPad = (Radians.cos(innerAngle), Radians.sin(innerAngle))
    outerPad = (Radians.cos(outerAngle), Radians.sin(outerAngle))
    let epsilon = 1e-12
    isSimple =
      cornerRadius <= epsilon && innerRadius > epsilon && outerRadius > innerRadius
      && step > 0 && step < 180 && half < innerRadius
      && stepRadians - 2 * innerAngle > epsilon && stepRadians - 2 * outerAngle > epsilon
      && [center.x, center.y, innerRadius, outerRadius, padWidth, step].allSatisfy(\.isFinite)
  }

  /// Traces the sector from bearing `start` to `end` (one step on). Tracing sectors in order
  /// along the ring, with boundaries computed from their indices, reuses each shared one.
  public mutating func trace<Sink: PathSink>(
    from start: Double, to end: Double, into sink: inout Sink
  ) {
    guard isSimple else {
      AnnularSector(
        center: center, innerRadius: innerRadius, outerRadius: outerRadius, startAngle: start,
        endAngle: end, padWidth: padWidth, cornerRadius: cornerRadius
      ).trace(into: &sink)
      return
    }
    let a = boundary(start)
    let b = boundary(end)
    cached = (end, b.cos, b.sin)
    // In d3's frame (angle from 3 o'clock): cos(a ± δ) and sin(a ± δ) by angle addition.
    let outerStart = point(a, outerPad, sign: 1, radius: outerRadius)
    let outerEnd = point(b, outerPad, sign: -1, radius: outerRadius)
    let innerEnd = point(b, innerPad, sign: -1, radius: innerRadius)
    let innerStart = point(a, innerPad, sign: 1, radius: innerRadius)
    sink.move(to: outerStart)
    sink.arc(radius: outerRadius, largeArc: false, clockwise: true, to: outerEnd)
    sink.line(to: innerEnd)
    sink.arc(radius: innerRadius, largeArc: false, clockwise: false, to: innerStart)
    sink.close()
  }

  private func boundary(_ bearing: Double) -> (cos: Double, sin: Double) {
    if let cached, cached.boundary == bearing { return (cached.cos, cached.sin) }
    // d3's angle a = bearing − 90°: cos a = sin(bearing), sin a = −cos(bearing).
    let (s, c) = sinCos(degrees: bearing)
    return (s, -c)
  }

  @inline(__always)
  private func point(
    _ a: (cos: Double, sin: Double), _ pad: (cos: Double, sin: Double), sign: Double,
    radius: Double
  ) -> Point {
    let cosine = a.cos * pad.cos - sign * a.sin * pad.sin
    let sine = a.sin * pad.cos + sign * a.cos * pad.sin
    return Point(x: center.x + radius * cosine, y: center.y + radius * sine)
  }
}
