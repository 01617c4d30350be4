import GaugeGeometry
import GaugeSupport

/// The shape of the tapered trapezoid pointer, as fractions of the ring's outer radius.
public struct PointerStyle: Sendable, Hashable {
  /// o: where the pointer starts along its axis, 0...1 (the seed's offset, 0.3).
  public var inner: Double
  /// Where it ends along its axis, `inner`...1.2 (1 is the ring's outer edge).
  public var outer: Double
  /// w: full width at the outer end, 0...0.5.
  public var width: Double
  /// Inner width as a fraction of `width`, 0...1; `nil` uses the seed's taper
  /// `0.1 + 0.9·(1 − 2·|o − 0.5|)` (0.64 at o = 0.3).
  public var taper: Double?

  /// Creates a pointer style; the gauge's validation checks its ranges.
  public init(inner: Double = 0.3, outer: Double = 1.0, width: Double = 0.09, taper: Double? = nil)
  {
    self.inner = inner
    self.outer = outer
    self.width = width
    self.taper = taper
  }

  /// The taper in force: the explicit one or the seed's formula.
  package var effectiveTaper: Double {
    taper ?? 0.1 + 0.9 * (1 - 2 * abs(inner - 0.5))
  }

  /// The pointer's four corners for an axis at bearing `angle` (degrees, 0° at 12 o'clock,
  /// clockwise) around `center`, for a ring of outer radius `radius` (pixels).
  ///
  /// Order: inner-left, outer-left, outer-right, inner-right, where left is the
  /// counter-clockwise side seen from the centre. The polygon is symmetric about the axis.
  ///
  /// Edge cases:
  /// - A width of 0 gives a degenerate polygon on the axis (a line), never NaN.
  /// - `inner == outer` collapses it to a segment across the axis.
  package func polygon(center: Point, radius: Double, angle: Double) -> PointerPolygon {
    let (s, c) = sinCos(degrees: angle)
    // Unit vectors: along the axis (outwards) and across it (clockwise side).
    let axis = Point(x: s, y: -c)
    let across = Point(x: c, y: s)
    let halfOuter = width * radius / 2
    let halfInner = halfOuter * effectiveTaper
    let near = Point(x: center.x + axis.x * inner * radius, y: center.y + axis.y * inner * radius)
    let far = Point(x: center.x + axis.x * outer * radius, y: center.y + axis.y * outer * radius)
    return PointerPolygon(
      innerLeft: Point(x: near.x - across.x * halfInner, y: near.y - across.y * halfInner),
      outerLeft: Point(x: far.x - across.x * halfOuter, y: far.y - across.y * halfOuter),
      outerRight: Point(x: far.x + across.x * halfOuter, y: far.y + across.y * halfOuter),
      innerRight: Point(x: near.x + across.x * halfInner, y: near.y + across.y * halfInner))
  }
}

/// The pointer's corners in pixels, in drawing order.
package struct PointerPolygon: Sendable, Hashable {
  package var innerLeft: Point
  package var outerLeft: Point
  package var outerRight: Point
  package var innerRight: Point

  package init(innerLeft: Point, outerLeft: Point, outerRight: Point, innerRight: Point) {
    self.innerLeft = innerLeft
    self.outerLeft = outerLeft
    self.outerRight = outerRight
    self.innerRight = innerRight
  }

  /// The corners in drawing order.
  package var points: [Point] { [innerLeft, outerLeft, outerRight, innerRight] }
}
