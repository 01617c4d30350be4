extension LookupApplier {
  /// A contextual subtable (GSUB 5, GPOS 7) of `format` 1-3 at `position`; the position to
  /// go on from, nil if no rule matches.
  mutating func context(_ subtable: Int, format: UInt16, at position: Int) throws(FontError)
    -> Int?
  {
    let reader = self.reader
    let glyph = buffer.glyphs[position].id
    switch format {
    case 1, 2:
      guard let coverageIndex = try reader.subtableCoverageIndex(subtable, glyph) else {
        return nil
      }
      let classes = format == 2 ? subtable + Int(try reader.uint16(subtable + 4)) : 0
      let setIndex = format == 2 ? try reader.classValue(classes, glyph) : coverageIndex
      let setsAt = subtable + (format == 2 ? 8 : 6)
      guard setIndex < Int(try reader.uint16(setsAt - 2)) else { return nil }
      let setOffset = Int(try reader.uint16(setsAt + 2 * setIndex))
      guard setOffset != 0 else { return nil }
      let set = subtable + setOffset
      for rule in 0..<Int(try reader.uint16(set)) {
        let start = set + Int(try reader.uint16(set + 2 + 2 * rule))
        let count = Int(try reader.uint16(start))
        let records = Int(try reader.uint16(start + 2))
        let input = start + 4
        let matches: (Int, UInt16) throws(FontError) -> Bool = { (k, id) throws(FontError) in
          let value = Int(try reader.uint16(input + 2 * (k - 1)))
          return format == 1 ? Int(id) == value : try reader.classValue(classes, id) == value
        }
        guard let positions = try matchInput(at: position, count: count, matches) else {
          continue
        }
        return try applyRecords(input + 2 * (count - 1), records, positions)
      }
      return nil
    case 3:
      let count = Int(try reader.uint16(subtable + 2))
      let records = Int(try reader.uint16(subtable + 4))
      guard count >= 1,
        try reader.coverageIndex(subtable + Int(try reader.uint16(subtable + 6)), glyph) != nil,
        let positions = try matchInput(
          at: position, count: count,
          { (k, id) throws(FontError) in
            try reader.coverageIndex(subtable + Int(try reader.uint16(subtable + 6 + 2 * k)), id)
              != nil
          })
      else { return nil }
      return try applyRecords(subtable + 6 + 2 * count, records, positions)
    default:
      return nil
    }
  }

  /// A chaining contextual subtable (GSUB 6, GPOS 8) of `format` 1-3 at `position`.
  mutating func chainContext(_ subtable: Int, format: UInt16, at position: Int)
    throws(FontError) -> Int?
  {
    let reader = self.reader
    let glyph = buffer.glyphs[position].id
    switch format {
    case 1, 2:
      guard let coverageIndex = try reader.subtableCoverageIndex(subtable, glyph) else {
        return nil
      }
      var backtrackClasses = 0
      var inputClasses = 0
      var lookaheadClasses = 0
      if format == 2 {
        backtrackClasses = subtable + Int(try reader.uint16(subtable + 4))
        inputClasses = subtable + Int(try reader.uint16(subtable + 6))
        lookaheadClasses = subtable + Int(try reader.uint16(subtable + 8))
      }
      let setIndex = format == 2 ? try reader.classValue(inputClasses, glyph) : coverageIndex
      let setsAt = subtable + (format == 2 ? 12 : 6)
      guard setIndex < Int(try reader.uint16(setsAt - 2)) else { return nil }
      let setOffset = Int(try reader.uint16(setsAt + 2 * setIndex))
      guard setOffset != 0 else { return nil }
      let set = subtable + setOffset
      func value(_ classes: Int, _ at: Int, _ id: UInt16) throws(FontError) -> Bool {
        let value = Int(try reader.uint16(at))
        return format == 1 ? Int(id) == value : try reader.classValue(classes, id) == value
      }
      for rule in 0..<Int(try reader.uint16(set)) {
        let start = set + Int(try reader.uint16(set + 2 + 2 * rule))
        let backtrackCount = Int(try reader.uint16(start))
        let inputAt = start + 2 + 2 * backtrackCount
        let inputCount = Int(try reader.uint16(inputAt))
        guard inputCount >= 1 else { continue }
        let lookaheadAt = inputAt + 2 * inputCount
        let lookaheadCount = Int(try reader.uint16(lookaheadAt))
        let recordsAt = lookaheadAt + 2 + 2 * lookaheadCount
        let records = Int(try reader.uint16(recordsAt))
        guard
          let positions = try matchInput(
            at: position, count: inputCount,
            { (k, id) throws(FontError) in
              try value(inputClasses, inputAt + 2 * k, id)
            }),
          try matchBacktrack(
            before: position, count: backtrackCount,
            { (k, id) throws(FontError) in try value(backtrackClasses, start + 2 + 2 * k, id) }),
          try matchLookahead(
            after: positions[positions.count - 1], count: lookaheadCount,
            { (k, id) throws(FontError) in
              try value(lookaheadClasses, lookaheadAt + 2 + 2 * k, id)
            })
        else { continue }
        return try applyRecords(recordsAt + 2, records, positions)
      }
      return nil
    case 3:
      let backtrackCount = Int(try reader.uint16(subtable + 2))
      let inputAt = subtable + 4 + 2 * backtrackCount
      let inputCount = Int(try reader.uint16(inputAt))
      let lookaheadAt = inputAt + 2 + 2 * inputCount
      let lookaheadCount = Int(try reader.uint16(lookaheadAt))
      let recordsAt = lookaheadAt + 2 + 2 * lookaheadCount
      let records = Int(try reader.uint16(recordsAt))
      func covered(_ at: Int, _ id: UInt16) throws(FontError) -> Bool {
        try reader.coverageIndex(subtable + Int(try reader.uint16(at)), id) != nil
      }
      guard inputCount >= 1, try covered(inputAt + 2, glyph),
        let positions = try matchInput(
          at: position, count: inputCount,
          { (k, id) throws(FontError) in try covered(inputAt + 2 + 2 * k, id) }),
        try matchBacktrack(
          before: position, count: backtrackCount,
          { (k, id) throws(FontError) in try covered(subtable + 4 + 2 * k, id) }),
        try matchLookahead(
          after: positions[positions.count - 1], count: lookaheadCount,
          { (k, id) throws(FontError) in try covered(lookaheadAt + 2 + 2 * k, id) })
      else { return nil }
      return try applyRecords(recordsAt + 2, records, positions)
    default:
      return nil
    }
  }

  /// Applies the `count` sequence lookup records at `records` to the matched `positions`,
  /// as HarfBuzz's `apply_lookup`: each nested lookup at its position, the later positions
  /// moved by what it added or removed. Returns the position after the match.
  private mutating func applyRecords(_ records: Int, _ count: Int, _ matched: [Int])
    throws(FontError) -> Int
  {
    var positions = matched
    var end = matched[matched.count - 1] + 1
    for record in 0..<count {
      guard buffer.budget > 0 else { break }
      let sequenceIndex = Int(try reader.uint16(records + 4 * record))
      let lookupIndex = Int(try reader.uint16(records + 4 * record + 2))
      guard sequenceIndex < positions.count, positions[sequenceIndex] < buffer.glyphs.count
      else { continue }
      let before = buffer.glyphs.count
      guard applyNested(lookup: lookupIndex, at: positions[sequenceIndex]) else { continue }
      var delta = buffer.glyphs.count - before
      guard delta != 0 else { continue }
      end += delta
      if end < positions[sequenceIndex] {
        delta += positions[sequenceIndex] - end
        end = positions[sequenceIndex]
      }
      var next = sequenceIndex + 1
      if delta > 0 {
        guard delta + positions.count <= Self.maximumContext else { break }
      } else {
        delta = Swift.max(delta, next - positions.count)
        next -= delta
      }
      // Shift the positions after the nested lookup's by delta, filling new entries.
      let tail = Array(positions[Swift.min(next, positions.count)...])
      positions.removeSubrange(Swift.min(next, positions.count)...)
      let filled = next + delta
      while positions.count < filled { positions.append((positions.last ?? 0) + 1) }
      if positions.count > filled { positions.removeSubrange(filled...) }
      positions.append(contentsOf: tail.map { $0 + delta })
    }
    return Swift.min(end, buffer.glyphs.count)
  }
}
