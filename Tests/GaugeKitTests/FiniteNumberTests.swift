@_spi(Service) import GaugeSupport
import Testing

/// Numbers typed as text (`FiniteNumber`), the one reader of the CLI, the service and the
/// preset overrides: finite ones read whole, the reason given for the others, and the
/// non-finite ones read as such where an infinity means no data.
@Suite struct FiniteNumberTests {
  @Test(arguments: [
    ("42", 42.0), ("-1.5e3", -1500.0), ("0", 0.0), ("1e308", 1e308),
    (" 7", nil), ("7 ", nil), ("+", nil),
  ])
  func finiteNumbersReadWhole(text: String, expected: Double?) {
    #expect(FiniteNumber.parse(text) == expected)
    #expect(FiniteNumber.parse(Substring(text)) == expected)
  }

  /// `-0` is a finite number: zero, keeping its sign as `Double` does.
  @Test func minusZeroIsZero() throws {
    let zero = try #require(FiniteNumber.parse("-0"))
    #expect(zero == 0)
    #expect(zero.sign == .minus)
  }

  @Test(arguments: [
    ("inf", "is not a finite number"), ("-inf", "is not a finite number"),
    ("Infinity", "is not a finite number"), ("nan", "is not a finite number"),
    ("1e400", "is not a finite number"), ("-1e400", "is not a finite number"),
    ("abc", "is not a number"), ("", "is not a number"), ("5%", "is not a number"),
    // C's strtod, under Double, would stop at the NUL and read 37 (or inf).
    ("37\u{0}", "is not a number"), ("37\u{0}x", "is not a number"),
    ("\u{0}37", "is not a number"), ("inf\u{0}", "is not a number"),
  ])
  func otherTextSaysWhy(text: String, problem: String) {
    #expect(FiniteNumber.parse(text) == nil)
    #expect(FiniteNumber.problem(text) == problem)
  }

  @Test(
    arguments: [
      ("42", 42.0), ("inf", .infinity), ("-inf", -.infinity), ("1e400", .infinity),
      ("-1e400", -.infinity), ("37\u{0}", nil), ("inf\u{0}", nil), ("abc", nil), ("", nil),
    ] as [(String, Double?)])
  func nonFiniteNumbersReadWhereAllowed(text: String, expected: Double?) {
    #expect(FiniteNumber.parseAllowingNonFinite(text) == expected)
    #expect(FiniteNumber.parseAllowingNonFinite(Substring(text)) == expected)
  }

  @Test func nanReadsAsNaNWhereAllowed() throws {
    #expect(try #require(FiniteNumber.parseAllowingNonFinite("nan")).isNaN)
    #expect(try #require(FiniteNumber.parseAllowingNonFinite("-NaN")).isNaN)
    #expect(FiniteNumber.parseAllowingNonFinite("nan\u{0}") == nil)
  }
}
