/// Why a canvas or a font could not be made.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A canvas side is outside `RasterCanvas.sideLimit`.
  case canvasSize(width: Int, height: Int)
  /// The font data is not a TrueType font GaugeRaster can read; `reason` says what is wrong.
  case malformedFont(String)

  /// The error in one line, for a message after "Error: ".
  public var description: String {
    switch self {
    case .canvasSize(let width, let height):
      "canvas size \(width)x\(height) is outside 1...\(RasterCanvas.sideLimit.upperBound) pixels a side"
    case .malformedFont(let reason):
      "malformed font: \(reason)"
    }
  }
}
