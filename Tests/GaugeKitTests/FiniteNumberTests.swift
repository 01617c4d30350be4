import Testing

@testable import GaugeSupport

/// Numbers typed as text (`FiniteNumber`): finite ones read whole, and the reason given for
/// the others.
@Suite struct FiniteNumberTests {
  @Test(arguments: [("42", 42.0), ("-1.5e3", -1500.0), ("0", 0.0), (" 7", nil), ("7 ", nil)])
  func finiteNumbersReadWhole(text: String, expected: Double?) {
    #expect(FiniteNumber.parse(text) == expected)
  }

  @Test(arguments: [
    ("inf", "is not a finite number"), ("-inf", "is not a finite number"),
    ("nan", "is not a finite number"), ("1e400", "is not a finite number"),
    ("abc", "is not a number"), ("", "is not a number"), ("5%", "is not a number"),
    // C's strtod, under Double, would stop at the NUL and read 37.
    ("37\u{0}", "is not a number"), ("37\u{0}x", "is not a number"),
  ])
  func otherTextSaysWhy(text: String, problem: String) {
    #expect(FiniteNumber.parse(text) == nil)
    #expect(FiniteNumber.problem(text) == problem)
  }
}
