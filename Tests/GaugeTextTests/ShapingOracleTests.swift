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
    "Καλημέρα κόσμε", "ἄλφα", "Привет, мир", "Ёжик й\u{306}",
  ]
  static let cases: [Case] =
    (latin.map { Case(font: root.path + "/Fonts/DejaVuSans.ttf", text: $0) }
      + latin.map { Case(font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", text: $0) }
      + latin.map { Case(font: noto + "NotoSans-Regular.ttf", text: $0) }
      + [
        "العربية", "مُحَمَّد", "لا", "لأن", "السَّلَامُ عَلَيْكُمْ", "بِسْمِ", "فارسی", "پژوهش", "گُل",
        "ﻻ", "١٢٣ كيلو",
      ].map { Case(font: noto + "NotoNaskhArabic-Regular.ttf", text: $0) }
      + ["שָׁלוֹם", "עִבְרִית", "בְּרֵאשִׁית"].map {
        Case(font: noto + "NotoSansHebrew-Regular.ttf", text: $0)
      }
      + ["น้ำ", "กำลัง", "ที่สุด", "ปั้ม", "ภาษาไทย", "ญู่"].map {
        Case(font: noto + "NotoSansThai-Regular.ttf", text: $0)
      }
      + ["ນ້ຳ", "ພາສາລາວ", "ກຳ"].map { Case(font: noto + "NotoSansLao-Regular.ttf", text: $0) })

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
    let items = scalars.enumerated().map {
      RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: $0.offset)
    }
    let buffer = RunShaper.shape(
      items, face: face, script: script, isRightToLeft: isRightToLeft,
      forms: ArabicJoining.forms(scalars))
    let glyphs = isRightToLeft ? buffer.glyphs.reversed() : buffer.glyphs
    let ours = glyphs.map {
      "\($0.id)=\($0.cluster)@\($0.xOffset),\($0.yOffset)+\($0.xAdvance)"
    }
    let theirs = try Self.harfBuzz(item.text, font: item.font)
    #expect(ours == theirs)
  }

  /// hb-shape's glyphs as `id=cluster@dx,dy+advance` (its clusters count scalars).
  static func harfBuzz(_ text: String, font: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: hbShape)
    process.arguments = ["--no-glyph-names", "--output-format=json", font, text]
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
