extension LookupApplier {
  /// Applies a GPOS subtable of `type` (1-8; extensions unwrapped) at `position`; the
  /// position to go on from, nil if it does not apply there.
  mutating func position(type: UInt16, _ subtable: Int, at position: Int) throws(FontError)
    -> Int?
  {
    let glyph = buffer.glyphs[position].id
    let format = try reader.uint16(subtable)
    switch type {
    case 1:
      guard let index = try reader.subtableCoverageIndex(subtable, glyph) else { return nil }
      let valueFormat = try reader.uint16(subtable + 4)
      if format == 1 {
        try applyValue(valueFormat, subtable + 6, to: position)
      } else if format == 2, index < Int(try reader.uint16(subtable + 6)) {
        try applyValue(
          valueFormat, subtable + 8 + index * Self.valueSize(valueFormat), to: position)
      } else {
        return nil
      }
      return position + 1
    case 2:
      return try pair(subtable, format: format, at: position)
    case 3:
      return try cursive(subtable, format: format, at: position)
    case 4, 5, 6:
      return try markAttachment(type: type, subtable, format: format, at: position)
    case 7:
      return try context(subtable, format: format, at: position)
    case 8:
      return try chainContext(subtable, format: format, at: position)
    default:
      return nil
    }
  }

  static func valueSize(_ format: UInt16) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

  /// Adds the value record at `record` to the glyph at `position` (horizontal text: the
  /// y advance is ignored, as HarfBuzz does; device tables too).
  mutating func applyValue(_ format: UInt16, _ record: Int, to position: Int) throws(FontError) {
    var at = record
    func next() throws(FontError) -> Int32 {
      defer { at += 2 }
      return Int32(try reader.int16(at))
    }
    var glyph = buffer.glyphs[position]
    if format & 0x1 != 0 { glyph.xOffset &+= try next() }
    if format & 0x2 != 0 { glyph.yOffset &+= try next() }
    if format & 0x4 != 0 { glyph.xAdvance &+= try next() }
    buffer.glyphs[position] = glyph
  }

  /// Pair adjustment (formats 1 and 2) of the glyph at `position` and the next one the
  /// lookup does not skip.
  private mutating func pair(_ subtable: Int, format: UInt16, at position: Int)
    throws(FontError) -> Int?
  {
    let first = buffer.glyphs[position].id
    guard
      let coverageIndex = try reader.subtableCoverageIndex(subtable, first),
      let second = next(after: position, input: true, syllable: buffer.glyphs[position].syllable)
    else { return nil }
    let secondGlyph = buffer.glyphs[second].id
    let format1 = try reader.uint16(subtable + 4)
    let format2 = try reader.uint16(subtable + 6)
    let size1 = Self.valueSize(format1)
    let size2 = Self.valueSize(format2)
    var record: Int?
    if format == 1 {
      guard coverageIndex < Int(try reader.uint16(subtable + 8)) else { return nil }
      let set = subtable + Int(try reader.uint16(subtable + 10 + 2 * coverageIndex))
      var low = 0
      var high = Int(try reader.uint16(set))
      let stride = 2 + size1 + size2
      while low < high {
        buffer.budget -= 1
        let middle = (low + high) / 2
        let at = set + 2 + stride * middle
        let found = try reader.uint16(at)
        if found == secondGlyph {
          record = at + 2
          break
        }
        if found < secondGlyph { low = middle + 1 } else { high = middle }
      }
    } else if format == 2 {
      let class1 = try reader.classValue(subtable + Int(try reader.uint16(subtable + 8)), first)
      let class2 = try reader.classValue(
        subtable + Int(try reader.uint16(subtable + 10)), secondGlyph)
      let count1 = Int(try reader.uint16(subtable + 12))
      let count2 = Int(try reader.uint16(subtable + 14))
      guard class1 < count1, class2 < count2 else { return nil }
      record = subtable + 16 + (size1 + size2) * (class1 * count2 + class2)
    }
    guard let record else { return nil }
    try applyValue(format1, record, to: position)
    try applyValue(format2, record + size1, to: second)
    return format2 != 0 ? second + 1 : second
  }

  /// The x and y of the anchor table at `offset` (formats 1-3; contour points and device
  /// tables are not read); nil for offset 0.
  func anchor(_ offset: Int?) throws(FontError) -> (x: Int32, y: Int32)? {
    guard let offset else { return nil }
    let format = try reader.uint16(offset)
    guard (1...3).contains(format) else { return nil }
    return (Int32(try reader.int16(offset + 2)), Int32(try reader.int16(offset + 4)))
  }

  /// Cursive attachment: the glyph at `position`'s entry joined to the exit of the glyph
  /// before it, as HarfBuzz's `CursivePosFormat1`.
  private mutating func cursive(_ subtable: Int, format: UInt16, at position: Int)
    throws(FontError) -> Int?
  {
    guard format == 1 else { return nil }
    let coverage = subtable + Int(try reader.uint16(subtable + 2))
    let count = Int(try reader.uint16(subtable + 4))
    func record(_ glyph: UInt16) throws(FontError) -> (entry: Int?, exit: Int?)? {
      guard let index = try reader.coverageIndex(coverage, glyph), index < count else {
        return nil
      }
      let entry = Int(try reader.uint16(subtable + 6 + 4 * index))
      let exit = Int(try reader.uint16(subtable + 8 + 4 * index))
      return (entry == 0 ? nil : subtable + entry, exit == 0 ? nil : subtable + exit)
    }
    guard let this = try record(buffer.glyphs[position].id),
      let entry = try anchor(this.entry),
      let previous = previous(
        before: position, input: true, syllable: buffer.glyphs[position].syllable),
      let exit = try anchor(try record(buffer.glyphs[previous].id)?.exit)
    else { return nil }
    let i = previous
    let j = position
    if buffer.isRightToLeft {
      let d = exit.x &+ buffer.glyphs[i].xOffset
      buffer.glyphs[i].xAdvance &-= d
      buffer.glyphs[i].xOffset &-= d
      buffer.glyphs[j].xAdvance = entry.x &+ buffer.glyphs[j].xOffset
    } else {
      buffer.glyphs[i].xAdvance = exit.x &+ buffer.glyphs[i].xOffset
      let d = entry.x &+ buffer.glyphs[j].xOffset
      buffer.glyphs[j].xAdvance &-= d
      buffer.glyphs[j].xOffset &-= d
    }
    var child = i
    var parent = j
    var yOffset = entry.y &- exit.y
    if flag & 0x1 == 0 {
      swap(&child, &parent)
      yOffset = 0 &- yOffset
    }
    reverseCursiveMinorOffset(child, newParent: parent, depth: 0)
    buffer.glyphs[child].attachment = .cursive
    buffer.glyphs[child].attachChain = Int16(truncatingIfNeeded: parent - child)
    buffer.glyphs[child].yOffset = yOffset
    if buffer.glyphs[parent].attachChain == 0 &- buffer.glyphs[child].attachChain {
      buffer.glyphs[parent].attachChain = 0
      buffer.glyphs[parent].yOffset = 0
    }
    return position + 1
  }

  /// Turns the cursive chain from `index` around so the old tree hangs on the new parent.
  private mutating func reverseCursiveMinorOffset(_ index: Int, newParent: Int, depth: Int) {
    let chain = Int(buffer.glyphs[index].attachChain)
    guard chain != 0, buffer.glyphs[index].attachment == .cursive,
      depth < Self.maximumNesting
    else { return }
    buffer.glyphs[index].attachChain = 0
    let j = index + chain
    guard j != newParent, buffer.glyphs.indices.contains(j) else { return }
    reverseCursiveMinorOffset(j, newParent: newParent, depth: depth + 1)
    buffer.glyphs[j].yOffset = 0 &- buffer.glyphs[index].yOffset
    buffer.glyphs[j].attachChain = Int16(truncatingIfNeeded: -chain)
    buffer.glyphs[j].attachment = .cursive
  }

  /// Mark-to-base (4), mark-to-ligature (5) and mark-to-mark (6) attachment of the mark at
  /// `position`.
  private mutating func markAttachment(
    type: UInt16, _ subtable: Int, format: UInt16, at position: Int
  ) throws(FontError) -> Int? {
    guard format == 1 else { return nil }
    let mark = buffer.glyphs[position]
    guard
      let markIndex = try reader.coverageIndex(
        subtable + Int(try reader.uint16(subtable + 2)), mark.id)
    else { return nil }
    // The glyph to attach to: the previous non-mark for bases and ligatures, the previous
    // glyph the lookup does not skip (which must be a mark) for marks.
    let target: Int?
    if type == 6 {
      target = previous(before: position, input: true, syllable: mark.syllable, flag: flag & ~0x0E)
    } else {
      target = previous(before: position, input: true, syllable: mark.syllable, flag: 0x08)
    }
    guard let target else { return nil }
    let other = buffer.glyphs[target]
    guard
      let baseIndex = try reader.coverageIndex(
        subtable + Int(try reader.uint16(subtable + 4)), other.id)
    else { return nil }
    let classCount = Int(try reader.uint16(subtable + 6))
    let markArray = subtable + Int(try reader.uint16(subtable + 8))
    let baseArray = subtable + Int(try reader.uint16(subtable + 10))
    guard markIndex < Int(try reader.uint16(markArray)) else { return nil }
    let markClass = Int(try reader.uint16(markArray + 2 + 4 * markIndex))
    let markAnchor = markArray + Int(try reader.uint16(markArray + 4 + 4 * markIndex))
    guard markClass < classCount, baseIndex < Int(try reader.uint16(baseArray)) else {
      return nil
    }
    let anchorAt: Int
    switch type {
    case 5:
      let attach = baseArray + Int(try reader.uint16(baseArray + 2 + 2 * baseIndex))
      let components = Int(try reader.uint16(attach))
      guard components > 0 else { return nil }
      let component: Int
      if other.ligatureID != 0, other.ligatureID == mark.ligatureID, mark.ligatureComponent > 0 {
        component = Swift.min(components, Int(mark.ligatureComponent)) - 1
      } else {
        component = components - 1
      }
      let offset = Int(try reader.uint16(attach + 2 + 2 * (component * classCount + markClass)))
      guard offset != 0 else { return nil }
      anchorAt = attach + offset
    case 6:
      guard other.isMark else { return nil }
      let (id1, id2) = (mark.ligatureID, other.ligatureID)
      let (component1, component2) = (mark.ligatureComponent, other.ligatureComponent)
      let sameBase = id1 == id2 && (id1 == 0 || component1 == component2)
      let eitherLigature =
        id1 != id2 && ((id1 > 0 && component1 == 0) || (id2 > 0 && component2 == 0))
      guard sameBase || eitherLigature else { return nil }
      fallthrough
    default:
      let offset = Int(
        try reader.uint16(baseArray + 2 + 2 * (baseIndex * classCount + markClass)))
      guard offset != 0 else { return nil }
      anchorAt = baseArray + offset
    }
    guard let markPoint = try anchor(markAnchor), let basePoint = try anchor(anchorAt) else {
      return nil
    }
    buffer.glyphs[position].xOffset = basePoint.x &- markPoint.x
    buffer.glyphs[position].yOffset = basePoint.y &- markPoint.y
    buffer.glyphs[position].attachment = .mark
    buffer.glyphs[position].attachChain = Int16(truncatingIfNeeded: target - position)
    return position + 1
  }
}
