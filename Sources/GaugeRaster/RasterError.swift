/// Why a canvas could not be made.
public enum RasterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A canvas side is outside `RasterCanvas.sideLimit`.
  case canvasSize(width: Int, height: Int)

  /// The error in one line, for a message after "Error: ".
  public var description: String {
    switch self {
    case .canvasSize(let width, let height):
      "canvas size \(width)x\(height) is outside 1...\(RasterCanvas.sideLimit.upperBound) pixels a side"
    }
  }
}
