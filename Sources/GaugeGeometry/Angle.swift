/// An angle in degrees normalised to [0, 360).
///
/// Edge cases:
/// - `-0` and values that round up to 360 both give `0`.
/// - A non-finite angle (NaN, ±infinity) gives `0`, 12 o'clock: it has no direction, and a
///   finite answer keeps NaN out of every layout and output built on it.
@inline(__always)
package func normalizedDegrees(_ degrees: Double) -> Double {
  // Most angles are within a turn of the range; fmod is the slow, general way.
  var reduced = degrees
  // NaN fails both comparisons, so it too takes the slow branch.
  if !(reduced >= -360 && reduced < 720) {
    guard reduced.isFinite else { return 0 }
    reduced = remainderOfTurns(reduced)
  }
  if reduced >= 360 { reduced -= 360 }
  if reduced < 0 { reduced += 360 }
  // A tiny negative remainder plus 360 rounds to 360 itself.
  if reduced >= 360 || reduced == 0 { return 0 }
  return reduced
}

/// `degrees` modulo 360 by fmod, kept out of line: inlined, the optimiser computed it on
/// every call, before the test that skips it (callgrind: fmod was a fifth of a layout).
@inline(never)
package func remainderOfTurns(_ degrees: Double) -> Double {
  degrees.truncatingRemainder(dividingBy: 360)
}
