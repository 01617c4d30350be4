import GaugeGeometry
import GaugeSupport

/// A value moving from `from` to `to` over `duration` seconds along an easing curve.
package struct Tween: Sendable, Hashable {
  package var from: Double
  package var to: Double
  /// Seconds; 0 jumps straight to `to`.
  package var duration: Double
  package var easing: Easing

  package init(from: Double, to: Double, duration: Double, easing: Easing) {
    self.from = from
    self.to = to
    self.duration = duration
    self.easing = easing
  }

  /// The eased fraction at `time` seconds: 0 before the start, 1 from `duration` on.
  package func fraction(at time: Double) -> Double {
    guard duration > 0, duration.isFinite else { return time.isNaN ? 0 : 1 }
    return easing(time / duration)
  }

  /// The value at `time` seconds.
  ///
  /// Edge cases:
  /// - Exactly `from` at 0 and exactly `to` from `duration` on (no rounding drift).
  package func value(at time: Double) -> Double {
    let f = fraction(at: time)
    if f == 1 { return to }
    if f == 0 { return from }
    return from + (to - from) * f
  }
}
