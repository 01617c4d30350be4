import Testing

@testable import GaugeText

/// The Indic shaper's reordering against a font made of rules: glyph ids are the characters'
/// own values, `rphf` makes Ra,Halant a reph and `blwf` Halant,Ra a below-base form.
@Suite("Indic reordering")
struct IndicReorderingTests {
  struct RuleFont: IndicFontQueries {
    var missing: Set<UInt32> = []

    func indicGlyph(for scalar: Unicode.Scalar) -> UInt16? {
      missing.contains(scalar.value) ? nil : UInt16(truncatingIfNeeded: scalar.value)
    }
    func hasIndicFeature(_ feature: IndicFeatures) -> Bool { feature != .pref }
    func wouldSubstitute(_ feature: IndicFeatures, _ glyphs: [UInt16]) -> Bool {
      switch feature {
      case .rphf: glyphs == [0x0930, 0x094D] || glyphs == [0x09B0, 0x09CD]
      case .blwf: glyphs == [0x094D, 0x0930] || glyphs == [0x09CD, 0x09B0]
      default: false
      }
    }
  }

  /// The glyphs of `text` after initial reordering, as "U+XXXX@cluster" with the masks.
  static func initial(_ text: String, font: RuleFont = RuleFont()) -> [IndicGlyph] {
    let scalars = text.unicodeScalars.enumerated().map { ($0.element, $0.offset) }
    let shaper = IndicShaper(script: IndicShaper.script(of: text.unicodeScalars.first!)!)
    var reordered = shaper.prepare(shaper.normalized(scalars, font: font), font: font)
    shaper.reorderInitially(&reordered, font: font)
    return reordered
  }

  static func describe(_ glyphs: [IndicGlyph]) -> String {
    glyphs.map { glyph in
      let hex = String(glyph.id, radix: 16, uppercase: true)
      return "\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)@\(glyph.cluster)"
    }.joined(separator: " ")
  }

  @Test("a pre-base matra moves before its consonant, then shares its cluster")
  func preBaseMatra() {
    var glyphs = Self.initial("कि")
    #expect(Self.describe(glyphs) == "093F@1 0915@0")
    #expect(glyphs.map(\.position) == [.preMatra, .baseConsonant])
    IndicShaper(script: .devanagari).reorderFinally(&glyphs, virama: 0x094D)
    #expect(Self.describe(glyphs) == "093F@0 0915@0")
    #expect(glyphs[0].mask.contains(.initial))
  }

  @Test("the matra goes after half forms, before the base, in final reordering")
  func matraAfterHalfForms() {
    // स्ति: Sa,Halant is a half form, Ta the base; the i-matra was put first.
    var glyphs = Self.initial("स्ति")
    #expect(Self.describe(glyphs) == "093F@3 0938@0 094D@1 0924@2")
    #expect(glyphs[1].mask.contains(.half) && glyphs[2].mask.contains(.half))
    #expect(!glyphs[3].mask.contains(.half))
    // The font's half feature makes Sa,Halant one glyph.
    var half = glyphs[1]
    half.id = 0xE001
    half.ligated = true
    glyphs.replaceSubrange(1...2, with: [half])
    IndicShaper(script: .devanagari).reorderFinally(&glyphs, virama: 0x094D)
    // No halant is left to stand after, so the matra stays first, in the base's cluster.
    #expect(Self.describe(glyphs) == "093F@0 E001@0 0924@0")
  }

  @Test("the matra stays after an unformed half form's halant")
  func matraAfterHalant() {
    var glyphs = Self.initial("स्ति")
    IndicShaper(script: .devanagari).reorderFinally(&glyphs, virama: 0x094D)
    #expect(Self.describe(glyphs) == "0938@0 094D@1 093F@2 0924@2")
  }

  @Test("Ra,Halant at the start becomes a reph that moves to the end of the syllable")
  func reph() {
    var glyphs = Self.initial("र्क")
    #expect(Self.describe(glyphs) == "0930@0 094D@1 0915@2")
    #expect(glyphs.map(\.position) == [.raToBecomeReph, .raToBecomeReph, .baseConsonant])
    #expect(glyphs[0].mask.contains(.rphf) && glyphs[1].mask.contains(.rphf))
    var reph = glyphs[0]
    reph.id = 0xE002
    reph.ligated = true
    glyphs.replaceSubrange(0...1, with: [reph])
    IndicShaper(script: .devanagari).reorderFinally(&glyphs, virama: 0x094D)
    #expect(Self.describe(glyphs) == "0915@0 E002@0")
  }

  @Test("Ra,Halant alone is no reph: Ra is the base")
  func rephWithoutBase() {
    let glyphs = Self.initial("र्")
    #expect(glyphs.map(\.position) == [.baseConsonant, .baseConsonant])
    #expect(!glyphs[0].mask.contains(.rphf))
  }

  @Test("Halant,Ra after the base is a below-base form: the base is before it")
  func belowBaseRa() {
    let glyphs = Self.initial("क्र")
    #expect(Self.describe(glyphs) == "0915@0 094D@1 0930@2")
    #expect(glyphs.map(\.position) == [.baseConsonant, .belowConsonant, .belowConsonant])
    #expect(glyphs[1].mask.contains(.blwf) && glyphs[2].mask.contains(.blwf))
    #expect(!glyphs[0].mask.contains(.half))
  }

  @Test("Bengali two-part vowels split, the first part before the consonant")
  func twoPartVowels() {
    #expect(Self.describe(Self.initial("\u{0995}\u{09CC}")) == "09C7@1 0995@0 09D7@1")
    #expect(Self.describe(Self.initial("\u{0995}\u{09CB}")) == "09C7@1 0995@0 09BE@1")
    // Without the parts in the font, the vowel stays whole.
    let whole = Self.initial("\u{0995}\u{09CB}", font: RuleFont(missing: [0x09BE]))
    #expect(Self.describe(whole) == "0995@0 09CB@1")
  }

  @Test("a nukta letter splits where Unicode never composes it, and stays whole otherwise")
  func nuktaLetters() {
    #expect(Self.describe(Self.initial("\u{0958}")) == "0915@0 093C@0")
    #expect(Self.describe(Self.initial("\u{0929}")) == "0929@0")
    #expect(Self.describe(Self.initial("\u{0928}\u{093C}")) == "0929@0")
  }

  @Test("a broken cluster gets a dotted circle as its base when the font has one")
  func dottedCircle() {
    let glyphs = Self.initial("ि")
    #expect(Self.describe(glyphs) == "093F@0 25CC@0")
    #expect(Self.describe(Self.initial("ि", font: RuleFont(missing: [0x25CC]))) == "093F@0")
  }

  @Test("Bengali reph goes before the post-base matra")
  func bengaliReph() {
    // র্কা: the reph after Ka, before the aa-matra.
    var glyphs = Self.initial("র্কা")
    var reph = glyphs[0]
    reph.id = 0xE003
    reph.ligated = true
    glyphs.replaceSubrange(0...1, with: [reph])
    IndicShaper(script: .bengali).reorderFinally(&glyphs, virama: 0x09CD)
    #expect(Self.describe(glyphs) == "0995@0 E003@0 09BE@3")
  }
}
