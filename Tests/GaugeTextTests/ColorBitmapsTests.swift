import Foundation
import GaugePNG
import GaugeTestSupport
import Testing

@testable import GaugeText

/// Expected values for the Noto Color Emoji subset come from fontTools and Pillow through
/// scripts/make-emoji-bitmap-fixture, which writes them to Fixtures/NotoColorEmoji-bitmaps.txt.
@Suite("CBDT colour bitmaps")
struct ColorBitmapsTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The CBLC and CBDT tables of a font file.
  static func colorBitmaps(_ font: [UInt8]) throws -> ColorBitmaps {
    var tables: [String: (offset: Int, length: Int)] = [:]
    for table in 0..<FontFixture.uint16(font, 4) {
      let record = 12 + 16 * table
      let tag = String(decoding: font[record..<(record + 4)], as: UTF8.self)
      tables[tag] = (FontFixture.uint32(font, record + 8), FontFixture.uint32(font, record + 12))
    }
    return try ColorBitmaps(
      reader: FontReader(bytes: font), cblc: try #require(tables["CBLC"]),
      cbdt: try #require(tables["CBDT"]))
  }

  static func expectations() throws -> [[String]] {
    let text = try String(
      contentsOf: fixtures.appendingPathComponent("NotoColorEmoji-bitmaps.txt"), encoding: .utf8)
    return text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
  }

  @Test("metrics of the Noto subset match fontTools")
  func notoMetrics() throws {
    let font = [UInt8](
      try Data(contentsOf: Self.fixtures.appendingPathComponent("NotoColorEmoji-bitmaps.ttf")))
    let bitmaps = try Self.colorBitmaps(font)
    let glyphs = try Self.expectations().filter { $0[0] == "glyph" }
    #expect(glyphs.count == 4)
    for line in glyphs {
      let numbers = line[2...].compactMap { Int($0) }
      let glyph = UInt16(numbers[0])
      #expect(line[4] == "17")
      #expect(bitmaps.hasGlyph(glyph))
      let bitmap = try #require(try bitmaps.bitmap(of: glyph, ppem: 20))
      #expect(
        [
          bitmap.ppem, bitmap.width, bitmap.height, bitmap.bearingX, bitmap.bearingY,
          bitmap.advance,
        ]
          == [numbers[1]] + numbers[3...7], "U+\(line[1])")
      #expect(bitmap.rgba.count == bitmap.width * bitmap.height * 4)
    }
    #expect(!bitmaps.hasGlyph(0))
    #expect(try bitmaps.bitmap(of: 0, ppem: 109) == nil)
    #expect(try bitmaps.bitmap(of: 5, ppem: 109) == nil)
  }

  @Test("the grinning face's pixels match Pillow's decoding of its PNG")
  func notoPixels() throws {
    let font = [UInt8](
      try Data(contentsOf: Self.fixtures.appendingPathComponent("NotoColorEmoji-bitmaps.ttf")))
    let expectations = try Self.expectations()
    let bitmap = try #require(try Self.colorBitmaps(font).bitmap(of: 4, ppem: 109))
    let crc = try #require(expectations.first { $0[0] == "crc32" })[1]
    #expect(CRC32.checksum(bitmap.rgba) == UInt32(crc, radix: 16))
    for line in expectations where line[0] == "pixel" {
      let numbers = line[1...].compactMap { Int($0) }
      let offset = (numbers[1] * bitmap.width + numbers[0]) * 4
      #expect(bitmap.rgba[offset..<(offset + 4)].map(Int.init) == Array(numbers[2...]), "\(line)")
    }
  }

  /// Straight RGBA of `width` x `height` pixels, each channel from a seeded generator.
  static func image(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    return generator.bytes(width * height * 4)
  }

  static func png(width: Int, height: Int, seed: UInt64) throws -> [UInt8] {
    try PNGImage.encode(
      rgba: image(width: width, height: height, seed: seed), width: width, height: height)
  }

  @Test(
    "index formats 1 to 5 with image formats 17, 18 and 19",
    arguments: [(1, 17), (1, 18), (3, 17), (3, 18), (4, 17), (4, 18), (2, 19), (5, 19)])
  func indexAndImageFormats(indexFormat: Int, imageFormat: Int) throws {
    // Glyphs 10...14; 12 has no image (formats 2 and 5: none has, when 12 is left out).
    var pngs: [UInt16: [UInt8]] = [:]
    for glyph: UInt16 in [10, 11, 13, 14] {
      pngs[glyph] = try Self.png(width: 5, height: 3, seed: UInt64(glyph))
    }
    if indexFormat == 2 { pngs[12] = try Self.png(width: 5, height: 3, seed: 12) }
    let subtable = BitmapTables.Subtable(
      first: 10, last: 14, indexFormat: indexFormat, imageFormat: imageFormat, pngs: pngs,
      size: (5, 3), bearing: (-2, 7), advance: 6)
    let tables = BitmapTables(strikes: [(ppem: 12, subtables: [subtable])])
    let bitmaps = try ColorBitmaps(
      reader: FontReader(bytes: tables.bytes), cblc: tables.cblc, cbdt: tables.cbdt)
    for glyph: UInt16 in 9...15 {
      let expected = pngs[glyph].map { _ in
        BitmapGlyph(
          width: 5, height: 3, bearingX: -2, bearingY: 7, advance: 6, ppem: 12,
          rgba: Self.image(width: 5, height: 3, seed: UInt64(glyph)))
      }
      #expect(try bitmaps.bitmap(of: glyph, ppem: 12) == expected, "glyph \(glyph)")
      #expect(bitmaps.hasGlyph(glyph) == (expected != nil), "glyph \(glyph)")
    }
  }

  @Test("the smallest strike at least the size asked for, else the largest")
  func strikeChoice() throws {
    func strike(_ ppem: Int, glyphs: ClosedRange<UInt16>) throws -> (
      ppem: Int, subtables: [BitmapTables.Subtable]
    ) {
      let png = try Self.png(width: 2, height: 2, seed: UInt64(ppem))
      let pngs = Dictionary(uniqueKeysWithValues: glyphs.map { ($0, png) })
      return (
        ppem,
        [
          BitmapTables.Subtable(
            first: glyphs.lowerBound, last: glyphs.upperBound, indexFormat: 1, imageFormat: 17,
            pngs: pngs, size: (2, 2))
        ]
      )
    }
    let tables = BitmapTables(strikes: [
      try strike(40, glyphs: 1...3), try strike(109, glyphs: 1...3), try strike(20, glyphs: 1...5),
    ])
    let bitmaps = try ColorBitmaps(
      reader: FontReader(bytes: tables.bytes), cblc: tables.cblc, cbdt: tables.cbdt)
    for (ppem, chosen) in [
      (1.0, 20), (20, 20), (20.5, 40), (40, 40), (41, 109), (500, 109), (.nan, 109),
      (.infinity, 109),
    ] {
      #expect(try bitmaps.bitmap(of: 2, ppem: ppem)?.ppem == chosen, "ppem \(ppem)")
    }
    // Only the 20 ppem strike has glyph 5.
    #expect(try bitmaps.bitmap(of: 5, ppem: 100)?.ppem == 20)
  }

  static func message(_ body: () throws(FontError) -> Any?) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return error.description
    }
  }

  static func bitmaps(_ subtable: BitmapTables.Subtable, cblcVersion: Int = 3) throws(FontError)
    -> (ColorBitmaps, BitmapTables)
  {
    let tables = BitmapTables(
      strikes: [(ppem: 12, subtables: [subtable])], cblcVersion: cblcVersion)
    return (
      try ColorBitmaps(
        reader: FontReader(bytes: tables.bytes), cblc: tables.cblc, cbdt: tables.cbdt),
      tables
    )
  }

  @Test("malformed tables and images throw exact messages")
  func errors() throws {
    let png = try Self.png(width: 5, height: 3, seed: 1)
    let subtable = BitmapTables.Subtable(
      first: 10, last: 10, indexFormat: 1, imageFormat: 17, pngs: [10: png], size: (5, 3))
    var wrongSize = subtable
    wrongSize.size = (6, 3)
    #expect(
      Self.message { () throws(FontError) in try Self.bitmaps(wrongSize).0.bitmap(of: 10, ppem: 12)
      }
        == "malformed font: glyph 10's PNG is 5x3 pixels but its metrics say 6x3")
    var noMetrics = subtable
    noMetrics.imageFormat = 19
    #expect(
      Self.message { () throws(FontError) in try Self.bitmaps(noMetrics).0.bitmap(of: 10, ppem: 12)
      }
        == "malformed font: glyph 10 has image format 19 but its index holds no metrics")
    var unknown = subtable
    unknown.indexFormat = 7
    let (unknownBitmaps, _) = try Self.bitmaps(unknown)
    #expect(!unknownBitmaps.hasGlyph(10))
    #expect(
      Self.message { () throws(FontError) in try unknownBitmaps.bitmap(of: 10, ppem: 12) }
        == "malformed font: strike index format 7 is not 1...5")
    #expect(
      Self.message { () throws(FontError) in try Self.bitmaps(subtable, cblcVersion: 1) }
        == "malformed font: CBLC version 1 is not 3")
    let tables = try Self.bitmaps(subtable).1
    #expect(
      Self.message { () throws(FontError) in
        try ColorBitmaps(reader: FontReader(bytes: tables.bytes), cblc: (0, 20), cbdt: tables.cbdt)
      } == "malformed font: the CBLC strikes at byte 8, 48 bytes long, ends past its table")

    // The record: 5 bytes of metrics, the PNG's length, the PNG (whose IHDR data is at 16).
    let record = tables.cbdt.offset + 4
    func damaged(_ change: (inout [UInt8]) -> Void) -> String? {
      var bytes = tables.bytes
      change(&bytes)
      return Self.message { () throws(FontError) in
        try ColorBitmaps(reader: FontReader(bytes: bytes), cblc: tables.cblc, cbdt: tables.cbdt)
          .bitmap(of: 10, ppem: 12)
      }
    }
    #expect(
      damaged { $0[record + 8] += 1 }
        == "malformed font: glyph 10's PNG of \(png.count + 1) bytes overruns its "
        + "\(png.count + 9)-byte record")
    #expect(
      damaged { $0[record + 9 + 16] ^= 1 }
        == "malformed font: glyph 10's PNG: The CRC of the IHDR chunk at byte 8 does not match its data."
    )

    // A PNG whose header claims 1024 x 300 pixels: refused before its data is inflated.
    var claim = png
    claim.replaceSubrange(16..<24, with: BitmapTables.be(1024, 4) + BitmapTables.be(300, 4))
    claim.replaceSubrange(29..<33, with: BitmapTables.be(Int(CRC32.checksum(claim[12..<29])), 4))
    var huge = subtable
    huge.pngs = [10: claim]
    huge.size = (255, 255)
    #expect(
      Self.message { () throws(FontError) in try Self.bitmaps(huge).0.bitmap(of: 10, ppem: 12) }
        == "malformed font: glyph 10's PNG: The PNG image is 1024x300 pixels, more than the limit of 262144."
    )
  }

  /// Flipped bytes anywhere in the tables throw or read; they never trap.
  @Test("damaged tables never trap")
  func damagedTables() throws {
    var generator = SeededGenerator(seed: 0xCB07)
    var pngs: [UInt16: [UInt8]] = [:]
    for glyph: UInt16 in 3...6 {
      pngs[glyph] = try Self.png(width: 4, height: 2, seed: UInt64(glyph))
    }
    let tables = BitmapTables(strikes: [
      (
        ppem: 20,
        subtables: [
          .init(first: 3, last: 6, indexFormat: 1, imageFormat: 17, pngs: pngs, size: (4, 2)),
          .init(
            first: 7, last: 7, indexFormat: 3, imageFormat: 18, pngs: [7: pngs[3]!], size: (4, 2)),
        ]
      ),
      (
        ppem: 40,
        subtables: [
          .init(first: 3, last: 6, indexFormat: 5, imageFormat: 19, pngs: pngs, size: (4, 2)),
          .init(
            first: 8, last: 9, indexFormat: 4, imageFormat: 17, pngs: [9: pngs[4]!], size: (4, 2)),
        ]
      ),
    ])
    for _ in 0..<500 {
      var bytes = tables.bytes
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      guard
        let bitmaps = try? ColorBitmaps(
          reader: FontReader(bytes: bytes), cblc: tables.cblc, cbdt: tables.cbdt)
      else { continue }
      for glyph: UInt16 in 0...12 {
        // A glyph the strikes lack has no bitmap; one they have decodes whole or is refused.
        do {
          let bitmap = try bitmaps.bitmap(of: glyph, ppem: 30)
          if !bitmaps.hasGlyph(glyph) { #expect(bitmap == nil) }
          if let bitmap { #expect(bitmap.rgba.count == bitmap.width * bitmap.height * 4) }
        } catch {
          #expect(error.description.hasPrefix("malformed font: "))
        }
      }
    }
  }

  static let installedEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  /// Every 16th glyph of the whole font, where installed: about 250 PNGs of the palette and
  /// RGBA kinds Noto's build tools write.
  @Test(
    "the installed Noto Color Emoji decodes",
    .enabled(if: FileManager.default.fileExists(atPath: installedEmoji)))
  func installedFont() throws {
    let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.installedEmoji)))
    let bitmaps = try Self.colorBitmaps(font)
    var decoded = 0
    for glyph in stride(from: UInt16(0), to: 4000, by: 16) {
      guard let bitmap = try bitmaps.bitmap(of: glyph, ppem: 32) else { continue }
      #expect(bitmap.ppem == 109 && bitmap.width == 136 && bitmap.height == 128, "glyph \(glyph)")
      decoded += 1
    }
    #expect(decoded > 200)
  }
}
