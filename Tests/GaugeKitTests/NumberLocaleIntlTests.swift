import Foundation
import GaugeLocalization
import XCTest

/// GaugeKit's numbers against `Intl.NumberFormat` of the node.js on the machine (ICU with
/// CLDR 48), for every supported locale and a table of values at rounding and grouping edges.
final class NumberLocaleIntlTests: XCTestCase {
  static let values: [Double] = [
    0, 0.05, -0.05, 0.25, 0.5, 1.005, 2.5, -2.5, 7, 42, 999.95, 1234.25, -1234.25, 12345,
    99999.5, 999999.95, 1e6, 1_234_567, -7654321.5, 1e9, 123456789.125, 1.5e15, 0.004, 1e21,
  ]

  /// Seeded values of every size, half of them on or next to a rounding tie (k + 0.5) / 10^d,
  /// where the decimal the double stands for decides the rounding.
  static var seededValues: [Double] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    var values: [Double] = []
    for index in 0..<160 {
      let magnitude = Double(next() % 12) - 3
      let mantissa = Double(next() % 1_000_000) / 100_000
      var value = mantissa * pow10(magnitude)
      if index % 2 == 1 {
        let places = Double(next() % 3)
        value = ((value * pow10(places)).rounded(.down) + 0.5) / pow10(places)
        if index % 4 == 3 { value = value.nextUp }
      }
      values.append(next() % 3 == 0 ? -value : value)
    }
    return values
  }

  /// Languages that also take the seeded values: every kind of digits, grouping and short
  /// form among them.
  static let seededLanguages = ["en", "de", "fr", "ar", "hi", "bn", "ja", "sw", "es", "fa"]

  static func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(exponent.magnitude) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }

  struct Case: Encodable {
    let locale: String
    let value: Double
    let decimals: Int
    let mode: String
  }

  func testEveryLocaleMatchesIntl() throws {
    var cases: [Case] = []
    let tags = GaugeLocale.supported.flatMap { tag in
      let locale = try? GaugeLocale(tag)
      return locale?.numbers.nativeNumberingSystem == "latn" ? [tag] : [tag, tag + "-u-nu-latn"]
    }
    XCTAssertGreaterThanOrEqual(GaugeLocale.supported.count, 40)
    for tag in tags {
      let seeded = Self.seededLanguages.contains { tag.hasPrefix($0) }
      for value in Self.values + (seeded ? Self.seededValues : []) {
        for decimals in [0, 1, 2] {
          for mode in ["standard", "plain", "compact", "percent"] {
            cases.append(Case(locale: tag, value: value, decimals: decimals, mode: mode))
          }
        }
      }
    }
    let expected = try Self.intl(cases)
    XCTAssertEqual(expected.count, cases.count)
    var mismatches: [String] = []
    // One locale a tag: making one parses the tag and builds its number symbols, which took
    // two thirds of this test's time when every case made its own.
    var locales: [String: GaugeLocale] = [:]
    for (item, want) in zip(cases, expected) {
      let locale = try locales[item.locale] ?? GaugeLocale(item.locale)
      locales[item.locale] = locale
      let got = locale.numbers.format(
        item.value, fractionDigits: item.decimals, grouping: item.mode != "plain",
        notation: item.mode == "compact" ? .compact : .standard, percent: item.mode == "percent")
      if got != want {
        mismatches.append(
          "\(item.locale) \(item.value) \(item.decimals) \(item.mode): got \(got.debugDescription), Intl \(want.debugDescription)"
        )
      }
    }
    XCTAssertEqual(
      mismatches.count, 0,
      "\(mismatches.count) of \(cases.count):\n" + mismatches.prefix(60).joined(separator: "\n"))
  }

  /// What node's Intl writes for each case (scripts/intl-oracle).
  static func intl(_ cases: [Case]) throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    guard
      let node = ["/usr/bin/node", "/usr/local/bin/node"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("node is missing: CI must have it")
      }
      throw XCTSkip("node.js is not installed; it is the oracle for number formats")
    }
    let encoder = JSONEncoder()
    var input = Data()
    for item in cases {
      input.append(try encoder.encode(item))
      input.append(0x0A)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: node)
    process.arguments = [root.appendingPathComponent("scripts/intl-oracle").path]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let bytes = input
    let writer = Thread {
      stdin.fileHandleForWriting.write(bytes)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let decoder = JSONDecoder()
    return try output.split(separator: 0x0A).map { try decoder.decode(String.self, from: Data($0)) }
  }
}
