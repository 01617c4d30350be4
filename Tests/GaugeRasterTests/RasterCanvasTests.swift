import GaugeSupport
import Testing

@testable import GaugeRaster

@Suite("Canvas")
struct RasterCanvasTests {
  @Test(
    "sizes outside 1...8192 a side throw",
    arguments: [
      (0, 10), (10, 0), (-1, 5), (8193, 1), (1, Int.max), (Int.min, Int.min),
    ])
  func badSizes(_ size: (Int, Int)) {
    #expect(throws: RasterError.canvasSize(width: size.0, height: size.1)) {
      try RasterCanvas(width: size.0, height: size.1)
    }
  }

  @Test("the size error says what was asked and what is allowed")
  func sizeMessage() {
    #expect(
      RasterError.canvasSize(width: 9000, height: 20).description
        == "canvas size 9000x20 is outside 1...8192 pixels a side")
  }

  @Test("the largest and smallest canvases can be made")
  func extremeSizes() throws {
    let tiny = try RasterCanvas(width: 1, height: 1)
    #expect(tiny.rgba() == [0, 0, 0, 0])
    let tall = try RasterCanvas(width: 1, height: 8192)
    #expect(tall.rgba().count == 8192 * 4)
  }

  @Test("fillBackground sets every pixel, premultiplied inside and straight from rgba()")
  func background() throws {
    var canvas = try RasterCanvas(width: 3, height: 2)
    canvas.fillBackground(Color(red: 200, green: 100, blue: 0, alpha: 128))
    #expect(canvas.pixels == Array(repeating: [100, 50, 0, 128], count: 6).flatMap { $0 })
    #expect(canvas.rgba() == Array(repeating: [199, 100, 0, 128], count: 6).flatMap { $0 })
  }

  @Test("partial coverage composites source-over in sRGB values")
  func compositing() throws {
    var canvas = try RasterCanvas(width: 4, height: 1)
    canvas.fillBackground(Color(red: 255, green: 255, blue: 255))
    // Column 0 covered whole, column 1 half: 128 of 255 black over white leaves 127.
    canvas.fill(
      CoverageTests.rectangle(0, 0, 1.5, 1), color: Color(red: 0, green: 0, blue: 0))
    #expect(
      canvas.rgba() == [0, 0, 0, 255, 127, 127, 127, 255, 255, 255, 255, 255, 255, 255, 255, 255])

    var transparent = try RasterCanvas(width: 2, height: 1)
    transparent.fill(
      CoverageTests.rectangle(0, 0, 1.5, 1),
      color: Color(red: 255, green: 0, blue: 0, alpha: 128))
    // 128 * 0.5 = 64 alpha; the colour stays pure red once un-premultiplied.
    #expect(transparent.pixels == [128, 0, 0, 128, 64, 0, 0, 64])
    #expect(transparent.rgba() == [255, 0, 0, 128, 255, 0, 0, 64])

    // Two half-covering fills of one pixel: 128 + 128 * 127 / 255 = 192 alpha, not 255.
    var twice = try RasterCanvas(width: 1, height: 1)
    twice.fill(
      CoverageTests.rectangle(0, 0, 0.5, 1), color: Color(red: 0, green: 0, blue: 255))
    twice.fill(
      CoverageTests.rectangle(0.5, 0, 1, 1), color: Color(red: 0, green: 0, blue: 255))
    #expect(twice.rgba() == [0, 0, 255, 192])
  }

  @Test("filling is deterministic and leaves the coverage buffer clean for the next shape")
  func deterministic() throws {
    var path = RasterPath()
    path.arc(center: RasterPoint(x: 20, y: 20), radius: 15.3, from: 10, to: 300, clockwise: true)
    path.arc(center: RasterPoint(x: 20, y: 20), radius: 7.1, from: 300, to: 10, clockwise: false)
    var first = try RasterCanvas(width: 40, height: 40)
    first.fill(path, color: Color(red: 10, green: 20, blue: 30))
    var second = try RasterCanvas(width: 40, height: 40)
    for _ in 0..<3 {
      second = try RasterCanvas(width: 40, height: 40)
      second.fill(path, color: Color(red: 10, green: 20, blue: 30))
    }
    #expect(first.rgba() == second.rgba())
    #expect(first.accumulator.cells.allSatisfy { $0 == 0 })
  }
}
