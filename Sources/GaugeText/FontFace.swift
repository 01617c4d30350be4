/// One face of a font file: its metrics, character map, kerning and glyph outlines.
///
/// It reads TrueType (`glyf`) and OpenType CFF outlines, single fonts (`.ttf`, `.otf`) and
/// collections (`.ttc`, `.otc`, one face by index), the tables head, hhea, maxp, name, OS/2,
/// cmap (formats 4 and 12), hmtx, and pair kerning: GPOS pair adjustment (formats 1 and 2)
/// when the face has it, as HarfBuzz and browsers do, else the `kern` table's format 0 pairs.
/// Hinting is ignored.
///
/// Edge cases:
/// - A character the face lacks maps to glyph 0, `.notdef`, which DejaVu draws as a box.
/// - Table structure is checked when the face is made; a glyph whose outline turns out to be
///   malformed when it is first drawn draws as nothing (and still advances).
/// - WOFF and WOFF2 files throw `FontError.unsupportedFormat`, saying how to convert them.
package struct FontFace: Sendable {
  /// Font design units per em: the outline coordinates of a glyph one em high.
  package let unitsPerEm: Int
  /// The distance from the baseline to the top of the tallest glyphs, in font units (> 0).
  package let ascender: Int
  /// The distance from the baseline to the bottom of the lowest glyphs, in font units (< 0).
  package let descender: Int
  /// The number of glyphs, `.notdef` included.
  package let glyphCount: Int
  /// The box around every glyph, in font units, y up: (xMin, yMin, xMax, yMax).
  package let bounds: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
  /// The typographic family name ("DejaVu Sans", "Noto Sans CJK JP"), as an SVG
  /// `font-family` names it; empty if the face has no readable name.
  package let familyName: String
  /// Whether the face is bold or heavier (OS/2 weight class 600 and up, else the head
  /// table's bold bit).
  package let isBold: Bool

  let reader: FontReader
  /// Tells faces apart in a glyph cache: the data's length, the face's index and its
  /// whole-file checksum.
  package let fingerprint: UInt64
  let horizontalMetrics: (offset: Int, count: Int)
  let outlines: Outlines
  /// The CFF outlines, for a face whose `outlines` is `.cff`.
  let cffOutlines: CFFOutlines?
  let characterMap: CharacterMap
  let kerning: (offset: Int, count: Int)?
  let pairAdjustments: PairAdjustments?
  /// Every table of the face, by tag.
  let tables: [String: (offset: Int, length: Int)]
  /// COLR v0 layers with CPAL colours, for a colour face that has them.
  package let colorLayers: ColorLayers?
  /// CBLC/CBDT bitmap strikes, for a colour bitmap face such as Noto Color Emoji.
  package let colorBitmaps: ColorBitmaps?
  /// The ligatures of a colour face's `ccmp` and `liga` features: emoji ZWJ sequences,
  /// flags, keycaps and skin tones become one glyph each.
  package let emojiLigatures: LigatureSubstitution?
  /// The face's GSUB, GPOS and GDEF tables, for the OpenType layout engine.
  package let layout: OpenTypeLayout

  /// Where a face keeps its glyph shapes.
  enum Outlines: Sendable {
    /// TrueType: `loca` entries (long or short) into `glyf`.
    case glyf(locations: (offset: Int, isLong: Bool), data: (offset: Int, length: Int))
    /// OpenType CFF (Type 2 charstrings), name-keyed or CID-keyed: `cffOutlines`. (Kept
    /// out of this enum's payload: a multi-payload enum stores its case in the spare bits of
    /// a payload's pointers, which LeakSanitizer cannot follow.)
    case cff
    /// No outline table: a colour bitmap face such as Noto Color Emoji.
    case none
  }

  /// Reads face `index` of a font file: a single font (`.ttf`, `.otf`; index 0) or a
  /// collection (`.ttc`, `.otc`).
  ///
  /// - Throws: `FontError.malformed` if a table is missing, truncated or inconsistent, or
  ///   the index is past the collection's faces; `FontError.unsupportedFormat` for WOFF and
  ///   WOFF2.
  package init(data: [UInt8], index: Int = 0) throws(FontError) {
    let reader = FontReader(bytes: data)
    self.reader = reader
    let directory = try Self.faceOffsets(reader)
    guard directory.indices.contains(index) else {
      throw .malformed(
        "face \(index) does not exist; the file holds \(directory.count) "
          + (directory.count == 1 ? "face (index 0)" : "faces (indices 0...\(directory.count - 1))")
      )
    }
    let tables = try Self.tableDirectory(reader, at: directory[index])
    self.tables = tables
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
    fingerprint =
      UInt64(truncatingIfNeeded: data.count) << 40 | UInt64(index & 0xFF) << 32
      | UInt64(try reader.uint32(head.offset + 8))
    let macStyle = try reader.uint16(head.offset + 44)

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

    (outlines, cffOutlines) = try Self.outlines(reader, tables, head: head, glyphCount: glyphCount)
    characterMap = try CharacterMap(reader: reader, table: try table("cmap"), glyphs: glyphCount)
    kerning = try tables["kern"].flatMap { table throws(FontError) in
      try Self.kerningPairs(reader, table)
    }
    pairAdjustments = try tables["GPOS"].flatMap { table throws(FontError) in
      try PairAdjustments(reader: reader, table: table)
    }
    familyName = tables["name"].flatMap { FontNames.family(reader, $0) } ?? ""
    colorLayers = try tables["COLR"].map { colr throws(FontError) in
      try ColorLayers(reader: reader, colr: colr, cpal: tables["CPAL"])
    }
    colorBitmaps = try tables["CBLC"].flatMap { cblc throws(FontError) in
      try tables["CBDT"].map { cbdt throws(FontError) in
        try ColorBitmaps(reader: reader, cblc: cblc, cbdt: cbdt)
      }
    }
    layout = OpenTypeLayout(reader: reader, tables: tables)
    let isColor = tables["CBDT"] != nil || tables["COLR"] != nil
    emojiLigatures =
      isColor
      ? try tables["GSUB"].flatMap { gsub throws(FontError) in
        try LigatureSubstitution(reader: reader, gsub: gsub, features: ["ccmp", "liga"])
      } : nil
    let weightClass = tables["OS/2"].flatMap { try? reader.uint16($0.offset + 4) }
    isBold = weightClass.map { $0 >= 600 } ?? (macStyle & 1 != 0)
  }

  /// How many faces a font file holds: 1 for a single font, the count of a collection.
  ///
  /// - Throws: as ``init(data:index:)`` for a file that is not a font it reads.
  package static func faceCount(in data: [UInt8]) throws(FontError) -> Int {
    try faceOffsets(FontReader(bytes: data)).count
  }

  /// A face's table directory offset, for each face of the file.
  private static func faceOffsets(_ reader: FontReader) throws(FontError) -> [Int] {
    guard reader.bytes.count >= 12 else {
      throw .malformed("the file is \(reader.bytes.count) bytes, too short for a font")
    }
    let tag = try reader.uint32(0)
    switch tag {
    case 0x7474_6366:  // "ttcf"
      let count = Int(try reader.uint32(8))
      // More faces than any real collection has (Noto Sans CJK has 10 per file).
      guard (1...256).contains(count) else {
        throw .malformed("a collection of \(count) faces; allowed: 1...256")
      }
      return try (0..<count).map { face throws(FontError) in
        Int(try reader.uint32(12 + 4 * face))
      }
    case 0x774F_4646, 0x774F_4632:  // "wOFF", "wOF2"
      let name = tag == 0x774F_4646 ? "WOFF" : "WOFF2"
      throw .unsupportedFormat(
        "\(name) is a web font wrapper; convert it to .ttf or .otf first "
          + "(for example: python3 -m fontTools.ttLib.woff2 decompress FILE)")
    case 0x0001_0000, 0x7472_7565, 0x4F54_544F:  // TrueType, "true", "OTTO"
      return [0]
    default:
      let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }
      let digits = String(tag, radix: 16)
      let hex = String(repeating: "0", count: 8 - digits.count) + digits
      let shown =
        bytes.allSatisfy { (0x20..<0x7F).contains($0) }
        ? "0x\(hex) (\"\(String(decoding: bytes, as: UTF8.self))\")" : "0x\(hex)"
      throw .malformed(
        "not a TrueType or OpenType font: it starts with \(shown), where a font starts with "
          + "0x00010000, \"true\", \"OTTO\" or \"ttcf\"")
    }
  }

  /// The offset and length of every table of the face whose directory is at `start`, by tag,
  /// each checked to lie inside the data.
  private static func tableDirectory(
    _ reader: FontReader, at start: Int
  ) throws(FontError) -> [String: (offset: Int, length: Int)] {
    let version = try reader.uint32(start)
    guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F else {
      throw .malformed("not a TrueType or OpenType font (version 0x\(String(version, radix: 16)))")
    }
    let count = Int(try reader.uint16(start + 4))
    try reader.require(start + 12, 16 * count, "the table directory")
    var tables: [String: (offset: Int, length: Int)] = [:]
    for index in 0..<count {
      let record = start + 12 + 16 * index
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

  /// Where the face's outlines are: `glyf`, CFF (with its outlines read), or none for a
  /// bitmap-only face.
  private static func outlines(
    _ reader: FontReader, _ tables: [String: (offset: Int, length: Int)],
    head: (offset: Int, length: Int), glyphCount: Int
  ) throws(FontError) -> (Outlines, CFFOutlines?) {
    if let glyf = tables["glyf"] {
      guard let loca = tables["loca"] else { throw .malformed("no loca table") }
      let locationFormat = try reader.int16(head.offset + 50)
      guard locationFormat == 0 || locationFormat == 1 else {
        throw .malformed("loca format \(locationFormat) is neither 0 nor 1")
      }
      let isLong = locationFormat == 1
      guard (glyphCount + 1) * (isLong ? 4 : 2) <= loca.length else {
        throw .malformed("loca is too short for \(glyphCount) glyphs")
      }
      return (.glyf(locations: (loca.offset, isLong), data: glyf), nil)
    }
    if let cff = tables["CFF "] {
      let outlines = try CFFOutlines(reader: reader, table: cff)
      guard outlines.glyphCount >= glyphCount else {
        throw .malformed(
          "the CFF table has \(outlines.glyphCount) glyphs where maxp promises \(glyphCount)")
      }
      return (.cff, outlines)
    }
    if tables["CFF2"] != nil {
      throw .unsupportedFormat(
        "CFF2 outlines (variable OpenType fonts) are not supported; use a static .otf or .ttf")
    }
    if tables["CBDT"] != nil { return (.none, nil) }
    if tables["sbix"] != nil {
      throw .unsupportedFormat(
        "sbix colour bitmaps (Apple Color Emoji) are not supported; use a CBDT or COLR font "
          + "such as Noto Color Emoji")
    }
    throw .malformed("no glyf table")
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
