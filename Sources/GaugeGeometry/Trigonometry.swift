#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The only file of this module that imports the C library: the other files call these.

/// The sine and cosine of an angle given in degrees.
///
/// The angle is reduced to a quadrant first, so multiples of 90° give exact results
/// (`sin 180° == 0`, not `1.2e-16`) and symmetric angles give mirrored values to the bit.
///
/// Edge cases:
/// - A non-finite angle gives `(nan, nan)`; callers keep angles finite.
@inline(__always)
package func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
  guard degrees.isFinite else { return (.nan, .nan) }
  // Most angles need at most one turn removed; fmod is the slow, general way.
  var reduced = degrees
  if reduced >= 720 || reduced < -360 {
    reduced = remainderOfTurns(reduced)
  }
  if reduced >= 360 { reduced -= 360 }
  if reduced < 0 { reduced += 360 }
  // The guards above leave [0, 360) for every finite angle, but rounding can give 360 itself.
  if reduced >= 360 { reduced = 0 }
  let quadrant = Int(reduced / 90)
  let rest = (reduced - Double(quadrant) * 90) * (Double.pi / 180)
  let s = sin(rest)
  let c = cos(rest)
  switch quadrant & 3 {
  case 0: return (s, c)
  case 1: return (c, -s)
  case 2: return (-s, -c)
  default: return (-c, s)
  }
}

/// The arcsine in degrees of a value clamped to [-1, 1].
package func arcsinDegrees(_ x: Double) -> Double {
  asin(min(1, max(-1, x))) * (180 / Double.pi)
}

/// The clockwise angle from 12 o'clock, in degrees in [0, 360), of the vector (dx, dy) in
/// y-down coordinates.
///
/// Edge cases:
/// - The zero vector gives 0.
package func bearingDegrees(dx: Double, dy: Double) -> Double {
  if dx == 0 && dy == 0 { return 0 }
  return normalizedDegrees(atan2(dx, -dy) * (180 / Double.pi))
}

/// `x` raised to `y` (for colour arithmetic: sRGB's transfer curve).
package func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }

/// Radian functions for the sector geometry, which works in d3's radian convention.
package enum Radians {
  @inline(__always) package static func sin(_ x: Double) -> Double { cSin(x) }
  @inline(__always) package static func cos(_ x: Double) -> Double { cCos(x) }
  @inline(__always) package static func asin(_ x: Double) -> Double { cAsin(min(1, max(-1, x))) }
  @inline(__always) package static func acos(_ x: Double) -> Double { cAcos(min(1, max(-1, x))) }
  @inline(__always) package static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
}

// At file scope these names reach the C library's functions, not `Radians`'s own.
@inline(__always) private func cSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func cCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func cAsin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func cAcos(_ x: Double) -> Double { acos(x) }
@inline(__always) private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
