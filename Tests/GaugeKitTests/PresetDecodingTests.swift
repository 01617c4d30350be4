@_spi(Service) import GaugePresets
import Testing

@testable import GaugeKit

@Suite struct PresetDecodingTests {
  private func problems(_ json: String) -> [String] {
    do {
      _ = try Gauge(presetJSON: json, file: "g.json")
      return []
    } catch {
      guard case .invalidGauge(let problems) = error else { return ["\(error)"] }
      return problems.map(\.description)
    }
  }

  private let minimal =
    ##"{"min": 0, "max": 100, "zones": [{"label": "All", "color": "#0A0", "upTo": 100}]}"##

  @Test func minimalPresetTakesDefaults() throws {
    let gauge = try Gauge(presetJSON: minimal)
    #expect(gauge.ring == Ring())
    #expect(
      gauge.zones == [
        Zone(label: "All", color: Color(red: 0, green: 0xAA, blue: 0), upperBound: 100)
      ])
    #expect(gauge.fill == .zones)
    #expect(gauge.style == .light)
  }

  @Test func reportsEveryProblemPlacedExactly() {
    let json = """
      {
        "min": 0,
        "max": 100,
        "zones": [
          { "label": "Low", "colour": "#00FF00", "upTo": 30 },
          { "label": "Mid", "color": "#FFAA00", "upTo": 20 },
          { "label": "High", "color": "#GG0000", "upTo": 120 }
        ],
        "ring": { "sectors": 73.5, "buffer": 200, "innerRadus": 0.5 },
        "fill": "progres"
      }
      """
    #expect(
      problems(json) == [
        #"g.json:5:23: zones[0].colour: unknown key "colour"; allowed: label, color, upTo, range (did you mean "color"?)"#,
        "g.json:6:51: zones[1].upTo: 20 is not above the previous zone's bound 30; zones go in ascending order",
        ##"g.json:7:33: zones[2].color: "#GG0000" is not a colour; use \##(Color.allowedForms)"##,
        "g.json:7:52: zones[2].upTo: 120 is above the domain max 100",
        "g.json:9:24: ring.sectors: 73.5 is not a whole number; allowed: 1...3600",
        "g.json:9:40: ring.buffer: 200 is out of range; allowed: 0...180",
        #"g.json:9:45: ring.innerRadus: unknown key "innerRadus"; allowed: sectors, buffer, gapCenter, innerRadius, sectorGap, cornerRadius (did you mean "innerRadius"?)"#,
        #"g.json:10:11: fill: "progres" is not allowed; use one of zones, progress, progress-zone; did you mean "progress"?"#,
      ])
  }

  @Test func theIssuesExampleMessage() {
    let json =
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "upTo": 10}, {"label": "b", "color": "red", "upTo": 50}, {"label": "c", "color": "red", "upTo": 120}]}"#
    #expect(problems(json) == ["g.json:1:161: zones[2].upTo: 120 is above the domain max 100"])
  }

  @Test func closedIntegerRangesMapOntoUpperBounds() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    #expect(gauge.zones.map(\.upperBound) == [25, 75, 100])
    #expect(gauge.zones.map(\.rangeStart) == [0, 26, 76])
  }

  @Test(arguments: [
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "range": [0, 25]}, {"label": "b", "color": "red", "range": [27, 100]}]}"#,
      [
        "g.json:1:125: zones[1].range[0]: starts at 27; the previous zone ends at 25, so this range starts at 26"
      ]
    ),
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "range": [1, 100]}]}"#,
      ["g.json:1:75: zones[0].range[0]: starts at 1; the first zone starts at the domain min"]
    ),
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "range": [0, 25.5]}]}"#,
      [
        #"g.json:1:78: zones[0].range[1]: 25.5 is not a whole number; ranges are closed integer ranges (use "upTo" for fractional bounds)"#
      ]
    ),
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "range": [0, 25], "upTo": 25}]}"#,
      [#"g.json:1:34: zones[0]: has both "upTo" and "range"; give one of them"#]
    ),
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red"}]}"#,
      [
        #"g.json:1:34: zones[0]: needs "upTo" (the zone's highest value) or "range" ([first, last] whole numbers)"#
      ]
    ),
    (
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "upTo": 90}]}"#,
      [
        "g.json:1:73: zones[0].upTo: 90 leaves (90, 100] uncovered; the last zone ends at the domain max 100"
      ]
    ),
  ])
  func zoneRules(json: String, expected: [String]) {
    #expect(problems(json) == expected)
  }

  @Test(arguments: [
    (
      #"{"max": 1, "zones": []}"#,
      [
        "g.json:1:1: min: is missing; required: the domain's lowest value, a number",
        "g.json:1:21: zones: is empty; a gauge needs at least one zone",
      ]
    ),
    (
      #"{"min": 5, "max": 5, "zones": [{"label": "a", "color": "red", "upTo": 5}]}"#,
      ["g.json:1:19: max: 5 is not above min 5; the domain needs min < max"]
    ),
    (
      #"{"min": 0, "max": 1e400, "zones": []}"#,
      [
        "g.json:1:19: max: is too large; numbers must be finite",
        "g.json:1:35: zones: is empty; a gauge needs at least one zone",
      ]
    ),
    (#"[1, 2]"#, ["g.json:1:1: expected an object, found an array"]),
    (
      #"{"min": "0", "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}]}"#,
      ["g.json:1:9: min: expected a number, found a string"]
    ),
    (
      #"{"min": 0, "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}], "ring": {"sectors": 73, "buffer": 180}}"#,
      [
        "g.json:1:110: ring.buffer: 180 leaves no sector visible (it hides 37 of the 73 on each side of the gap); with 73 sectors the buffer must be below 180"
      ]
    ),
    (
      #"{"min": 0, "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}], "ring": {"sectors": 72, "buffer": 178}}"#,
      [
        "g.json:1:110: ring.buffer: 178 leaves no sector visible (it hides 36 of the 72 on each side of the gap); with 72 sectors the buffer must be below 177.5"
      ]
    ),
    ("", ["g.json:1:1: invalid JSON: the file is empty; expected a JSON object"]),
    (
      "{\n  \"min\": 0,\n  \"min\": 1\n}",
      [#"g.json:3:3: min: invalid JSON: duplicate key "min"; each key may appear once"#]
    ),
    ("{\"a\": [1,]}", ["g.json:1:10: a: invalid JSON: trailing comma before ']'; remove it"]),
    ("{\"a\": 01}", ["g.json:1:7: a: invalid JSON: invalid number; leading zeros are not allowed"]),
    (
      "{\"a\": \"\\ud800\"}",
      [#"g.json:1:8: a: invalid JSON: unpaired surrogate \u escape in a string"#]
    ),
    (
      String(repeating: "[", count: 100),
      [
        "g.json:1:65: [0][0][0][0][0][0][0][0][0][0][0][0]…: nests more than 64 levels deep; "
          + "at most 64 allowed"
      ]
    ),
  ])
  func shapeAndSyntaxRules(json: String, expected: [String]) {
    #expect(problems(json) == expected)
  }

  /// A preset of `count` zones, one per line after the first, each 1 wide.
  private func zones(_ count: Int, then tail: String = "") -> String {
    let list = (0..<count).map { #"{"label": "z\#($0)", "color": "red", "upTo": \#($0 + 1)}"# }
    return #"{"min": 0, "max": \#(count), "zones": ["#
      + list.joined(separator: ",\n") + tail + "]}"
  }

  @Test func zonesAreCappedAt100WhileParsing() throws {
    #expect(try Gauge(presetJSON: zones(100)).zones.count == 100)
    #expect(
      problems(zones(101)) == ["g.json:101:1: zones: has more than 100 zones; at most 100 allowed"])
    // The parse stops at the 101st zone: nothing after it is read, not even a syntax error.
    #expect(
      problems(zones(101, then: ", oops"))
        == ["g.json:101:1: zones: has more than 100 zones; at most 100 allowed"])
  }

  @Test func presetsAreCappedAt1MiB() throws {
    let preset = Array(minimal.utf8)
    let atCap = preset + Array(repeating: UInt8(ascii: " "), count: (1 << 20) - preset.count)
    #expect(try Gauge(presetJSON: atCap, file: "g.json").zones.count == 1)
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "", message: "the preset is 1048577 bytes; at most 1048576 (1 MiB) allowed",
          file: "g.json")
      ])
    ) {
      try Gauge(presetJSON: atCap + [UInt8(ascii: " ")], file: "g.json")
    }
  }

  @Test func unknownKeysAreQuotedEscapedAndCut() {
    // Escaped in the file, as JSON requires; decoded, the key holds ESC and BEL.
    let key = #"bogus\u001b]0;pwned\u0007"# + String(repeating: "x", count: 60)
    let json =
      #"{"min": 0, "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}], ""#
      + key + #"": 1}"#
    let quoted = #""bogus\u001b]0;pwned\u0007"# + String(repeating: "x", count: 25) + #"…""#
    #expect(
      problems(json) == [
        "g.json:1:76: [\(quoted)]: unknown key \(quoted); allowed: "
          + PresetDecoder.topKeys.joined(separator: ", ")
      ])
  }

  /// A rule's problem is dropped when a shape problem was reported at the same key, one
  /// inside it or one around it; the check is by sets, not by pairs.
  @Test(arguments: [
    ("zones[0].color", true), ("zones[0]", true), ("zones", true),
    ("zones[0].color.x", true), ("zones[1].color", false), ("zones[0].col", false),
    ("ring.buffer", true), ("ring", true), ("ring.sectors", false), ("ringing", false),
    ("min", false),
  ])
  func reportedPlacesCoverTheSameKeyAndItsContainers(path: String, covered: Bool) {
    let places = ReportedPlaces(["zones[0].color", "ring.buffer"])
    #expect(places.covers(path) == covered)
  }

  @Test func bufferOf179With73SectorsIsActuallyFine() {
    // 73·179/360 + ½ = 36.8: H = 36, V = 1 — one visible sector is allowed.
    #expect(SectorLayout(sectorCount: 73, bufferAngle: 179, gapCenter: 180)?.visibleCount == 1)
  }

  @Test func oddUnicodeDecodesAndCountsCharacters() throws {
    let label = "Stré\u{301}ss 😤 \u{202E}ǝʇɐɹ"
    let json =
      #"{"title": "\#(label)", "min": 0, "max": 1, "zones": [{"label": "\u00e9\ud83d\ude24", "color": "red", "upTo": 1}]}"#
    let gauge = try Gauge(presetJSON: json)
    #expect(gauge.title == label)
    #expect(gauge.zones[0].label == "é😤")
    let long = String(repeating: "👍🏽", count: 201)
    #expect(
      problems(
        #"{"title": "\#(long)", "min": 0, "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}]}"#
      ) == ["g.json:1:11: title: is 201 characters long; at most 200 allowed"])
  }

  @Test func presetJSONRoundTrips() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.pointer.taper = 0.5
    gauge.style.background = nil
    gauge.labels.start = "Calm"
    let decoded = try Gauge(presetJSON: gauge.presetJSON())
    #expect(decoded == gauge)
  }

  @Test func embeddedPresetsMatchThePresetsFolder() throws {
    let folder = String(#filePath.split(separator: "/").dropLast(3).joined(separator: "/"))
    for name in BuiltinPresets.names {
      let text = try readFile("/\(folder)/Presets/\(name).json")
      #expect(
        BuiltinPresets.json(named: name) == text,
        "Presets/\(name).json changed: run scripts/embed-presets")
      _ = try BuiltinPresets.gauge(named: name)
    }
  }

  @Test func unknownPresetSuggestsTheClosest() {
    #expect(
      throws: GaugeError.unknownPreset(
        name: "stres", known: BuiltinPresets.names, suggestion: "stress")
    ) {
      try BuiltinPresets.gauge(named: "stres")
    }
  }
}
