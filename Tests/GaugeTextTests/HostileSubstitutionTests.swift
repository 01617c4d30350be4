import GaugeTestSupport
import Testing

@testable import GaugeText

/// GSUB tables built byte by byte: coverage formats, malformed headers, the limits, and seeded
/// corruption of the fixtures' tables.
@Suite("GSUB malformed and hostile tables")
struct HostileSubstitutionTests {
  static func be16(_ value: Int) -> [UInt8] { FontFixture.bigEndian(value, bytes: 2) }

  /// A GSUB table: DFLT's default language system names `features` features, all `liga` and
  /// all one feature table naming lookup 0 `references` times. Lookup 0 is a ligature lookup
  /// whose set for glyph 1 holds `ligatures` entries of `components` glyphs: all but the last
  /// are one ligature, 1, 2s, then 3, made glyph 8; the last is 1 then 2s, made glyph 9.
  static func gsub(
    version: Int = 1, features: Int = 1, references: Int = 1, ligatures: Int = 1,
    components: Int = 2
  ) -> [UInt8] {
    let featureList = 28 + 2 * features
    let featureTable = featureList + 2 + 6 * features
    let lookupList = featureTable + 4 + 2 * references
    var data = be16(version) + be16(0) + be16(10) + be16(featureList) + be16(lookupList)
    data += be16(1) + Array("DFLT".utf8) + be16(8)  // ScriptList at 10
    data += be16(4) + be16(0)  // Script at 18: default language system at +4
    data += be16(0) + be16(0xFFFF) + be16(features) + (0..<features).flatMap(be16)
    data += be16(features)
    for _ in 0..<features { data += Array("liga".utf8) + be16(featureTable - featureList) }
    data += be16(0) + be16(references) + (0..<references).flatMap { _ in be16(0) }
    data += be16(1) + be16(4)  // LookupList: one lookup, at +4
    data += be16(4) + be16(0) + be16(1) + be16(8)  // Lookup: type 4, one subtable at +8
    // Subtable: format 1, coverage at +8, one set at +18.
    data += be16(1) + be16(8) + be16(1) + be16(18)
    data += be16(2) + be16(1) + be16(1) + be16(1) + be16(0)  // coverage format 2: 1...1 -> 0
    let ligature = 2 + 2 * ligatures
    let last = ligature + 2 + 2 * components
    data += be16(ligatures) + (1..<ligatures).flatMap { _ in be16(ligature) } + be16(last)
    let middle = (2..<max(components, 2)).flatMap { _ in be16(2) }
    data += be16(8) + be16(components) + middle + be16(3)
    data += be16(9) + be16(components) + middle + be16(2)
    return data
  }

  static func substitution(_ data: [UInt8], features: Set<String> = ["liga"]) throws(FontError)
    -> LigatureSubstitution?
  {
    try LigatureSubstitution(
      reader: FontReader(bytes: data), gsub: (0, data.count), features: features)
  }

  @Test("a built table substitutes: coverage format 2, the set's first matching ligature")
  func built() throws {
    let substitution = try #require(
      try Self.substitution(Self.gsub(ligatures: 2, components: 3)))
    let result = substitution.apply(to: [1, 2, 3, 1, 2, 1, 2, 2, 2])
    #expect(result.glyphs == [8, 1, 2, 9, 2])
    #expect(result.clusters == [0, 3, 4, 5, 8])
    #expect(substitution.apply(to: []).glyphs.isEmpty)
  }

  @Test("coverage tables: format 1 by index, format 2 ranges with start indices, others none")
  func coverage() throws {
    let format1 = FontReader(bytes: Self.be16(1) + Self.be16(3) + [3, 7, 9].flatMap(Self.be16))
    #expect(try format1.coverageIndex(0, 7) == 1)
    #expect(try format1.coverageIndex(0, 8) == nil)
    let ranges = [(3, 7, 10), (20, 20, 15)].flatMap {
      Self.be16($0) + Self.be16($1) + Self.be16($2)
    }
    let format2 = FontReader(bytes: Self.be16(2) + Self.be16(2) + ranges)
    #expect(try format2.coverageIndex(0, 5) == 12)
    #expect(try format2.coverageIndex(0, 20) == 15)
    #expect(try format2.coverageIndex(0, 2) == nil)
    #expect(try FontReader(bytes: Self.be16(3) + Self.be16(0)).coverageIndex(0, 1) == nil)
    // A count that runs past the data throws rather than reading past it.
    let lying = FontReader(bytes: Self.be16(1) + Self.be16(400))
    #expect(throws: FontError.self) { try lying.coverageIndex(0, 1) }
  }

  @Test("malformed headers and the limits throw messages that say what is wrong")
  func malformed() {
    #expect(throws: FontError.malformed("GSUB version 2.0 is not 1.x")) {
      try Self.substitution(Self.gsub(version: 2))
    }
    #expect(
      throws: FontError.malformed(
        "the GSUB header at byte 0, 10 bytes long, ends past its table's end at byte 6")
    ) {
      try LigatureSubstitution(
        reader: FontReader(bytes: Self.gsub()), gsub: (0, 6), features: ["liga"])
    }
    #expect(throws: FontError.malformed("GSUB features name more than 65536 lookups")) {
      try Self.substitution(Self.gsub(features: 3, references: 30_000))
    }
  }

  @Test("the work budget ends a search through a huge ligature set before it matches")
  func workBudget() throws {
    // 19,999 ligatures of 60 glyphs fail at their last component before the one that matches:
    // 1.2 million comparisons, where the budget allows 16,384 per input glyph (983,040).
    let input: [UInt16] = [1] + Array(repeating: 2, count: 59)
    let huge = try #require(try Self.substitution(Self.gsub(ligatures: 20_000, components: 60)))
    let result = huge.apply(to: input)
    #expect(result.glyphs == input)
    #expect(result.clusters == Array(input.indices))
    // Within the budget the same search finds the ligature.
    let small = try #require(try Self.substitution(Self.gsub(ligatures: 10_000, components: 60)))
    #expect(small.apply(to: input) == ([9], [0]))
  }

  @Test("seeded corruption of the fixtures' GSUB tables throws or shapes, and never traps")
  func corruption() throws {
    var generator = SeededGenerator(seed: 0x6_5B)
    var outcomes = (shaped: 0, threw: 0)
    for fixture in ["NotoColorEmoji-subset.ttf", "gsub-fixture.ttf"] {
      let font = try FixtureFile.bytes(fixture)
      let gsub = try #require(FixtureFile.table(font, "GSUB"))
      let features: Set<String> = ["ccmp", "liga", "smcp"]
      for _ in 0..<500 {
        var bytes = font
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
          let at = gsub.offset + Int.random(in: 0..<gsub.length, using: &generator)
          bytes[at] = UInt8.random(in: 0...255, using: &generator)
        }
        do {
          let substitution = try LigatureSubstitution(
            reader: FontReader(bytes: bytes), gsub: gsub, features: features)
          let input = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
            UInt16.random(in: 0...170, using: &generator)
          }
          let result: (glyphs: [UInt16], clusters: [Int]) =
            substitution?.apply(to: input) ?? (input, Array(input.indices))
          #expect(result.glyphs.count == result.clusters.count)
          #expect(result.glyphs.count <= input.count)
          #expect(result.clusters == result.clusters.sorted())
          outcomes.shaped += 1
        } catch {
          outcomes.threw += 1
        }
      }
    }
    #expect(outcomes.shaped > 100)
    #expect(outcomes.threw > 10)
  }
}
