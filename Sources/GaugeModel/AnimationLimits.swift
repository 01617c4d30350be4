/// What an animated raster image (APNG) may cost, shared by the library, `gauge render`,
/// `gauge batch` and gauge-server, which weighs a request by them before it draws.
///
/// An animated PNG keeps every frame until it encodes them, so its cost grows with its
/// frames as well as its pixels: a 1×1 px gauge of 3,600 sectors appearing a second apart
/// was an hour of animation, 80,971 frames from a request of 165 bytes.
@_spi(Service)
public enum AnimationLimits {
  /// Frames a second, when the budgets below allow it.
  public static let framesPerSecond = 30.0

  /// The most frames an animated PNG has: a minute at `framesPerSecond`. A longer or larger
  /// animation gets fewer frames over the same time, each shown longer.
  public static let maximumFrames = 1800

  /// The longest animation drawn as an animated PNG, in seconds: the pointer's sweep
  /// (`duration`, at most 60) or the sectors' appearance (`stagger` times the sectors).
  public static let maximumSeconds = 60.0

  /// The pixels an animated PNG's images may hold together, its frames and its still image:
  /// one 8192 px square's (256 MiB of RGBA).
  public static let maximumPixels = 1 << 26

  /// The steps after the first frame of an animation of `seconds`: one every
  /// `1 / framesPerSecond` seconds (at least one), at most `maximumFrames - 1`. The pixel
  /// budget may spread fewer over the same time.
  ///
  /// Edge cases:
  /// - NaN, zero and negative durations give one step.
  public static func steps(forSeconds seconds: Double) -> Int {
    let wanted = (seconds * framesPerSecond).rounded(.up)
    guard wanted > 1 else { return 1 }
    return Int(Swift.min(wanted, Double(maximumFrames - 1)))
  }
}
