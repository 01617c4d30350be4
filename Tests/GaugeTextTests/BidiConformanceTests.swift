import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// BidiLine against Unicode's own conformance data, BidiCharacterTest.txt (Unicode 15.0):
/// each line gives scalars, a paragraph direction, and the paragraph level, levels and
/// visual order the reference implementation resolves. Fixtures/bidi-character-sample.txt
/// holds a seeded sample of it (written by scripts/generate-bidi-tables); where the
/// `unicode-data` package is installed a larger seeded sample of the whole file runs too.
@Suite("Bidi conformance")
struct BidiConformanceTests {
  /// One test line: its fields as the file has them.
  struct Case: CustomTestStringConvertible {
    var line: Int
    var scalars: [Unicode.Scalar]
    var direction: BaseDirection?
    var paragraphLevel: UInt8
    /// nil where the reference removes the character (X9).
    var levels: [UInt8?]
    var order: [Int]

    var testDescription: String { "line \(line)" }
  }

  static let systemFile = "/usr/share/unicode/BidiCharacterTest.txt"

  /// The cases of a BidiCharacterTest-format text; `line` counts from 1.
  static func cases(_ text: String) -> [Case] {
    var cases: [Case] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard !line.hasPrefix("#"), !line.isEmpty else { continue }
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let words = fields.map { $0.split(separator: " ") }
      cases.append(
        Case(
          line: number + 1,
          scalars: words[0].map { Unicode.Scalar(UInt32($0, radix: 16)!)! },
          direction: [.leftToRight, .rightToLeft, nil][Int(fields[1])!],
          paragraphLevel: UInt8(fields[2])!,
          levels: words[3].map { UInt8($0) },
          order: words[4].map { Int($0)! }))
    }
    return cases
  }

  /// What BidiLine gives for `test`, in the file's terms, or nil if it matches.
  static func mismatch(_ test: Case) -> String? {
    let line = BidiLine(test.scalars, direction: test.direction)
    let levels = line.levels.indices.map { line.isRemoved[$0] ? nil : line.levels[$0] }
    let order = line.visualOrder().filter { !line.isRemoved[$0] }
    guard
      line.paragraphLevel != test.paragraphLevel || levels != test.levels
        || order != test.order
    else { return nil }
    let shown = levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
    return "line \(test.line): level \(line.paragraphLevel), levels \(shown), order \(order)"
  }

  @Test("the committed sample of BidiCharacterTest.txt resolves exactly")
  func committedSample() throws {
    let cases = Self.cases(try FixtureFile.text("bidi-character-sample.txt"))
    #expect(cases.count >= 200)
    let failures = cases.compactMap(Self.mismatch)
    #expect(failures.isEmpty, "\(failures.count) mismatches: \(failures.prefix(5))")
  }

  @Test(
    "a seeded sample of 20,000 lines of the installed BidiCharacterTest.txt resolves exactly",
    .enabled(if: FileManager.default.fileExists(atPath: systemFile)))
  func installedFile() throws {
    let all = Self.cases(try String(contentsOfFile: Self.systemFile, encoding: .utf8))
    #expect(all.count > 90_000)
    var generator = SeededGenerator(seed: 0xB1D1)
    let sample = (0..<20_000).map { _ in all[Int.random(in: all.indices, using: &generator)] }
    let failures = sample.compactMap(Self.mismatch)
    #expect(failures.isEmpty, "\(failures.count) mismatches: \(failures.prefix(5))")
  }
}
