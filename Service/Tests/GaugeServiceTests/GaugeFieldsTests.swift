import GaugeKit
@_spi(Service) import GaugePresets
import Hummingbird
import Testing

@testable import GaugeService

@Suite("GET /gauge.svg and .png: a gauge without a preset; the same fields over a preset")
struct GaugeFieldsTests {
  static let heartRate = try! Gauge(
    presetJSON: """
      {"min": 0, "max": 200, "readout": {"suffix": " bpm"}, "zones": [
        {"label": "Low", "color": "#34C759", "upTo": 60},
        {"label": "Normal", "color": "#FF9500", "upTo": 140},
        {"label": "High", "color": "#FF3B30", "upTo": 200}]}
      """)
  static let query =
    "min=0&max=200&zones=Low:60:%2334C759,Normal:140:%23FF9500,High:200:%23FF3B30"
    + "&title=Heart+rate&unit=+bpm&value=72"

  @Test("the bytes of the equivalent preset, as SVG and as PNG")
  func sameBytesAsThePreset() async throws {
    let options = RenderOptions(width: 400, height: 400, title: "Heart rate")
    let svg = try Self.heartRate.svgBytes(value: 72, options: options)
    let png = try Self.heartRate.png(value: 72, options: options)
    try await withService { client in
      let image = try await client.execute(uri: "/gauge.svg?" + Self.query, method: .get)
      #expect(image.status == .ok)
      #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
      #expect(image.bytes == svg)
      let raster = try await client.execute(uri: "/gauge.png?" + Self.query, method: .get)
      #expect(raster.status == .ok)
      #expect(raster.bytes == png)
    }
  }

  @Test("the fields replace a preset's")
  func overAPreset() async throws {
    let zones = ["Relaxed:25:#34C759", "Normal:75:#FF9500", "High:200:#FF3B30"].compactMap(
      PresetOverrides.ZoneText.init(parsing:))
    let stress = try Gauge(
      presetJSON: Array(try BuiltinPresets.gauge(named: "stress").presetJSON().utf8),
      overrides: PresetOverrides(max: 200, zones: zones, unit: " pts"))
    let expected = try stress.svgBytes(value: 150, options: RenderOptions(width: 400, height: 400))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=150&unit=+pts&max=200"
          + "&zones=Relaxed:25:%2334C759,Normal:75:%23FF9500,High:200:%23FF3B30",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
      #expect(
        response.text.contains(
          #"<desc>Gauge from 0 to 200 in 3 zones: Relaxed up to 25, Normal up to 75, High up to 200.</desc>"#
        ))
    }
  }

  /// A combining mark right after a separator makes one character of the two; the comma and
  /// the colons still separate, and the label keeps the mark.
  @Test func aMarkAfterASeparatorStillSeparates() async throws {
    let expected = try Gauge(
      presetJSON: ##"{"min": 0, "max": 100, "zones": [{"label": "Low", "color": "#FFFFFF", "##
        + ##""upTo": 50}, {"label": "\u0301B", "color": "#000000", "upTo": 100}], "##
        + ##""markers": [{"value": 30, "label": "\u0301Goal"}]}"##
    ).svgBytes(value: 4, options: RenderOptions(width: 400, height: 400))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge.svg?min=0&max=100&value=4&zones=Low:50:%23FFFFFF,%CC%81B:100:%23000000"
          + "&marker=30:%CC%81Goal",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
    }
  }

  /// A raw query (not percent-encoded) whose combining marks follow `&` and `=`: split on
  /// the bytes, as URLSearchParams splits it, so the marks begin the title and its value.
  @Test func aRawMarkAfterAmpersandAndEqualsStillSplits() async throws {
    let expected = try BuiltinPresets.gauge(named: "stress").svgBytes(
      value: 42, options: RenderOptions(width: 400, height: 400, title: "\u{301}Load"))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42&title=\u{301}Load", method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
      let unknown = try await client.execute(
        uri: "/gauge/stress.svg?value=42&\u{301}unit=x", method: .get)
      #expect(unknown.status == .badRequest)
      #expect(unknown.text.contains(#""errors":[{"path":"\#u{301}unit","#), "\(unknown.text)")
    }
  }

  @Test(
    "problems name the parameter, in a preset's words",
    arguments: [
      (
        "min=0&max=200&zones=Low:60:%2334C7,High:200:red&value=1", "zones",
        ##"zone 1, "Low:60:#34C7": "#34C7" is not a colour; use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)"##
      ),
      (
        "min=0&max=200&zones=Low:60:red,High:190:red&value=1", "zones",
        #"zone 2, "High:190:red": 190 leaves (190, 200] uncovered; the last zone ends at the domain max 200"#
      ),
      (
        "min=0&max=200&zones=Low&value=1", "zones",
        "zone 1, 'Low', is not a zone; write LABEL:UPTO:COLOR, such as Low:60:#34C759 (# as %23), "
          + "separated by commas"
      ),
      ("min=x&value=1", "min", "'x' is not a number"),
      ("min=0%00&value=1", "min", "'0\u{0}' is not a number"),
      // As the CLI says of --min and --max: a number that reads but is not finite.
      ("min=-inf&value=1", "min", "'-inf' is not a finite number"),
      ("min=0&max=1e400&value=1", "max", "'1e400' is not a finite number"),
      (
        "min=0&max=10&zones=A:inf:red&value=1", "zones",
        #"zone 1, "A:inf:red": "inf" is not a finite number"#
      ),
      // A bound with a NUL is text, worded as any other text bound is (`10x`).
      (
        "min=0&max=10&zones=A:10%00:red&value=1", "zones",
        #"zone 1, "A:10\u0000:red": expected a number, found a string"#
      ),
      (
        "min=0&max=10&zones=A:10x:red&value=1", "zones",
        #"zone 1, "A:10x:red": expected a number, found a string"#
      ),
      (
        "min=0&value=1", "",
        "a gauge without a preset needs min, max and zones; max and zones are missing"
      ),
    ])
  func problems(query: String, path: String, message: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge.svg?" + query, method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      let detail = path.isEmpty ? message : path + ": " + message
      #expect(
        response.text == problem(400, "Bad Request", detail, errors: [(path, message)]))
    }
  }

  static let colours =
    "use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, "
    + "lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)"

  @Test("several problems: one summary of them all, one entry each")
  func severalProblems() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge.svg?min=0&max=10&zones=A:5:zz,B:10:qq&value=1", method: .get)
      #expect(response.status == .badRequest)
      let first = #"zone 1, "A:5:zz": "zz" is not a colour; "# + Self.colours
      let second = #"zone 2, "B:10:qq": "qq" is not a colour; "# + Self.colours
      #expect(
        response.text
          == problem(
            400, "Bad Request",
            "the gauge's parameters have 2 problems:\n  zones: \(first)\n  zones: \(second)",
            errors: [("zones", first), ("zones", second)]))
    }
  }
}
