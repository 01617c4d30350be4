import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// Devanagari and Bengali shaped by the Indic shaper against HarfBuzz itself: `hb-shape`
/// (Debian's libharfbuzz-bin) shapes each word in Noto Sans Devanagari or Bengali, and
/// `IndicShaper` must give the same glyph ids, clusters, advances and offsets, in font units.
/// In CI (CI=true) a missing hb-shape or font fails; elsewhere the test is skipped.
@Suite("Indic shaping against hb-shape")
struct IndicOracleTests {
  typealias Case = ShapingOracleTests.Case
  static let noto = ShapingOracleTests.noto

  static let devanagari = [
    // Titles, conjuncts and half forms.
    "तनाव स्तर", "हिन्दी", "क्षत्रिय", "स्त्री", "द्ध", "श्र", "प्रति", "विद्युत",
    // Reph, alone and over a matra or conjunct.
    "र्क", "कर्म", "र्मि", "धर्म्य", "पूर्व",
    // Pre-base i-matra, with a nukta, after a half form.
    "कि", "क़ि", "ज़्यादा", "स्ति", "\u{0915}\u{093C}",
    // Joiners, vowels and signs; a broken cluster (a matra alone).
    "क्\u{200D}ष", "क्\u{200C}ष", "आँ", "हैं", "ॐ", "ि", "कािं", "१२३",
  ]
  static let bengali = [
    "বাংলা", "প্রতিক্রিয়া", "চাপের মাত্রা", "কৌ", "কো", "\u{0995}\u{09C7}\u{09BE}",
    "র্ক", "ক্ষ", "স্ত্র", "র্কি", "কি", "য়", "ি", "অ্যা",
  ]
  static let cases: [Case] =
    devanagari.map { Case(font: noto + "NotoSansDevanagari-Regular.ttf", text: $0) }
    + devanagari.prefix(8).map { Case(font: noto + "NotoSansDevanagari-Bold.ttf", text: $0) }
    + bengali.map { Case(font: noto + "NotoSansBengali-Regular.ttf", text: $0) }

  /// The words are shaped against hb-shape by `ShapingOracleTests`, with every other
  /// script's; this suite adds the font set's path through a title.
  static var available: Bool {
    FileManager.default.isExecutableFile(atPath: ShapingOracleTests.hbShape)
      && cases.allSatisfy { FileManager.default.fileExists(atPath: $0.font) }
  }

  @Test(
    "a font set draws Hindi and Bengali titles as hb-shape shapes them",
    .enabled(
      if: available || ProcessInfo.processInfo.environment["CI"] == "true",
      "hb-shape (libharfbuzz-bin) or Noto Sans Devanagari/Bengali (fonts-noto-core) is missing"),
    arguments: [
      ("NotoSansDevanagari-Regular.ttf", "तनाव स्तर"),
      ("NotoSansDevanagari-Regular.ttf", "क्\u{200D}ष"),
      ("NotoSansBengali-Regular.ttf", "চাপের মাত্রা"),
    ])
  func fontSet(_ file: String, _ text: String) throws {
    let face = try FontFace(
      data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.noto + file))))
    let shaped = FontSet(faces: [face], systemFonts: false).shape(text, weight: .regular)
    let unitsPerEm = Double(face.unitsPerEm)
    let ours = shaped.glyphs.map {
      "\($0.id) \(Int(($0.x * unitsPerEm).rounded())),\(Int(($0.y * unitsPerEm).rounded()))"
    }
    var theirs: [String] = []
    var pen = 0
    for glyph in try ShapingOracleTests.harfBuzz(text, font: Self.noto + file) {
      let parts = glyph.split(whereSeparator: { "=@,+".contains($0) }).map { Int($0)! }
      theirs.append("\(parts[0]) \(pen + parts[2]),\(parts[3])")
      pen += parts[4]
    }
    #expect(ours == theirs)
  }
}

/// Random Devanagari and Bengali (letters, signs, joiners, dotted circles, spaces, digits) in
/// the Noto fonts, seeded so a failure replays: shaping never traps, every glyph id is in the
/// face, clusters stay in the text and never decrease.
@Suite("Indic shaping of random text")
struct IndicRandomTests {
  static let fonts = ["NotoSansDevanagari-Regular.ttf", "NotoSansBengali-Regular.ttf"]

  @Test(
    "800 random texts shape without a trap, in order, with glyphs of the face",
    .enabled(
      if: fonts.allSatisfy { FileManager.default.fileExists(atPath: IndicOracleTests.noto + $0) }
        || ProcessInfo.processInfo.environment["CI"] == "true",
      "Noto Sans Devanagari/Bengali (fonts-noto-core) is missing"),
    arguments: fonts)
  func randomText(_ file: String) throws {
    let face = try FontFace(
      data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: IndicOracleTests.noto + file))))
    let block: ClosedRange<UInt32> = file.contains("Bengali") ? 0x0980...0x09FF : 0x0900...0x097F
    let extras: [UInt32] = [0x200C, 0x200D, 0x25CC, 0x20, 0xA0, 0x31]
    var generator = SeededGenerator(seed: file.contains("Bengali") ? 23 : 9)
    for _ in 0..<400 {
      var scalars: [Unicode.Scalar] = []
      for _ in 0..<Int.random(in: 1...16, using: &generator) {
        let value =
          Int.random(in: 0..<8, using: &generator) == 0
          ? extras.randomElement(using: &generator)! : UInt32.random(in: block, using: &generator)
        scalars.append(Unicode.Scalar(value)!)
      }
      let items = scalars.enumerated().map {
        RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: $0.offset)
      }
      let buffer = RunShaper.shape(
        items, face: face, script: file.contains("Bengali") ? .bengali : .devanagari,
        isRightToLeft: false, forms: [])
      let text = scalars.map { String($0.value, radix: 16) }.joined(separator: " ")
      #expect(buffer.glyphs.allSatisfy { Int($0.id) < face.glyphCount }, "\(text)")
      #expect(buffer.glyphs.allSatisfy { (0..<scalars.count).contains($0.cluster) }, "\(text)")
      #expect(
        zip(buffer.glyphs, buffer.glyphs.dropFirst()).allSatisfy { $0.cluster <= $1.cluster },
        "\(text)")
    }
  }
}
