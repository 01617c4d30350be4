import GaugeTestSupport
import Testing

@testable import GaugeText

/// Glyphs and clusters are compared with what HarfBuzz's hb-shape gives for the same text in
/// the same font: Fixtures/emoji-shaped.txt and gsub-shaped.txt, written by
/// scripts/make-emoji-fixture and make-gsub-fixture.
@Suite("GSUB ligature substitution")
struct LigatureSubstitutionTests {
  /// One line of a *-shaped.txt file.
  struct Shaped: CustomTestStringConvertible {
    var features: Set<String>
    var scalars: [UInt32]
    var glyphs: [UInt16]
    var clusters: [Int]

    var testDescription: String { scalars.map { String($0, radix: 16) }.joined(separator: " ") }
  }

  static func shaped(_ file: String) throws -> [Shaped] {
    try FixtureFile.text(file).split(separator: "\n").map { line in
      let fields = line.split(separator: ";", omittingEmptySubsequences: false).map {
        $0.split(separator: " ")
      }
      return Shaped(
        features: Set(fields[0].map(String.init)),
        scalars: fields[1].map { UInt32($0, radix: 16)! },
        glyphs: fields[2].map { UInt16($0)! }, clusters: fields[3].map { Int($0)! })
    }
  }

  /// The font's character map and its GSUB table.
  static func font(_ name: String) throws -> (
    reader: FontReader, map: CharacterMap, gsub: (offset: Int, length: Int)
  ) {
    let bytes = try FixtureFile.bytes(name)
    let reader = FontReader(bytes: bytes)
    let maxp = try #require(FixtureFile.table(bytes, "maxp"))
    let map = try CharacterMap(
      reader: reader, table: #require(FixtureFile.table(bytes, "cmap")),
      glyphs: FontFixture.uint16(bytes, maxp.offset + 4))
    return (reader, map, try #require(FixtureFile.table(bytes, "GSUB")))
  }

  /// Maps `shaped`'s scalars to glyphs, substitutes, and checks glyphs and clusters.
  ///
  /// U+FE0F is dropped first: HarfBuzz folds it into the character before it through the
  /// font's cmap format 14, which make-emoji-fixture checks every base here allows.
  static func check(_ shaped: Shaped, in name: String) throws {
    let font = try font(name)
    let kept = shaped.scalars.indices.filter { shaped.scalars[$0] != 0xFE0F }
    let input = kept.map { font.map.glyph(for: Unicode.Scalar(shaped.scalars[$0])!) }
    let substitution = try #require(
      try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: shaped.features))
    let output = substitution.apply(to: input)
    #expect(output.glyphs == shaped.glyphs)
    #expect(output.clusters.map { kept[$0] } == shaped.clusters)
  }

  @Test("emoji sequences in Noto Color Emoji", arguments: try shaped("emoji-shaped.txt"))
  func emoji(_ shaped: Shaped) throws {
    try Self.check(shaped, in: "NotoColorEmoji-subset.ttf")
  }

  @Test(
    "ligatures, single substitutions and features in a built font",
    arguments: try shaped("gsub-shaped.txt"))
  func builtFont(_ shaped: Shaped) throws {
    try Self.check(shaped, in: "gsub-fixture.ttf")
  }

  @Test("Noto Color Emoji's ccmp reaches two ligature lookups; its contextual ones are skipped")
  func emojiLookups() throws {
    let font = try Self.font("NotoColorEmoji-subset.ttf")
    let substitution = try #require(
      try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: ["ccmp"]))
    #expect(substitution.lookups.map { $0.map(\.kind) } == [[.ligature], [.ligature]])
    #expect(
      try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: ["liga"]) == nil)
  }

  @Test("a GSUB none of whose features are chosen gives no substitution")
  func noFeatures() throws {
    let font = try Self.font("gsub-fixture.ttf")
    #expect(try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: []) == nil)
    #expect(
      try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: ["kern"]) == nil)
  }

  @Test(
    "a mask of all glyphs changes nothing; an empty mask substitutes nothing",
    arguments: try shaped("gsub-shaped.txt"))
  func masks(_ shaped: Shaped) throws {
    let font = try Self.font("gsub-fixture.ttf")
    let input = shaped.scalars.map { font.map.glyph(for: Unicode.Scalar($0)!) }
    let substitution = try #require(
      try LigatureSubstitution(reader: font.reader, gsub: font.gsub, features: shaped.features))
    let all = substitution.apply(to: input, where: input.map { _ in true })
    #expect(all.glyphs == substitution.apply(to: input).glyphs)
    #expect(all.clusters == substitution.apply(to: input).clusters)
    let none = substitution.apply(to: input, where: input.map { _ in false })
    #expect(none.glyphs == input)
  }

  @Test("DejaVu Sans's Arabic `init` lookup applies to the masked letters only")
  func arabicMask() throws {
    let face = FontFace.dejaVuSans
    let gsub = try #require(face.tables["GSUB"])
    let initial = try #require(
      try LigatureSubstitution(
        reader: face.reader, gsub: gsub, features: ["init"], script: "arab"))
    // Beh, beh: hb-shape gives the initial beh (uniFE91) only where it starts a word.
    let beh = face.glyph(for: "\u{628}")
    let result = initial.apply(to: [beh, beh], where: [true, false])
    #expect(result.glyphs == [face.glyph(for: "\u{FE91}"), beh])
    // Without a script the default (DFLT) language system has no `init`.
    #expect(try LigatureSubstitution(reader: face.reader, gsub: gsub, features: ["init"]) == nil)
  }
}
