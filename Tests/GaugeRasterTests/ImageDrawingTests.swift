import GaugeSupport
import GaugeTestSupport
import Testing

@testable import GaugeRaster

@Suite("Drawing images")
struct ImageDrawingTests {
  static let background = Color(red: 30, green: 140, blue: 220, alpha: 255)

  /// A unit square at (x, y), as a path.
  static func square(_ x: Double, _ y: Double, side: Double = 1) -> RasterPath {
    var path = RasterPath()
    path.move(to: x, y: y)
    path.line(to: x + side, y: y)
    path.line(to: x + side, y: y + side)
    path.line(to: x, y: y + side)
    path.close()
    return path
  }

  @Test("a 1:1 draw at whole pixels composites each pixel as a fill of its colour would")
  func oneToOne() throws {
    var generator = SeededGenerator(seed: 0x1A6E)
    let image = generator.bytes(5 * 4 * 4)
    for background in [Self.background, Color(red: 0, green: 0, blue: 0, alpha: 0)] {
      var drawn = try RasterCanvas(width: 9, height: 7)
      drawn.fillBackground(background)
      var filled = drawn
      drawn.drawImage(rgba: image, width: 5, height: 4, x: 2, y: 1, drawnWidth: 5, drawnHeight: 4)
      for row in 0..<4 {
        for column in 0..<5 {
          let pixel = (row * 5 + column) * 4
          let color = Color(
            red: image[pixel], green: image[pixel + 1], blue: image[pixel + 2],
            alpha: image[pixel + 3])
          filled.fill(Self.square(Double(column + 2), Double(row + 1)), color: color)
        }
      }
      #expect(drawn.pixels == filled.pixels)
    }
  }

  @Test("a 2:1 downscale averages 2x2 blocks of premultiplied pixels")
  func halfSize() throws {
    let opaqueBlue: [UInt8] = [0, 0, 255, 255]
    let clearRed: [UInt8] = [255, 0, 0, 0]
    // 4x4, row by row; each 2x2 block becomes one pixel.
    let rows: [[[UInt8]]] = [
      [[10, 0, 0, 255], [20, 0, 0, 255], [255, 255, 255, 255], [255, 255, 255, 255]],
      [[30, 0, 0, 255], [40, 0, 0, 255], [255, 255, 255, 51], [255, 255, 255, 51]],
      [[9, 0, 0, 255], [9, 100, 0, 255], opaqueBlue, clearRed],
      [[9, 200, 0, 255], [9, 100, 0, 255], clearRed, opaqueBlue],
    ]
    let image = rows.flatMap { $0.flatMap { $0 } }
    var canvas = try RasterCanvas(width: 2, height: 2)
    canvas.drawImage(rgba: image, width: 4, height: 4, x: 0, y: 0, drawnWidth: 2, drawnHeight: 2)
    // Red 10...40 averages 25; white at alpha (255 + 255 + 51 + 51) / 4 = 153 premultiplies to
    // 153; blue over half the block is 127.5, rounded up, and the clear red adds nothing.
    #expect(
      canvas.pixels == [25, 0, 0, 255, 153, 153, 153, 153, 9, 100, 0, 255, 0, 0, 128, 128])
  }

  @Test("a one-pixel checkerboard brought to an eighth is an even gray: no aliasing")
  func checkerboard() throws {
    let image = (0..<(136 * 128)).flatMap { index -> [UInt8] in
      let value: UInt8 = (index % 136 + index / 136) % 2 == 0 ? 255 : 0
      return [value, value, value, 255]
    }
    var canvas = try RasterCanvas(width: 17, height: 16)
    canvas.drawImage(
      rgba: image, width: 136, height: 128, x: 0, y: 0, drawnWidth: 17, drawnHeight: 16)
    for pixel in stride(from: 0, to: canvas.pixels.count, by: 4) {
      #expect((127...128).contains(canvas.pixels[pixel]))
      #expect(canvas.pixels[pixel + 3] == 255)
    }
    // At 136 to 13.3 a canvas pixel spans 10.2 x 10.2 squares, so its share of white squares
    // is a half give or take the part row and column: within 2 levels of 127.5.
    var uneven = try RasterCanvas(width: 15, height: 15)
    uneven.drawImage(
      rgba: image, width: 136, height: 128, x: 0.4, y: 0.7, drawnWidth: 13.3, drawnHeight: 12.5)
    for row in 1..<13 {
      for column in 1..<13 {
        let pixel = (row * 15 + column) * 4
        #expect((125...130).contains(uneven.pixels[pixel]), "(\(column), \(row))")
        #expect(uneven.pixels[pixel + 3] == 255)
      }
    }
  }

  @Test("at a fractional position the edges are covered as a fill covers them")
  func fractionalPosition() throws {
    let color = Color(red: 200, green: 40, blue: 90, alpha: 255)
    let image = [UInt8](repeating: 0, count: 16 * 16 * 4).enumerated().map { index, _ in
      [color.red, color.green, color.blue, color.alpha][index % 4]
    }
    var drawn = try RasterCanvas(width: 8, height: 8)
    drawn.fillBackground(Self.background)
    var filled = drawn
    drawn.drawImage(
      rgba: image, width: 16, height: 16, x: 1.3, y: 2.75, drawnWidth: 4.5, drawnHeight: 3.1)
    var path = RasterPath()
    path.move(to: 1.3, y: 2.75)
    path.line(to: 5.8, y: 2.75)
    path.line(to: 5.8, y: 5.85)
    path.line(to: 1.3, y: 5.85)
    path.close()
    filled.fill(path, color: color)
    for (a, b) in zip(drawn.pixels, filled.pixels) { #expect(abs(Int(a) - Int(b)) <= 1) }
    #expect(drawn.pixels[(4 * 8 + 3) * 4..<(4 * 8 + 4) * 4] == [200, 40, 90, 255])
  }

  @Test("parts outside the canvas are cut off")
  func clipping() throws {
    var generator = SeededGenerator(seed: 0xC11F)
    var image = generator.bytes(4 * 4 * 4)
    for alpha in stride(from: 3, to: image.count, by: 4) { image[alpha] = 255 }
    var canvas = try RasterCanvas(width: 3, height: 3)
    canvas.drawImage(rgba: image, width: 4, height: 4, x: -2, y: -2, drawnWidth: 4, drawnHeight: 4)
    var expected = [UInt8](repeating: 0, count: 3 * 3 * 4)
    for row in 0..<2 {
      for column in 0..<2 {
        let source = ((row + 2) * 4 + column + 2) * 4
        expected.replaceSubrange(
          (row * 3 + column) * 4..<(row * 3 + column + 1) * 4, with: image[source..<(source + 4)])
      }
    }
    #expect(canvas.pixels == expected)
  }

  @Test(
    "NaN, infinite, empty and huge rectangles draw nothing",
    arguments: [
      (Double.nan, 0, 2, 2), (0, 0, Double.infinity, 2), (0, -Double.infinity, 2, 2),
      (0, 0, 0, 2), (0, 0, 2, -1), (0, 0, 2e6, 2), (-1.5e6, 0, 2, 2), (0, 0, 2, Double.nan),
      (9, 0, 2, 2), (-3, 0, 2.5, 2),
    ] as [(Double, Double, Double, Double)])
  func nothingDrawn(_ rectangle: (Double, Double, Double, Double)) throws {
    var canvas = try RasterCanvas(width: 8, height: 8)
    canvas.fillBackground(Self.background)
    let before = canvas.pixels
    canvas.drawImage(
      rgba: [255, 0, 0, 255], width: 1, height: 1, x: rectangle.0, y: rectangle.1,
      drawnWidth: rectangle.2, drawnHeight: rectangle.3)
    #expect(canvas.pixels == before)
  }
}
