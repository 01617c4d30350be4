import GaugeGeometry
import GaugeSupport

/// How an animation's progress follows time. Input and output are fractions: 0 at the
/// start, 1 at the end.
public enum Easing: String, Sendable, Hashable, CaseIterable {
  /// Constant speed.
  case linear
  /// Slow start (cubic).
  case easeIn
  /// Slow finish (cubic): the default, a needle settling.
  case easeOut
  /// Slow start and finish (cubic).
  case easeInOut
  /// Overshoots the target by about 10% and settles back, like a sprung needle.
  case backOut

  /// The eased fraction for a time fraction `x`.
  ///
  /// Edge cases:
  /// - `x` is clamped to [0, 1], so every curve gives exactly 0 at 0 and 1 at 1.
  /// - NaN gives 0.
  package func callAsFunction(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    switch self {
    case .linear:
      return x
    case .easeIn:
      return x * x * x
    case .easeOut:
      let rest = 1 - x
      return 1 - rest * rest * rest
    case .easeInOut:
      if x < 0.5 { return 4 * x * x * x }
      let rest = -2 * x + 2
      return 1 - rest * rest * rest / 2
    case .backOut:
      // The overshoot constant used by Penner's "back" easing: about 10% past the target.
      let c1 = 1.70158
      let c3 = c1 + 1
      let rest = x - 1
      return 1 + c3 * rest * rest * rest + c1 * rest * rest
    }
  }
}

/// How a gauge animates when it appears or changes value.
public struct AnimationOptions: Sendable, Hashable {
  /// Seconds the pointer takes to sweep, 0...60.
  public var duration: Double
  /// How the pointer's sweep speeds up and slows down.
  public var easing: Easing
  /// Seconds between one sector appearing and the next as an animated ring without a value
  /// (no data) appears from the arc's start, 0...1; 0 shows it at once. With a value the
  /// sectors follow the pointer instead. A timeline's `duration` lasts until the last sector
  /// has appeared.
  public var stagger: Double

  /// Creates animation options; the gauge's validation checks their ranges.
  public init(duration: Double = 1.2, easing: Easing = .easeOut, stagger: Double = 0.012) {
    self.duration = duration
    self.easing = easing
    self.stagger = stagger
  }
}
