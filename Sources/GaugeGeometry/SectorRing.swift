/// Traces the sectors of one ring, all alike but for their angle: the padding's angles are
/// computed once for the ring, and each boundary's sine and cosine once (from its index) and
/// shared by the two sectors that meet there. The outline itself is `AnnularSector`'s own
/// (`traceUncornered`), so a ring and a lone sector draw the same shape.
///
/// Units as `AnnularSector`: pixels and degrees, 0° at 12 o'clock, clockwise.
package struct SectorRing: Sendable {
  package let center: Point
  package let innerRadius: Double
  package let outerRadius: Double
  package let padWidth: Double
  package let cornerRadius: Double
  /// Degrees per sector.
  package let step: Double
  /// cos and sin of the padding's half-angle at the inner and outer radius.
  private let innerPad: PadAngle
  private let outerPad: PadAngle
  /// Whether the shortcut holds: no rounded corners, a real hole, sectors under 180°, and
  /// padding that leaves both edges of every sector some length. Otherwise each sector is
  /// traced as an `AnnularSector`.
  private let isSimple: Bool
  /// The last boundary traced, reused as the next sector's start.
  private var cached: (boundary: Double, cos: Double, sin: Double)?

  package init(
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
    innerPad = PadAngle(radians: innerAngle)
    outerPad = PadAngle(radians: outerAngle)
    let epsilon = 1e-12
    isSimple =
      cornerRadius <= epsilon && innerRadius > epsilon && outerRadius > innerRadius
      && step > 0 && step < 180 && half < innerRadius
      && stepRadians - 2 * innerAngle > epsilon && stepRadians - 2 * outerAngle > epsilon
      && [center.x, center.y, innerRadius, outerRadius, padWidth, step].allSatisfy(\.isFinite)
  }

  /// Traces the sector from bearing `start` to `end` (one step on). Tracing sectors in order
  /// along the ring, with boundaries computed from their indices, reuses each shared one.
  package mutating func trace<Sink: PathSink>(
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
    AnnularSector.traceUncornered(
      center: center, innerRadius: innerRadius, outerRadius: outerRadius, start: start,
      end: end, startTrig: a, endTrig: b, innerPad: innerPad, outerPad: outerPad, into: &sink)
  }

  private func boundary(_ bearing: Double) -> (cos: Double, sin: Double) {
    if let cached, cached.boundary == bearing { return (cached.cos, cached.sin) }
    // d3's angle a = bearing − 90°: cos a = sin(bearing), sin a = −cos(bearing).
    let (s, c) = sinCos(degrees: bearing)
    return (s, -c)
  }
}

/// The angle the constant-width padding takes off a sector's edge at one radius.
package struct PadAngle: Sendable {
  package let cos: Double
  package let sin: Double
  package let degrees: Double

  package init(radians: Double) {
    cos = Radians.cos(radians)
    sin = Radians.sin(radians)
    degrees = radians * 180 / Double.pi
  }
}

extension AnnularSector {
  /// The outline of a padded sector without rounded corners, hole and both edges intact,
  /// clockwise from bearing `start` to `end` (under 180° apart): the outer arc, the end edge,
  /// the inner arc back, and the start edge. Boundaries come as d3's cos and sin (angle from
  /// 3 o'clock); the padding moves each point by angle addition, cos(a ± δ) and sin(a ± δ).
  @inline(__always)
  package static func traceUncornered<Sink: PathSink>(
    center: Point, innerRadius: Double, outerRadius: Double, start: Double, end: Double,
    startTrig a: (cos: Double, sin: Double), endTrig b: (cos: Double, sin: Double),
    innerPad: PadAngle, outerPad: PadAngle, into sink: inout Sink
  ) {
    func point(_ a: (cos: Double, sin: Double), _ pad: PadAngle, sign: Double, radius: Double)
      -> Point
    {
      let cosine = a.cos * pad.cos - sign * a.sin * pad.sin
      let sine = a.sin * pad.cos + sign * a.cos * pad.sin
      return Point(x: center.x + radius * cosine, y: center.y + radius * sine)
    }
    let outerEnd = point(b, outerPad, sign: -1, radius: outerRadius)
    let innerStart = point(a, innerPad, sign: 1, radius: innerRadius)
    sink.move(to: point(a, outerPad, sign: 1, radius: outerRadius))
    sink.arc(
      PathArc(
        center: center, radius: outerRadius, startAngle: start + outerPad.degrees,
        sweep: end - start - 2 * outerPad.degrees, end: outerEnd))
    sink.line(to: point(b, innerPad, sign: -1, radius: innerRadius))
    sink.arc(
      PathArc(
        center: center, radius: innerRadius, startAngle: end - innerPad.degrees,
        sweep: -(end - start - 2 * innerPad.degrees), end: innerStart))
    sink.close()
  }
}
