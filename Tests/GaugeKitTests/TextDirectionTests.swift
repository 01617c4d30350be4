import Testing

@testable import GaugeKit

/// The preset's `direction`: decoded and checked at its key, written back, and obeyed by the
/// SVG (`direction="rtl"`) and the PNG (the same base direction as a leading mark gives).
@Suite struct TextDirectionTests {
  static let zones =
    ##""min": 0, "max": 100, "zones": [{"label": "All", "color": "#0A0", "upTo": 100}]"##

  static func gauge(_ extra: String) throws -> Gauge {
    try Gauge(presetJSON: "{" + zones + extra + "}", file: "g.json")
  }

  @Test func decodesEachValueAndDefaultsToAuto() throws {
    #expect(try Self.gauge("").direction == .auto)
    #expect(try Self.gauge(#", "direction": "auto""#).direction == .auto)
    #expect(try Self.gauge(#", "direction": "ltr""#).direction == .ltr)
    #expect(try Self.gauge(#", "direction": "rtl""#).direction == .rtl)
  }

  static func problems(_ extra: String) -> [String] {
    do {
      _ = try Gauge(presetJSON: "{" + zones + extra + "}", file: "g.json")
      return []
    } catch {
      guard case .invalidGauge(let problems) = error else { return ["\(error)"] }
      return problems.map(\.description)
    }
  }

  @Test func aBadValueIsReportedAtItsKey() {
    #expect(
      Self.problems(#", "direction": "right""#) == [
        #"g.json:1:96: direction: "right" is not allowed; use one of auto, ltr, rtl"#
      ])
    #expect(
      Self.problems(#", "direction": 1"#) == [
        #"g.json:1:96: direction: expected a string, found a number"#
      ])
  }

  @Test func presetJSONWritesItOnlyWhenSet() throws {
    let rtl = try Self.gauge(#", "direction": "rtl""#)
    #expect(rtl.presetJSON().contains(#""direction": "rtl""#))
    #expect(try Gauge(presetJSON: rtl.presetJSON()).direction == .rtl)
    #expect(!(try Self.gauge("").presetJSON().contains("direction")))
  }

  static func titleElement(_ title: String, _ direction: TextDirection) throws -> String {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.direction = direction
    let svg = try gauge.svg(value: 42, options: RenderOptions(title: title, fonts: .bundled))
    let line = svg.split(separator: "\n").first { $0.hasPrefix("<text") && $0.contains(title) }
    return String(try #require(line))
  }

  @Test func theSVGFollowsTheGaugesDirection() throws {
    // A Latin start reads left to right unless the gauge says otherwise.
    #expect(try !Self.titleElement("CPU المعالج", .auto).contains("direction"))
    #expect(try Self.titleElement("CPU المعالج", .rtl).contains(#" direction="rtl""#))
    #expect(try !Self.titleElement("المعالج CPU", .ltr).contains("direction"))
    #expect(try Self.titleElement("المعالج CPU", .auto).contains(#" direction="rtl""#))
    #expect(try Self.titleElement("Stress", .rtl).contains(#" direction="rtl""#))
  }

  @Test func thePNGLaysOutAsALeadingMarkWould() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    // At 240 px the title fits under the end labels (at 200 px it is left out).
    gauge.title = "CPU المعالج 42%"
    let auto = try gauge.png(
      value: 42, options: RenderOptions(width: 240, height: 240, fonts: .bundled))
    gauge.direction = .rtl
    let rtl = try gauge.png(
      value: 42, options: RenderOptions(width: 240, height: 240, fonts: .bundled))
    gauge.direction = .auto
    gauge.title = "\u{200F}CPU المعالج 42%"
    let marked = try gauge.png(
      value: 42, options: RenderOptions(width: 240, height: 240, fonts: .bundled))
    #expect(rtl != auto)
    #expect(rtl == marked)
  }

  @Test func theAccessibleNameClosesOpenEmbeddings() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.title = "\u{202B}CPU \u{2067}المعالج"
    let label = try gauge.scene(value: 42).label
    #expect(label.hasPrefix("\u{202B}CPU \u{2067}المعالج\u{2069}\u{202C} 42"))
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("\u{202B}a", "\u{202B}a\u{202C}"),
    ("\u{202B}a\u{202C}", "\u{202B}a\u{202C}"),
    ("\u{2067}a\u{202A}b", "\u{2067}a\u{202A}b\u{202C}\u{2069}"),
    // A PDI closes the embeddings inside its isolate; a PDF cannot close past an isolate.
    ("\u{2067}\u{202A}a\u{2069}", "\u{2067}\u{202A}a\u{2069}"),
    ("\u{202B}\u{2066}a\u{202C}", "\u{202B}\u{2066}a\u{202C}\u{2069}\u{202C}"),
    ("\u{202C}\u{2069}a", "\u{202C}\u{2069}a"),
  ])
  func embeddingCloser(_ text: String, _ closed: String) {
    #expect(EmbeddingCloser.closed(text) == closed)
  }
}
