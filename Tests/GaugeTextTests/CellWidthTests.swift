import GaugeTestSupport
import Testing

@testable import GaugeText

/// Expected widths come from Python's wcwidth 0.7.0 (`wcwidth.wcswidth`), written into
/// CellWidthCases.swift by scripts/generate-unicode-tables.
@Suite("Cell widths")
struct CellWidthTests {
  @Test("each of the clusters takes as many cells as wcswidth counts")
  func clusters() {
    #expect(CellWidthCases.clusters.count >= 300)
    for (text, expected, name) in CellWidthCases.clusters {
      let characters = Array(text)
      // The generator checked that Python segments each case as one cluster; Swift must too,
      // or the case would measure something else here.
      #expect(characters.count == 1, "\(name) is \(characters.count) clusters in Swift")
      guard let character = characters.first else { continue }
      #expect(CellWidth.of(character) == expected, "\(name)")
      #expect(CellWidth.of(text) == expected, "\(name), as a text")
    }
  }

  @Test("whole texts take the sum of their clusters, as wcswidth counts them")
  func texts() {
    for (text, expected, name) in CellWidthCases.texts {
      #expect(CellWidth.of(text) == expected, "\(name)")
      #expect(text.reduce(0) { $0 + CellWidth.of($1) } == expected, "\(name), cluster by cluster")
    }
  }

  @Test("every scalar alone, U+0000 to U+10FFFF, is counted as wcswidth counts it")
  func everyScalarAlone() {
    // FNV-1a over one byte a scalar, as the generator computed it from wcwidth.
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    var mismatchedSingleScalarPath = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let width = CellWidth.of(Character(scalar))
      if width != CellWidth.alone(scalar) { mismatchedSingleScalarPath += 1 }
      digest = (digest ^ UInt64(width)) &* 0x0000_0100_0000_01B3
    }
    #expect(digest == CellWidthCases.allScalarsDigest)
    #expect(mismatchedSingleScalarPath == 0)
  }

  @Test("printable ASCII takes a cell a character; controls take none")
  func asciiAndControls() {
    #expect(CellWidth.of("") == 0)
    #expect(CellWidth.of("Load 42 %") == 9)
    #expect(CellWidth.of("\u{1B}[31m") == 4)
    #expect(CellWidth.of("\r\n") == 0)
    #expect(CellWidth.of(Character("\u{7F}")) == 0)
    #expect(CellWidth.of(Character("\u{9B}")) == 0)
  }
}

@Suite("Scalar ranges")
struct ScalarRangesTests {
  @Test("binary search finds what a linear scan finds, on seeded random values")
  func binarySearch() {
    var generator = SeededGenerator(seed: 0x5EED_CE11)
    let tables = [
      UnicodeTables.zeroWidth, UnicodeTables.wide, UnicodeTables.spacingMarks,
      UnicodeTables.widenedByVS16, UnicodeTables.indicConsonants, UnicodeTables.viramas,
      UnicodeTables.emojiBases, UnicodeTables.defaultIgnorable, UnicodeTables.bidiControls,
    ]
    for table in tables {
      var probes: [UInt32] = [0, 0x10_FFFF]
      // Every bound and its neighbours, where an off-by-one would show, then random values.
      for bound in table.bounds { probes += [bound &- 1, bound, bound + 1] }
      for _ in 0..<2000 { probes.append(UInt32.random(in: 0...0x10_FFFF, using: &generator)) }
      for value in probes {
        let linear = stride(from: 0, to: table.bounds.count, by: 2).contains {
          table.bounds[$0] <= value && value <= table.bounds[$0 + 1]
        }
        #expect(table.contains(value) == linear, "U+\(String(value, radix: 16))")
      }
    }
  }

  @Test("an empty table holds nothing")
  func empty() {
    #expect(!ScalarRanges(bounds: []).contains(0))
    #expect(ScalarRanges(bounds: [5, 5]).contains(5))
    #expect(!ScalarRanges(bounds: [5, 5]).contains(4))
  }
}
