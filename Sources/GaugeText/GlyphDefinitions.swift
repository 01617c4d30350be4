/// A face's GDEF table: glyph classes (base, ligature, mark, component), mark attachment
/// classes and mark glyph sets, which lookup flags skip glyphs by.
///
/// Edge cases:
/// - A sub-table the GDEF lacks (offset 0) answers as HarfBuzz does without it: class 0,
///   mark class 0, no mark set covers anything.
/// - A read that turns out malformed while shaping answers the same.
struct GlyphDefinitions: Sendable {
  let reader: FontReader
  let glyphClasses: Int?
  let markAttachmentClasses: Int?
  let markGlyphSets: Int?

  /// Reads the GDEF header at `table`; nil if its version is not 1.x.
  init?(reader: FontReader, table: (offset: Int, length: Int)) {
    let start = table.offset
    guard (try? reader.require(start, 12, within: table, "the GDEF header")) != nil,
      (try? reader.uint16(start)) == 1, let minor = try? reader.uint16(start + 2)
    else { return nil }
    func offset(_ at: Int) -> Int? {
      guard let value = try? reader.uint16(at), value != 0 else { return nil }
      return start + Int(value)
    }
    self.reader = reader
    glyphClasses = offset(start + 4)
    markAttachmentClasses = offset(start + 10)
    markGlyphSets = minor >= 2 ? offset(start + 12) : nil
  }

  /// Whether the face classifies its glyphs; without it, HarfBuzz guesses from Unicode.
  var hasGlyphClasses: Bool { glyphClasses != nil }

  /// The glyph's properties as `GlyphBuffer.Properties` and its mark attachment class.
  func properties(of glyph: UInt16) -> (GlyphBuffer.Properties, UInt8) {
    guard let glyphClasses else { return ([], 0) }
    switch (try? reader.classValue(glyphClasses, glyph)) ?? 0 {
    case 1: return (.base, 0)
    case 2: return (.ligature, 0)
    case 3:
      let markClass = markAttachmentClasses.flatMap { try? reader.classValue($0, glyph) } ?? 0
      return (.mark, UInt8(truncatingIfNeeded: markClass))
    default: return ([], 0)
    }
  }

  /// Whether mark glyph set `set` holds `glyph`.
  func markSet(_ set: Int, covers glyph: UInt16) -> Bool {
    guard let markGlyphSets,
      let count = try? reader.uint16(markGlyphSets + 2), set < Int(count),
      let coverage = try? reader.uint32(markGlyphSets + 4 + 4 * set)
    else { return false }
    return (try? reader.coverageIndex(markGlyphSets + Int(coverage), glyph)) != nil
  }
}
