import GaugeTestSupport
import Testing

@testable import GaugeText

/// Expected layers are what scripts/make-colr-fixtures prints after reading its fonts back
/// with fontTools (`COLR.ColorLayers`, `CPAL.palettes[0]`).
@Suite("COLR colour layers")
struct ColorLayersTests {
  typealias Layer = ColorLayers.Layer

  static func color(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8)
    -> ColorLayers.Color
  {
    ColorLayers.Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  static func layers(_ fixture: String) throws -> ColorLayers {
    let font = try FixtureFile.bytes(fixture)
    return try ColorLayers(
      reader: FontReader(bytes: font), colr: #require(FixtureFile.table(font, "COLR")),
      cpal: FixtureFile.table(font, "CPAL"))
  }

  @Test(
    "version 0 records, coloured from palette 0; COLR v1 falls back to them",
    arguments: ["colr-v0.ttf", "colr-v1.ttf"])
  func fixtureLayers(_ fixture: String) throws {
    let colr = try Self.layers(fixture)
    let red = Self.color(255, 0, 0, 255)
    let translucent = Self.color(16, 32, 48, 128)
    #expect(
      colr.layers(of: 4) == [
        Layer(glyph: 1, color: red), Layer(glyph: 2, color: translucent),
        Layer(glyph: 3, color: nil),
      ])
    #expect(colr.layers(of: 5) == [Layer(glyph: 3, color: Self.color(1, 2, 3, 4))])
    // Glyph 7 also has a paint graph in colr-v1.ttf: its v0 record is what is read.
    #expect(
      colr.layers(of: 7) == [Layer(glyph: 2, color: red), Layer(glyph: 1, color: translucent)])
    // Glyph 6 has only a paint graph in colr-v1.ttf, and no record in colr-v0.ttf.
    for glyph: UInt16 in [0, 1, 2, 3, 6, 8, 0xFFFF] {
      #expect(colr.layers(of: glyph) == nil, "glyph \(glyph)")
    }
  }

  /// A COLR v0 table at byte 0 and, at byte `cpalStart`, a CPAL v0 table; offsets in the
  /// header point where the records would be when the table is well formed.
  static func tables(
    version: UInt16 = 0, bases: [(glyph: Int, first: Int, count: Int)],
    layers: [(glyph: Int, entry: Int)], entries: Int = 3, palettes: Int = 1,
    firstRecord: Int = 0, records: Int = 3
  ) -> [UInt8] {
    func be16(_ value: Int) -> [UInt8] { FontFixture.bigEndian(value, bytes: 2) }
    func be32(_ value: Int) -> [UInt8] { FontFixture.bigEndian(value, bytes: 4) }
    var colr: [UInt8] = be16(Int(version)) + be16(bases.count) + be32(14)
    colr += be32(14 + 6 * bases.count) + be16(layers.count)
    for base in bases { colr += be16(base.glyph) + be16(base.first) + be16(base.count) }
    for layer in layers { colr += be16(layer.glyph) + be16(layer.entry) }
    var cpal = be16(0) + be16(entries) + be16(palettes) + be16(records)
    cpal += be32(12 + 2 * palettes) + (0..<palettes).flatMap { _ in be16(firstRecord) }
    for index in 0..<records { cpal += [UInt8(index), 0x20, 0x40, 0xFF] }  // BGRA
    return colr + cpal
  }

  static func read(_ data: [UInt8], colrLength: Int? = nil, cpal: Bool = true) throws(FontError)
    -> ColorLayers
  {
    let length = FontFixture.uint16(data, 12) * 4 + FontFixture.uint16(data, 2) * 6 + 14
    return try ColorLayers(
      reader: FontReader(bytes: data), colr: (0, colrLength ?? length),
      cpal: cpal ? (length, data.count - length) : nil)
  }

  @Test("a hand-built table reads as written: BGRA records, the text colour, empty records")
  func handBuilt() throws {
    let data = Self.tables(
      bases: [(3, 0, 2), (9, 2, 0), (10, 1, 1)], layers: [(5, 2), (6, 0xFFFF)])
    let colr = try Self.read(data)
    #expect(
      colr.layers(of: 3) == [
        Layer(glyph: 5, color: Self.color(0x40, 0x20, 2, 0xFF)), Layer(glyph: 6, color: nil),
      ])
    #expect(colr.layers(of: 9) == [])
    #expect(colr.layers(of: 10) == [Layer(glyph: 6, color: nil)])
    #expect(colr.layers(of: 4) == nil)
  }

  @Test("malformed tables throw messages that say what and where")
  func malformed() {
    let good = Self.tables(bases: [(3, 0, 2)], layers: [(5, 2), (6, 0)])
    func error(_ body: () throws(FontError) -> ColorLayers) -> FontError? {
      do {
        _ = try body()
        return nil
      } catch { return error }
    }
    var version2 = good
    version2[1] = 2
    #expect(
      error { () throws(FontError) in try Self.read(version2) }
        == .malformed("COLR version 2 is neither 0 nor 1"))
    #expect(
      error { () throws(FontError) in try Self.read(good, colrLength: 10) }
        == .malformed(
          "the COLR header at byte 0, 14 bytes long, ends past its table's end at byte 10"))
    #expect(
      error { () throws(FontError) in try Self.read(good, colrLength: 24) }
        == .malformed(
          "the COLR layer records at byte 20, 8 bytes long, ends past its table's end at byte 24"))
    var version1 = good
    version1[1] = 1
    #expect(
      error { () throws(FontError) in try Self.read(version1) }
        == .malformed(
          "the COLR version 1 header at byte 0, 34 bytes long, ends past its table's end at byte 28"
        ))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [(3, 0, 1), (3, 1, 1)], layers: [(5, 0), (6, 0)]))
      } == .malformed("COLR base glyph records are not in ascending glyph order (3 after 3)"))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [(3, 1, 2)], layers: [(5, 0), (6, 0)]))
      } == .malformed("COLR glyph 3 takes layers 1..<3, past the 2 layer records"))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [(3, 0, 1025)], layers: [(5, 0)]))
      } == .malformed("COLR glyph 3 has 1025 layers, more than the limit of 1024"))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [(3, 0, 2)], layers: [(5, 0), (6, 3)]))
      } == .malformed("COLR layer 1 uses palette entry 3, but CPAL palette 0 has 3 entries"))
    #expect(
      error { () throws(FontError) in try Self.read(good, cpal: false) }
        == .malformed("COLR layer 0 uses palette entry 2, but the font has no CPAL table"))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [], layers: [], palettes: 0))
      } == .malformed("CPAL has no palettes"))
    #expect(
      error { () throws(FontError) in
        try Self.read(Self.tables(bases: [], layers: [], firstRecord: 1))
      } == .malformed("CPAL palette 0 takes colour records 1..<4, past the 3 records"))
    var truncatedPalette = Self.tables(bases: [], layers: [])
    truncatedPalette.removeLast(2)
    #expect(
      error { () throws(FontError) in try Self.read(truncatedPalette) }
        == .malformed(
          "the CPAL colour records at byte 28, 12 bytes long, ends past its table's end at byte 38")
    )
  }

  @Test("seeded corruption of COLR and CPAL throws or reads, and never traps")
  func corruption() throws {
    var generator = SeededGenerator(seed: 0xC01E)
    var outcomes = (read: 0, threw: 0)
    for fixture in ["colr-v0.ttf", "colr-v1.ttf"] {
      let font = try FixtureFile.bytes(fixture)
      let colr = try #require(FixtureFile.table(font, "COLR"))
      let cpal = try #require(FixtureFile.table(font, "CPAL"))
      for _ in 0..<1_000 {
        var bytes = font
        let target = Bool.random(using: &generator) ? colr : cpal
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let at = target.offset + Int.random(in: 0..<target.length, using: &generator)
          bytes[at] = UInt8.random(in: 0...255, using: &generator)
        }
        // Sometimes the table lies about its length too.
        let cut = Int.random(in: 0...3, using: &generator) == 0
        let colrTable =
          cut ? (colr.offset, Int.random(in: 0..<colr.length, using: &generator)) : colr
        do {
          let layers = try ColorLayers(
            reader: FontReader(bytes: bytes), colr: colrTable, cpal: cpal)
          for glyph in [0, 4, 5, 6, 7, Int.random(in: 0...0xFFFF, using: &generator)] {
            let found = layers.layers(of: UInt16(glyph)) ?? []
            #expect(found.count <= ColorLayers.maximumLayersPerGlyph)
          }
          outcomes.read += 1
        } catch {
          outcomes.threw += 1
        }
      }
    }
    // Both outcomes happen, so the corruption reaches the checks and also leaves readable
    // tables (a changed colour or glyph id).
    #expect(outcomes.read > 100)
    #expect(outcomes.threw > 100)
  }
}
