/// A TrueType font (`glyf` outlines): its metrics, character map, kerning and glyph outlines.
///
/// It reads the tables head, hhea, maxp, cmap (formats 4 and 12), hmtx, loca (short and long),
/// glyf (simple and composite glyphs) and pair kerning: GPOS pair adjustment (formats 1 and 2)
/// when the font has it, as HarfBuzz and browsers do, else the `kern` table's format 0 pairs.
/// DejaVu Sans carries both, with equal values. Hinting is ignored.
///
/// Edge cases:
/// - A character the font lacks maps to glyph 0, `.notdef`, which DejaVu draws as a box.
/// - Table structure is checked when the font is made; a glyph whose outline turns out to be
///   malformed when it is first drawn draws as nothing (and still advances).
public struct FontFace: Sendable {
  /// Font design units per em: the outline coordinates of a glyph one em high.
  public let unitsPerEm: Int
  /// The distance from the baseline to the top of the tallest glyphs, in font units (> 0).
  public let ascender: Int
  /// The distance from the baseline to the bottom of the lowest glyphs, in font units (< 0).
  public let descender: Int
  /// The number of glyphs, `.notdef` included.
  public let glyphCount: Int
  /// The box around every glyph, in font units, y up: (xMin, yMin, xMax, yMax).
  public let bounds: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)

  let reader: FontReader
  /// Tells fonts apart in a `GlyphCache`: the data's length and whole-file checksum.
  package let fingerprint: UInt64
  let horizontalMetrics: (offset: Int, count: Int)
  let glyphLocations: (offset: Int, isLong: Bool)
  let glyphData: (offset: Int, length: Int)
  let characterMap: CharacterMap
  let kerning: (offset: Int, count: Int)?
  let pairAdjustments: PairAdjustments?

  /// Reads a TrueType font file (`.ttf`).
  ///
  /// - Throws: `FontError.malformed` if a table is missing, truncated or inconsistent,
  ///   or the font has CFF outlines instead of `glyf`.
  public init(data: [UInt8]) throws(FontError) {
    let reader = FontReader(bytes: data)
    self.reader = reader
    let tables = try Self.tableDirectory(reader)
    func table(_ tag: String) throws(FontError) -> (offset: Int, length: Int) {
      guard let found = tables[tag] else { throw .malformed("no \(tag) table") }
      return found
    }

    let head = try table("head")
    try reader.require(head.offset, 54, "the head table")
    unitsPerEm = Int(try reader.uint16(head.offset + 18))
    guard (16...16_384).contains(unitsPerEm) else {
      throw .malformed("units per em \(unitsPerEm) is outside 16...16384")
    }
    bounds = (
      Int(try reader.int16(head.offset + 36)), Int(try reader.int16(head.offset + 38)),
      Int(try reader.int16(head.offset + 40)), Int(try reader.int16(head.offset + 42))
    )
    fingerprint = UInt64(data.count) << 32 | UInt64(try reader.uint32(head.offset + 8))
    let locationFormat = try reader.int16(head.offset + 50)
    guard locationFormat == 0 || locationFormat == 1 else {
      throw .malformed("loca format \(locationFormat) is neither 0 nor 1")
    }

    let maxp = try table("maxp")
    try reader.require(maxp.offset, 6, "the maxp table")
    glyphCount = Int(try reader.uint16(maxp.offset + 4))
    guard glyphCount > 0 else { throw .malformed("the font has no glyphs") }

    let hhea = try table("hhea")
    try reader.require(hhea.offset, 36, "the hhea table")
    ascender = Int(try reader.int16(hhea.offset + 4))
    descender = Int(try reader.int16(hhea.offset + 6))
    let metricCount = Int(try reader.uint16(hhea.offset + 34))
    let hmtx = try table("hmtx")
    guard metricCount > 0, metricCount <= glyphCount, metricCount * 4 <= hmtx.length else {
      throw .malformed("hmtx holds fewer than the \(metricCount) metrics hhea promises")
    }
    horizontalMetrics = (hmtx.offset, metricCount)

    let loca = try table("loca")
    let isLong = locationFormat == 1
    guard (glyphCount + 1) * (isLong ? 4 : 2) <= loca.length else {
      throw .malformed("loca is too short for \(glyphCount) glyphs")
    }
    glyphLocations = (loca.offset, isLong)
    glyphData = try table("glyf")

    characterMap = try CharacterMap(reader: reader, table: try table("cmap"), glyphs: glyphCount)
    kerning = try tables["kern"].flatMap { table throws(FontError) in
      try Self.kerningPairs(reader, table)
    }
    pairAdjustments = try tables["GPOS"].flatMap { table throws(FontError) in
      try PairAdjustments(reader: reader, table: table)
    }
  }

  /// The offset and length of every table, by tag, each checked to lie inside the data.
  private static func tableDirectory(
    _ reader: FontReader
  ) throws(FontError) -> [String: (offset: Int, length: Int)] {
    let version = try reader.uint32(0)
    guard version == 0x0001_0000 || version == 0x7472_7565 else {
      throw .malformed("not a TrueType font (version 0x\(String(version, radix: 16)))")
    }
    let count = Int(try reader.uint16(4))
    var tables: [String: (offset: Int, length: Int)] = [:]
    for index in 0..<count {
      let record = 12 + 16 * index
      let tag = String(
        decoding: try (0..<4).map { i throws(FontError) in
          try reader.uint8(record + i)
        }, as: UTF8.self)
      let offset = Int(try reader.uint32(record + 8))
      let length = Int(try reader.uint32(record + 12))
      try reader.require(offset, length, "the \(tag) table")
      tables[tag] = (offset, length)
    }
    return tables
  }

  /// Where a `kern` table's first horizontal format-0 subtable keeps its pairs, if any.
  private static func kerningPairs(
    _ reader: FontReader, _ table: (offset: Int, length: Int)
  ) throws(FontError) -> (offset: Int, count: Int)? {
    // Version 1 is Apple's layout, which DejaVu does not use; it reads as no kerning.
    guard try reader.uint16(table.offset) == 0 else { return nil }
    var subtable = table.offset + 4
    for _ in 0..<Int(try reader.uint16(table.offset + 2)) {
      let length = Int(try reader.uint16(subtable + 2))
      let coverage = try reader.uint16(subtable + 4)
      // Format 0 (high byte), horizontal, holding values rather than minimums, not cross-stream.
      if coverage >> 8 == 0, coverage & 0x7 == 0x1 {
        let count = Int(try reader.uint16(subtable + 6))
        try reader.require(subtable + 14, count * 6, "the kern pairs")
        return (subtable + 14, count)
      }
      guard length >= 6 else { throw .malformed("a kern subtable of \(length) bytes") }
      subtable += length
    }
    return nil
  }
}
