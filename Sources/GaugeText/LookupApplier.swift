/// Applies the lookups of one GSUB or GPOS table to a glyph buffer, as HarfBuzz's
/// `hb_ot_apply_context_t` does: glyphs the lookup flag ignores are skipped while matching,
/// a lookup applies only to glyphs whose mask shares a bit with the lookup's, and contextual
/// lookups call nested lookups at the positions they name.
///
/// Substitution works in place: glyphs before the current position are the output so far,
/// which is what backtrack sequences match, as in HarfBuzz's output buffer.
///
/// Edge cases:
/// - Every attempt and every glyph compared spends one unit of `buffer.budget`; at zero the
///   lookups stop and the glyphs stay as they are.
/// - Nested lookups go at most `maximumNesting` deep; a context of more than
///   `maximumContext` glyphs never matches.
/// - A read past a table's data makes that subtable not apply.
struct LookupApplier {
  static let maximumNesting = 64
  static let maximumContext = 64

  var buffer: GlyphBuffer
  let table: LayoutTable
  let definitions: GlyphDefinitions?
  var reader: FontReader { table.reader }

  /// The current lookup's mask, flag and mark filtering set.
  var mask: UInt32 = GlyphBuffer.globalMask
  var flag: UInt16 = 0
  var markFilteringSet = 0
  /// Whether input glyphs must share the first glyph's syllable.
  var perSyllable = false
  var nesting = 0

  init(buffer: GlyphBuffer, table: LayoutTable, definitions: GlyphDefinitions?) {
    self.buffer = buffer
    self.table = table
    self.definitions = definitions
  }

  /// Applies lookup `index` over the whole buffer for glyphs in `mask`.
  mutating func apply(lookup index: Int, mask: UInt32, perSyllable: Bool) {
    guard table.lookups.indices.contains(index) else { return }
    let lookup = table.lookups[index]
    guard !lookup.subtables.isEmpty else { return }
    self.mask = mask
    self.perSyllable = perSyllable
    flag = lookup.flag
    markFilteringSet = lookup.markFilteringSet
    if !table.isPositioning, lookup.type == 8 {
      var position = buffer.glyphs.count - 1
      while position >= 0, buffer.budget > 0 {
        let glyph = buffer.glyphs[position]
        if glyph.mask & mask != 0, !ignores(glyph) {
          for subtable in lookup.subtables {
            buffer.budget -= 1
            if (try? reverseChainSingle(subtable, at: position)) == true { break }
          }
        }
        position -= 1
      }
      return
    }
    var position = 0
    while position < buffer.glyphs.count, buffer.budget > 0 {
      let glyph = buffer.glyphs[position]
      let count = buffer.glyphs.count
      if glyph.mask & mask != 0, !ignores(glyph),
        let next = applySubtables(lookup, at: position)
      {
        // Only a deletion may leave the position where it was: never loop on one glyph.
        position = next > position || buffer.glyphs.count < count ? next : position + 1
      } else {
        position += 1
      }
    }
  }

  /// Tries `lookup`'s subtables at `position` in order; the first that applies decides.
  /// Returns the position to go on from, nil if none applied.
  mutating func applySubtables(_ lookup: LayoutTable.Lookup, at position: Int) -> Int? {
    for subtable in lookup.subtables {
      buffer.budget -= 1
      guard buffer.budget > 0 else { return nil }
      let result: Int?
      if table.isPositioning {
        result = try? self.position(type: lookup.type, subtable, at: position)
      } else {
        result = try? substitute(type: lookup.type, subtable, at: position)
      }
      if let result { return result }
    }
    return nil
  }

  /// A nested lookup of a contextual one, applied at `position` only, with its own flag and
  /// the outer lookup's mask. Returns whether it applied.
  mutating func applyNested(lookup index: Int, at position: Int) -> Bool {
    guard nesting < Self.maximumNesting, table.lookups.indices.contains(index),
      buffer.glyphs.indices.contains(position)
    else { return false }
    let lookup = table.lookups[index]
    // A nested reverse-chaining lookup applies as a single substitution would not: skip it.
    if !table.isPositioning, lookup.type == 8 { return false }
    let saved = (flag, markFilteringSet)
    flag = lookup.flag
    markFilteringSet = lookup.markFilteringSet
    nesting += 1
    defer {
      nesting -= 1
      (flag, markFilteringSet) = saved
    }
    return applySubtables(lookup, at: position) != nil
  }

  // MARK: Skipping, as the lookup flag says

  /// Whether the current lookup flag makes matching skip `glyph` (HarfBuzz's
  /// `check_glyph_property`, negated).
  func ignores(_ glyph: GlyphBuffer.Glyph) -> Bool {
    ignores(glyph, flag: flag)
  }

  func ignores(_ glyph: GlyphBuffer.Glyph, flag: UInt16) -> Bool {
    let classes = glyph.properties.intersection(.classes).rawValue
    if UInt16(classes) & flag & 0x0E != 0 { return true }
    guard glyph.isMark else { return false }
    if flag & 0x10 != 0 {
      return !(definitions?.markSet(markFilteringSet, covers: glyph.id) ?? false)
    }
    if flag & 0xFF00 != 0 { return UInt16(glyph.markClass) != flag >> 8 }
    return false
  }

  /// The next glyph after `index` that the lookup does not skip, for matching input (the
  /// glyph must then have the lookup's mask, and its syllable when asked) or context;
  /// nil at the end or when the glyph found may not match.
  mutating func next(after index: Int, input: Bool, syllable: UInt8) -> Int? {
    var position = index + 1
    while position < buffer.glyphs.count {
      buffer.budget -= 1
      let glyph = buffer.glyphs[position]
      if ignores(glyph) {
        position += 1
        continue
      }
      if input, glyph.mask & mask == 0 || (perSyllable && glyph.syllable != syllable) {
        return nil
      }
      return position
    }
    return nil
  }

  /// The glyph before `index` that the lookup does not skip, as `next(after:)`.
  mutating func previous(before index: Int, input: Bool, syllable: UInt8, flag: UInt16? = nil)
    -> Int?
  {
    var position = index - 1
    while position >= 0 {
      buffer.budget -= 1
      let glyph = buffer.glyphs[position]
      if ignores(glyph, flag: flag ?? self.flag) {
        position -= 1
        continue
      }
      if input, glyph.mask & mask == 0 || (perSyllable && glyph.syllable != syllable) {
        return nil
      }
      return position
    }
    return nil
  }

  /// The positions of an input sequence of `count` glyphs from `position` (the first
  /// already matched), each later one satisfying `matches(k, glyph)` for k in 1..<count;
  /// nil if it does not match.
  mutating func matchInput(
    at position: Int, count: Int, _ matches: (Int, UInt16) throws(FontError) -> Bool
  ) throws(FontError) -> [Int]? {
    guard count >= 1, count <= Self.maximumContext else { return nil }
    var positions = [position]
    positions.reserveCapacity(count)
    let syllable = buffer.glyphs[position].syllable
    var current = position
    for k in 1..<count {
      guard let found = next(after: current, input: true, syllable: syllable),
        try matches(k, buffer.glyphs[found].id)
      else { return nil }
      positions.append(found)
      current = found
    }
    return positions
  }

  /// Whether `count` glyphs before `position` match backwards (k = 0 is the nearest).
  mutating func matchBacktrack(
    before position: Int, count: Int, _ matches: (Int, UInt16) throws(FontError) -> Bool
  ) throws(FontError) -> Bool {
    guard count <= Self.maximumContext else { return false }
    var current = position
    for k in 0..<count {
      guard let found = previous(before: current, input: false, syllable: 0),
        try matches(k, buffer.glyphs[found].id)
      else { return false }
      current = found
    }
    return true
  }

  /// Whether `count` glyphs after `position` match forwards.
  mutating func matchLookahead(
    after position: Int, count: Int, _ matches: (Int, UInt16) throws(FontError) -> Bool
  ) throws(FontError) -> Bool {
    guard count <= Self.maximumContext else { return false }
    var current = position
    for k in 0..<count {
      guard let found = next(after: current, input: false, syllable: 0),
        try matches(k, buffer.glyphs[found].id)
      else { return false }
      current = found
    }
    return true
  }
}
