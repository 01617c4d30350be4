import GaugeSupport
import Testing

@testable import GaugeRaster

@Suite("Coverage masks")
struct CoverageMaskTests {
  /// A ring-like shape with an arc, a slanted edge and a part outside the canvas.
  private var shape: RasterPath {
    var path = RasterPath()
    path.move(to: 3.25, y: -4)
    path.arc(center: RasterPoint(x: 20, y: 20), radius: 17.5, from: 300, to: 420, clockwise: true)
    path.line(to: 41.5, y: 33.7)
    path.line(to: 6.1, y: 30.2)
    path.close()
    return path
  }

  @Test("compositing a mask gives the bytes of filling its path, at every alpha")
  func maskIsTheFill() throws {
    for alpha: UInt8 in [255, 128, 1] {
      let color = Color(red: 200, green: 40, blue: 90, alpha: alpha)
      var filled = try RasterCanvas(width: 40, height: 36)
      filled.fillBackground(Color(red: 10, green: 20, blue: 30, alpha: 200))
      var masked = filled
      let mask = masked.mask(of: shape)
      #expect(masked.pixels == filled.pixels, "making a mask paints nothing")
      filled.fill(shape, color: color)
      masked.fill(mask, color: color)
      #expect(masked.pixels == filled.pixels)
    }
  }

  @Test("a mask holds each touched pixel once; an empty path touches none")
  func maskCounts() throws {
    var canvas = try RasterCanvas(width: 10, height: 10)
    var square = RasterPath()
    square.move(to: 2, y: 2)
    square.line(to: 5, y: 2)
    square.line(to: 5, y: 4)
    square.line(to: 2, y: 4)
    square.close()
    #expect(canvas.mask(of: square).count == 6)
    #expect(canvas.mask(of: RasterPath()).count == 0)
  }

  @Test("only an opaque background makes the canvas known to be opaque")
  func opacity() throws {
    var canvas = try RasterCanvas(width: 2, height: 2)
    #expect(!canvas.isOpaque)
    canvas.fillBackground(Color(red: 1, green: 2, blue: 3, alpha: 255))
    #expect(canvas.isOpaque)
    canvas.fill(shape, color: Color(red: 9, green: 9, blue: 9, alpha: 3))
    #expect(canvas.isOpaque && canvas.pixels.enumerated().allSatisfy { $0 % 4 != 3 || $1 == 255 })
    canvas.fillBackground(Color(red: 1, green: 2, blue: 3, alpha: 254))
    #expect(!canvas.isOpaque)
  }

  @Test("a canvas made with a background is a transparent one with the background filled")
  func backgroundCanvas() throws {
    for color in [
      Color(red: 255, green: 255, blue: 255, alpha: 255),
      Color(red: 200, green: 17, blue: 3, alpha: 77),
    ] {
      var filled = try RasterCanvas(width: 7, height: 5)
      filled.fillBackground(color)
      let made = try RasterCanvas(width: 7, height: 5, background: color)
      #expect(made.pixels == filled.pixels)
      #expect(made.isOpaque == (color.alpha == 255))
    }
    #expect(throws: RasterError.canvasSize(width: 0, height: 5)) {
      try RasterCanvas(
        width: 0, height: 5, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
    }
  }
}

@Suite("Touched rows")
struct TouchedRowsTests {
  private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> RasterPath {
    CoverageTests.rectangle(x0, y0, x1, y1)
  }

  @Test("a fill, a mask and an image count exactly the rows whose pixels they may change")
  func rowsOfEachDrawing() throws {
    var canvas = try RasterCanvas(width: 20, height: 30)
    #expect(canvas.touchedRows == 0..<0)
    // Rows 3 (a quarter covered) to 7 (half covered).
    canvas.fill(rectangle(2, 3.75, 9, 7.5), color: Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 3..<8)
    canvas.forgetTouchedRows()
    #expect(canvas.touchedRows == 0..<0)
    // A mask of whole pixels only (one run per row) and one with edge pixels only.
    let whole = canvas.mask(of: rectangle(0, 12, 20, 14))
    let edges = canvas.mask(of: rectangle(4.5, 20.5, 4.75, 22.25))
    #expect(canvas.touchedRows == 0..<0, "making a mask draws nothing")
    canvas.fill(whole, color: Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 12..<14)
    canvas.fill(edges, color: Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 12..<23)
    canvas.forgetTouchedRows()
    // Out of the canvas: nothing.
    canvas.fill(rectangle(2, 40, 9, 50), color: Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 0..<0)
    canvas.drawImage(
      rgba: [UInt8](repeating: 255, count: 4 * 4), width: 2, height: 2, x: 1, y: 25.5,
      drawnWidth: 2, drawnHeight: 2)
    #expect(canvas.touchedRows == 25..<28)
    canvas.fillBackground(Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 0..<30)
  }

  @Test("drawn rows gather every drawing until forgotten; forgetting touched rows keeps them")
  func drawnRowsOutliveTouchedRows() throws {
    var canvas = try RasterCanvas(width: 20, height: 30)
    #expect(canvas.drawnRows.isEmpty)
    canvas.fill(rectangle(2, 3.75, 9, 7.5), color: Color(red: 0, green: 0, blue: 0))
    canvas.forgetTouchedRows()
    canvas.fill(rectangle(2, 20, 9, 21), color: Color(red: 0, green: 0, blue: 0))
    #expect(canvas.touchedRows == 20..<21)
    // Two drawings far apart stay two ranges: the rows between were not drawn.
    #expect(canvas.drawnRows.ranges == [3..<8, 20..<21])
    canvas.forgetDrawnRows()
    #expect(canvas.touchedRows == 0..<0)
    #expect(canvas.drawnRows.isEmpty)
  }

  /// A copy drawn on, restored from its original, is the original again in every pixel and
  /// flag, and draws the next shape as a fresh copy would.
  @Test("a canvas restored from its original is the original, and draws as a fresh copy")
  func restoreMakesTheOriginalAgain() throws {
    var original = try RasterCanvas(
      width: 20, height: 30, background: Color(red: 250, green: 250, blue: 250))
    original.fill(rectangle(0, 0, 20, 4), color: Color(red: 20, green: 90, blue: 200))
    original.forgetDrawnRows()
    var copy = original
    copy.fill(rectangle(2, 10.5, 9, 17.25), color: Color(red: 200, green: 0, blue: 0, alpha: 128))
    copy.fill(rectangle(5, 2, 6, 3), color: Color(red: 0, green: 0, blue: 0))
    #expect(copy.drawnRows.ranges == [2..<3, 10..<18])
    // Only the columns drawn in each are copied back.
    #expect(copy.drawnRows.columns == [5..<6, 2..<9])
    #expect(copy.pixels != original.pixels)
    copy.restore(original)
    #expect(copy.pixels == original.pixels)
    #expect(copy.isOpaque && copy.drawnRows.isEmpty && copy.touchedRows == 0..<0)
    var fresh = original
    let shape = rectangle(3.3, 8.1, 14.6, 25.9)
    copy.fill(shape, color: Color(red: 9, green: 180, blue: 40))
    fresh.fill(shape, color: Color(red: 9, green: 180, blue: 40))
    #expect(copy.pixels == fresh.pixels)
    // Another size: a whole copy.
    var other = try RasterCanvas(width: 7, height: 3)
    other.restore(original)
    #expect(other.width == 20 && other.height == 30 && other.pixels == original.pixels)
  }
}
