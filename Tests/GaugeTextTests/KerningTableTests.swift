import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// `FontFace.kerning(lefts:rights:)`, which a font set's ASCII table comes from, against
/// `kerning(between:and:)` pair by pair: the same values in every font, including fonts whose
/// GPOS is corrupted, where a subtable that throws for a pair must pass it on as before.
@Suite("Kerning tables")
struct KerningTableTests {
  /// The printable ASCII glyphs of `face`, then glyph ids no ASCII text reaches: a spread
  /// below 600, the last glyph, the first past it and the largest.
  static func glyphs(of face: FontFace) -> [UInt16] {
    let ascii = (0x20..<0x7F).map { face.glyph(for: Unicode.Scalar(UInt8($0))) }
    let count = UInt16(clamping: face.glyphCount)
    return ascii + Array(stride(from: 0, to: 600, by: 37)) + [count &- 1, count, .max]
  }

  /// The table, and every pair that differs from `kerning(between:and:)`.
  static func mismatches(_ face: FontFace, _ glyphs: [UInt16]) -> (
    table: [Int], pairs: [(UInt16, UInt16)]
  ) {
    let table = face.kerning(lefts: glyphs, rights: glyphs)
    var pairs: [(UInt16, UInt16)] = []
    for (row, left) in glyphs.enumerated() {
      for (column, right) in glyphs.enumerated()
      where table[row * glyphs.count + column] != face.kerning(between: left, and: right) {
        pairs.append((left, right))
      }
    }
    return (table, pairs)
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

  @Test("two lookups add up; in one lookup the first subtable that covers a pair decides")
  func lookupsAndSubtables() throws {
    let face = try FontFace(data: Self.twoLookups())
    let glyphs: [UInt16] = [34, 40, 55, 57]
    let table = face.kerning(lefts: glyphs, rights: glyphs)
    // By the fixture's design (`twoLookups`), row by row: 34 then 55 is lookup A's pair set
    // (-5, its class subtable skipped) plus lookup B's (-30); 40 then 55 is A's -8, and B's
    // first subtable covers 40 with no x advance, so B adds 0 and its pair set is not read.
    #expect(
      table == [
        0, 0, -35, -6,
        0, 0, -8, 0,
        0, 0, 0, 0,
        0, 0, 0, 0,
      ])
    let (_, pairs) = Self.mismatches(face, glyphs)
    #expect(pairs.isEmpty, "\(pairs.prefix(5))")
  }

  /// DejaVu Sans with a GPOS of two `kern` lookups, stored last in the file:
  /// - A: a class subtable covering 34 (class 1) whose second class definition lies past the
  ///   end of the file, so reading any glyph's class throws and the pair goes on (its class 0
  ///   record, -77, must never count); then pair sets 34: (55, -5), (57, -6) and 40: (55, -8).
  /// - B: pair sets without x advances covering 40 (each of its pairs adjusts by 0); then
  ///   pair sets 34: (55, -30) and 40: (55, -40), (57, -41).
  static func twoLookups() -> [UInt8] {
    func be16(_ value: Int) -> [UInt8] {
      [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    func coverage(_ glyphs: [Int]) -> [UInt8] {
      be16(1) + be16(glyphs.count) + glyphs.flatMap(be16)
    }
    func pairSets(_ sets: [(left: Int, pairs: [(Int, Int)])], advances: Bool = true) -> [UInt8] {
      let header = 10 + 2 * sets.count
      var body: [UInt8] = []
      var offsets: [UInt8] = []
      for set in sets {
        offsets += be16(header + body.count)
        body += be16(set.pairs.count)
        for (right, value) in set.pairs { body += be16(right) + (advances ? be16(value) : []) }
      }
      return be16(1) + be16(header + body.count) + be16(advances ? 4 : 0) + be16(0)
        + be16(sets.count) + offsets + body + coverage(sets.map(\.left))
    }
    // Format 2, one first class (34 is class 1) of two, one second class; records -11, -77.
    let classDefinition = be16(1) + be16(34) + be16(1) + be16(1)
    let classes =
      be16(2) + be16(16 + 4 + classDefinition.count) + be16(4) + be16(0) + be16(16 + 4)
      + be16(0xFFF0) + be16(2) + be16(1) + be16(-11) + be16(-77) + classDefinition
      + coverage([34])
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
      lookup([classes, pairSets([(34, [(55, -5), (57, -6)]), (40, [(55, -8)])])]),
      lookup([
        pairSets([(40, [(55, -99)])], advances: false),
        pairSets([(34, [(55, -30)]), (40, [(55, -40), (57, -41)])]),
      ]),
    ]
    // Header (10), an empty script list (2), a feature list of one `kern` feature naming both
    // lookups (8 + 8), then the lookup list.
    var gpos: [UInt8] = [0, 1, 0, 0] + be16(10) + be16(12) + be16(28)
    gpos += be16(0)
    gpos += be16(1) + Array("kern".utf8) + be16(8) + be16(0) + be16(2) + be16(0) + be16(1)
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
