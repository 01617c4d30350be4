import GaugeRaster
import GaugeSupport
import GaugeTestSupport
import Testing

@testable import GaugeText

/// Expected values were read from Fonts/*.ttf with fonttools 4.68 (`TTFont(...)['hmtx']`,
/// `['kern'].kernTables[0]`, `['glyf']['Aacute'].getCoordinates(glyf)`).
@Suite("TrueType fonts")
struct FontFaceTests {
  @Test("the bundled fonts' metrics")
  func metrics() {
    for font in [FontFace.dejaVuSans, .dejaVuSansBold] {
      #expect(font.unitsPerEm == 2048)
      #expect(font.ascender == 1901)
      #expect(font.descender == -483)
      #expect(font.glyphCount == 3011)
      #expect(font.isBold == (font.fingerprint == FontFace.dejaVuSansBold.fingerprint))
    }
    #expect(FontFace.dejaVuSans.bounds == (-2090, -850, 3442, 2389))
    #expect(FontFace.dejaVuSans.familyName == "DejaVu Sans")
    #expect(FontFace.dejaVuSansBold.familyName == "DejaVu Sans")
  }

  @Test("bundled composites whose parts overlap were made simple glyphs by subset-fonts")
  func overlapsRemoved() throws {
    for font in [FontFace.dejaVuSans, .dejaVuSansBold] {
      func contours(_ scalar: Unicode.Scalar) throws -> Int16 {
        try font.reader.int16(font.glyphRange(font.glyph(for: scalar)).lowerBound)
      }
      for scalar: Unicode.Scalar in [
        "\u{C7}", "\u{E7}", "\u{119}", "\u{15E}", "\u{15F}", "\u{172}",
      ] {
        #expect(try contours(scalar) > 0, "U+\(String(scalar.value, radix: 16))")
      }
      #expect(try contours("\u{C1}") == -1)  // A-acute's parts do not overlap: still composite
    }
  }

  @Test("glyph ids and advances match hmtx")
  func advances() {
    let font = FontFace.dejaVuSans
    #expect(font.glyph(for: "0") == 17)
    #expect(font.glyph(for: "A") == 34)
    #expect(font.glyph(for: "\u{2212}") == 2348)
    #expect(font.advance(of: font.glyph(for: "0")) == 1303)
    #expect(font.advance(of: font.glyph(for: " ")) == 651)
    #expect(
      FontFace.dejaVuSansBold.advance(of: FontFace.dejaVuSansBold.glyph(for: "0")) == 1425)
    #expect(font.advance(of: 60_000) == 0)
  }

  @Test(
    "kerning pairs read from the kern table",
    arguments: [
      ("A", "V", -131), ("V", "A", -131), ("T", "o", -348), ("L", "T", -282), ("a", "v", 0),
    ])
  func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, _ expected: Int) {
    let font = FontFace.dejaVuSans
    #expect(font.kerning(between: font.glyph(for: left), and: font.glyph(for: right)) == expected)
  }

  @Test("GPOS pair adjustments (format 2 in DejaVu) equal the kern table for every pair")
  func gposMatchesKernTable() throws {
    // The first 600 glyphs (Latin, Greek, Cyrillic): every pair of all 3,011 would take a
    // minute.
    for (font, expected) in [(FontFace.dejaVuSans, 2153), (.dejaVuSansBold, 1208)] {
      let adjustments = try #require(font.pairAdjustments)
      var pairs = 0
      var mismatches: [(UInt16, UInt16)] = []
      for left in 0..<UInt16(600) {
        for right in 0..<UInt16(600) {
          let value = adjustments.advance(between: left, and: right)
          if value != font.kerningTable(between: left, and: right) {
            mismatches.append((left, right))
          }
          if value != 0 { pairs += 1 }
        }
      }
      #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
      // fonttools: the kern table's non-zero pairs of glyphs below 600
      #expect(pairs == expected)
    }
  }

  @Test("a font with only GPOS, or only kern, still kerns")
  func kerningSources() throws {
    let gposOnly = try FontFace(data: FontFixture.without(["kern"]))
    let kernOnly = try FontFace(data: FontFixture.without(["GPOS"]))
    let neither = try FontFace(data: FontFixture.without(["GPOS", "kern"]))
    for font in [gposOnly, kernOnly] {
      #expect(font.kerning(between: 34, and: 55) == -131)
    }
    #expect(gposOnly.kerning == nil)
    #expect(kernOnly.pairAdjustments == nil)
    #expect(neither.kerning(between: 34, and: 55) == 0)
  }

  @Test("GPOS pair adjustment format 1 (glyph pairs)")
  func pairPositioningFormat1() throws {
    let font = try FontFace(
      data: FontFixture.pairPositioningFormat1(left: 34, pairs: [(55, -100), (57, -50)]))
    #expect(font.kerning(between: 34, and: 55) == -100)
    #expect(font.kerning(between: 34, and: 57) == -50)
    #expect(font.kerning(between: 34, and: 56) == 0)
    #expect(font.kerning(between: 55, and: 34) == 0)
  }

  @Test("bold has its own kerning")
  func boldKerning() {
    let font = FontFace.dejaVuSansBold
    #expect(font.kerning(between: font.glyph(for: "A"), and: font.glyph(for: "V")) == -139)
  }

  @Test("text width sums advances and kerning, in pixels")
  func width() {
    let font = FontFace.dejaVuSans
    #expect(font.width(of: "72 mg/dL", size: 24) == 9683 * 24 / 2048.0)
    #expect(font.width(of: "AVA", size: 20) == 3941 * 20 / 2048.0)
    #expect(font.width(of: "", size: 20) == 0)
    #expect(font.width(of: "AVA", size: .nan) == 0)
    #expect(font.width(of: "AVA", size: -3) == 0)
  }

  @Test("a composite glyph (A-acute) resolves to A's points and the acute's, offset")
  func compositeGlyph() throws {
    let font = FontFace.dejaVuSans
    #expect(font.glyph(for: "\u{C1}") == 129)
    let outline = try font.outline(of: 129)
    #expect(outline.points.count == 15)
    #expect(outline.contourEnds == [3, 11, 15])
    let corners = [0, 1, 2, 12, 13, 14].map { (outline.points[$0].x, outline.points[$0].y) }
    #expect(corners.map(\.0) == [700, 426, 975, 940, 712, 559])
    #expect(corners.map(\.1) == [1294, 551, 551, 1899, 1635, 1635])
    let box = try #require(font.boundingBox(of: 129))
    #expect(box == (16, 0, 1384, 1899))
  }

  @Test("a missing character maps to glyph 0, whose outline is the .notdef box")
  func missingCharacter() throws {
    let font = FontFace.dejaVuSans
    #expect(font.glyph(for: "\u{4E2D}") == 0)
    #expect(font.glyph(for: "\u{1F600}") == 0)
    let outline = try font.outline(of: 0)
    #expect(outline.contourEnds == [4, 8])
    #expect(outline.points.map(\.x) == [102, 102, 1126, 1126, 217, 1012, 1012, 217])
    #expect(outline.points.map(\.y) == [-362, 1444, 1444, -362, -248, -248, 1329, 1329])
  }

  @Test(
    "composite glyphs apply their scale, x/y scale and 2x2 transforms",
    arguments: [
      (0x08, [0.5], [0.5, 0, 0, 0.5]), (0x40, [0.5, 1.5], [0.5, 0, 0, 1.5]),
      (0x80, [0, 1, -1, 0], [0, 1, -1, 0]),
    ])
  func transformedComposite(_ flag: Int, _ values: [Double], _ matrix: [Double]) throws {
    let glyph = FontFixture.composite(
      of: 34, dx: 100, dy: -50, transformFlag: flag, transform: values)
    let font = try FontFace(data: FontFixture.replacingGlyphs([129: glyph]))
    let outline = try font.outline(of: 129)
    let base = try FontFace.dejaVuSans.outline(of: 34)
    #expect(outline.contourEnds == base.contourEnds)
    // [a c; b d] as the spec orders a 2x2 (xscale, scale01, scale10, yscale); offsets unscaled.
    let (a, b, c, d) = (matrix[0], matrix[1], matrix[2], matrix[3])
    #expect(outline.points.map(\.x) == base.points.map { a * $0.x + c * $0.y + 100 })
    #expect(outline.points.map(\.y) == base.points.map { b * $0.x + d * $0.y - 50 })
    // Glyphs around the replaced one are untouched.
    #expect(try font.outline(of: 128) == FontFace.dejaVuSans.outline(of: 128))
  }

  @Test("a component placed by matching points lands its point on the parent's")
  func pointMatchingComposite() throws {
    // Two copies of A (glyph 34): the second placed so that its point 0, (700, 1294), lands
    // on the first copy's point 1, (426, 551).
    var glyph = FontFixture.bigEndian(-1, bytes: 2) + Array(repeating: 0, count: 8)
    glyph += FontFixture.bigEndian(0x0001 | 0x0002 | 0x0020, bytes: 2) + [0, 34, 0, 0, 0, 0]
    glyph += FontFixture.bigEndian(0x0001, bytes: 2) + [0, 34, 0, 1, 0, 0]
    let font = try FontFace(data: FontFixture.replacingGlyphs([129: glyph]))
    let outline = try font.outline(of: 129)
    let base = try FontFace.dejaVuSans.outline(of: 34)
    #expect(outline.points.count == 2 * base.points.count)
    #expect(outline.contourEnds == base.contourEnds + base.contourEnds.map { $0 + 11 })
    let moved = outline.points[base.points.count...]
    #expect(moved.map(\.x) == base.points.map { $0.x - 274 })
    #expect(moved.map(\.y) == base.points.map { $0.y - 743 })
  }

  @Test("a composite that contains itself throws instead of recursing forever")
  func compositeLoop() throws {
    let loop = FontFixture.composite(of: 129, dx: 0, dy: 0, transformFlag: 0, transform: [])
    let font = try FontFace(data: FontFixture.replacingGlyphs([129: loop]))
    #expect(throws: FontError.malformed("composite glyph 129 nests deeper than 8 levels")) {
      try font.outline(of: 129)
    }
  }

  @Test("a format 12 cmap maps characters beyond the BMP; glyphs past the font map to 0")
  func format12() throws {
    let font = try FontFace(
      data: FontFixture.format12([(0x30, 0x39, 17), (0x41, 0x41, 34), (0x1F600, 0x1F601, 3010)]))
    #expect(font.glyph(for: "0") == 17)
    #expect(font.glyph(for: "9") == 26)
    #expect(font.glyph(for: "A") == 34)
    #expect(font.glyph(for: "B") == 0)
    #expect(font.glyph(for: "\u{1F600}") == 3010)
    #expect(font.glyph(for: "\u{1F601}") == 0)
  }

  @Test("a font with a long loca table reads the same outlines")
  func longLoca() throws {
    let long = try FontFace(data: FontFixture.longLoca())
    guard case .glyf(let locations, _) = long.outlines else {
      Issue.record("the long-loca font has no glyf outlines")
      return
    }
    #expect(locations.isLong)
    for glyph in [0, 17, 34, 129, 438] as [UInt16] {
      #expect(try long.outline(of: glyph) == FontFace.dejaVuSans.outline(of: glyph))
    }
  }

  @Test("truncated fonts throw, with where the data ran out")
  func truncated() {
    #expect(
      throws: FontError.malformed(
        "the table directory at byte 12, 240 bytes long, ends past the data")
    ) {
      try FontFace(data: Array(FontFixture.regular.prefix(12)))
    }
    #expect(throws: FontError.malformed("the file is 11 bytes, too short for a font")) {
      try FontFace(data: Array(FontFixture.regular.prefix(11)))
    }
    #expect(
      throws: FontError.malformed(
        "not a TrueType or OpenType font: it starts with 0x41424344 (\"ABCD\"), where a font "
          + "starts with 0x00010000, \"true\", \"OTTO\" or \"ttcf\"")
    ) {
      try FontFace(data: Array("ABCD".utf8) + FontFixture.regular.dropFirst(4))
    }
    #expect(
      throws: FontError.unsupportedFormat(
        "WOFF2 is a web font wrapper; convert it to .ttf or .otf first "
          + "(for example: python3 -m fontTools.ttLib.woff2 decompress FILE)")
    ) {
      try FontFace(data: Array("wOF2".utf8) + FontFixture.regular.dropFirst(4))
    }
    #expect(
      throws: FontError.malformed("face 1 does not exist; the file holds 1 face (index 0)")
    ) {
      try FontFace(data: FontFixture.regular, index: 1)
    }
    // Every cut of the file throws rather than trapping.
    for length in stride(from: 0, to: FontFixture.regular.count, by: 97) {
      #expect(throws: FontError.self) {
        try FontFace(data: Array(FontFixture.regular.prefix(length)))
      }
    }
  }

  @Test("a missing table is named")
  func missingTable() {
    let withoutHmtx = FontFixture.build(
      FontFixture.tables(FontFixture.regular).filter { $0.tag != "hmtx" })
    #expect(throws: FontError.malformed("no hmtx table")) {
      try FontFace(data: withoutHmtx)
    }
  }

  @Test("corrupted fonts throw or draw, but never trap (seeded, replayable)")
  func corrupted() throws {
    var generator = SeededGenerator(seed: 15)
    var cache = GlyphCache()
    var canvas = try RasterCanvas(width: 64, height: 32)
    for _ in 0..<40 {
      var bytes = FontFixture.regular
      for _ in 0..<20 {
        let index = Int(generator.next() % UInt64(bytes.count))
        bytes[index] = UInt8(truncatingIfNeeded: generator.next())
      }
      guard let font = try? FontFace(data: bytes) else { continue }
      for glyph in 0..<UInt16(font.glyphCount) {
        // A glyph either reads as a well-formed outline or is refused as malformed.
        do {
          let outline = try font.outline(of: glyph)
          #expect(outline.contourEnds == outline.contourEnds.sorted())
          #expect(outline.contourEnds.last ?? 0 == outline.points.count)
          #expect(outline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        } catch {
          #expect(error.description.hasPrefix("malformed font: "))
        }
        // The box is the file's own four numbers, whatever they say; reading them never traps.
        _ = font.boundingBox(of: glyph)
      }
      let fonts = FontSet(faces: [font], systemFonts: false)
      canvas.draw(
        fonts.shape("Åg72 mg/dL", weight: .regular), fonts: fonts, size: 20, x: 1, y: 20,
        anchor: .start, color: Color(red: 0, green: 0, blue: 0), cache: &cache)
    }
  }

  @Test(
    "base64 decoding of the bundled data",
    arguments: [
      ("TWFu", [77, 97, 110]), ("TWE=", [77, 97]), ("TQ==", [77]), ("", []),
      ("TW\nFu\n", [77, 97, 110]),
    ] as [(String, [UInt8])])
  func base64(_ text: String, _ bytes: [UInt8]) {
    #expect(BundledFontData.decode(text) == bytes)
  }

  @Test(
    "base64 rejects other characters and partial groups",
    arguments: ["TWF", "TW!u", "T=Fu", "TQ==" + "TQ"])
  func badBase64(_ text: String) {
    #expect(BundledFontData.decode(text) == nil)
  }
}
