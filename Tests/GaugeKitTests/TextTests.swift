@_spi(Service) import GaugeSupport
import GaugeTestSupport
import Testing

@testable import GaugeKit

@Suite struct TextTests {
  @Test(arguments: [
    (0.0, 2, "0"), (-0.0, 2, "0"), (-0.001, 2, "0"), (1.005, 2, "1"), (1.006, 2, "1.01"),
    (224.38356164, 3, "224.384"), (-3.5, 0, "-4"), (2.5, 0, "3"), (100, 3, "100"),
    (0.1, 6, "0.1"), (123_456_789.125, 2, "123456789.13"), (1e20, 2, "100000000000000000000"),
    (-1.5e17, 0, "-150000000000000000"), (.nan, 2, "0"), (.infinity, 2, "0"),
    (9_007_199_254_740_992, 0, "9007199254740992"),  // 2^53: still exact
  ])
  func fixedDecimals(value: Double, decimals: Int, expected: String) {
    #expect(FixedDecimal.string(value, decimals: decimals) == expected)
  }

  @Test(arguments: [
    (1250.0, 0, "1,250"), (999, 0, "999"), (1_000_000, 1, "1,000,000.0"),
    (-12345.678, 2, "-12,345.68"),
    (1e18, 0, "1,000,000,000,000,000,000"),
  ])
  func grouping(value: Double, decimals: Int, expected: String) {
    #expect(
      FixedDecimal.string(value, decimals: decimals, trimZeros: false, grouping: true) == expected)
  }

  @Test func readoutKeepsItsDecimalsAndAffixes() {
    let format = ReadoutFormat(
      decimals: 1, prefix: "~", suffix: " ppm", placeholder: "n/a", grouping: true)
    #expect(format.text(for: 1250) == "~1,250.0 ppm")
    #expect(format.text(for: -0.04) == "~0.0 ppm")
    #expect(format.text(for: nil) == "n/a")
    #expect(format.text(for: .nan) == "n/a")
    #expect(format.text(for: -.infinity) == "n/a")
  }

  @Test(arguments: [
    ("#FFF", Color(red: 255, green: 255, blue: 255)),
    ("#34c759", Color(red: 0x34, green: 0xC7, blue: 0x59)),
    ("#11223380", Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80)),
    ("orange", Color(red: 255, green: 0xA5, blue: 0)),
    ("transparent", Color(red: 0, green: 0, blue: 0, alpha: 0)),
  ])
  func parsesColours(text: String, color: Color) {
    #expect(Color(parsing: text) == color)
  }

  @Test(arguments: [
    "", "#", "#12", "#1234", "#12345", "#1234567", "FFFFFF", " #FFF", "Red", "#GGG", "rgb(1,2,3)",
  ])
  func rejectsColours(text: String) {
    #expect(Color(parsing: text) == nil)
  }

  @Test func hexRoundTrips() {
    #expect(Color(red: 0x34, green: 0xC7, blue: 0x59).hex == "#34C759")
    #expect(Color(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
  }

  @Test(
    arguments: [
      ("colour", ["label", "color"], "color"), ("stres", ["stress"], "stress"),
      ("xyz", ["stress"], nil),
      ("lyaout", ["layout", "render"], "layout"),
      ("innerRadus", ["innerRadius", "sectors"], "innerRadius"),
    ] as [(String, [String], String?)])
  func suggestions(word: String, candidates: [String], expected: String?) {
    #expect(Suggestion.closest(to: word, among: candidates) == expected)
  }
}

@Suite struct TwoDecimalTests {
  /// The hot path agrees with the general formatter over many seeded random values.
  @Test func agreesWithTheGeneralFormatter() {
    var generator = SeededGenerator(seed: 42)
    var special: [Double] = [
      0, -0.0, 0.004, -0.004, 0.005, -0.005, 9.995, 10, 99.999, 1e13, -1e13, 4.5e13, 1e15,
      123_456_789_012.345, .nan, .infinity, 8192.125,
      // Where the 32-bit path hands over, and its digit counts' edges.
      99_999.994, 99_999.995, -99_999.995, 99_999.999, 100_000, 100_000.004, 999.995, 9_999.995,
      0.1, 0.99, 1.005, 100.05,
    ]
    for _ in 0..<20000 {
      let magnitude = pow10(Int.random(in: -3...14, using: &generator))
      special.append(Double.random(in: -magnitude...magnitude, using: &generator))
    }
    for value in special {
      let fast = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
        let count = FixedDecimal.writeTwoDecimals(value, to: buffer.baseAddress!)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      }
      #expect(fast == FixedDecimal.string(value, decimals: 2), "\(value)")
    }
  }

  /// Whole numbers (animation times in milliseconds) agree with the general formatter too.
  @Test func wholeNumbersAgreeWithTheGeneralFormatter() {
    var generator = SeededGenerator(seed: 7)
    var values: [Double] = [
      0, -0.0, 0.49, -0.49, 0.5, -0.5, 1.5, 2.5, -2.5, 799.5, 1e15, 4.5e15 - 1, -4.5e15 + 1,
    ]
    for _ in 0..<20000 {
      let magnitude = pow10(Int.random(in: -2...15, using: &generator))
      values.append(Double.random(in: -magnitude...magnitude, using: &generator))
    }
    for value in values where value.magnitude < FixedDecimal.exactLimit {
      let fast = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
        let count = FixedDecimal.writeWhole(value, to: buffer.baseAddress!)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      }
      #expect(fast == FixedDecimal.string(value, decimals: 0), "\(value)")
    }
  }

  private func pow10(_ exponent: Int) -> Double {
    exponent >= 0 ? (0..<exponent).reduce(1.0) { r, _ in r * 10 } : 1 / pow10(-exponent)
  }
}
