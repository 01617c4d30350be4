/// The pair kerning of a GPOS table: the lookups of its `kern` features, of type 2 (pair
/// adjustment, formats 1 and 2, possibly inside type 9 extensions), read as far as the first
/// glyph's horizontal advance, which is what kerning left-to-right text changes.
///
/// Every `kern` feature counts, whatever its script or language: gauges print Latin text.
/// Placement and device adjustments are ignored.
struct PairAdjustments: Sendable {
  let reader: FontReader
  /// For each lookup in list order, the offsets of its pair adjustment subtables.
  let lookups: [[Int]]

  /// Reads the GPOS table at `table`; nil if it has no pair kerning.
  init?(reader: FontReader, table: (offset: Int, length: Int)) throws(FontError) {
    self.reader = reader
    let start = table.offset
    guard try reader.uint16(start) == 1 else { return nil }
    let features = start + Int(try reader.uint16(start + 6))
    let lookupList = start + Int(try reader.uint16(start + 8))
    var indices = Set<Int>()
    for index in 0..<Int(try reader.uint16(features)) {
      let record = features + 2 + 6 * index
      guard try reader.uint32(record) == 0x6B65_726E else { continue }  // "kern"
      let feature = features + Int(try reader.uint16(record + 4))
      for lookup in 0..<Int(try reader.uint16(feature + 2)) {
        indices.insert(Int(try reader.uint16(feature + 4 + 2 * lookup)))
      }
    }
    let lookupCount = Int(try reader.uint16(lookupList))
    var lookups: [[Int]] = []
    for index in indices.sorted() where index < lookupCount {
      let lookup = lookupList + Int(try reader.uint16(lookupList + 2 + 2 * index))
      let type = try reader.uint16(lookup)
      var subtables: [Int] = []
      for subtable in 0..<Int(try reader.uint16(lookup + 4)) {
        var offset = lookup + Int(try reader.uint16(lookup + 6 + 2 * subtable))
        if type == 9, try reader.uint16(offset + 2) == 2 {
          offset += Int(try reader.uint32(offset + 4))
        } else if type != 2 {
          continue
        }
        let format = try reader.uint16(offset)
        guard format == 1 || format == 2 else { continue }
        subtables.append(offset)
      }
      if !subtables.isEmpty { lookups.append(subtables) }
    }
    guard !lookups.isEmpty else { return nil }
    self.lookups = lookups
  }

  /// The change to `left`'s advance when `right` follows it, in font units; 0 for malformed
  /// data.
  func advance(between left: UInt16, and right: UInt16) -> Int {
    var total = 0
    for subtables in lookups {
      // In one lookup the first subtable that covers the pair decides.
      for subtable in subtables {
        guard let value = try? adjustment(subtable, left, right) else { continue }
        total += value
        break
      }
    }
    return total
  }

  /// What `advance(between:and:)` gives for every pair of a glyph of `lefts` followed by one
  /// of `rights`, row by row: `rights.count * row + column`. The same values, but each
  /// subtable's own fields are read once, each left glyph's coverage and class once a
  /// subtable, and each right glyph's class once a subtable, instead of all of them for every
  /// pair (a font set's 95 × 95 ASCII table searched each coverage 9,025 times a subtable).
  func advances(lefts: [UInt16], rights: [UInt16]) -> [Int] {
    let width = rights.count
    var totals = [Int](repeating: 0, count: lefts.count * width)
    var decided = [Bool](repeating: false, count: totals.count)
    for subtables in lookups {
      // In one lookup the first subtable that covers the pair decides.
      for index in decided.indices { decided[index] = false }
      for subtable in subtables {
        guard let reads = try? SubtableReads(self, subtable, rights: rights) else { continue }
        for (row, left) in lefts.enumerated() {
          guard let first = try? reads.first(left, in: self) else { continue }
          for column in 0..<width where !decided[row * width + column] {
            guard let value = try? reads.adjustment(first, column, rights[column], in: self)
            else { continue }
            totals[row * width + column] += value
            decided[row * width + column] = true
          }
        }
      }
    }
    return totals
  }

  /// A subtable's fields that no glyph changes, read as `adjustment` reads them. Where
  /// reading one of them throws, `adjustment` throws for every pair, and so does this
  /// initialiser: the subtable then covers no pair, since a throw and "not covered" both pass
  /// the pair on to the next subtable.
  private struct SubtableReads {
    enum Kind {
      /// The first glyph's value record has no x advance: every covered pair adjusts by 0.
      case zero
      case pairs(setCount: Int, recordSize: Int)
      /// `secondClasses[column]` is nil where reading that glyph's class throws.
      case classes(
        firstDefinition: Int, secondClasses: [Int?], firstCount: Int, secondCount: Int,
        recordSize: Int)
    }

    /// The part of a row that depends on the first glyph.
    enum First {
      case zero
      case pairSet(Int, count: Int)
      case firstClass(Int)
    }

    let subtable: Int
    let coverage: Int
    let advanceOffset: Int
    let kind: Kind

    init(_ owner: PairAdjustments, _ subtable: Int, rights: [UInt16]) throws(FontError) {
      let reader = owner.reader
      self.subtable = subtable
      coverage = subtable + Int(try reader.uint16(subtable + 2))
      let firstFormat = try reader.uint16(subtable + 4)
      let secondFormat = try reader.uint16(subtable + 6)
      let recordSize =
        PairAdjustments.valueRecordSize(firstFormat) + PairAdjustments.valueRecordSize(secondFormat)
      advanceOffset = 2 * (firstFormat & 0x3).nonzeroBitCount
      guard firstFormat & 0x4 != 0 else {
        kind = .zero
        return
      }
      if try reader.uint16(subtable) == 1 {
        kind = .pairs(setCount: Int(try reader.uint16(subtable + 8)), recordSize: recordSize)
        return
      }
      let firstDefinition = subtable + Int(try reader.uint16(subtable + 8))
      let secondDefinition = subtable + Int(try reader.uint16(subtable + 10))
      var secondClasses: [Int?] = []
      secondClasses.reserveCapacity(rights.count)
      for right in rights {
        secondClasses.append(try? owner.classOf(right, secondDefinition))
      }
      kind = .classes(
        firstDefinition: firstDefinition, secondClasses: secondClasses,
        firstCount: Int(try reader.uint16(subtable + 12)),
        secondCount: Int(try reader.uint16(subtable + 14)), recordSize: recordSize)
    }

    /// What a row of `left` needs; nil where the subtable does not cover `left`.
    func first(_ left: UInt16, in owner: PairAdjustments) throws(FontError) -> First? {
      let reader = owner.reader
      guard let coverageIndex = try owner.coverageIndex(coverage, left) else { return nil }
      switch kind {
      case .zero:
        return .zero
      case .pairs(let setCount, _):
        guard coverageIndex < setCount else { return nil }
        let pairSet = subtable + Int(try reader.uint16(subtable + 10 + 2 * coverageIndex))
        return .pairSet(pairSet, count: Int(try reader.uint16(pairSet)))
      case .classes(let firstDefinition, _, _, _, _):
        return .firstClass(try owner.classOf(left, firstDefinition))
      }
    }

    /// The adjustment of the row's first glyph followed by `right`, at `column` of the
    /// rights; nil if the subtable does not cover the pair.
    func adjustment(_ first: First, _ column: Int, _ right: UInt16, in owner: PairAdjustments)
      throws(FontError) -> Int?
    {
      let reader = owner.reader
      switch (first, kind) {
      case (.zero, _):
        return 0
      case (.pairSet(let pairSet, let count), .pairs(_, let recordSize)):
        return try owner.pairValue(
          pairSet, count: count, right, stride: 2 + recordSize, advanceOffset: advanceOffset)
      case (
        .firstClass(let firstClass),
        .classes(_, let secondClasses, let firstCount, let secondCount, let recordSize)
      ):
        guard let secondClass = secondClasses[column] else { return nil }
        guard firstClass < firstCount, secondClass < secondCount else { return 0 }
        let record = subtable + 16 + recordSize * (firstClass * secondCount + secondClass)
        return Int(try reader.int16(record + advanceOffset))
      default:
        return nil
      }
    }
  }

  /// The subtable's adjustment for the pair, nil if it does not cover it.
  private func adjustment(_ subtable: Int, _ left: UInt16, _ right: UInt16) throws(FontError)
    -> Int?
  {
    let coverage = subtable + Int(try reader.uint16(subtable + 2))
    guard let coverageIndex = try self.coverageIndex(coverage, left) else { return nil }
    let firstFormat = try reader.uint16(subtable + 4)
    let secondFormat = try reader.uint16(subtable + 6)
    let firstSize = Self.valueRecordSize(firstFormat)
    let recordSize = firstSize + Self.valueRecordSize(secondFormat)
    // XAdvance follows XPlacement and YPlacement, when they are present.
    guard firstFormat & 0x4 != 0 else { return 0 }
    let advanceOffset = 2 * (firstFormat & 0x3).nonzeroBitCount
    if try reader.uint16(subtable) == 1 {
      guard coverageIndex < Int(try reader.uint16(subtable + 8)) else { return nil }
      let pairSet = subtable + Int(try reader.uint16(subtable + 10 + 2 * coverageIndex))
      return try pairValue(
        pairSet, count: Int(try reader.uint16(pairSet)), right, stride: 2 + recordSize,
        advanceOffset: advanceOffset)
    }
    let firstClass = try classOf(left, subtable + Int(try reader.uint16(subtable + 8)))
    let secondClass = try classOf(right, subtable + Int(try reader.uint16(subtable + 10)))
    let firstCount = Int(try reader.uint16(subtable + 12))
    let secondCount = Int(try reader.uint16(subtable + 14))
    guard firstClass < firstCount, secondClass < secondCount else { return 0 }
    let record = subtable + 16 + recordSize * (firstClass * secondCount + secondClass)
    return Int(try reader.int16(record + advanceOffset))
  }

  /// The x advance of `right`'s record in the pair set at `pairSet` (`count` records of
  /// `stride` bytes, sorted by glyph); nil if it has none.
  private func pairValue(
    _ pairSet: Int, count: Int, _ right: UInt16, stride: Int, advanceOffset: Int
  ) throws(FontError) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let record = pairSet + 2 + stride * middle
      let second = try reader.uint16(record)
      if second == right { return Int(try reader.int16(record + 2 + advanceOffset)) }
      if second < right { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  private static func valueRecordSize(_ format: UInt16) -> Int {
    2 * (format & 0xFF).nonzeroBitCount
  }

  /// `glyph`'s index in the coverage table at `offset`, nil if it is not covered.
  private func coverageIndex(_ offset: Int, _ glyph: UInt16) throws(FontError) -> Int? {
    let format = try reader.uint16(offset)
    var low = 0
    var high = Int(try reader.uint16(offset + 2))
    while low < high {
      let middle = (low + high) / 2
      if format == 1 {
        let found = try reader.uint16(offset + 4 + 2 * middle)
        if found == glyph { return middle }
        if found < glyph { low = middle + 1 } else { high = middle }
      } else {
        let range = offset + 4 + 6 * middle
        let (first, last) = (try reader.uint16(range), try reader.uint16(range + 2))
        if glyph >= first, glyph <= last {
          return Int(try reader.uint16(range + 4)) + Int(glyph - first)
        }
        if last < glyph { low = middle + 1 } else { high = middle }
      }
    }
    return nil
  }

  /// `glyph`'s class in the class definition table at `offset`; 0 if it has none.
  private func classOf(_ glyph: UInt16, _ offset: Int) throws(FontError) -> Int {
    if try reader.uint16(offset) == 1 {
      let first = try reader.uint16(offset + 2)
      let count = Int(try reader.uint16(offset + 4))
      guard glyph >= first, Int(glyph - first) < count else { return 0 }
      return Int(try reader.uint16(offset + 6 + 2 * Int(glyph - first)))
    }
    var low = 0
    var high = Int(try reader.uint16(offset + 2))
    while low < high {
      let middle = (low + high) / 2
      let range = offset + 4 + 6 * middle
      let (first, last) = (try reader.uint16(range), try reader.uint16(range + 2))
      if glyph >= first, glyph <= last { return Int(try reader.uint16(range + 4)) }
      if last < glyph { low = middle + 1 } else { high = middle }
    }
    return 0
  }
}
