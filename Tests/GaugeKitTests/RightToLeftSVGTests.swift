import GaugeKit
import Testing

/// A right-to-left text says so in the SVG, so viewers order it as the PNG does; left-to-right
/// texts, Latin or CJK, are written as before.
@Suite struct RightToLeftSVGTests {
  static func titleElement(_ title: String) throws -> String {
    let svg = try BuiltinPresets.gauge(named: "stress").svg(
      value: 42, options: RenderOptions(title: title, fonts: .bundled))
    let line = svg.split(separator: "\n").first { $0.hasPrefix("<text") && $0.contains(title) }
    return String(try #require(line))
  }

  @Test func arabicAndHebrewTitlesAreRightToLeft() throws {
    #expect(try Self.titleElement("مستوى التوتر 42%").contains(" direction=\"rtl\""))
    #expect(try Self.titleElement("רמת לחץ").contains(" direction=\"rtl\""))
    // The first strong character decides: a Latin start keeps the line left to right.
    #expect(try !Self.titleElement("CPU المعالج").contains("direction"))
    #expect(try !Self.titleElement("Stress 東京").contains("direction"))
  }
}
