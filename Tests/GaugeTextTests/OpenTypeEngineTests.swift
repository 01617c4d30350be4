import Foundation
import Testing

@testable import GaugeText

/// The engine's contract with script shapers (masks, stages, pauses), its limits on hostile
/// tables, and what the font set builds on it: runs in visual order, truncation.
@Suite("OpenType engine")
struct OpenTypeEngineTests {
  /// "بببب" as DejaVu's nominal glyphs, in a buffer for the arab script.
  static func behs() -> (GlyphBuffer, FontFace) {
    let face = FontFace.dejaVuSans
    let scalars = Array("بببب".unicodeScalars)
    let buffer = face.layout.buffer(
      for: scalars, clusters: Array(scalars.indices), face: face, isRightToLeft: true)
    return (buffer, face)
  }

  @Test("a feature applies only to the glyphs whose mask has its bit")
  func masksChooseGlyphs() {
    var (buffer, face) = Self.behs()
    let nominal = buffer.glyphs[0].id
    buffer.glyphs[1].mask |= 1 << 3
    face.layout.substitute(
      &buffer, scripts: [openTypeTag("arab")], stages: [[.init("init", mask: 1 << 3)]])
    #expect(buffer.glyphs.map(\.id) == [nominal, face.glyph(for: "\u{FE91}"), nominal, nominal])
  }

  @Test("the pause hook runs after each stage, and may change the glyphs between them")
  func pausesBetweenStages() {
    var (buffer, face) = Self.behs()
    var stages: [Int] = []
    face.layout.substitute(
      &buffer, scripts: [openTypeTag("arab")],
      stages: [[.init("isol", mask: 1 << 1)], [.init("fina", mask: 1 << 2)]]
    ) { stage, buffer in
      stages.append(stage)
      // After the first stage, ask the second for the last letter only.
      if stage == 0 { buffer.glyphs[3].mask |= 1 << 2 }
    }
    #expect(stages == [0, 1])
    let nominal = face.glyph(for: "\u{628}")
    #expect(buffer.glyphs.map(\.id) == [nominal, nominal, nominal, face.glyph(for: "\u{FE90}")])
  }

  @Test("a GSUB or GPOS table cut short or overwritten shapes without trapping")
  func hostileTablesKeepGlyphs() throws {
    let bytes = try FixtureFile.bytes("../../../Fonts/DejaVuSans.ttf")
    for tag in ["GSUB", "GPOS", "GDEF"] {
      let table = try #require(FixtureFile.table(bytes, tag))
      for fill: UInt8 in [0x00, 0xFF, 0x7F] {
        var broken = bytes
        // Everything after the header: lists, lookups and subtables all point at garbage.
        for index in (table.offset + 10)..<(table.offset + table.length) { broken[index] = fill }
        // A GPOS the kerning reader cannot read fails when the face is made; GSUB and GDEF
        // are read by the engine alone, which never throws.
        guard let face = try? FontFace(data: broken) else {
          #expect(tag == "GPOS")
          continue
        }
        let fonts = FontSet(faces: [face], systemFonts: false)
        let shaped = fonts.shape("السَّلَامُ e\u{301}\u{323} AV", weight: .regular)
        #expect(shaped.width.isFinite)
        #expect(shaped.glyphs.allSatisfy { Int($0.id) < face.glyphCount && $0.y.isFinite })
      }
    }
  }

  @Test("truncation cuts between words and after non-joining letters, never inside a join")
  func truncationKeepsJoinedWords() {
    let fonts = FontSet.bundled
    let text = "مرحبا بالعالم"
    // After reh, alef and the space only: the letters before every other boundary join the
    // next one.
    #expect(FontSet.cutPoints(Array(text)) == [0, 2, 5, 6, 8, 11])
    #expect(FontSet.cutPoints(Array("AB")) == [0, 1])
    let clusters = Array(text)
    let whole = fonts.width(of: text, weight: .regular)
    for step in 1...8 {
      let cut = fonts.truncated(text, toWidth: whole * Double(step) / 9, weight: .regular)
      #expect(fonts.width(of: cut, weight: .regular) <= whole * Double(step) / 9)
      guard !cut.isEmpty else { continue }
      // The space before a cut after it is dropped: 6 keeps 5.
      let kept = Array(cut.dropLast())
      #expect(cut.last == "…")
      #expect([0, 2, 5, 8, 11].contains(kept.count))
      #expect(Array(clusters.prefix(kept.count)) == kept)
    }
  }

  @Test("the generated composition table composes primary composites only")
  func compositions() {
    #expect(RunShaper.compose("e", "\u{301}") == "\u{E9}")
    #expect(RunShaper.compose("A", "\u{30A}") == "\u{C5}")
    #expect(RunShaper.compose("\u{438}", "\u{306}") == "\u{439}")
    // Excluded from composition (Devanagari qa), and no pair.
    #expect(RunShaper.compose("\u{915}", "\u{93C}") == nil)
    #expect(RunShaper.compose("x", "\u{301}") == nil)
    #expect(UnicodeTables.compositions.count == 2 * 941)
    #expect(RunShaper.decomposition(of: "\u{1EC7}")! == ("\u{1EB9}", "\u{302}"))
    #expect(RunShaper.decomposition(of: "\u{212B}")! == ("\u{C5}", nil))
    #expect(RunShaper.decomposition(of: "x") == nil)
  }

  @Test("marks are reordered by HarfBuzz's combining classes, then composed if the face has it")
  func normalization() {
    let face = FontFace.dejaVuSans
    func items(_ text: String) -> [RunShaper.Item] {
      text.unicodeScalars.enumerated().map {
        RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: 0)
      }
    }
    // Dot below (220) sorts before acute (230); e and the dot compose (DejaVu has U+1EB9),
    // and ẹ with the acute has no composite.
    let scalars = RunShaper.normalize(items("e\u{301}\u{323}"), face: face).map(\.scalar)
    #expect(scalars == ["\u{1EB9}", "\u{301}"])
    // Shadda (33) goes before fatha (30) in HarfBuzz's order, unlike Unicode's.
    let arabic = RunShaper.normalize(items("\u{628}\u{64E}\u{651}"), face: face).map(\.scalar)
    #expect(arabic == ["\u{628}", "\u{651}", "\u{64E}"])
  }
}
