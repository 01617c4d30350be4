@_spi(Service) import GaugeSupport
import Testing

/// A gauge's value typed as text (`GaugeValueText`), the one rule of the CLI, `gauge watch`,
/// the dashboard's sources and the service: a number, `none` or a non-finite number for no
/// data, and one refusal for the rest.
@Suite struct GaugeValueTextTests {
  @Test(
    arguments: [
      ("42", 42.0), ("-1.5e3", -1500.0), ("none", nil), ("inf", nil), ("-inf", nil),
      ("Infinity", nil), ("nan", nil), ("NaN", nil), ("1e400", nil), ("-1e400", nil),
    ] as [(String, Double?)])
  func valuesRead(text: String, expected: Double?) throws {
    #expect(try GaugeValueText.read(text) == expected)
    #expect(try GaugeValueText.read(Substring(text)) == expected)
  }

  /// `-0` is zero, keeping its sign as `Double` does.
  @Test func minusZeroIsZero() throws {
    let zero = try #require(try GaugeValueText.read("-0"))
    #expect(zero == 0)
    #expect(zero.sign == .minus)
  }

  @Test(arguments: [
    // `none` is one word, lowercase, and the text is read whole: no spaces around it.
    "NONE", "None", "", " 42", "42 ", "abc", "5%",
    // C's strtod, under Double, would stop at the NUL and read 37 (or no data).
    "37\u{0}", "\u{0}", "inf\u{0}", "none\u{0}",
  ])
  func otherTextIsRefused(text: String) {
    #expect(throws: GaugeValueText.Refusal(text: text)) { try GaugeValueText.read(text) }
  }

  @Test func refusalNamesWhatToGive() {
    let refusal = GaugeValueText.Refusal(text: "abc")
    #expect(
      refusal.message == "'abc' is not a number; give a number such as 42, or 'none' for no data")
    #expect(
      refusal.message(quoted: "«abc»")
        == "«abc» is not a number; give a number such as 42, or 'none' for no data")
  }
}
