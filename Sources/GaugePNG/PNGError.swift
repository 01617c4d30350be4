/// Why an image or animation could not be encoded; `description` is a sentence for the user.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A side is outside 1...8192 pixels.
  case sizeOutOfRange(width: Int, height: Int)
  /// A pixel buffer's byte count is not width x height x 4. `frame` is nil for a still image
  /// and for an animation's default image.
  case bufferLength(expected: Int, actual: Int, frame: Int?)
  /// An animation was given no frames.
  case noFrames
  /// The number of delays differs from the number of frames.
  case delayCount(frames: Int, delays: Int)
  /// A delay is negative, not finite, or longer than 65535 seconds.
  case delayOutOfRange(frame: Int, seconds: Double)

  /// The largest width or height, in pixels; it bounds one RGBA image at 256 MiB.
  public static let maximumSide = 8192

  public var description: String {
    switch self {
    case .sizeOutOfRange(let width, let height):
      return "The image size \(width)x\(height) is outside 1...\(Self.maximumSide) pixels per side."
    case .bufferLength(let expected, let actual, let frame):
      let subject = frame.map { "Frame \($0)" } ?? "The pixel buffer"
      return "\(subject) holds \(actual) bytes, but the image needs \(expected) (4 per pixel)."
    case .noFrames:
      return "An animation needs at least one frame."
    case .delayCount(let frames, let delays):
      return "The animation has \(frames) frames but \(delays) delays; give one delay per frame."
    case .delayOutOfRange(let frame, let seconds):
      return "The delay of frame \(frame) is \(seconds) s; delays must be 0...65535 seconds."
    }
  }
}
