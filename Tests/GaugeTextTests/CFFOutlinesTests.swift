import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeText

/// Expected outlines come from fontTools 4.68 (RecordingPen over each glyph of the fixtures,
/// written by scripts/make-cff-fixture); hand-built tables check the limits and messages.
@Suite("CFF outlines")
struct CFFOutlinesTests {
  typealias Segment = CFFFixture.Segment

  @Test(
    "every glyph equals fontTools' outline, y flipped",
    arguments: [
      ("NotoSansCJKjp-Subset", 17), ("NotoSansCJKjp-Subset-FDSelect0", 17), ("NameKeyed", 7),
    ])
  func matchesFontTools(_ name: String, _ glyphCount: Int) throws {
    let outlines = try CFFFixture.outlines("\(name).otf")
    let expected = try CFFFixture.expectedOutlines("\(name).outlines.txt")
    #expect(outlines.glyphCount == glyphCount)
    #expect(expected.count == glyphCount)
    for (glyph, segments) in expected.enumerated() {
      let actual = try CFFFixture.draw(outlines, UInt16(glyph))
      #expect(actual == segments, "glyph \(glyph)")
    }
  }

  @Test("日 draws as three closed contours: its frame and the two counters")
  func sunGlyph() throws {
    // Glyph 14 is 日 (U+65E5) in the subset's cmap; it uses Font DICT 1, the digits 2.
    let segments = try CFFFixture.draw(CFFFixture.outlines("NotoSansCJKjp-Subset.otf"), 14)
    #expect(segments.count(where: { $0 == .close }) == 3)
    #expect(segments.allSatisfy { if case .cubic = $0 { false } else { true } })
  }

  @Test("outlines scale, and y points down")
  func scaled() throws {
    let outlines = try CFFFixture.outlines("NotoSansCJKjp-Subset.otf")
    let expected = try CFFFixture.expectedOutlines(
      "NotoSansCJKjp-Subset.outlines.txt", scale: 0.5)
    for glyph in [1, 14, 16] {
      #expect(try CFFFixture.draw(outlines, UInt16(glyph), scale: 0.5) == expected[glyph])
    }
  }

  @Test("INDEX offset sizes 1 to 4, a width, local and global subroutines", arguments: 1...4)
  func offsetSizes(_ offSize: Int) throws {
    var builder = CFFTableBuilder(
      charStrings: ["100 10 20 rmoveto -107 callsubr -107 callgsubr"],
      globalSubrs: ["0 40 -30 0 rlineto endchar"], localSubrs: ["30 0 rlineto return"])
    builder.offSize = offSize
    let outlines = try builder.outlines()
    #expect(
      try CFFFixture.draw(outlines, 0, scale: 2) == [
        .move(20, -40), .line(80, -40), .line(80, -120), .line(20, -120), .close,
      ])
  }

  @Test(
    "subroutine numbers are biased by 107, 1131 and 32768 by how many there are",
    arguments: [
      (1239, 0), (1239, 1238), (1240, 0), (1240, 1239), (33_899, 33_898), (33_900, 0),
      (33_900, 33_899),
    ])
  func subroutineBias(_ count: Int, _ target: Int) throws {
    let bias = count < 1240 ? 107 : count < 33_900 ? 1131 : 32_768
    #expect(Type2Operator.subroutineBias(count: count) == bias)
    var subroutines = Array(repeating: "return", count: count)
    subroutines[target] = "7 hmoveto 3 vlineto return"
    var builder = CFFTableBuilder(
      charStrings: ["\(target - bias) callgsubr endchar"], globalSubrs: subroutines)
    #expect(try CFFFixture.draw(builder.outlines(), 0) == [.move(7, 0), .line(7, -3), .close])
  }

  @Test(
    "hostile charstrings hit a limit and say which",
    arguments: [
      (
        ["1 " + String(repeating: "1 ", count: 48) + "rlineto endchar"], ["return"],
        "glyph 0 puts more than 48 numbers on the stack"
      ),
      (
        ["-107 callsubr endchar"], ["-107 callsubr return"],
        "glyph 0 nests subroutine calls deeper than 10 levels"
      ),
      (
        ["0 0 rmoveto -107 callsubr endchar"],
        (0..<9).map { String(repeating: "\($0 - 106) callsubr ", count: 10) + "return" }
          + ["return"],
        "glyph 0 runs more than 100000 operators"
      ),
      (
        ["0 0 rmoveto " + String(repeating: "-107 callsubr ", count: 2731) + "endchar"],
        [String(repeating: "1 1 -1 -1 ", count: 12) + "rlineto return"],
        "glyph 0 draws more than 65536 points"
      ),
      (
        ["0 0 rmoveto 16000 -16000 rlineto 1 0 rlineto endchar"], [],
        "glyph 0 has a point at (16001, -16000), farther than 16000 units (16 em) from its origin"
      ),
      (
        ["0 0 rmoveto 0 -16001 0 16001 10 0 rrcurveto endchar"], [],
        "glyph 0 has a point at (0, -16001), farther than 16000 units (16 em) from its origin"
      ),
      (
        // Each call draws 24 steps of 10,000 units: the 103rd step passes 1,024,000.
        ["0 0 rmoveto " + String(repeating: "-107 callsubr ", count: 5) + "endchar"],
        [String(repeating: "10000 0 -10000 0 ", count: 12) + "rlineto return"],
        "glyph 0's outline is longer than 1024000 units (1024 em) from point to point"
      ),
    ])
  func limits(_ charStrings: [String], _ localSubrs: [String], _ message: String) throws {
    var builder = CFFTableBuilder(charStrings: charStrings, localSubrs: localSubrs)
    let outlines = try builder.outlines()
    #expect(throws: FontError.malformed(message)) { try CFFFixture.draw(outlines, 0) }
  }

  @Test(
    "broken charstrings throw with what is wrong",
    arguments: [
      (
        "0 0 rmoveto 1 2 3 rlineto endchar",
        "glyph 0's rlineto has 3 arguments, a count it does not take"
      ),
      (
        "0 0 rmoveto 1 2 3 4 5 6 7 flex endchar",
        "glyph 0's flex has 7 arguments, a count it does not take"
      ),
      ("0 0 rmoveto", "glyph 0's charstring ends without endchar"),
      (
        "1 2 add endchar",
        "glyph 0's charstring uses operator 12 10, which is reserved or arithmetic and not drawn by GaugeText"
      ),
      (
        "10 20 hstem 30 40 vstem hintmask",
        "glyph 0's hintmask mask runs past the end of its charstring"
      ),
      ("return", "glyph 0's charstring returns outside a subroutine"),
      ("0 callsubr endchar", "glyph 0 calls local subroutine 0, but has no Local Subrs"),
      ("5 callgsubr endchar", "glyph 0 calls global subroutine 5, which is index 112 of only 1"),
      ("0.5 callgsubr endchar", "glyph 0's callgsubr has no whole subroutine number on the stack"),
    ])
  func brokenCharstrings(_ charstring: String, _ message: String) throws {
    var builder = CFFTableBuilder(charStrings: [charstring], globalSubrs: ["return"])
    let outlines = try builder.outlines()
    #expect(throws: FontError.malformed(message)) { try CFFFixture.draw(outlines, 0) }
  }

  @Test("hint masks are skipped by the stems counted before them, implicit vstems included")
  func hintMasks() throws {
    // Stems: 1 hstem (after the width 99), then 8 implicit vstems at the hintmask: 9 stems,
    // 2 mask bytes; the bytes 0x15 (rmoveto) and 0x05 would draw if they were not skipped.
    var builder = CFFTableBuilder(charStrings: [
      "99 1 2 hstem 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 hintmask 0x15 0x05 "
        + "5 6 rmoveto cntrmask 0xff 0xff 1 1 rlineto endchar"
    ])
    #expect(
      try CFFFixture.draw(builder.outlines(), 0) == [.move(5, -6), .line(6, -7), .close])
  }

  @Test("a truncated or inconsistent table throws before any glyph is drawn")
  func brokenTables() throws {
    var builder = CFFTableBuilder(charStrings: ["endchar", "endchar"])
    let table = builder.build()
    let offset = builder.charStringsOffset
    func open(_ bytes: [UInt8], length: Int? = nil) throws(FontError) {
      _ = try CFFOutlines(reader: FontReader(bytes: bytes), table: (0, length ?? bytes.count))
    }
    #expect(
      throws: FontError.malformed(
        "the CharStrings INDEX at byte \(offset) has data that runs past the CFF table")
    ) { try open(table, length: table.count - 1) }
    #expect(
      throws: FontError.malformed(
        "the Name INDEX at byte 4 has offsets that run past the CFF table")
    ) { try open(table, length: 8) }
    var badOffSize = table
    badOffSize[6] = 5
    #expect(throws: FontError.malformed("the Name INDEX at byte 4 has offset size 5, not 1-4")) {
      try open(badOffSize)
    }
    #expect(
      throws: FontError.unsupportedFormat(
        "the font has CFF2 outlines (a variable font), which GaugeText does not read")
    ) { try open([2, 0, 5, 0, 0]) }
    #expect(
      throws: FontError.malformed("the CFF table at byte 0, 9 bytes long, ends past the data")
    ) {
      try open([1, 0, 4, 2], length: 9)
    }
    // Item 0's end offset (3 bytes in: count, offset size, first offset) pushed past the last.
    var outOfOrder = table
    outOfOrder[offset + 6] = 4
    let outlines = try CFFOutlines(
      reader: FontReader(bytes: outOfOrder), table: (0, outOfOrder.count))
    #expect(
      throws: FontError.malformed("the CharStrings INDEX's item 0 has offsets 1...4 outside 1...3")
    ) { try CFFFixture.draw(outlines, 0) }
    #expect(throws: FontError.malformed("glyph 2 does not exist")) {
      try CFFFixture.draw(outlines, 2)
    }
  }

  @Test("DICT operands in every encoding, reals as the CFF spec's examples encode them")
  func dictionaryOperands() throws {
    let bytes: [UInt8] =
      [0x1e, 0xe2, 0xa2, 0x5f, 0x1e, 0x0a, 0x14, 0x05, 0x41, 0xc3, 0xff, 239, 39]
      + [250, 124, 254, 124, 28, 0x27, 0x10, 28, 0xd8, 0xf0, 29, 0, 1, 0x86, 0xa0, 18]
    let dict = try CFFDictionary(
      reader: FontReader(bytes: bytes), range: 0..<bytes.count, name: "the DICT")
    #expect(
      dict[.privateDict] == [-2.25, 0.140541e-3, 100, -100, 1000, -1000, 10_000, -10_000, 100_000])
    #expect(throws: FontError.malformed("the DICT's Private operator lacks a valid offset or size"))
    {
      try dict.offset(.privateDict)
    }
    let tooMany = [UInt8](repeating: 139, count: 49) + [17]
    #expect(throws: FontError.malformed("the DICT has more than 48 operands before an operator")) {
      try CFFDictionary(reader: FontReader(bytes: tooMany), range: 0..<50, name: "the DICT")
    }
    #expect(throws: FontError.malformed("the DICT ends inside an operand or operator")) {
      try CFFDictionary(reader: FontReader(bytes: [28, 1]), range: 0..<2, name: "the DICT")
    }
    #expect(throws: FontError.malformed("the DICT holds the reserved byte 31")) {
      try CFFDictionary(reader: FontReader(bytes: [31]), range: 0..<1, name: "the DICT")
    }
  }

  @Test("seac accents are refused, not drawn wrong")
  func seac() throws {
    var builder = CFFTableBuilder(charStrings: ["0 0 65 97 endchar"])
    #expect(
      throws: FontError.unsupportedFormat(
        "glyph 0 builds an accented glyph with endchar (seac), which GaugeText does not draw")
    ) { try CFFFixture.draw(builder.outlines(), 0) }
  }

  @Test("an FDSelect that names a Font DICT past the FDArray throws for that glyph")
  func fontDictOutOfRange() throws {
    var font = try CFFFixture.bytes("NotoSansCJKjp-Subset-FDSelect0.otf")
    let table = try #require(CFFFixture.tableLocation("CFF ", inFaceAt: 0, of: font))
    let reader = FontReader(bytes: font)
    let names = try CFFIndex(
      reader: reader, at: table.offset + 4, limit: table.offset + table.length, name: "names")
    let topDicts = try CFFIndex(
      reader: reader, at: names.end, limit: table.offset + table.length, name: "top")
    let top = try CFFDictionary(reader: reader, range: topDicts.item(0), name: "top")
    let select = table.offset + (try #require(try top.offset(.fontDictSelect)))
    #expect(font[select] == 0)
    font[select + 1 + 5] = 7  // glyph 5's Font DICT
    let outlines = try CFFOutlines(reader: FontReader(bytes: font), table: table)
    #expect(
      throws: FontError.malformed("the FDSelect gives glyph 5 Font DICT 7, past the 3 in FDArray")
    ) { try CFFFixture.draw(outlines, 5) }
    #expect(try CFFFixture.draw(outlines, 4).count > 0)
  }

  @Test("corrupted CFF tables throw or draw, but never trap or hang (seeded, replayable)")
  func corrupted() throws {
    var generator = SeededGenerator(seed: 2_024)
    var opened = 0
    var drawn = 0
    for name in ["NotoSansCJKjp-Subset.otf", "NameKeyed.otf"] {
      let font = try CFFFixture.bytes(name)
      let table = try #require(CFFFixture.tableLocation("CFF ", inFaceAt: 0, of: font))
      for _ in 0..<300 {
        var bytes = font
        for _ in 0..<(1 + generator.next() % 8) {
          let index = table.offset + Int(generator.next() % UInt64(table.length))
          bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
        guard let outlines = try? CFFOutlines(reader: FontReader(bytes: bytes), table: table)
        else { continue }
        opened += 1
        for glyph in 0..<UInt16(outlines.glyphCount) {
          if (try? CFFFixture.draw(outlines, glyph, scale: 0.01)) != nil { drawn += 1 }
        }
      }
    }
    // Most single-byte damage lands in charstrings, so most tables still open and draw.
    #expect(opened > 300)
    #expect(drawn > 3_000)
  }

  @Test(
    "every glyph of the system's Noto Sans CJK JP draws",
    .enabled(if: FileManager.default.fileExists(atPath: CFFOutlinesTests.systemCJK)))
  func systemNotoSansCJK() throws {
    let collection = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.systemCJK)))
    let face = try #require(CFFFixture.faceOffset(0, in: collection))
    let table = try #require(CFFFixture.tableLocation("CFF ", inFaceAt: face, of: collection))
    let outlines = try CFFOutlines(reader: FontReader(bytes: collection), table: table)
    #expect(outlines.glyphCount == 65_535)
    var empty = 0
    for glyph in stride(from: 0, to: outlines.glyphCount, by: 7) {
      if try CFFFixture.draw(outlines, UInt16(glyph)).isEmpty { empty += 1 }
    }
    #expect(empty < 100)
  }

  static let systemCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
}
