#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension RasterPath {
  /// Adds a circular arc, joined to the current point by a straight edge if they differ.
  ///
  /// Bearings are in degrees from 12 o'clock, growing clockwise on screen: the point at
  /// bearing `t` is `(center.x + radius * sin t, center.y - radius * cos t)`. The arc becomes
  /// chords whose angle follows the radius, so that the outline strays at most
  /// ``flatteningTolerance`` pixels from the circle. Its inner vertices sit slightly outside the
  /// circle, at the radius where each chord's triangle has the circular sector's area, so a
  /// filled circle or annulus has the true area rather than a little less.
  ///
  /// - Parameters:
  ///   - center: The circle's centre, in pixels.
  ///   - radius: The radius in pixels.
  ///   - start: The bearing where the arc starts, in degrees.
  ///   - end: The bearing where the arc ends, in degrees.
  ///   - clockwise: Whether the arc runs clockwise on screen from `start` to `end`.
  ///
  /// Edge cases:
  /// - The sweep is `end - start` (or `start - end` counterclockwise) reduced to 0..<360
  ///   degrees, except that a difference of 360 degrees or more draws the full circle.
  /// - Equal bearings, or a radius of zero or less, add only the arc's start point.
  /// - A NaN or infinite argument adds nothing.
  public mutating func arc(
    center: RasterPoint, radius: Double, from start: Double, to end: Double, clockwise: Bool
  ) {
    guard center.isFinite, radius.isFinite, start.isFinite, end.isFinite else { return }
    let sweep = Self.sweepDegrees(from: start, to: end, clockwise: clockwise)
    let radius = max(radius, 0)
    let startRadians = start * .pi / 180
    appendUnlessCurrent(Self.point(center: center, radius: radius, degrees: start))
    guard radius > 0, sweep != 0 else { return }

    let sweepRadians = sweep * .pi / 180
    // With vertices on the area-preserving radius a chord strays about r * step^2 / 12.
    let step = min((12 * Self.flatteningTolerance / radius).squareRoot(), .pi / 4)
    let count = Int(min((abs(sweepRadians) / step).rounded(.up), 100_000))
    let angle = sweepRadians / Double(count)
    let outer = radius * (abs(angle) / sin(abs(angle))).squareRoot()
    for index in 1...count {
      if index == count {
        append(Self.point(center: center, radius: radius, degrees: start + sweep))
      } else {
        let bearing = startRadians + Double(index) * angle
        append(RasterPoint(x: center.x + outer * sin(bearing), y: center.y - outer * cos(bearing)))
      }
    }
  }

  static func sweepDegrees(from start: Double, to end: Double, clockwise: Bool) -> Double {
    let difference = clockwise ? end - start : start - end
    let sweep: Double
    if difference >= 360 {
      sweep = 360
    } else {
      let reduced = difference.truncatingRemainder(dividingBy: 360)
      sweep = reduced < 0 ? reduced + 360 : reduced
    }
    return clockwise ? sweep : -sweep
  }

  /// The point at `degrees` on the circle; exact at multiples of 90 degrees, so that arcs
  /// meeting there meet exactly and axis-aligned edges stay aligned.
  static func point(center: RasterPoint, radius: Double, degrees: Double) -> RasterPoint {
    let reduced = degrees.truncatingRemainder(dividingBy: 360)
    let (sine, cosine): (Double, Double)
    switch reduced < 0 ? reduced + 360 : reduced {
    case 0: (sine, cosine) = (0, 1)
    case 90: (sine, cosine) = (1, 0)
    case 180: (sine, cosine) = (0, -1)
    case 270: (sine, cosine) = (-1, 0)
    default:
      let radians = degrees * .pi / 180
      (sine, cosine) = (sin(radians), cos(radians))
    }
    return RasterPoint(x: center.x + radius * sine, y: center.y - radius * cosine)
  }

  private mutating func appendUnlessCurrent(_ point: RasterPoint) {
    if let current, current == Self.clamped(point) { return }
    append(point)
  }
}
