import GaugeSupport
import Testing

@testable import GaugeRaster
@testable import GaugeText

@Suite("Text")
struct TextTests {
  static let black = Color(red: 0, green: 0, blue: 0)

  static func alphas(_ canvas: RasterCanvas) -> [UInt8] {
    stride(from: 3, to: canvas.pixels.count, by: 4).map { canvas.pixels[$0] }
  }

  @Test("a missing character draws the .notdef box: a frame with an empty middle")
  func notdefBox() throws {
    // At 204.8 px per em a font unit is 0.1 px: the box spans x 10.2...112.6 and, with the
    // baseline at 150, y 5.6...186.2; the hole x 21.7...101.2, y 17.1...174.8.
    var canvas = try RasterCanvas(width: 130, height: 200)
    var cache = GlyphCache()
    canvas.draw(
      text: "\u{4E2D}", font: .dejaVuSans, size: 204.8, x: 0, y: 150, anchor: .start,
      color: Self.black, cache: &cache)
    let alphas = Self.alphas(canvas)
    #expect(alphas[100 * 130 + 15] == 255)  // in the frame's left bar
    #expect(alphas[100 * 130 + 60] == 0)  // in the hole
    #expect(alphas[100 * 130 + 5] == 0)  // left of the box
    #expect(alphas[100 * 130 + 10] == 204)  // x 10.2: 0.8 of the pixel, 0.8 * 255 = 204
    // The frame's area: 102.4 x 180.6 minus 79.5 x 157.7, in px^2.
    let area = 102.4 * 180.6 - 79.5 * 157.7
    let total = Double(alphas.reduce(0) { $0 + Int($1) }) / 255
    #expect(abs(total - area) < 1, "\(total) vs \(area)")
    // Glyph 0 drawn for a missing character is the same as for any other missing one.
    var other = try RasterCanvas(width: 130, height: 200)
    other.draw(
      text: "\u{1F600}", font: .dejaVuSans, size: 204.8, x: 0, y: 150, anchor: .start,
      color: Self.black, cache: &cache)
    #expect(other.pixels == canvas.pixels)
  }

  @Test("default-ignorables and controls draw nothing and advance nothing, never a box")
  func invisibleScalars() throws {
    var cache = GlyphCache()
    var plain = try RasterCanvas(width: 120, height: 40)
    plain.draw(
      text: "Ab", font: .dejaVuSans, size: 24, x: 60, y: 30, anchor: .middle,
      color: Self.black, cache: &cache)
    var invisible = try RasterCanvas(width: 120, height: 40)
    invisible.draw(
      text: "\u{200B}A\u{AD}\u{200D}\u{FE0F}\u{202E}\u{1B}\u{85}\u{2028}b\u{E0001}",
      font: .dejaVuSans,
      size: 24, x: 60, y: 30, anchor: .middle, color: Self.black, cache: &cache)
    #expect(invisible.pixels == plain.pixels)
    #expect(
      FontFace.dejaVuSans.width(of: "A\u{2060}\u{FEFF}b\u{7F}", size: 24)
        == FontFace.dejaVuSans.width(of: "Ab", size: 24))
  }

  @Test("text taller than a band of 512 rows is drawn whole")
  func tallText() throws {
    // At 2048 px per em a font unit is a pixel: DejaVu's "I" is the rectangle x 201...403,
    // y 0...1493 above the baseline.
    var canvas = try RasterCanvas(width: 500, height: 1600)
    var cache = GlyphCache()
    canvas.draw(
      text: "I", font: .dejaVuSans, size: 2048, x: 0, y: 1550, anchor: .start,
      color: Self.black, cache: &cache)
    let alphas = Self.alphas(canvas)
    #expect(alphas.reduce(0) { $0 + Int($1) } == 202 * 1493 * 255)
    #expect(alphas[57 * 500 + 201] == 255 && alphas[56 * 500 + 201] == 0)
  }

  @Test("anchors place the text's advance width at start, middle or end")
  func anchors() throws {
    let font = FontFace.dejaVuSans
    let width = font.width(of: "72 mg/dL", size: 24)
    var cache = GlyphCache()
    var images: [[UInt8]] = []
    for (anchor, x) in [(TextAnchor.start, 10.0), (.middle, 10 + width / 2), (.end, 10 + width)] {
      var canvas = try RasterCanvas(width: 140, height: 40)
      canvas.draw(
        text: "72 mg/dL", font: font, size: 24, x: x, y: 30, anchor: anchor, color: Self.black,
        cache: &cache)
      images.append(canvas.rgba())
    }
    #expect(images[0] == images[1])
    #expect(images[0] == images[2])
    #expect(images[0].contains { $0 != 0 })
  }

  @Test("the glyph cache holds one outline per font, size and glyph")
  func cache() throws {
    var canvas = try RasterCanvas(width: 200, height: 60)
    var cache = GlyphCache()
    for _ in 0..<3 {
      canvas.draw(
        text: "0000", font: .dejaVuSans, size: 16, x: 0, y: 20, anchor: .start, color: Self.black,
        cache: &cache)
    }
    #expect(cache.count == 1)
    canvas.draw(
      text: "00", font: .dejaVuSansBold, size: 16, x: 0, y: 40, anchor: .start, color: Self.black,
      cache: &cache)
    canvas.draw(
      text: "0", font: .dejaVuSans, size: 17, x: 0, y: 40, anchor: .start, color: Self.black,
      cache: &cache)
    #expect(cache.count == 3)
    cache.removeAll()
    #expect(cache.count == 0)
  }

  @Test("nothing is drawn for empty text, bad sizes or positions, or text off the canvas")
  func nothingDrawn() throws {
    var cache = GlyphCache()
    let cases: [(String, Double, Double, Double)] = [
      ("", 20, 10, 30), ("42", 0, 10, 30), ("42", -5, 10, 30), ("42", .nan, 10, 30),
      ("42", .infinity, 10, 30), ("42", 20, .nan, 30), ("42", 20, 10, -.infinity),
      ("42", 20, 10, -100), ("42", 20, 10, 500), ("42", 20, -300, 30), ("42", 20, 900, 30),
    ]
    for (text, size, x, y) in cases {
      var canvas = try RasterCanvas(width: 100, height: 40)
      canvas.draw(
        text: text, font: .dejaVuSans, size: size, x: x, y: y, anchor: .start, color: Self.black,
        cache: &cache)
      #expect(canvas.pixels.allSatisfy { $0 == 0 }, "\(text) \(size) \(x) \(y)")
    }
  }

  @Test("kerning moves the second glyph by the pair's value")
  func kerningDrawn() throws {
    let font = FontFace.dejaVuSans
    var cache = GlyphCache()
    var together = try RasterCanvas(width: 100, height: 40)
    together.draw(
      text: "To", font: font, size: 20.48, x: 0, y: 30, anchor: .start, color: Self.black,
      cache: &cache)
    var apart = try RasterCanvas(width: 100, height: 40)
    apart.draw(
      text: "T", font: font, size: 20.48, x: 0, y: 30, anchor: .start, color: Self.black,
      cache: &cache)
    // At 20.48 px per em a font unit is 0.01 px; T and o kern by -348 units.
    let offset = Double(font.advance(of: font.glyph(for: "T")) - 348) / 100
    apart.draw(
      text: "o", font: font, size: 20.48, x: offset, y: 30, anchor: .start, color: Self.black,
      cache: &cache)
    #expect(together.pixels == apart.pixels)
    var unkerned = try RasterCanvas(width: 100, height: 40)
    unkerned.draw(
      text: "T", font: font, size: 20.48, x: 0, y: 30, anchor: .start, color: Self.black,
      cache: &cache)
    unkerned.draw(
      text: "o", font: font, size: 20.48, x: offset + 3.48, y: 30, anchor: .start,
      color: Self.black, cache: &cache)
    #expect(together.pixels != unkerned.pixels)
  }
}
