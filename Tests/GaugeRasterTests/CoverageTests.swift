import Testing

@testable import GaugeRaster

@Suite("Exact-area coverage")
struct CoverageTests {
  /// A closed rectangle, clockwise on screen.
  static func rectangle(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double)
    -> RasterPath
  {
    var path = RasterPath()
    path.move(to: left, y: top)
    path.line(to: right, y: top)
    path.line(to: right, y: bottom)
    path.line(to: left, y: bottom)
    path.close()
    return path
  }

  /// How much of [low, high] lies in the pixel [index, index + 1].
  static func overlap(_ low: Double, _ high: Double, _ index: Int) -> Double {
    max(0, min(high, Double(index + 1)) - max(low, Double(index)))
  }

  static func coverage(_ path: RasterPath, width: Int = 16, height: Int = 16) throws -> [Float] {
    var canvas = try RasterCanvas(width: width, height: height)
    return canvas.coverage(of: path)
  }

  @Test(
    "a rectangle on pixel boundaries covers whole pixels exactly",
    arguments: [
      (2.0, 3.0, 6.0, 5.0), (0, 0, 16, 16), (15, 15, 16, 16), (0, 7, 1, 8),
    ])
  func alignedRectangle(_ box: (Double, Double, Double, Double)) throws {
    let coverage = try Self.coverage(Self.rectangle(box.0, box.1, box.2, box.3))
    for row in 0..<16 {
      for column in 0..<16 {
        let inside =
          Double(column) >= box.0 && Double(column) < box.2 && Double(row) >= box.1
          && Double(row) < box.3
        #expect(coverage[row * 16 + column] == (inside ? 1 : 0), "pixel \(column), \(row)")
      }
    }
  }

  @Test(
    "a rectangle off pixel boundaries covers each pixel by its exact overlap",
    arguments: [
      (1.25, 2.5, 3.75, 4.5), (0.125, 0.0625, 9.875, 1.5), (5.5, 5.5, 5.75, 12.25),
      (3.0, 3.25, 3.5, 3.5),
    ])
  func fractionalRectangle(_ box: (Double, Double, Double, Double)) throws {
    // Both windings must give the same coverage under the non-zero rule.
    var counterclockwise = RasterPath()
    counterclockwise.move(to: box.0, y: box.1)
    counterclockwise.line(to: box.0, y: box.3)
    counterclockwise.line(to: box.2, y: box.3)
    counterclockwise.line(to: box.2, y: box.1)
    for path in [Self.rectangle(box.0, box.1, box.2, box.3), counterclockwise] {
      let coverage = try Self.coverage(path)
      for row in 0..<16 {
        for column in 0..<16 {
          let expected = Self.overlap(box.0, box.2, column) * Self.overlap(box.1, box.3, row)
          #expect(coverage[row * 16 + column] == Float(expected), "pixel \(column), \(row)")
        }
      }
    }
  }

  @Test("a triangle's total coverage is its area, and no pixel exceeds 1")
  func triangleArea() throws {
    let triangles: [[(Double, Double)]] = [
      [(1.3, 2.1), (17.9, 5.6), (6.2, 15.4)], [(0.5, 0.5), (19.5, 0.75), (10.25, 19.5)],
      [(3, 3), (3.4, 18.2), (3.9, 3.1)],
    ]
    for corners in triangles {
      var path = RasterPath()
      for (x, y) in corners { path.line(to: x, y: y) }
      let (a, b, c) = (corners[0], corners[1], corners[2])
      let area = abs((b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1)) / 2
      let coverage = try Self.coverage(path, width: 20, height: 20)
      let total = coverage.reduce(0.0) { $0 + Double($1) }
      #expect(abs(total - area) < 1e-4, "total \(total), area \(area)")
      #expect(coverage.allSatisfy { $0 >= 0 && $0 <= 1 })
    }
  }

  @Test("a circle's total coverage is pi r^2 within 0.15 square pixels")
  func circleArea() throws {
    for radius in [3.3, 12.5, 50.0, 90.7] {
      var path = RasterPath()
      path.arc(
        center: RasterPoint(x: 100.3, y: 99.6), radius: radius, from: 0, to: 360, clockwise: true)
      let coverage = try Self.coverage(path, width: 200, height: 200)
      let total = coverage.reduce(0.0) { $0 + Double($1) }
      let area = Double.pi * radius * radius
      // The chords' area matches the circle's except beside the start point, which lies on
      // the circle itself: measured -0.02 px^2 at r = 3.3 up to -0.13 px^2 at r = 90.7.
      #expect(abs(total - area) < 0.15, "radius \(radius): \(total) vs \(area)")
    }
  }

  @Test("shapes taller than a band of 512 rows are filled band by band, exactly")
  func tallShapes() throws {
    let coverage = try Self.coverage(
      Self.rectangle(0.5, 0.25, 3.5, 1099.75), width: 4, height: 1100)
    #expect(coverage.reduce(0.0) { $0 + Double($1) } == 3 * 1099.5)
    #expect(coverage[511 * 4 + 1] == 1 && coverage[512 * 4 + 1] == 1)
    #expect(coverage[1099 * 4 + 0] == 0.375)
    var circle = RasterPath()
    circle.arc(
      center: RasterPoint(x: 410.5, y: 600.25), radius: 400, from: 0, to: 360, clockwise: true)
    let round = try Self.coverage(circle, width: 821, height: 1201)
    let total = round.reduce(0.0) { $0 + Double($1) }
    #expect(abs(total - Double.pi * 400 * 400) < 0.5)
  }

  @Test("overlapping contours fill under the non-zero rule")
  func nonZeroOverlap() throws {
    // Two clockwise squares overlapping in 4...8: winding 2 there, still coverage 1.
    var union = Self.rectangle(2, 2, 8, 8)
    union.move(to: 4, y: 4)
    union.line(to: 12, y: 4)
    union.line(to: 12, y: 12)
    union.line(to: 4, y: 12)
    let coverage = try Self.coverage(union)
    #expect(coverage.reduce(0, +) == Float(36 + 64 - 16))
    #expect(coverage[5 * 16 + 5] == 1)
    #expect(coverage[10 * 16 + 10] == 1)
    #expect(coverage[2 * 16 + 10] == 0)

    // The same squares, the second counterclockwise: winding 0 in the overlap, a hole.
    var hole = Self.rectangle(2, 2, 8, 8)
    hole.move(to: 4, y: 4)
    hole.line(to: 4, y: 12)
    hole.line(to: 12, y: 12)
    hole.line(to: 12, y: 4)
    let holeCoverage = try Self.coverage(hole)
    #expect(holeCoverage[5 * 16 + 5] == 0)
    #expect(holeCoverage.reduce(0, +) == Float(36 + 64 - 2 * 16))
  }

  @Test("overlapping contours whose edges cross inside a pixel are clamped, not summed")
  func nonZeroOverlapInsidePixels() throws {
    // Squares offset by a quarter pixel: interior pixels are exact, edge pixels where both
    // squares' edges fall are at most the sum of their coverages, clamped to 1.
    var union = Self.rectangle(2.5, 2.5, 8.5, 8.5)
    union.move(to: 5.25, y: 5.25)
    union.line(to: 11.25, y: 5.25)
    union.line(to: 11.25, y: 11.25)
    union.line(to: 5.25, y: 11.25)
    let coverage = try Self.coverage(union)
    #expect(coverage[7 * 16 + 7] == 1)
    #expect(coverage[6 * 16 + 5] == 1)  // rect 1 covers it whole; rect 2's edge crosses it
    // Pixel (8, 5): square 1 covers 0.5 of it, square 2 covers 0.75; their union is 0.875,
    // the clamped sum 1. This is the limit of plain accumulation, met only where two
    // contours' edges share a pixel.
    #expect(coverage[5 * 16 + 8] == 1)
    #expect(coverage.allSatisfy { $0 >= 0 && $0 <= 1 })
  }

  @Test("empty and degenerate paths cover nothing")
  func degeneratePaths() throws {
    var single = RasterPath()
    single.move(to: 3, y: 3)
    var line = RasterPath()
    line.move(to: 1, y: 1)
    line.line(to: 9, y: 9)
    var backAndForth = RasterPath()
    backAndForth.move(to: 1, y: 1)
    backAndForth.line(to: 9, y: 1)
    backAndForth.line(to: 9, y: 9)
    backAndForth.line(to: 9, y: 1)
    var zeroRadius = RasterPath()
    zeroRadius.arc(center: RasterPoint(x: 5, y: 5), radius: 0, from: 0, to: 360, clockwise: true)
    var zeroSweep = RasterPath()
    zeroSweep.move(to: 5, y: 5)
    zeroSweep.arc(center: RasterPoint(x: 5, y: 5), radius: 4, from: 30, to: 30, clockwise: true)
    for path in [RasterPath(), single, line, backAndForth, zeroRadius, zeroSweep] {
      #expect(try Self.coverage(path).allSatisfy { $0 == 0 })
    }
  }

  @Test("paths outside the canvas change nothing; paths across its edges are cut exactly")
  func outsideCanvas() throws {
    for outside in [
      Self.rectangle(-9, 2, -1, 8), Self.rectangle(16, 2, 30, 8), Self.rectangle(2, -9, 8, 0),
      Self.rectangle(2, 16, 8, 40), Self.rectangle(-1e9, -1e9, -1e8, 1e9),
    ] {
      #expect(try Self.coverage(outside).allSatisfy { $0 == 0 })
    }
    let across = Self.rectangle(-10.5, -3.25, 40, 2.5)
    let coverage = try Self.coverage(across)
    for column in 0..<16 {
      #expect(coverage[column] == 1)
      #expect(coverage[16 + column] == 1)
      #expect(coverage[32 + column] == 0.5)
      #expect(coverage[48 + column] == 0)
    }
    // A triangle whose slanted edges leave through the left and right borders.
    var wide = RasterPath()
    wide.move(to: -16, y: 0)
    wide.line(to: 32, y: 0)
    wide.line(to: 8, y: 16)
    let cut = try Self.coverage(wide)
    let total = cut.reduce(0.0) { $0 + Double($1) }
    // Its sides cross x = 0 and x = 16 at y = 32/3; below that, two corner triangles of
    // 8 x (16 - 32/3) / 2 each are outside it.
    #expect(abs(total - (256 - 2 * (16 - 32.0 / 3) * 8 / 2)) < 1e-3)
  }

  @Test("NaN and infinite coordinates are skipped, huge ones clamped, and nothing traps")
  func nonFiniteCoordinates() throws {
    var clean = Self.rectangle(2, 2, 6, 6)
    clean.close()
    var dirty = RasterPath()
    dirty.move(to: .nan, y: 3)
    dirty.move(to: 2, y: 2)
    dirty.line(to: .infinity, y: 4)
    dirty.line(to: 6, y: 2)
    dirty.line(to: 5, y: -.infinity)
    dirty.line(to: 6, y: 6)
    dirty.quad(control: RasterPoint(x: .nan, y: 1), to: RasterPoint(x: 3, y: 3))
    dirty.cubic(
      control1: RasterPoint(x: 1, y: 1), control2: RasterPoint(x: 1, y: .nan),
      to: RasterPoint(x: 3, y: 3))
    dirty.arc(center: RasterPoint(x: 4, y: 4), radius: .nan, from: 0, to: 90, clockwise: true)
    dirty.arc(center: RasterPoint(x: 4, y: 4), radius: 2, from: -.infinity, to: 90, clockwise: true)
    dirty.line(to: 2, y: 6)
    dirty.close()
    #expect(dirty == clean)
    #expect(try Self.coverage(dirty) == Self.coverage(clean))

    var huge = RasterPath()
    huge.move(to: -1e300, y: -1e300)
    huge.line(to: 1e300, y: -1e300)
    huge.line(to: 1e300, y: 1e300)
    huge.line(to: -1e300, y: 1e300)
    #expect(huge.points.allSatisfy { abs($0.x) == 1e6 && abs($0.y) == 1e6 })
    #expect(try Self.coverage(huge).allSatisfy { $0 == 1 })
    var sliver = RasterPath()
    sliver.move(to: 0, y: 3)
    sliver.line(to: 1e6, y: 3 + 1e-12)
    sliver.line(to: -1e6, y: 3 + 2e-12)
    #expect(try Self.coverage(sliver).allSatisfy { $0 < 1e-6 })
  }
}
