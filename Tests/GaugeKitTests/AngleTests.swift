import Testing

@testable import GaugeKit

@Suite struct AngleTests {
  /// A non-finite angle has no direction: it normalises to 0 rather than spreading NaN.
  @Test(arguments: [
    (Double.nan, 0.0), (.infinity, 0.0), (-.infinity, 0.0), (-Double.nan, 0.0),
    (-720.25, 359.75), (719.5, 359.5), (-360.0, 0.0), (1e300, 0.0),
  ])
  func normalisesEveryDouble(input: Double, expected: Double) {
    let result = normalizedDegrees(input)
    #expect(result == expected)
    #expect(result.sign == .plus)
  }
}
