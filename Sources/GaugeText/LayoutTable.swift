/// A GSUB or GPOS table: its script list, feature list and lookups, read once when the face
/// is made, so that shaping reads only the lookups' subtables.
///
/// Edge cases:
/// - A lookup whose header is malformed is kept empty (it applies nothing); a malformed
///   script or feature list gives no lookups for any feature.
/// - Limits: `maximumLookups` lookups, `LigatureSubstitution.maximumSubtables` subtables
///   over all lookups; past them the table reads as having no lookups.
struct LayoutTable: Sendable {
  /// One lookup: its type (an extension's subtables unwrapped to theirs), flag, mark
  /// filtering set and subtables.
  struct Lookup: Sendable {
    /// The lookup type of every subtable (extension lookups have their subtables' type).
    var type: UInt16
    /// LookupFlag: RightToLeft 0x1, IgnoreBaseGlyphs 0x2, IgnoreLigatures 0x4, IgnoreMarks
    /// 0x8, UseMarkFilteringSet 0x10, MarkAttachmentType in the high byte.
    var flag: UInt16
    var markFilteringSet: Int
    /// The subtables' offsets in the font data.
    var subtables: [Int]
  }

  static let maximumLookups = 8_192

  let reader: FontReader
  /// Whether this is GPOS (extension type 9) rather than GSUB (extension type 7).
  let isPositioning: Bool
  let scriptList: Int
  let featureList: Int
  let lookups: [Lookup]

  /// Reads the table at `table`; nil if it is not version 1.x or its lists are malformed.
  init?(reader: FontReader, table: (offset: Int, length: Int), isPositioning: Bool) {
    let start = table.offset
    guard (try? reader.require(start, 10, within: table, "the layout header")) != nil,
      (try? reader.uint16(start)) == 1,
      let scripts = try? reader.uint16(start + 4), let features = try? reader.uint16(start + 6),
      let lookupList = try? reader.uint16(start + 8)
    else { return nil }
    self.reader = reader
    self.isPositioning = isPositioning
    scriptList = start + Int(scripts)
    featureList = start + Int(features)
    let list = start + Int(lookupList)
    let count = Int((try? reader.uint16(list)) ?? 0)
    guard count <= Self.maximumLookups else { return nil }
    var lookups: [Lookup] = []
    lookups.reserveCapacity(count)
    var subtableCount = 0
    for index in 0..<count {
      let lookup =
        (try? Self.lookup(reader, list, index, isPositioning))
        ?? Lookup(type: 0, flag: 0, markFilteringSet: 0, subtables: [])
      subtableCount += lookup.subtables.count
      guard subtableCount <= LigatureSubstitution.maximumSubtables else { return nil }
      lookups.append(lookup)
    }
    self.lookups = lookups
  }

  private static func lookup(
    _ reader: FontReader, _ list: Int, _ index: Int, _ isPositioning: Bool
  ) throws(FontError) -> Lookup {
    let offset = list + Int(try reader.uint16(list + 2 + 2 * index))
    var type = try reader.uint16(offset)
    let flag = try reader.uint16(offset + 2)
    let count = Int(try reader.uint16(offset + 4))
    let markFilteringSet =
      flag & 0x10 != 0 ? Int(try reader.uint16(offset + 6 + 2 * count)) : 0
    var subtables: [Int] = []
    subtables.reserveCapacity(count)
    let extensionType: UInt16 = isPositioning ? 9 : 7
    var unwrapped: UInt16?
    for subtable in 0..<count {
      var start = offset + Int(try reader.uint16(offset + 6 + 2 * subtable))
      if type == extensionType {
        guard try reader.uint16(start) == 1 else { continue }
        let inner = try reader.uint16(start + 2)
        // Every subtable of an extension lookup has one type; one that differs is skipped.
        guard inner != extensionType, unwrapped == nil || unwrapped == inner else { continue }
        unwrapped = inner
        start += Int(try reader.uint32(start + 4))
      }
      subtables.append(start)
    }
    if type == extensionType { type = unwrapped ?? 0 }
    return Lookup(type: type, flag: flag, markFilteringSet: markFilteringSet, subtables: subtables)
  }

  /// The offset of the default language system of the first of `scripts` the table has,
  /// else of DFLT, dflt or latn, as HarfBuzz chooses; nil if none.
  func languageSystem(_ scripts: [UInt32]) -> Int? {
    guard let count = try? reader.uint16(scriptList) else { return nil }
    var found: [UInt32: Int] = [:]
    for index in 0..<Int(count) {
      let record = scriptList + 2 + 6 * index
      guard let tag = try? reader.tagValue(record), let offset = try? reader.uint16(record + 4)
      else { return nil }
      found[tag] = scriptList + Int(offset)
    }
    let candidates = scripts + [openTypeTag("DFLT"), openTypeTag("dflt"), openTypeTag("latn")]
    guard let script = candidates.lazy.compactMap({ found[$0] }).first,
      let langSys = try? reader.uint16(script), langSys != 0
    else { return nil }
    return script + Int(langSys)
  }

  /// The feature indices of language system `langSys` by tag, and its required feature's
  /// index and tag if it has one.
  func features(_ langSys: Int) -> (byTag: [UInt32: Int], required: (index: Int, tag: UInt32)?) {
    guard let required = try? reader.uint16(langSys + 2),
      let count = try? reader.uint16(langSys + 4),
      let featureCount = try? reader.uint16(featureList)
    else { return ([:], nil) }
    var byTag: [UInt32: Int] = [:]
    for index in 0..<Int(count) {
      guard let feature = try? reader.uint16(langSys + 6 + 2 * index),
        feature < featureCount, let tag = try? reader.tagValue(featureList + 2 + 6 * Int(feature))
      else { continue }
      if byTag[tag] == nil { byTag[tag] = Int(feature) }
    }
    var requiredFeature: (Int, UInt32)?
    if required != 0xFFFF, required < featureCount,
      let tag = try? reader.tagValue(featureList + 2 + 6 * Int(required))
    {
      requiredFeature = (Int(required), tag)
    }
    return (byTag, requiredFeature)
  }

  /// The lookup indices of feature `index`, those past the lookup list left out.
  func lookupIndices(ofFeature index: Int) -> [Int] {
    guard let offset = try? reader.uint16(featureList + 2 + 6 * index + 4) else { return [] }
    let table = featureList + Int(offset)
    guard let count = try? reader.uint16(table + 2) else { return [] }
    var indices: [Int] = []
    for position in 0..<Int(count) {
      guard let lookup = try? reader.uint16(table + 4 + 2 * position) else { break }
      if Int(lookup) < lookups.count { indices.append(Int(lookup)) }
    }
    return indices
  }
}
