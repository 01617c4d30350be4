import GaugeTestSupport
import Testing

@testable import GaugeText

/// Right-to-left and mixed texts shaped with the bundled DejaVu Sans, against HarfBuzz:
/// Fixtures/bidi-shaped.txt holds the glyphs hb-shape gives for each bidi run (FriBidi's
/// levels, runs in L2 order), written by scripts/generate-bidi-tables.
@Suite("Bidi shaping")
struct BidiShapingTests {
  struct Shaped: CustomTestStringConvertible {
    var text: String
    var glyphs: [UInt16]
    /// In font units.
    var positions: [Int]
    var clusters: [Int]

    var testDescription: String { text }
  }

  static func shaped() throws -> [Shaped] {
    try FixtureFile.text("bidi-shaped.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }
      .map { line in
        let fields = line.split(separator: ";", omittingEmptySubsequences: false).map {
          $0.split(separator: " ")
        }
        var text = ""
        text.unicodeScalars.append(
          contentsOf: fields[0].map { Unicode.Scalar(UInt32($0, radix: 16)!)! })
        return Shaped(
          text: text, glyphs: fields[1].map { UInt16($0)! },
          positions: fields[2].map { Int($0)! }, clusters: fields[3].map { Int($0)! })
      }
  }

  @Test("glyphs and positions equal hb-shape's", arguments: try shaped())
  func matchesHarfBuzz(_ expected: Shaped) throws {
    let shaped = FontSet.bundled.shape(expected.text, weight: .regular)
    #expect(shaped.faces == [0])
    #expect(shaped.glyphs.map(\.id) == expected.glyphs)
    let unitsPerEm = Double(FontFace.dejaVuSans.unitsPerEm)
    let positions = shaped.glyphs.map { $0.x * unitsPerEm }
    #expect(positions.count == expected.positions.count)
    for (actual, wanted) in zip(positions, expected.positions) {
      #expect(abs(actual - Double(wanted)) <= 1, "x \(actual), HarfBuzz \(wanted)")
    }
    #expect(FontSet.bundled.width(of: expected.text, weight: .regular) == shaped.width)
  }

  @Test("the width is the sum of the advances, kerning of left-to-right runs included")
  func widthIsAdvances() {
    let face = FontFace.dejaVuSans
    let text = "עברית"
    let units = text.unicodeScalars.reduce(0) { $0 + face.advance(of: face.glyph(for: $1)) }
    let width = FontSet.bundled.width(of: text, weight: .regular)
    #expect(abs(width * Double(face.unitsPerEm) - Double(units)) < 1e-9)
  }

  @Test("invisible bidi controls draw nothing")
  func controlsAreInvisible() {
    let plain = FontSet.bundled.shape("abc \u{5D0}", weight: .regular)
    let marked = FontSet.bundled.shape("\u{2067}abc\u{2069} \u{200F}\u{5D0}", weight: .regular)
    #expect(marked.glyphs.map(\.id).count == plain.glyphs.count)
    #expect(!marked.glyphs.contains { $0.id == 0 })
  }

  @Test("text with no right-to-left character is shaped as before")
  func leftToRightUnchanged() {
    // European digits, Greek and LRM do not make text right to left; Arabic digits do.
    #expect(!BidiLine.needsReordering("CPU 75% αβ \u{200E}".unicodeScalars))
    #expect(BidiLine.needsReordering("١ ٢".unicodeScalars))
    #expect(BidiLine(Array("١ ٢".unicodeScalars)).visualOrder() == [2, 1, 0])
    #expect(BidiLine.needsReordering("\u{200F}".unicodeScalars))
    #expect(BidiLine.needsReordering("\u{202E}abc".unicodeScalars))
  }

  @Test(
    "presentation forms give the glyphs the engine gets from DejaVu's GSUB forms",
    arguments: [
      "العربية", "مرحبا", "فارسی", "سلام", "بلال", "محمد لأن",
    ])
  func presentationFormFallback(_ text: String) {
    let face = FontFace.dejaVuSans
    let scalars = Array(text.unicodeScalars)
    let forms = ArabicJoining.forms(scalars)
    let nominal = scalars.map { face.glyph(for: $0) }
    let items = scalars.enumerated().map {
      RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: $0.offset)
    }
    let gsub = RunShaper.shape(
      items, face: face, script: .arabic, isRightToLeft: true, forms: forms)
    let fallback = ArabicJoining.presentationForms(
      nominal, scalars: scalars, forms: forms, face: face)
    #expect(fallback.glyphs == gsub.glyphs.map(\.id))
    #expect(fallback.clusters == gsub.glyphs.map(\.cluster))
  }
}
