@_spi(Service) import GaugeSupport
import Testing

@testable import GaugeKit

@Suite struct JSONWriterTests {
  @Test(arguments: [
    ("plain é😤 – text", #""plain é😤 – text""#),
    ("q\"b\\n\nr\rt\t", #""q\"b\\n\nr\rt\t""#),
    ("\u{0}\u{1B}]0;x\u{7}\u{7F}", #""\u0000\u001b]0;x\u0007\u007f""#),
    // C1 controls: U+0085 (next line) and U+009B (CSI) steer terminals; U+00A0 does not.
    ("a\u{80}\u{85}\u{9B}\u{9F}\u{A0}", "\"a\\u0080\\u0085\\u009b\\u009f\u{A0}\""),
    // Bidirectional embeddings, overrides and isolates; the marks and U+2013 stay as they are.
    (
      "\u{202A}\u{202E}abc\u{2066}\u{2069}\u{200F}\u{2013}\u{2030}",
      "\"\\u202a\\u202eabc\\u2066\\u2069\u{200F}\u{2013}\u{2030}\""
    ),
  ])
  func quotesEscapingWhatCouldSteerATerminal(value: String, expected: String) {
    #expect(JSONText.quoted(value) == expected)
  }

  @Test func messagesQuoteAtMost40Characters() {
    let forty = String(repeating: "é", count: 40)
    #expect(JSONText.quotedPrefix(forty) == "\"" + forty + "\"")
    #expect(JSONText.quotedPrefix(forty + "x") == "\"" + forty + "…\"")
    #expect(JSONText.quotedPrefix("\u{1B}" + forty) == "\"\\u001b" + forty.dropLast() + "…\"")
  }
}
