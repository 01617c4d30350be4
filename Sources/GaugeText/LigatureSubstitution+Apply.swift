extension LigatureSubstitution {
  /// `glyphs` with the substitutions applied: lookup by lookup in lookup-list order, each
  /// left to right; at each position the first subtable that applies decides, and in a
  /// ligature set the first ligature that matches, which is the longest because fonts list
  /// them longest first (HarfBuzz and the OpenType spec take the font's order too).
  /// `clusters` maps each output glyph to the index in `glyphs` of the first input glyph it
  /// came from.
  ///
  /// Edge cases:
  /// - An empty input gives empty output.
  /// - Past `workPerGlyph` units of work per input glyph, the remaining positions and lookups
  ///   are left unsubstituted: hostile fonts cannot make shaping slow.
  package func apply(to glyphs: [UInt16]) -> (glyphs: [UInt16], clusters: [Int]) {
    apply(to: glyphs, where: nil)
  }

  /// `apply(to:)` for the glyphs `mask` chooses only (`mask[i]` for `glyphs[i]`): a
  /// substitution starts only at a chosen glyph and a ligature takes only chosen glyphs, as
  /// HarfBuzz applies a feature such as `init` to the glyphs that have that form. A
  /// ligature is chosen if its first glyph was.
  ///
  /// Edge cases: a mask of another length than `glyphs` is a programmer mistake and traps.
  package func apply(to glyphs: [UInt16], where mask: [Bool]?) -> (
    glyphs: [UInt16], clusters: [Int]
  ) {
    precondition(mask == nil || mask?.count == glyphs.count, "a mask entry per glyph")
    var glyphs = glyphs
    var chosen = mask ?? []
    var clusters = Array(glyphs.indices)
    var budget = Self.workPerGlyph * glyphs.count
    for subtables in lookups where budget > 0 {
      var output: [UInt16] = []
      var outputClusters: [Int] = []
      var outputChosen: [Bool] = []
      output.reserveCapacity(glyphs.count)
      outputClusters.reserveCapacity(glyphs.count)
      var position = 0
      while position < glyphs.count {
        var result: (glyph: UInt16, consumed: Int)?
        if budget > 0, mask == nil || chosen[position] {
          for subtable in subtables {
            result = try? substitute(subtable, glyphs, at: position, budget: &budget)
            if let found = result, mask != nil,
              !chosen[position..<position + found.consumed].allSatisfy({ $0 })
            {
              result = nil
            }
            if result != nil || budget <= 0 { break }
          }
        }
        output.append(result?.glyph ?? glyphs[position])
        outputClusters.append(clusters[position])
        if mask != nil { outputChosen.append(chosen[position]) }
        position += result?.consumed ?? 1
      }
      glyphs = output
      clusters = outputClusters
      chosen = outputChosen
    }
    return (glyphs, clusters)
  }

  /// What `subtable` puts in place of the glyphs from `position`, and how many it consumes;
  /// nil if it does not apply there.
  private func substitute(
    _ subtable: Subtable, _ glyphs: [UInt16], at position: Int, budget: inout Int
  ) throws(FontError) -> (glyph: UInt16, consumed: Int)? {
    budget -= 1
    let offset = subtable.offset
    let first = glyphs[position]
    let coverage = offset + Int(try reader.uint16(offset + 2))
    guard let index = try reader.coverageIndex(coverage, first) else { return nil }
    switch subtable.kind {
    case .single:
      if try reader.uint16(offset) == 1 {
        // Format 1 adds a delta, modulo 65536.
        return (first &+ (try reader.uint16(offset + 4)), 1)
      }
      guard index < Int(try reader.uint16(offset + 4)) else { return nil }
      return (try reader.uint16(offset + 6 + 2 * index), 1)
    case .ligature:
      guard index < Int(try reader.uint16(offset + 4)) else { return nil }
      let set = offset + Int(try reader.uint16(offset + 6 + 2 * index))
      for ligature in 0..<Int(try reader.uint16(set)) {
        let table = set + Int(try reader.uint16(set + 2 + 2 * ligature))
        let components = Int(try reader.uint16(table + 2))
        budget -= 1
        guard budget > 0 else { return nil }
        guard components >= 1, components <= Self.maximumComponents,
          components <= glyphs.count - position
        else { continue }
        var matches = true
        for component in 1..<components {
          budget -= 1
          if try reader.uint16(table + 2 + 2 * component) != glyphs[position + component] {
            matches = false
            break
          }
        }
        if matches { return (try reader.uint16(table), components) }
      }
      return nil
    }
  }
}
