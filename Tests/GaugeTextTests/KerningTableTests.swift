import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// `FontFace.kerning(lefts:rights:)`, which a font set's ASCII table comes from, and
/// `kerning(between:and:)`, against a pair-by-pair reading kept here as it was (`reference`):
/// the same values in every font, including fonts whose GPOS is corrupted, where a subtable
/// that throws for a pair must pass it on.
@Suite("Kerning tables")
struct KerningTableTests {
  /// The printable ASCII glyphs of `face`, then glyph ids no ASCII text reaches: a spread
  /// below 600, the last glyph, the first past it and the largest.
  static func glyphs(of face: FontFace) -> [UInt16] {
    let ascii = (0x20..<0x7F).map { face.glyph(for: Unicode.Scalar(UInt8($0))) }
    let count = UInt16(clamping: face.glyphCount)
    return ascii + Array(stride(from: 0, to: 600, by: 37)) + [count &- 1, count, .max]
  }

  /// The table, and every pair where it, or `kerning(between:and:)`, differs from the
  /// reference reading (`reference`).
  static func mismatches(_ face: FontFace, _ glyphs: [UInt16]) -> (
    table: [Int], pairs: [(UInt16, UInt16)]
  ) {
    let table = face.kerning(lefts: glyphs, rights: glyphs)
    var pairs: [(UInt16, UInt16)] = []
    for (row, left) in glyphs.enumerated() {
      for (column, right) in glyphs.enumerated() {
        let expected = reference(face, left, right)
        if table[row * glyphs.count + column] != expected
          || face.kerning(between: left, and: right) != expected
        {
          pairs.append((left, right))
        }
      }
    }
    return (table, pairs)
  }

  /// A pair's kerning read as GaugeKit read it before it read tables (commit d4c0947), one
  /// subtable after another, every field read again for each pair: the reference that the
  /// library's readings are compared with.
  static func reference(_ face: FontFace, _ left: UInt16, _ right: UInt16) -> Int {
    guard let adjustments = face.pairAdjustments else {
      return face.kerningTable(between: left, and: right)
    }
    let reader = adjustments.reader
    func coverageIndex(_ offset: Int, _ glyph: UInt16) throws(FontError) -> Int? {
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
    func classOf(_ glyph: UInt16, _ offset: Int) throws(FontError) -> Int {
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
    func size(_ format: UInt16) -> Int { 2 * (format & 0xFF).nonzeroBitCount }
    func adjustment(_ subtable: Int) throws(FontError) -> Int? {
      let coverage = subtable + Int(try reader.uint16(subtable + 2))
      guard let index = try coverageIndex(coverage, left) else { return nil }
      let firstFormat = try reader.uint16(subtable + 4)
      let recordSize = size(firstFormat) + size(try reader.uint16(subtable + 6))
      guard firstFormat & 0x4 != 0 else { return 0 }
      let advance = 2 * (firstFormat & 0x3).nonzeroBitCount
      if try reader.uint16(subtable) == 1 {
        guard index < Int(try reader.uint16(subtable + 8)) else { return nil }
        let pairSet = subtable + Int(try reader.uint16(subtable + 10 + 2 * index))
        var low = 0
        var high = Int(try reader.uint16(pairSet))
        while low < high {
          let middle = (low + high) / 2
          let at = pairSet + 2 + (2 + recordSize) * middle
          let second = try reader.uint16(at)
          if second == right { return Int(try reader.int16(at + 2 + advance)) }
          if second < right { low = middle + 1 } else { high = middle }
        }
        return nil
      }
      let firstClass = try classOf(left, subtable + Int(try reader.uint16(subtable + 8)))
      let secondClass = try classOf(right, subtable + Int(try reader.uint16(subtable + 10)))
      let firstCount = Int(try reader.uint16(subtable + 12))
      let secondCount = Int(try reader.uint16(subtable + 14))
      guard firstClass < firstCount, secondClass < secondCount else { return 0 }
      let record = subtable + 16 + recordSize * (firstClass * secondCount + secondClass)
      return Int(try reader.int16(record + advance))
    }
    var total = 0
    for subtables in adjustments.lookups {
      for subtable in subtables {
        guard let value = try? adjustment(subtable) else { continue }
        total += value
        break
      }
    }
    return total
  }

  @Test("DejaVu Sans and its bold: the table is each pair's kerning")
  func bundled() throws {
    for face in [FontFace.dejaVuSans, .dejaVuSansBold] {
      #expect(face.pairAdjustments != nil)
      let glyphs = Self.glyphs(of: face)
      let (table, pairs) = Self.mismatches(face, glyphs)
      #expect(table.count == glyphs.count * glyphs.count)
      #expect(pairs.isEmpty, "\(pairs.prefix(5))")
      // DejaVu's kern table holds the same pairs as its GPOS: a second source, read apart.
      let kernTable = glyphs.flatMap { left in
        glyphs.map { face.kerningTable(between: left, and: $0) }
      }
      #expect(table == kernTable)
      #expect(table.count { $0 != 0 } > 100)
      let a = glyphs.firstIndex(of: face.glyph(for: "A"))!
      let v = glyphs.firstIndex(of: face.glyph(for: "V"))!
      #expect(table[a * glyphs.count + v] == face.kerning(between: glyphs[a], and: glyphs[v]))
      #expect(table[a * glyphs.count + v] < 0)
    }
  }

  @Test("pair sets (format 1) and a font with only a kern table")
  func otherSources() throws {
    let format1 = try FontFace(
      data: FontFixture.pairPositioningFormat1(left: 34, pairs: [(55, -100), (57, -50)]))
    #expect(
      format1.kerning(lefts: [34, 55], rights: [55, 56, 57, 34]) == [-100, 0, -50, 0, 0, 0, 0, 0])
    let kernOnly = try FontFace(data: FontFixture.without(["GPOS"]))
    #expect(kernOnly.pairAdjustments == nil)
    let (table, pairs) = Self.mismatches(kernOnly, Self.glyphs(of: kernOnly))
    #expect(pairs.isEmpty, "\(pairs.prefix(5))")
    #expect(table.contains { $0 != 0 })
    #expect(kernOnly.kerning(lefts: [], rights: [1, 2]) == [])
    #expect(kernOnly.kerning(lefts: [1, 2], rights: []) == [])
  }

  @Test("lookups add up; in one lookup the first subtable that covers a pair decides")
  func lookupsAndSubtables() throws {
    let face = try FontFace(data: Self.threeLookups())
    let glyphs: [UInt16] = [34, 40, 55, 57]
    let table = face.kerning(lefts: glyphs, rights: glyphs)
    // By the fixture's design (`threeLookups`), row by row. 34 then 55: A's pair set -5 (its
    // class subtable skipped), B's -30, C's classes -20 (C's pair set has no 55). 34 then 57:
    // A -6, C's pair set -3, which decides before C's classes. 40 then 55: A -8; B's first
    // subtable covers 40 with no x advance, so B adds 0 and its pair set is not read; C's pair
    // set covers 40 past its sets, so C's classes give -20. 40 then 57: C's class for 57 is
    // past the class count: 0. Glyphs outside C's second classes are class 0: -2.
    #expect(
      table == [
        -2, -2, -55, -9,
        -2, -2, -28, 0,
        0, 0, 0, 0,
        0, 0, 0, 0,
      ])
    let (_, pairs) = Self.mismatches(face, glyphs)
    #expect(pairs.isEmpty, "\(pairs.prefix(5))")
  }

  /// DejaVu Sans with a GPOS of three `kern` lookups, stored last in the file:
  /// - A: a class subtable covering 34 (first class 1) whose second class definition lies
  ///   past the end of the file, so reading any glyph's class throws and the pair goes on
  ///   (its record for first class 1 and second class 0, -77, must never count); then pair
  ///   sets 34: (55, -5), (57, -6) and 40: (55, -8).
  /// - B: pair sets without x advances covering 40 (each of its pairs adjusts by 0); then
  ///   pair sets 34: (55, -30) and 40: (55, -40), (57, -41).
  /// - C: pair sets covering 34 and 40 with a set for 34 only, (57, -3); then classes
  ///   covering 34 and 40 (both first class 1 of 2), second classes 55: 1, 56: 0, 57: 5 (past
  ///   the count of 2), others 0; records for first class 1: -2 (class 0), -20 (class 1).
  static func threeLookups() -> [UInt8] {
    func be16(_ value: Int) -> [UInt8] {
      [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    func coverage(_ glyphs: [Int]) -> [UInt8] {
      be16(1) + be16(glyphs.count) + glyphs.flatMap(be16)
    }
    func pairSets(
      _ sets: [(left: Int, pairs: [(Int, Int)])], covering: [Int]? = nil, advances: Bool = true
    ) -> [UInt8] {
      let header = 10 + 2 * sets.count
      var body: [UInt8] = []
      var offsets: [UInt8] = []
      for set in sets {
        offsets += be16(header + body.count)
        body += be16(set.pairs.count)
        for (right, value) in set.pairs { body += be16(right) + (advances ? be16(value) : []) }
      }
      return be16(1) + be16(header + body.count) + be16(advances ? 4 : 0) + be16(0)
        + be16(sets.count) + offsets + body + coverage(covering ?? sets.map(\.left))
    }
    // A class definition of format 1: classes of the glyphs from `start` on.
    func classDefinition(_ start: Int, _ classes: [Int]) -> [UInt8] {
      be16(1) + be16(start) + be16(classes.count) + classes.flatMap(be16)
    }
    // Format 2: `records` first class by first class; the second definition at `second`
    // bytes from the subtable when given (past the file's end), else after the first.
    func classes(
      covering: [Int], first: [UInt8], second: [UInt8], secondOffset: Int? = nil,
      counts: (Int, Int), records: [Int]
    ) -> [UInt8] {
      let firstOffset = 16 + 2 * records.count
      let coverageOffset = firstOffset + first.count + second.count
      return be16(2) + be16(coverageOffset) + be16(4) + be16(0) + be16(firstOffset)
        + be16(secondOffset ?? firstOffset + first.count) + be16(counts.0) + be16(counts.1)
        + records.flatMap(be16) + first + second + coverage(covering)
    }
    func lookup(_ subtables: [[UInt8]]) -> [UInt8] {
      var offset = 6 + 2 * subtables.count
      var offsets: [UInt8] = []
      for subtable in subtables {
        offsets += be16(offset)
        offset += subtable.count
      }
      return be16(2) + be16(0) + be16(subtables.count) + offsets + subtables.flatMap { $0 }
    }
    let lookups = [
      lookup([
        classes(
          covering: [34], first: classDefinition(34, [1]), second: [], secondOffset: 0xFFF0,
          counts: (2, 1), records: [-11, -77]),
        pairSets([(34, [(55, -5), (57, -6)]), (40, [(55, -8)])]),
      ]),
      lookup([
        pairSets([(40, [(55, -99)])], advances: false),
        pairSets([(34, [(55, -30)]), (40, [(55, -40), (57, -41)])]),
      ]),
      lookup([
        pairSets([(34, [(57, -3)])], covering: [34, 40]),
        classes(
          covering: [34, 40], first: classDefinition(34, [1, 0, 0, 0, 0, 0, 1]),
          second: classDefinition(55, [1, 0, 5]), counts: (2, 2), records: [0, 0, -2, -20]),
      ]),
    ]
    // Header (10), an empty script list (2), a feature list of one `kern` feature naming
    // every lookup, then the lookup list.
    let feature = be16(0) + be16(lookups.count) + (0..<lookups.count).flatMap(be16)
    let featureList = be16(1) + Array("kern".utf8) + be16(8) + feature
    var gpos: [UInt8] = [0, 1, 0, 0] + be16(10) + be16(12) + be16(12 + featureList.count)
    gpos += be16(0) + featureList
    var offset = 2 + 2 * lookups.count
    gpos += be16(lookups.count)
    for table in lookups {
      gpos += be16(offset)
      offset += table.count
    }
    gpos += lookups.flatMap { $0 }
    let others = FontFixture.tables(FontFixture.regular).filter { $0.tag != "GPOS" }
    return FontFixture.build(others + [("GPOS", gpos)])
  }

  @Test(
    "Noto Sans (a lookup of pair sets, then classes): the table is each pair's kerning",
    .enabled(
      if: FileManager.default.fileExists(
        atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
        || ProcessInfo.processInfo.environment["CI"] == "true",
      "Noto Sans (fonts-noto-core) is not installed"))
  func noto() throws {
    let path = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    let face = try FontFace(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    let glyphs = Self.glyphs(of: face)
    let (table, pairs) = Self.mismatches(face, glyphs)
    #expect(pairs.isEmpty, "\(pairs.prefix(5))")
    #expect(table.contains { $0 != 0 })
  }

  @Test("corrupted GPOS tables: the table is still each pair's kerning (seeded, replayable)")
  func corrupted() throws {
    var generator = SeededGenerator(seed: 30)
    let tables = FontFixture.tables(FontFixture.regular)
    let gpos = try #require(tables.first { $0.tag == "GPOS" }).data
    let original = FontFace.dejaVuSans.kerning(
      lefts: Self.glyphs(of: .dejaVuSans), rights: Self.glyphs(of: .dejaVuSans))
    var parsed = 0
    var changed = 0
    for round in 0..<60 {
      var bytes = gpos
      // Half the rounds hit the headers, lists and first subtables, where most of the
      // kerning is decided; the others anywhere in the table.
      let span = round % 2 == 0 ? min(4_096, bytes.count) : bytes.count
      for _ in 0..<6 {
        bytes[Int(generator.next() % UInt64(span))] = UInt8(truncatingIfNeeded: generator.next())
      }
      let font = FontFixture.build(tables.map { $0.tag == "GPOS" ? ($0.tag, bytes) : $0 })
      guard let face = try? FontFace(data: font) else { continue }
      parsed += 1
      let (table, pairs) = Self.mismatches(face, Self.glyphs(of: face))
      #expect(pairs.isEmpty, "round \(round): \(pairs.prefix(5))")
      if table != original { changed += 1 }
    }
    // Most corrupted fonts still load, and many of them kern differently: the comparison
    // ran over the paths that skip a subtable, not only over DejaVu's own.
    #expect(parsed == 60)
    #expect(changed >= 10, "\(changed) of \(parsed) kern differently")
  }
}
