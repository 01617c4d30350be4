/// Why an image or animation could not be encoded, or a PNG file decoded; `description` is a
/// sentence for the user.
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

  // Decoding.

  /// The data does not begin with the eight bytes of the PNG signature.
  case notPNG
  /// The file ends at byte `offset`, inside a chunk or before the IEND chunk.
  case truncated(offset: Int)
  /// The CRC stored after the chunk at byte `offset` does not match its type and data.
  case chunkChecksum(type: String, offset: Int)
  /// The chunk at byte `offset` is misplaced, repeated, missing something or holds values
  /// the PNG specification forbids; `reason` says which.
  case invalidChunk(type: String, offset: Int, reason: String)
  /// The image has more pixels than the caller allows; checked before anything is allocated.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The zlib stream or the scanlines in it are malformed; `reason` says how.
  case corruptData(String)
  /// The image data inflates to more bytes than the header implies (a possible
  /// decompression bomb); inflating stops at `expected`.
  case dataTooLong(expected: Int)
  /// The image data inflates to fewer bytes than the header implies.
  case dataTooShort(expected: Int, actual: Int)

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
    case .notPNG:
      return "The data is not a PNG file: it does not begin with the PNG signature."
    case .truncated(let offset):
      return "The PNG file ends at byte \(offset), inside a chunk or before its IEND chunk."
    case .chunkChecksum(let type, let offset):
      return "The CRC of the \(type) chunk at byte \(offset) does not match its data."
    case .invalidChunk(let type, let offset, let reason):
      return "The \(type) chunk at byte \(offset) is invalid: \(reason)."
    case .tooManyPixels(let width, let height, let limit):
      return "The PNG image is \(width)x\(height) pixels, more than the limit of \(limit)."
    case .corruptData(let reason):
      return "The PNG image data is corrupt: \(reason)."
    case .dataTooLong(let expected):
      return "The PNG image data inflates to more than the \(expected) bytes its header implies."
    case .dataTooShort(let expected, let actual):
      return "The PNG image data inflates to \(actual) bytes, but its header implies \(expected)."
    }
  }
}
