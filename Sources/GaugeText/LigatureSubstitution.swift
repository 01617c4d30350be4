/// The ligature and single substitutions of a GSUB table that a set of features asks for:
/// what turns an emoji sequence (ZWJ sequences, flags, keycaps, skin tones) into its one
/// glyph, and `f i` into `fi`.
///
/// Lookups of type 4 (ligature) and type 1 (single substitution, formats 1 and 2) are read,
/// also inside type 7 extensions. Other lookup types (multiple, alternate, contextual, chained,
/// reverse) are skipped. Noto Color Emoji needs none of them for valid sequences: its `ccmp`
/// lookups 0 and 3 are ligatures, and its contextual lookups only replace invalid flag and tag
/// sequences with a placeholder flag. Variation selectors are not GSUB's business there either:
/// HarfBuzz folds U+FE0F into the base character through cmap format 14 before GSUB runs.
///
/// Lookup flags are ignored (no GDEF glyph classes are read): every glyph takes part in
/// matching, which is what the flags mean for a font without GDEF, as Noto Color Emoji is.
///
/// Edge cases:
/// - A feature the font lacks is not an error; no matching feature gives `nil`.
/// - A subtable that turns out malformed while text is shaped does not apply; the text keeps
///   the glyphs it had.
package struct LigatureSubstitution: Sendable {
  /// One subtable, already unwrapped from any extension.
  struct Subtable: Sendable {
    enum Kind: Sendable {
      case single
      case ligature
    }
    var kind: Kind
    /// The subtable's offset in the font data.
    var offset: Int
  }

  /// The most lookup indices read from the chosen features, counting repeats. Real fonts have
  /// a few hundred lookups; the limit stops a font whose many features each name thousands of
  /// lookups from making the reader do billions of reads.
  package static let maximumLookupReferences = 65_536
  /// The most subtables kept over all chosen lookups, for the same reason.
  package static let maximumSubtables = 65_536
  /// Ligatures of more glyphs are ignored. Emoji sequences have at most 10 scalars
  /// (Noto's longest ligature has 8 components); no script needs more.
  package static let maximumComponents = 64
  /// The matching work `apply(to:)` may do per input glyph: about one glyph comparison per
  /// unit. In Noto Color Emoji a position costs at most about 1,000 (its largest ligature set
  /// holds 397 sequences starting with U+1F468); past the budget the rest of the text is left
  /// as it is.
  package static let workPerGlyph = 16_384

  let reader: FontReader
  /// The chosen lookups in lookup-list order, each as its subtables in order.
  let lookups: [[Subtable]]

  /// The GSUB ligature lookups (type 4, also inside type 7 extensions), and single
  /// substitutions (type 1), that `features` (tags such as "ccmp", "liga") reach in the
  /// default script (DFLT, else latn), or in `script` ("arab") if given and the font has it,
  /// and its default language system, plus that language system's required feature. nil if
  /// the font has none.
  ///
  /// - Throws: `FontError.malformed` if the GSUB version is not 1.x, a table the chosen
  ///   features lead to is truncated, or a limit above is passed.
  package init?(
    reader: FontReader, gsub: (offset: Int, length: Int), features: Set<String>,
    script: String? = nil
  ) throws(FontError) {
    let start = gsub.offset
    try reader.require(start, 10, within: gsub, "the GSUB header")
    let major = try reader.uint16(start)
    guard major == 1 else {
      throw .malformed("GSUB version \(major).\(try reader.uint16(start + 2)) is not 1.x")
    }
    let scriptList = start + Int(try reader.uint16(start + 4))
    let featureList = start + Int(try reader.uint16(start + 6))
    let lookupList = start + Int(try reader.uint16(start + 8))
    guard let langSys = try Self.defaultLanguageSystem(reader, scriptList, script) else {
      return nil
    }

    let featureCount = Int(try reader.uint16(featureList))
    var featureIndices = Set<Int>()
    let required = Int(try reader.uint16(langSys + 2))
    if required != 0xFFFF { featureIndices.insert(required) }
    for index in 0..<Int(try reader.uint16(langSys + 4)) {
      let feature = Int(try reader.uint16(langSys + 6 + 2 * index))
      let record = featureList + 2 + 6 * feature
      guard feature < featureCount, features.contains(try Self.tag(reader, record)) else {
        continue
      }
      featureIndices.insert(feature)
    }

    var lookupIndices = Set<Int>()
    var references = 0
    for feature in featureIndices where feature < featureCount {
      let table = featureList + Int(try reader.uint16(featureList + 2 + 6 * feature + 4))
      let count = Int(try reader.uint16(table + 2))
      references += count
      guard references <= Self.maximumLookupReferences else {
        throw .malformed(
          "GSUB features name more than \(Self.maximumLookupReferences) lookups")
      }
      for index in 0..<count {
        lookupIndices.insert(Int(try reader.uint16(table + 4 + 2 * index)))
      }
    }

    let lookupCount = Int(try reader.uint16(lookupList))
    var lookups: [[Subtable]] = []
    var subtableCount = 0
    for index in lookupIndices.sorted() where index < lookupCount {
      let lookup = lookupList + Int(try reader.uint16(lookupList + 2 + 2 * index))
      let count = Int(try reader.uint16(lookup + 4))
      subtableCount += count
      guard subtableCount <= Self.maximumSubtables else {
        throw .malformed("GSUB lookups hold more than \(Self.maximumSubtables) subtables")
      }
      let subtables = try Self.subtables(reader, lookup, count)
      if !subtables.isEmpty { lookups.append(subtables) }
    }
    guard !lookups.isEmpty else { return nil }
    self.reader = reader
    self.lookups = lookups
  }

  /// The offset of the default language system of `preferred` if the font has that script,
  /// else of DFLT, else of latn; nil if the font has none or the script has no default
  /// language system.
  private static func defaultLanguageSystem(
    _ reader: FontReader, _ scriptList: Int, _ preferred: String?
  ) throws(FontError) -> Int? {
    var found: [String: Int] = [:]
    for index in 0..<Int(try reader.uint16(scriptList)) {
      let record = scriptList + 2 + 6 * index
      found[try tag(reader, record)] = scriptList + Int(try reader.uint16(record + 4))
    }
    guard let script = preferred.flatMap({ found[$0] }) ?? found["DFLT"] ?? found["latn"] else {
      return nil
    }
    let offset = Int(try reader.uint16(script))
    return offset == 0 ? nil : script + offset
  }

  /// The subtables of the lookup at `lookup` that this type reads, extensions unwrapped.
  private static func subtables(
    _ reader: FontReader, _ lookup: Int, _ count: Int
  ) throws(FontError) -> [Subtable] {
    let type = try reader.uint16(lookup)
    var subtables: [Subtable] = []
    for index in 0..<count {
      var offset = lookup + Int(try reader.uint16(lookup + 6 + 2 * index))
      var subtableType = type
      if type == 7 {
        guard try reader.uint16(offset) == 1 else { continue }
        subtableType = try reader.uint16(offset + 2)
        offset += Int(try reader.uint32(offset + 4))
      }
      let format = try reader.uint16(offset)
      switch (subtableType, format) {
      case (1, 1), (1, 2): subtables.append(Subtable(kind: .single, offset: offset))
      case (4, 1): subtables.append(Subtable(kind: .ligature, offset: offset))
      default: continue
      }
    }
    return subtables
  }

  /// The four-character tag at `offset`, as in "ccmp".
  private static func tag(_ reader: FontReader, _ offset: Int) throws(FontError) -> String {
    String(
      decoding: try (0..<4).map { i throws(FontError) in try reader.uint8(offset + i) },
      as: UTF8.self)
  }
}
