extension LookupApplier {
  /// Applies a GSUB subtable of `type` (1-7; 8 is applied backwards by `apply`) at
  /// `position`; the position to go on from, nil if it does not apply there.
  mutating func substitute(type: UInt16, _ subtable: Int, at position: Int) throws(FontError)
    -> Int?
  {
    let glyph = buffer.glyphs[position].id
    let format = try reader.uint16(subtable)
    switch type {
    case 1:
      guard let index = try reader.subtableCoverageIndex(subtable, glyph) else { return nil }
      let replacement: UInt16
      if format == 1 {
        replacement = glyph &+ (try reader.uint16(subtable + 4))
      } else if format == 2, index < Int(try reader.uint16(subtable + 4)) {
        replacement = try reader.uint16(subtable + 6 + 2 * index)
      } else {
        return nil
      }
      replace(position, with: replacement)
      return position + 1
    case 2, 3:
      guard format == 1,
        let index = try reader.subtableCoverageIndex(subtable, glyph),
        index < Int(try reader.uint16(subtable + 4))
      else { return nil }
      let sequence = subtable + Int(try reader.uint16(subtable + 6 + 2 * index))
      let count = Int(try reader.uint16(sequence))
      if type == 3 {
        // Alternates: the first, as HarfBuzz without a chosen alternate.
        guard count > 0 else { return nil }
        replace(position, with: try reader.uint16(sequence + 2))
        return position + 1
      }
      return try multiple(position, sequence, count)
    case 4:
      guard format == 1,
        let index = try reader.subtableCoverageIndex(subtable, glyph),
        index < Int(try reader.uint16(subtable + 4))
      else { return nil }
      let set = subtable + Int(try reader.uint16(subtable + 6 + 2 * index))
      let reader = self.reader
      for ligature in 0..<Int(try reader.uint16(set)) {
        buffer.budget -= 1
        guard buffer.budget > 0 else { return nil }
        let table = set + Int(try reader.uint16(set + 2 + 2 * ligature))
        let components = Int(try reader.uint16(table + 2))
        guard components >= 1 else { continue }
        guard
          let positions = try matchInput(
            at: position, count: components,
            { (k, id) throws(FontError) in try reader.uint16(table + 2 + 2 * k) == id })
        else { continue }
        return ligate(positions, glyph: try reader.uint16(table))
      }
      return nil
    case 5:
      return try context(subtable, format: format, at: position)
    case 6:
      return try chainContext(subtable, format: format, at: position)
    default:
      return nil
    }
  }

  /// Puts `id` in place of the glyph at `position`, with its GDEF class.
  mutating func replace(
    _ position: Int, with id: UInt16, classGuess: GlyphBuffer.Properties = [],
    ligated: Bool = false, multiplied: Bool = false
  ) {
    var glyph = buffer.glyphs[position]
    glyph.id = id
    var properties = glyph.properties.union(.substituted)
    if ligated { properties = properties.union(.ligated).subtracting(.multiplied) }
    if multiplied { properties.insert(.multiplied) }
    if let definitions, definitions.hasGlyphClasses {
      let (classes, markClass) = definitions.properties(of: id)
      properties = properties.subtracting(.classes).union(classes)
      glyph.markClass = markClass
    } else if !classGuess.isEmpty {
      properties = properties.subtracting(.classes).union(classGuess)
    }
    glyph.properties = properties
    buffer.glyphs[position] = glyph
  }

  /// A multiple substitution of the glyph at `position` by the `count` glyphs of `sequence`.
  private mutating func multiple(_ position: Int, _ sequence: Int, _ count: Int)
    throws(FontError) -> Int?
  {
    if count == 1 {
      replace(position, with: try reader.uint16(sequence + 2))
      return position + 1
    }
    guard buffer.glyphs.count - 1 + count <= buffer.maximumLength else { return nil }
    if count == 0 {
      // HarfBuzz deletes the glyph; only a first glyph gives its cluster to the next one
      // (`hb_buffer_t::delete_glyph`).
      if position == 0, buffer.glyphs.count > 1 { buffer.mergeClusters(0..<2) }
      buffer.glyphs.remove(at: position)
      return position
    }
    // Every id is read before the buffer changes: a sequence cut short changes nothing.
    var ids: [UInt16] = []
    ids.reserveCapacity(count)
    for k in 0..<count { ids.append(try reader.uint16(sequence + 2 + 2 * k)) }
    let original = buffer.glyphs[position]
    let classGuess: GlyphBuffer.Properties = original.isLigature ? .base : []
    var made: [GlyphBuffer.Glyph] = []
    made.reserveCapacity(count)
    for (k, id) in ids.enumerated() {
      buffer.glyphs[position] = original
      replace(position, with: id, classGuess: classGuess, multiplied: true)
      buffer.glyphs[position].ligatureID = 0
      buffer.glyphs[position].ligatureComponent = UInt8(truncatingIfNeeded: Swift.min(k + 1, 15))
      buffer.glyphs[position].ligatureComponentCount = 0
      made.append(buffer.glyphs[position])
    }
    buffer.glyphs.replaceSubrange(position...position, with: made)
    return position + count
  }

  /// Replaces the glyphs at `positions` by one ligature glyph, as HarfBuzz's `ligate_input`:
  /// marks skipped between components stay after the ligature, tagged with the component
  /// they sat on, so that mark-to-ligature attachment finds it.
  mutating func ligate(_ positions: [Int], glyph: UInt16) -> Int {
    let first = positions[0]
    let last = positions[positions.count - 1]
    buffer.mergeClusters(first..<last + 1)
    let glyphs = positions.map { buffer.glyphs[$0] }
    var isBaseLigature = glyphs[0].isBase
    var isMarkLigature = glyphs[0].isMark
    if glyphs.dropFirst().contains(where: { !$0.isMark }) {
      isBaseLigature = false
      isMarkLigature = false
    }
    let isLigature = !isBaseLigature && !isMarkLigature
    let ligatureID = isLigature ? buffer.allocateLigatureID() : 0
    let totalComponents = glyphs.reduce(0) { $0 + $1.componentCount }
    var lastID = glyphs[0].ligatureID
    var lastComponents = glyphs[0].componentCount
    var componentsSoFar = lastComponents

    replace(first, with: glyph, classGuess: isLigature ? .ligature : [], ligated: true)
    if isLigature {
      buffer.glyphs[first].ligatureID = ligatureID
      buffer.glyphs[first].ligatureComponentCount = UInt8(
        truncatingIfNeeded: Swift.min(totalComponents, 15))
      buffer.glyphs[first].ligatureComponent = 0
    }
    // Keep the marks between components (tagged), drop the components.
    var kept: [GlyphBuffer.Glyph] = [buffer.glyphs[first]]
    for k in 1..<positions.count {
      for between in positions[k - 1] + 1..<positions[k] {
        var mark = buffer.glyphs[between]
        if isLigature {
          var component = Int(mark.ligatureComponent)
          if component == 0 { component = lastComponents }
          let newComponent = componentsSoFar - lastComponents + Swift.min(component, lastComponents)
          mark.ligatureID = ligatureID
          mark.ligatureComponent = UInt8(truncatingIfNeeded: Swift.min(newComponent, 15))
        }
        kept.append(mark)
      }
      lastID = glyphs[k].ligatureID
      lastComponents = glyphs[k].componentCount
      componentsSoFar += lastComponents
    }
    buffer.glyphs.replaceSubrange(first...last, with: kept)
    let end = first + kept.count
    if !isMarkLigature, lastID != 0 {
      // Marks after the last component that belonged to it now belong to the ligature.
      var index = end
      while index < buffer.glyphs.count, buffer.glyphs[index].ligatureID == lastID {
        let component = Int(buffer.glyphs[index].ligatureComponent)
        guard component != 0 else { break }
        let newComponent = componentsSoFar - lastComponents + Swift.min(component, lastComponents)
        buffer.glyphs[index].ligatureID = ligatureID
        buffer.glyphs[index].ligatureComponent = UInt8(
          truncatingIfNeeded: Swift.min(newComponent, 15))
        index += 1
      }
    }
    return end
  }

  /// A reverse chaining single substitution (GSUB type 8) at `position`; whether it applied.
  mutating func reverseChainSingle(_ subtable: Int, at position: Int) throws(FontError) -> Bool {
    guard try reader.uint16(subtable) == 1 else { return false }
    let glyph = buffer.glyphs[position].id
    guard
      let index = try reader.subtableCoverageIndex(subtable, glyph)
    else { return false }
    let backtrackCount = Int(try reader.uint16(subtable + 4))
    let lookahead = subtable + 6 + 2 * backtrackCount
    let lookaheadCount = Int(try reader.uint16(lookahead))
    let substitutes = lookahead + 2 + 2 * lookaheadCount
    guard index < Int(try reader.uint16(substitutes)) else { return false }
    let reader = self.reader
    guard
      try matchBacktrack(
        before: position, count: backtrackCount,
        { (k, id) throws(FontError) in
          try reader.coverageIndex(subtable + Int(try reader.uint16(subtable + 6 + 2 * k)), id)
            != nil
        }),
      try matchLookahead(
        after: position, count: lookaheadCount,
        { (k, id) throws(FontError) in
          try reader.coverageIndex(subtable + Int(try reader.uint16(lookahead + 2 + 2 * k)), id)
            != nil
        })
    else { return false }
    replace(position, with: try reader.uint16(substitutes + 2 + 2 * index))
    return true
  }
}
