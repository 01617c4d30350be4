import GaugeSupport
import Testing

@testable import GaugeRaster
@testable import GaugeText

/// Hostile glyphs cost bounded time and memory when drawn: a malformed outline draws nothing,
/// an outline that would flatten past the point budget is drawn with chords, and a colour
/// glyph's layers together cost at most what one glyph may. The fonts are DejaVu Sans (2,048
/// units per em) with its last glyph replaced or a COLR table added; its glyph 34 is "A", 11
/// on-curve points in contours of 3 and 8 whose steps add up to 9,072 units, as fontTools reads
/// them.
@Suite("Glyph budgets")
struct GlyphBudgetTests {
  static let regular = BundledFontData.decode(BundledFontData.dejaVuSans)!
  static let black = Color(red: 0, green: 0, blue: 0)

  static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
    (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  static func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
    bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) }
  }

  /// The font's tables by tag, in directory order.
  static func tables(_ font: [UInt8]) -> [(tag: String, data: [UInt8])] {
    (0..<number(font, 4, 2)).map { index in
      let record = 12 + 16 * index
      let offset = number(font, record + 8, 4)
      return (
        String(decoding: font[record..<(record + 4)], as: UTF8.self),
        Array(font[offset..<(offset + number(font, record + 12, 4))])
      )
    }
  }

  /// A font file of `tables` (checksums 0: the reader does not check them).
  static func build(_ tables: [(tag: String, data: [UInt8])]) -> [UInt8] {
    var font: [UInt8] = [0, 1, 0, 0] + bigEndian(tables.count, bytes: 2) + [0, 0, 0, 0, 0, 0]
    var body: [UInt8] = []
    for table in tables {
      font += Array(table.tag.utf8) + [0, 0, 0, 0]
      font += bigEndian(12 + 16 * tables.count + body.count, bytes: 4)
      font += bigEndian(table.data.count, bytes: 4)
      body += table.data + Array(repeating: 0, count: (4 - table.data.count % 4) % 4)
    }
    return font + body
  }

  /// DejaVu Sans with its last glyph's data replaced by `glyph` (its `loca` is long).
  static func replacingLastGlyph(with glyph: [UInt8]) throws -> FontFace {
    var all = tables(regular)
    let loca = try #require(all.firstIndex { $0.tag == "loca" })
    let glyf = try #require(all.firstIndex { $0.tag == "glyf" })
    let count = all[loca].data.count / 4 - 1
    let start = number(all[loca].data, 4 * (count - 1), 4)
    all[glyf].data = Array(all[glyf].data.prefix(start)) + glyph
    all[loca].data =
      Array(all[loca].data.prefix(4 * count)) + bigEndian(start + glyph.count, bytes: 4)
    return try FontFace(data: build(all))
  }

  /// DejaVu Sans with a COLR v0 table that makes glyph 34 a stack of `layers` copies of itself
  /// in the text's colour.
  static func stackingA(layers: Int) throws -> FontFace {
    var colr = bigEndian(0, bytes: 2) + bigEndian(1, bytes: 2) + bigEndian(14, bytes: 4)
    colr += bigEndian(20, bytes: 4) + bigEndian(layers, bytes: 2)
    colr += bigEndian(34, bytes: 2) + bigEndian(0, bytes: 2) + bigEndian(layers, bytes: 2)
    for _ in 0..<layers { colr += bigEndian(34, bytes: 2) + [0xFF, 0xFF] }
    return try FontFace(data: build(tables(regular) + [("COLR", colr)]))
  }

  /// `glyph` of face 0 drawn at 64 px on a 100 x 100 canvas, baseline at 80.
  static func drawn(_ glyph: UInt16, in face: FontFace) throws -> [UInt8] {
    let fonts = FontSet(faces: [face], systemFonts: false)
    var shaped = ShapedText()
    shaped.glyphs = [ShapedText.Glyph(face: 0, id: glyph, x: 0)]
    shaped.faces = [0]
    var canvas = try RasterCanvas(width: 100, height: 100)
    var cache = GlyphCache()
    canvas.draw(
      shaped, fonts: fonts, size: 64, x: 10, y: 80, anchor: .start, color: black, cache: &cache)
    return canvas.pixels
  }

  @Test("a glyph past 16 em draws nothing; the same font's A draws")
  func malformedDrawsNothing() throws {
    // A composite of A scaled by 2 and moved 32,767 units right: A's first point lands at
    // x 34,167, past 32,768.
    var far = Self.bigEndian(-1, bytes: 2) + Array(repeating: 0, count: 8)
    far += Self.bigEndian(0x0001 | 0x0002 | 0x0008, bytes: 2) + Self.bigEndian(34, bytes: 2)
    far += Self.bigEndian(32_767, bytes: 2) + [0, 0] + Self.bigEndian(0x7FFF, bytes: 2)
    let face = try Self.replacingLastGlyph(with: far)
    let last = UInt16(face.glyphCount - 1)
    #expect(try Self.drawn(last, in: face).allSatisfy { $0 == 0 })
    #expect(try Self.drawn(34, in: face).contains { $0 != 0 })
    var cache = GlyphCache()
    #expect(cache.path(of: last, font: face, size: 64).isEmpty)
  }

  @Test("an outline flattening past 131,072 points is drawn with its curves as chords")
  func chords() throws {
    // 4,000 off-curve points cycling (100, 100), (300, 100), (100, 300), (300, 300): within
    // every reader limit (1.2 million units long), but at 2,048 px per em each implied curve
    // bends by |(200, 100)| = 224 px, which takes 48 edges: 192,000 in all.
    let corners = [(100, 100), (300, 100), (100, 300), (300, 300)]
    let points = (0..<4_000).map { corners[$0 % 4] }
    var glyph = Self.bigEndian(1, bytes: 2) + Array(repeating: 0, count: 8)
    glyph += Self.bigEndian(points.count - 1, bytes: 2) + [0, 0]
    glyph += Array(repeating: 0, count: points.count)
    var previous = (0, 0)
    var xs: [UInt8] = []
    var ys: [UInt8] = []
    for point in points {
      xs += Self.bigEndian(point.0 - previous.0, bytes: 2)
      ys += Self.bigEndian(point.1 - previous.1, bytes: 2)
      previous = point
    }
    let face = try Self.replacingLastGlyph(with: glyph + xs + ys)
    let last = UInt16(face.glyphCount - 1)
    var flattened = RasterPath()
    try face.outline(of: last, scale: 1, into: &flattened)
    #expect(flattened.points.count > GlyphPathBudget.pointLimit)

    // TrueType's implied on-curve points, midway between off-curve ones: the contour starts
    // between the last point and the first, and each curve ends at the next midpoint.
    func middle(_ a: (Int, Int), _ b: (Int, Int)) -> RasterPoint {
      RasterPoint(x: Double(a.0 + b.0) / 2, y: -Double(a.1 + b.1) / 2)
    }
    let begin = middle(points[3_999], points[0])
    let expected =
      [begin] + (1..<4_000).map { middle(points[$0 - 1], points[$0]) } + [begin]
    var cache = GlyphCache()
    let path = cache.path(of: last, font: face, size: 2_048)
    #expect(path.points == expected)
    #expect(path.contourEnds == [4_001])
  }

  @Test("a colour glyph's layers together may be 1,024 em long: 231 A's at 64 px, not 232")
  func layerBudget() throws {
    // A is 9,072 units = 283.5 px long at 64 px per em; 1,024 em is 65,536 px:
    // 231 * 283.5 = 65,488.5, 232 * 283.5 = 65,772.
    var cache = GlyphCache()
    let layer = ColorLayers.Layer(glyph: 34, color: nil)
    let fits = cache.paths(
      of: Array(repeating: layer, count: 231), font: .dejaVuSans, size: 64)
    #expect(fits?.count == 231)
    #expect(fits?.first?.points.count == 13)  // 4 and 9: each contour's start again at its end
    #expect(
      cache.paths(of: Array(repeating: layer, count: 232), font: .dejaVuSans, size: 64) == nil)
    #expect(try Self.drawn(34, in: Self.stackingA(layers: 232)).allSatisfy { $0 == 0 })
    #expect(try Self.drawn(34, in: Self.stackingA(layers: 231)).contains { $0 != 0 })
  }
}
