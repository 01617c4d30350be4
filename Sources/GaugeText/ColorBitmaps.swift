import GaugePNG

/// A font's colour bitmaps: the CBLC table's strikes (one per size, each indexing its glyphs'
/// images) and the CBDT table holding the images as PNG files, as Noto Color Emoji stores them.
///
/// Index subtable formats 1 to 5 and image formats 17, 18 and 19 (PNG with small, big or
/// index-held metrics) are read; strikes of other image formats (the monochrome and
/// uncompressed ones of EBDT) read as not having their glyphs.
///
/// Edge cases:
/// - The strikes and their index subtable records are checked when the value is made; a
///   glyph's index entry and image only when that glyph is asked for.
/// - Metrics are horizontal; the vertical metrics of big glyph metrics are ignored.
package struct ColorBitmaps: Sendable {
  /// The largest image width or height decoded, in pixels. CBDT metrics hold sizes in one
  /// byte, so no image a font can place is larger than 255 x 255 (Noto's are 136 x 128);
  /// the cap bounds a lying PNG header at 1 MiB of RGBA, refused before it is inflated.
  package static let maximumSide = 512

  /// One size: its pixels per em and the ranges of glyphs its index subtables cover.
  struct Strike {
    let ppem: Int
    let subtables: [IndexSubtable]
  }

  /// One index subtable: glyphs first...last, the formats, and where they are.
  struct IndexSubtable {
    let first: UInt16
    let last: UInt16
    let indexFormat: UInt16
    let imageFormat: UInt16
    /// The subtable's header, in the font file.
    let offset: Int
    /// The start of its glyphs' images, in the font file.
    let imageData: Int
  }

  let reader: FontReader
  let locations: (offset: Int, length: Int)
  let data: (offset: Int, length: Int)
  let strikes: [Strike]

  /// Reads the CBLC table at `cblc` and remembers the CBDT table at `cbdt` (both offsets
  /// and lengths in the font file held by `reader`).
  ///
  /// - Throws: `FontError.malformed` if either table's version is not 2 or 3, or a strike or
  ///   index subtable record lies outside CBLC.
  package init(
    reader: FontReader, cblc: (offset: Int, length: Int), cbdt: (offset: Int, length: Int)
  ) throws(FontError) {
    self.reader = reader
    locations = cblc
    data = cbdt
    try reader.require(cblc.offset, cblc.length, "the CBLC table")
    try reader.require(cbdt.offset, cbdt.length, "the CBDT table")
    // Version 3.0; 2.0 is EBLC's layout, which some early colour fonts kept.
    for (tag, table) in [("CBLC", cblc), ("CBDT", cbdt)] {
      let major = try reader.uint16(try Self.at(table, 0, 4, "the \(tag) header"))
      guard major == 2 || major == 3 else { throw .malformed("\(tag) version \(major) is not 3") }
    }
    let count = Int(try reader.uint32(try Self.at(cblc, 4, 4, "the CBLC header")))
    try _ = Self.at(cblc, 8, count * 48, "the CBLC strikes")
    var strikes: [Strike] = []
    for index in 0..<count {
      let record = cblc.offset + 8 + 48 * index
      let arrayOffset = Int(try reader.uint32(record))
      let subtableCount = Int(try reader.uint32(record + 8))
      let array = try Self.at(cblc, arrayOffset, subtableCount * 8, "strike \(index)'s index")
      let ppem = Int(try reader.uint8(record + 45))
      var subtables: [IndexSubtable] = []
      for subtable in 0..<subtableCount {
        let entry = array + 8 * subtable
        let first = try reader.uint16(entry)
        let last = try reader.uint16(entry + 2)
        let header = try Self.at(
          cblc, arrayOffset + Int(try reader.uint32(entry + 4)), 8,
          "strike \(index)'s index subtable \(subtable)")
        guard first <= last else {
          throw .malformed("strike \(index)'s index subtable \(subtable) ends before it starts")
        }
        subtables.append(
          IndexSubtable(
            first: first, last: last, indexFormat: try reader.uint16(header),
            imageFormat: try reader.uint16(header + 2), offset: header,
            imageData: cbdt.offset + Int(try reader.uint32(header + 4))))
      }
      strikes.append(Strike(ppem: ppem, subtables: subtables))
    }
    self.strikes = strikes
  }

  /// The strike whose ppem is the smallest at least `ppem` (else the largest), among those
  /// that have `glyph`, and the glyph's image in it, decoded; nil if no strike has the glyph.
  ///
  /// - Throws: `FontError.malformed` if the glyph's index entry or image is out of bounds or
  ///   inconsistent, or its PNG does not decode (the message quotes the PNG error).
  ///
  /// Edge cases:
  /// - A NaN or infinite `ppem` picks the largest strike.
  /// - Strikes of equal ppem: the first in the table.
  package func bitmap(of glyph: UInt16, ppem: Double) throws(FontError) -> BitmapGlyph? {
    var best: (strike: Strike, location: ImageLocation)?
    for strike in strikes {
      guard let location = try location(of: glyph, in: strike) else { continue }
      guard let chosen = best else {
        best = (strike, location)
        continue
      }
      let fits = Double(strike.ppem) >= ppem
      let chosenFits = Double(chosen.strike.ppem) >= ppem
      // A fitting strike beats one too small; among fitting ones the smallest wins, among
      // ones too small the largest.
      if fits && (!chosenFits || strike.ppem < chosen.strike.ppem)
        || !fits && !chosenFits && strike.ppem > chosen.strike.ppem
      {
        best = (strike, location)
      }
    }
    guard let best else { return nil }
    return try image(at: best.location, glyph: glyph, ppem: best.strike.ppem)
  }

  /// Whether any strike holds an image for `glyph`; a malformed index entry counts as none.
  package func hasGlyph(_ glyph: UInt16) -> Bool {
    strikes.contains { strike in ((try? location(of: glyph, in: strike)) ?? nil) != nil }
  }

  /// The file offset of `length` bytes at `offset` inside `table`, checked to lie in it.
  static func at(
    _ table: (offset: Int, length: Int), _ offset: Int, _ length: Int, _ what: String
  ) throws(FontError) -> Int {
    guard offset >= 0, length >= 0, offset <= table.length, length <= table.length - offset
    else {
      throw .malformed("\(what) at byte \(offset), \(length) bytes long, ends past its table")
    }
    return table.offset + offset
  }
}
