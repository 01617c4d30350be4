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
        guard let reads = try? SubtableReads(self, subtable),
          let first = try? reads.first(left, in: self),
          let value = try? reads.adjustment(
            first, right, secondClass: reads.secondClass(of: right, in: self), in: self)
        else { continue }
        total += value
        break
      }
    }
    return total
  }

  /// What `advance(between:and:)` gives for every pair of a glyph of `lefts` followed by one
  /// of `rights`, row by row: `rights.count * row + column`. The same values, from the same
  /// `SubtableReads`, but each subtable's own fields are read once, each left glyph's
  /// coverage and class once a subtable, and each right glyph's class once a subtable,
  /// instead of all of them for every pair (a font set's 95 × 95 ASCII table searched each
  /// coverage 9,025 times a subtable).
  func advances(lefts: [UInt16], rights: [UInt16]) -> [Int] {
    let width = rights.count
    var totals = [Int](repeating: 0, count: lefts.count * width)
    var decided = [Bool](repeating: false, count: totals.count)
    for subtables in lookups {
      // In one lookup the first subtable that covers the pair decides.
      for index in decided.indices { decided[index] = false }
      for subtable in subtables {
        guard let reads = try? SubtableReads(self, subtable) else { continue }
        let secondClasses = rights.map { reads.secondClass(of: $0, in: self) }
        for (row, left) in lefts.enumerated() {
          guard let first = try? reads.first(left, in: self) else { continue }
          for column in 0..<width where !decided[row * width + column] {
            guard
              let value = try? reads.adjustment(
                first, rights[column], secondClass: secondClasses[column], in: self)
            else { continue }
            totals[row * width + column] += value
            decided[row * width + column] = true
          }
        }
      }
    }
    return totals
  }

  /// One pair adjustment subtable (format 1, pair sets, or 2, classes), read in three parts:
  /// its own fields here, what a first glyph needs (`first`), then each pair (`adjustment`).
  /// Any read that throws, in any part, leaves the pair uncovered by this subtable, so it
  /// goes on to the lookup's next subtable, as a pair the subtable does not cover does; a
  /// field of the subtable's own that throws does so for every pair.
  private struct SubtableReads {
    enum Kind {
      /// The first glyph's value record has no x advance: every covered pair adjusts by 0.
      case zero
      case pairs(setCount: Int, recordSize: Int)
      case classes(
        firstDefinition: Int, secondDefinition: Int, firstCount: Int, secondCount: Int,
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

    init(_ owner: PairAdjustments, _ subtable: Int) throws(FontError) {
      let reader = owner.reader
      self.subtable = subtable
      coverage = subtable + Int(try reader.uint16(subtable + 2))
      let firstFormat = try reader.uint16(subtable + 4)
      let secondFormat = try reader.uint16(subtable + 6)
      let recordSize =
        PairAdjustments.valueRecordSize(firstFormat) + PairAdjustments.valueRecordSize(secondFormat)
      // XAdvance follows XPlacement and YPlacement, when they are present.
      advanceOffset = 2 * (firstFormat & 0x3).nonzeroBitCount
      guard firstFormat & 0x4 != 0 else {
        kind = .zero
        return
      }
      if try reader.uint16(subtable) == 1 {
        kind = .pairs(setCount: Int(try reader.uint16(subtable + 8)), recordSize: recordSize)
        return
      }
      kind = .classes(
        firstDefinition: subtable + Int(try reader.uint16(subtable + 8)),
        secondDefinition: subtable + Int(try reader.uint16(subtable + 10)),
        firstCount: Int(try reader.uint16(subtable + 12)),
        secondCount: Int(try reader.uint16(subtable + 14)), recordSize: recordSize)
    }

    /// `right`'s class in a class subtable; nil where reading it throws, and for the other
    /// kinds, which do not use it.
    func secondClass(of right: UInt16, in owner: PairAdjustments) -> Int? {
      guard case .classes(_, let secondDefinition, _, _, _) = kind else { return nil }
      return try? owner.classOf(right, secondDefinition)
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

    /// The adjustment of the row's first glyph followed by `right`, whose class is
    /// `secondClass` (`secondClass(of:in:)`); nil if the subtable does not cover the pair.
    func adjustment(
      _ first: First, _ right: UInt16, secondClass: Int?, in owner: PairAdjustments
    ) throws(FontError) -> Int? {
      let reader = owner.reader
      switch (first, kind) {
      case (.zero, _):
        return 0
      case (.pairSet(let pairSet, let count), .pairs(_, let recordSize)):
        return try owner.pairValue(
          pairSet, count: count, right, stride: 2 + recordSize, advanceOffset: advanceOffset)
      case (
        .firstClass(let firstClass), .classes(_, _, let firstCount, let secondCount, let recordSize)
      ):
        guard let secondClass else { return nil }
        guard firstClass < firstCount, secondClass < secondCount else { return 0 }
        let record = subtable + 16 + recordSize * (firstClass * secondCount + secondClass)
        return Int(try reader.int16(record + advanceOffset))
      default:
        return nil
      }
    }
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
