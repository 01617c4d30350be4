/// A point in SVG user space: x to the right, y downwards, in pixels.
public struct Point: Sendable, Hashable {
  /// Pixels to the right.
  public var x: Double
  /// Pixels down.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point at `radius` from `center` along the bearing `degrees`: 0° is 12 o'clock and
  /// angles grow clockwise, so `(cx + r·sin θ, cy − r·cos θ)`.
  ///
  /// Edge cases:
  /// - A radius of 0 gives `center` exactly.
  /// - Multiples of 90° land exactly on the axes.
  @inline(__always)
  public init(center: Point, radius: Double, degrees: Double) {
    let (s, c) = sinCos(degrees: degrees)
    self.init(x: center.x + radius * s, y: center.y - radius * c)
  }

  /// The distance to another point, in pixels.
  package func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }
}
