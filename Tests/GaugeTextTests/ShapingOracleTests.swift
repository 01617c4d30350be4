import Foundation
import Testing

@testable import GaugeText

/// The OpenType engine against HarfBuzz itself: `hb-shape` (Debian's libharfbuzz-bin) shapes
/// each word in a real font, and `RunShaper` must give the same glyph ids, clusters,
/// advances and offsets, in font units. In CI (CI=true) a missing hb-shape or font fails;
/// elsewhere the test is skipped with a message.
@Suite("Shaping against hb-shape")
struct ShapingOracleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var font: String
    var text: String
    var testDescription: String {
      "\((font as NSString).lastPathComponent): \(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))"
    }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let noto = "/usr/share/fonts/truetype/noto/"
  static let hbShape = "/usr/bin/hb-shape"

  static let latin = [
    "AVATAR Wave", "Température", "e\u{301}", "A\u{30A}", "x\u{301}\u{323}", "q\u{323}\u{302}",
    "Καλημέρα κόσμε", "ἄλφα", "α\u{301}\u{308}", "Привет, мир", "Ёжик й\u{306}", "office ffi",
    "a\u{308}\u{301}\u{323}", "Ǖ u\u{308}\u{304}", "\u{E9}\u{323} \u{1EC7}\u{303} \u{212B}",
    "\u{1E09}\u{331}", "مُحَمَّد لأن",
  ]
  static let cases: [Case] =
    (latin.map { Case(font: root.path + "/Fonts/DejaVuSans.ttf", text: $0) }
      + latin.map { Case(font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", text: $0) }
      + latin.map { Case(font: noto + "NotoSans-Regular.ttf", text: $0) }
      + [
        "العربية", "مُحَمَّد", "لا", "لأن", "السَّلَامُ عَلَيْكُمْ", "بِسْمِ", "فارسی", "پژوهش", "گُل",
        "ﻻ", "١٢٣ كيلو", "الله", "لِلَّهِ", "ئـ", "سْتَ", "می\u{200C}خواهم", "نمی\u{200C}دانم",
        "ب\u{200D}", "ل\u{200C}ا",
      ].map { Case(font: noto + "NotoNaskhArabic-Regular.ttf", text: $0) }
      + [
        "NotoSansArabic-Regular.ttf", "NotoKufiArabic-Regular.ttf", "NotoNastaliqUrdu-Regular.ttf",
      ]
      .flatMap { font in
        [
          "العربية", "مُحَمَّد", "لأن", "السَّلَامُ عَلَيْكُمْ", "پاکستان", "اردو زبان", "کیا حال ہے", "بہت",
          "پاکستان کی قومی زبان اردو ہے اور یہ بہت خوبصورت زبان ہے",
        ]
        .map { Case(font: noto + font, text: $0) }
      }
      + ["שָׁלוֹם", "עִבְרִית", "בְּרֵאשִׁית"].map {
        Case(font: noto + "NotoSansHebrew-Regular.ttf", text: $0)
      }
      + ["น้ำ", "กำลัง", "ที่สุด", "ปั้ม", "ภาษาไทย", "ญู่", "ฐุ", "ป่ำ", "กิ่ง"].map {
        Case(font: noto + "NotoSansThai-Regular.ttf", text: $0)
      }
      + ["ນ້ຳ", "ພາສາລາວ", "ກຳ"].map { Case(font: noto + "NotoSansLao-Regular.ttf", text: $0) }
      // Noto Sans CJK (its first face): its `calt` would give a space between Hangul words
      // a proportional form 280 units wide; HarfBuzz's Hangul shaper leaves `calt` out, and
      // the space stays 224 units, as in every browser and rsvg-convert.
      + ["스트레스 수준", "스 수", "서버 프로세서 부하 상태"].map {
        Case(font: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", text: $0)
      }
      + IndicOracleTests.cases)

  static var available: Bool {
    FileManager.default.isExecutableFile(atPath: hbShape)
      && cases.allSatisfy { FileManager.default.fileExists(atPath: $0.font) }
  }

  @Test(
    "glyph ids, clusters, advances and offsets equal hb-shape's",
    .enabled(
      if: available || ProcessInfo.processInfo.environment["CI"] == "true",
      "hb-shape (libharfbuzz-bin) or a Noto font (fonts-noto-core) is missing"),
    arguments: cases)
  func matchesHarfBuzz(_ item: Case) throws {
    let face = try FontFace(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: item.font))))
    let scalars = Array(item.text.unicodeScalars)
    let script = scalars.lazy.compactMap(ShapingScript.init).first
    let isRightToLeft = script == .arabic || script == .hebrew
    // Invisible scalars (ZWJ, ZWNJ) join or break Arabic letters but are not shaped, as in a
    // font set; hb-shape is asked to remove them too. It gives their cluster to a neighbour,
    // which the font set does not track: clusters are compared for texts without them. An
    // Indic run keeps its joiners (they choose half forms) and hides them after shaping.
    let keepsJoiners = script == .devanagari || script == .bengali
    let items = scalars.enumerated().filter { keepsJoiners || FontSet.isVisible($0.element) }.map {
      RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: $0.offset)
    }
    let clusters = items.count == scalars.count
    let buffer = RunShaper.shape(
      items, face: face, script: script, isRightToLeft: isRightToLeft,
      forms: ArabicJoining.forms(scalars))
    // The work budget never decides real text: at most a quarter of it is used.
    #expect(buffer.budget > Swift.max(items.count * 1_024, 65_536) * 3 / 4)
    let glyphs = isRightToLeft ? buffer.glyphs.reversed() : buffer.glyphs
    let ours = glyphs.map {
      "\($0.id)=\(clusters ? String($0.cluster) : "*")@\($0.xOffset),\($0.yOffset)+\($0.xAdvance)"
    }
    var theirs = try Self.harfBuzz(item.text, font: item.font)
    if !clusters {
      theirs = theirs.map { $0.replacing(/=[0-9]+@/, with: "=*@") }
    }
    #expect(ours == theirs)
  }

  @Test(
    "mixed Arabic and English: runs in visual order, each as hb-shape shapes it",
    .enabled(
      if: available || ProcessInfo.processInfo.environment["CI"] == "true",
      "hb-shape (libharfbuzz-bin) or a Noto font (fonts-noto-core) is missing"),
    arguments: [
      // Text, then its runs left to right as hb-shape gets them; Noto Naskh Arabic has
      // digits and spaces but no Latin letters.
      ("CPU مرحبا", ["CPU ", "مرحبا"]), ("مرحبا CPU", ["CPU", "مرحبا "]),
      ("السعر 42 دولار", [" دولار", "42", "السعر "]),
      // Harakat: marks placed by GPOS, with a y offset the PNG draws.
      ("CPU مُحَمَّد", ["CPU ", "مُحَمَّد"]),
    ])
  func mixedRuns(_ text: String, _ runs: [String]) throws {
    let latinFile = Self.noto + "NotoSans-Regular.ttf"
    let arabicFile = Self.noto + "NotoNaskhArabic-Regular.ttf"
    let latin = try FontFace(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: latinFile))))
    let arabic = try FontFace(
      data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: arabicFile))))
    #expect(latin.unitsPerEm == arabic.unitsPerEm)
    let fonts = FontSet(faces: [arabic, latin], systemFonts: false)
    let shaped = fonts.shape(text, weight: .regular)
    let unitsPerEm = Double(latin.unitsPerEm)
    let ours = shaped.glyphs.map {
      "\($0.face == 0 ? "arabic" : "latin") \($0.id) "
        + "\(Int(($0.x * unitsPerEm).rounded())),\(Int(($0.y * unitsPerEm).rounded()))"
    }
    var theirs: [String] = []
    var pen = 0
    for run in runs {
      let isArabic = run.unicodeScalars.allSatisfy { arabic.glyph(for: $0) != 0 }
      let output = try Self.harfBuzz(run, font: isArabic ? arabicFile : latinFile)
      for glyph in output {
        // id=cluster@dx,dy+advance
        let parts = glyph.split(whereSeparator: { "=@,+".contains($0) }).map { Int($0)! }
        theirs.append("\(isArabic ? "arabic" : "latin") \(parts[0]) \(pen + parts[2]),\(parts[3])")
        pen += parts[4]
      }
    }
    #expect(ours == theirs)
    #expect(Int((shaped.width * unitsPerEm).rounded()) == pen)
  }

  /// hb-shape's glyphs as `id=cluster@dx,dy+advance` (its clusters count scalars).
  static func harfBuzz(_ text: String, font: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: hbShape)
    // Default-ignorable characters (ZWJ, ZWNJ, bidi controls) take part but are not drawn.
    process.arguments = [
      "--no-glyph-names", "--output-format=json", "--remove-default-ignorables", font, text,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let glyphs = try JSONSerialization.jsonObject(with: data) as? [[String: Int]] ?? []
    return glyphs.map {
      "\($0["g"]!)=\($0["cl"]!)@\($0["dx"]!),\($0["dy"]!)+\($0["ax"]!)"
    }
  }
}
