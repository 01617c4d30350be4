import GaugeTestSupport
import GaugeText
import Testing

@testable import GaugeKit

/// Cell counts here follow wcwidth 0.7 (CellWidthTests checks the rules themselves): CJK and
/// emoji sequences 2, marks 0, the rest 1.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("a\u{1B}[31mb\u{7}", "a[31mb"),
    ("\u{9B}31m\u{85}next", "31mnext"),
    ("tab\there\r\nnext\u{2028}line\u{2029}", "tab here next line "),
    ("x\u{202E}y\u{2066}z\u{200F}\u{61C}", "xyz"),
    ("soft\u{AD}hy\u{200B}phen\u{FEFF}\u{2060}", "softhyphen"),
    ("a\u{200D}b", "ab"),
    ("a\u{FE0F}", "a"),
    ("\u{4E00}\u{E0100}", "\u{4E00}"),
    // Emoji sequences keep what makes them one wide emoji.
    ("\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}"),
    ("\u{2764}\u{FE0E}", "\u{2764}\u{FE0E}"),
    ("\u{1F468}\u{200D}\u{1F4BB}", "\u{1F468}\u{200D}\u{1F4BB}"),
    ("1\u{FE0F}\u{20E3}", "1\u{FE0F}\u{20E3}"),
    (
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    ),
    ("e\u{301} 語 \u{1F44D}\u{1F3FD}", "e\u{301} 語 \u{1F44D}\u{1F3FD}"),
  ])
  func sanitizing(text: String, expected: String) {
    #expect(TerminalText.sanitized(text) == expected)
  }

  @Test func sanitizedTextHasNothingATerminalWouldActOnOrDrawUnpredictably() {
    let alphabet: [Unicode.Scalar] = [
      "a", " ", "\u{1B}", "[", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{200D}",
      "\u{FE0F}", "\u{FE0E}", "\u{AD}", "\u{200B}", "\u{301}", "\u{2764}", "\u{1F468}",
      "\u{1F4BB}", "\u{E0067}", "\u{E007F}", "1", "\u{20E3}", "\u{1F1EF}", "\u{1F1F5}", "\n",
      "\u{2028}", "\u{3164}", "\u{4E00}",
    ]
    var generator = SeededGenerator(seed: 0x7E47)
    for _ in 0..<2000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        text.append(alphabet.randomElement(using: &generator)!)
      }
      let sanitized = TerminalText.sanitized(String(text))
      for character in sanitized {
        for scalar in character.unicodeScalars {
          #expect(!InvisibleScalars.isForbiddenControl(scalar))
          #expect(!InvisibleScalars.isBidiControl(scalar))
          if InvisibleScalars.isDefaultIgnorable(scalar) {
            #expect(InvisibleScalars.isEmojiSequence(character))
            #expect(InvisibleScalars.joinsEmoji(scalar))
          }
        }
      }
      // Sanitizing twice changes nothing more.
      #expect(TerminalText.sanitized(sanitized) == sanitized)
    }
  }

  @Test(arguments: [
    ("abc", 3, "abc"),
    ("abcd", 3, "ab…"),
    ("abcd", 1, "…"),
    ("abcd", 0, ""),
    ("abcd", -2, ""),
    ("", 0, ""),
    // A wide character that does not fit is left out, not half-drawn.
    ("語語語", 6, "語語語"),
    ("語語語", 5, "語語…"),
    ("語語語", 4, "語…"),
    ("語語語", 2, "…"),
    ("a語語", 3, "a…"),
    // Accents stay on their letters; emoji sequences stay whole.
    ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}…"),
    (
      "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} family", 4,
      "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}…"
    ),
    ("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}", 3, "\u{1F1EF}\u{1F1F5}…"),
    ("\u{2764}\u{FE0F}\u{2764}\u{FE0F}", 3, "\u{2764}\u{FE0F}…"),
    // Spaces before the "…" go.
    ("Load \u{1F525} now", 7, "Load…"),
    ("T\u{1EA3}i b\u{1ED9} x\u{1EED} l\u{FD}", 8, "T\u{1EA3}i b\u{1ED9}…"),
  ])
  func fitting(text: String, width: Int, expected: String) {
    let fitted = TerminalText.fitted(text, width: width)
    #expect(fitted == expected)
    #expect(TerminalText.width(fitted) <= max(width, 0))
  }

  @Test func fittedTextNeverExceedsItsWidthAndKeepsWholeClusters() {
    let clusters: [String] = [
      "a", " ", "語", "e\u{301}", "\u{1F468}\u{200D}\u{1F4BB}", "\u{1F1EF}\u{1F1F5}", "\u{AC00}",
      "\u{915}\u{93F}", "\u{E01}\u{E49}\u{E33}", "\u{FF21}", "\u{2764}\u{FE0F}", "\u{600}",
    ]
    var generator = SeededGenerator(seed: 0xF177)
    for _ in 0..<1000 {
      let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
        clusters.randomElement(using: &generator)!
      }.joined()
      for width in 0...12 {
        let fitted = TerminalText.fitted(text, width: width)
        #expect(TerminalText.width(fitted) <= width, "'\(text)' in \(width)")
        if TerminalText.width(text) <= width {
          #expect(fitted == text)
        } else if width >= 1 {
          #expect(fitted.hasSuffix("…"))
          let kept = Array(fitted.dropLast())
          #expect(Array(text.prefix(kept.count)) == kept, "'\(text)' cut inside a cluster")
        }
      }
    }
  }

  @Test func cellWidthsAreWcwidths() {
    #expect(TerminalText.width("CPU 負荷 👩‍💻") == 11)
    #expect(TerminalText.cellWidth("\u{2764}\u{FE0F}") == 2)
    #expect(TerminalText.cellWidth("\u{2764}") == 1)
    #expect(TerminalText.cellWidth("\u{915}\u{93F}") == 2)
  }
}
