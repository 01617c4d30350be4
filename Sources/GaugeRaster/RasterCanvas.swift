import GaugePNG
import GaugeSupport

/// An RGBA8 image that paths and text are filled into, anti-aliased by exact area coverage.
///
/// Pixels are kept premultiplied, as in cairo and tiny-skia, and composited source-over on the
/// sRGB-encoded values, as browsers and rsvg-convert do, so edges match their renderings.
/// Memory: 4 bytes a pixel (256 MiB at 8192 x 8192), plus coverage cells of 4 bytes for each
/// pixel of a band of at most 512 rows (16 MiB at 8192 px wide); ``rgba()`` returns a copy.
public struct RasterCanvas: Sendable {
  /// The sizes a side may have, in pixels.
  public static let sideLimit = 1...8192

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Premultiplied RGBA, row by row from the top left, 4 bytes a pixel.
  package internal(set) var pixels: [UInt8]
  var accumulator: CoverageAccumulator
  /// Whether every pixel is known to be opaque: after an opaque background, which
  /// source-over compositing keeps opaque.
  package private(set) var isOpaque = false
  /// The rows any drawing may have changed since the canvas was made or
  /// ``forgetTouchedRows()`` was last called: a range that holds every changed row (empty
  /// when none did). A prepared PNG renderer takes the bands of rows outside it as its
  /// template encoded them.
  package private(set) var touchedRows: Range<Int> = 0..<0
  /// The rows any drawing may have changed since the canvas was made or last
  /// ``restore(_:)``d, with the columns it changed in them: ``touchedRows``, never
  /// forgotten, kept as a few ranges so that the rows between two drawings far apart, and
  /// the columns beside them, are not copied back.
  package private(set) var drawnRows = RowRanges()

  /// A transparent canvas of `width` x `height` pixels.
  ///
  /// - Throws: `RasterError.canvasSize` if a side is outside ``sideLimit``.
  public init(width: Int, height: Int) throws(RasterError) {
    guard Self.sideLimit.contains(width), Self.sideLimit.contains(height) else {
      throw .canvasSize(width: width, height: height)
    }
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    accumulator = CoverageAccumulator(width: width, height: height)
  }

  /// A canvas of `width` x `height` pixels, each `background`: the same as a transparent
  /// canvas and `fillBackground(_:)`, without zeroing the pixels first.
  ///
  /// - Throws: `RasterError.canvasSize` if a side is outside ``sideLimit``.
  package init(width: Int, height: Int, background: Color) throws(RasterError) {
    guard Self.sideLimit.contains(width), Self.sideLimit.contains(height) else {
      throw .canvasSize(width: width, height: height)
    }
    self.width = width
    self.height = height
    pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      Self.fill(UnsafeMutableRawBufferPointer(buffer), with: background)
      count = buffer.count
    }
    accumulator = CoverageAccumulator(width: width, height: height)
    isOpaque = background.alpha == 255
  }

  /// Starts counting touched rows afresh: ``touchedRows`` is empty until the next drawing.
  package mutating func forgetTouchedRows() {
    touchedRows = 0..<0
  }

  /// Adds rows `lowest...highest` (within the canvas) to ``touchedRows``, and them with
  /// `columns`, the columns changed in them (within the canvas), to ``drawnRows``.
  mutating func touch(rowsFrom lowest: Int, through highest: Int, columns: Range<Int>) {
    guard lowest <= highest, !columns.isEmpty else { return }
    touchedRows = Self.union(touchedRows, lowest..<(highest + 1))
    drawnRows.insert(lowest..<(highest + 1), columns: columns)
  }

  private static func union(_ rows: Range<Int>, _ more: Range<Int>) -> Range<Int> {
    rows.isEmpty
      ? more : min(rows.lowerBound, more.lowerBound)..<max(rows.upperBound, more.upperBound)
  }

  /// Forgets every row drawn so far: ``touchedRows`` and ``drawnRows`` are empty, as on a
  /// canvas just made, until the next drawing.
  package mutating func forgetDrawnRows() {
    touchedRows = 0..<0
    drawnRows = RowRanges()
  }

  /// Makes this canvas `original` again, when it is a copy of `original` drawn on since
  /// (`original`'s drawn rows forgotten): only the rows drawn since (``drawnRows``) are
  /// copied back, and the coverage cells (zero between shapes) are kept, so the next image
  /// drawn on it allocates nothing. A prepared PNG renderer keeps canvases so, where copying
  /// its first canvas would copy every row and grow the cells afresh.
  ///
  /// Edge cases: a canvas of another size becomes a whole copy of `original`.
  package mutating func restore(_ original: RasterCanvas) {
    guard original.width == width, original.height == height else {
      self = original
      forgetDrawnRows()
      return
    }
    let rowBytes = width * 4
    pixels.withUnsafeMutableBytes { target in
      original.pixels.withUnsafeBytes { source in
        for (rows, columns) in zip(drawnRows.ranges, drawnRows.columns) {
          let start = columns.lowerBound * 4
          let count = (min(columns.upperBound, width) - columns.lowerBound) * 4
          for row in rows {
            (target.baseAddress! + row * rowBytes + start).copyMemory(
              from: source.baseAddress! + row * rowBytes + start, byteCount: count)
          }
        }
      }
    }
    isOpaque = original.isOpaque
    forgetDrawnRows()
  }

  /// Sets every pixel to `color`, replacing whatever was drawn.
  public mutating func fillBackground(_ color: Color) {
    isOpaque = color.alpha == 255
    touch(rowsFrom: 0, through: height - 1, columns: 0..<width)
    pixels.withUnsafeMutableBytes { Self.fill($0, with: color) }
  }

  /// Writes `color`, premultiplied, into every pixel of `pixels`.
  private static func fill(_ pixels: UnsafeMutableRawBufferPointer, with color: Color) {
    let alpha = UInt16(color.alpha)
    func premultiplied(_ channel: UInt8) -> UInt8 { UInt8((UInt16(channel) * alpha + 127) / 255) }
    pixels[0] = premultiplied(color.red)
    pixels[1] = premultiplied(color.green)
    pixels[2] = premultiplied(color.blue)
    pixels[3] = color.alpha
    // Doubling copies: a handful of memcpy calls instead of a loop over every pixel.
    var filled = 4
    while filled < pixels.count {
      let count = min(filled, pixels.count - filled)
      UnsafeMutableRawBufferPointer(rebasing: pixels[filled..<(filled + count)])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[0..<count]))
      filled += count
    }
  }

  /// The image as straight (not premultiplied) RGBA8, row by row from the top left: what a
  /// PNG encoder takes. A fully transparent pixel is 0, 0, 0, 0.
  public func rgba() -> [UInt8] {
    var straight = pixels
    straight.withUnsafeMutableBufferPointer { pixels in
      for offset in stride(from: 0, to: pixels.count, by: 4) {
        let alpha = UInt32(pixels[offset + 3])
        guard alpha != 255 else { continue }
        for channel in offset..<(offset + 3) {
          pixels[channel] =
            alpha == 0 ? 0 : UInt8(min((UInt32(pixels[channel]) * 255 + alpha / 2) / alpha, 255))
        }
      }
    }
    return straight
  }
}
