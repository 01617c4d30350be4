import GaugeKit
@_spi(Service) import GaugePresets
import Testing

/// `PresetOverrides`: a preset's fields given beside it, checked as the preset's own.
@Suite struct PresetOverridesTests {
  @Test(arguments: [
    ("Low:60:#34C759", "Low", "60", "#34C759"),
    ("Stage 1: mild:60:red", "Stage 1: mild", "60", "red"),
    (":1:red", "", "1", "red"),
  ])
  func zonesReadFromTheRight(text: String, label: String, upTo: String, color: String) throws {
    let zone = try #require(PresetOverrides.ZoneText(parsing: text))
    #expect(zone == PresetOverrides.ZoneText(label: label, upTo: upTo, color: color))
    #expect(zone.written == text)
  }

  @Test(arguments: ["Low", "Low:60", ""])
  func aZoneNeedsThreeParts(text: String) {
    #expect(PresetOverrides.ZoneText(parsing: text) == nil)
  }

  @Test func overridesLayOverAPresetAndKeepTheRest() throws {
    let preset =
      #"{"min": 0, "max": 10, "title": "T", "readout": {"decimals": 1}, "zones": [{"label": "a", "color": "red", "upTo": 10}]}"#
    let gauge = try Gauge(
      presetJSON: Array(preset.utf8), file: "p.json",
      overrides: PresetOverrides(
        max: 20, zones: [.init(label: "b", upTo: "20", color: "blue")], unit: "%"))
    #expect(gauge.title == "T")
    #expect(gauge.max == 20)
    #expect(gauge.readout.decimals == 1)
    #expect(gauge.readout.suffix == "%")
    #expect(gauge.zones.map(\.label) == ["b"])
  }

  /// A valid preset broken only by the override's domain: the override is what is wrong.
  @Test func aDomainOffAValidPresetsZonesIsPlacedAtTheOverride() {
    let preset = #"{"min": 0, "max": 10, "zones": [{"label": "a", "color": "red", "upTo": 10}]}"#
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "",
          message: "--max 30: the preset's zones end at 10, so --max must be 10; give --zone to "
            + "replace them")
      ])
    ) {
      try Gauge(presetJSON: Array(preset.utf8), file: "p.json", overrides: PresetOverrides(max: 30))
    }
  }

  /// A domain that leaves a valid preset's neutral point outside it is placed at the
  /// override that does, as a domain off its zones is, on a command line and a batch line.
  @Test func aDomainPastAValidPresetsNeutralIsPlacedAtTheOverride() {
    let preset =
      #"{"min": -50, "max": 50, "zones": [{"label": "a", "color": "red", "upTo": 50}], "#
      + #""fill": "progress", "neutral": 0}"#
    let zones = [PresetOverrides.ZoneText(label: "a", upTo: "100", color: "red")]
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "",
          message: "--min 5: the preset's neutral is 0, where its fill starts, so --min must be "
            + "at most 0")
      ])
    ) {
      try Gauge(
        presetJSON: Array(preset.utf8), file: "p.json",
        overrides: PresetOverrides(min: 5, max: 100, zones: zones))
    }
    // A batch line's field is placed at the column it was written at.
    var line = PresetOverrides(
      min: -100, max: -10, zones: [PresetOverrides.ZoneText(label: "a", upTo: "-10", color: "red")],
      syntax: .jsonLine)
    line.columns["max"] = 34
    let problem = Diagnostic(
      path: "max",
      message: "the preset's neutral is 0, where its fill starts, so max must be at least 0",
      column: 34)
    #expect(problem.description == "column 34: max: " + problem.message)
    #expect(throws: GaugeError.invalidGauge([problem])) {
      try Gauge(presetJSON: Array(preset.utf8), file: "p.json", overrides: line)
    }
  }

  /// A preset wrong on its own keeps its own places.
  @Test func aProblemOfThePresetItselfKeepsThePresetsPlace() {
    let preset = #"{"min": 0, "max": 10, "zones": [{"label": "a", "color": "red", "upTo": 9}]}"#
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "zones[0].upTo",
          message: "9 leaves (9, 30] uncovered; the last zone ends at the domain max 30",
          file: "p.json", line: 1, column: 72)
      ])
    ) {
      try Gauge(presetJSON: Array(preset.utf8), file: "p.json", overrides: PresetOverrides(max: 30))
    }
  }

  /// A valid preset's max that the override's min passes, its zones replaced: at the min.
  @Test func aMaxBelowTheOverridesMinIsPlacedAtTheMin() {
    let preset = #"{"min": 0, "max": 10, "zones": [{"label": "a", "color": "red", "upTo": 10}]}"#
    let overrides = PresetOverrides(min: 15, zones: [.init(label: "b", upTo: "20", color: "red")])
    do {
      _ = try Gauge(presetJSON: Array(preset.utf8), file: "p.json", overrides: overrides)
      Issue.record("no error")
    } catch {
      guard case .invalidGauge(let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(
        problems.contains(
          Diagnostic(
            path: "",
            message: "--min 15: the preset's max is 10, so --min must be below 10; give --max "
              + "as well")))
      #expect(problems.allSatisfy { $0.line == nil && $0.file == nil }, "\(problems)")
    }
  }

  @Test(arguments: [
    (PresetOverrides.Syntax.commandLine, "", #"--zone "a:1:#12": "#),
    (.query, "zones", #"zone 1, "a:1:#12": "#),
    (.jsonLine, "zones[0]", ""),
  ])
  func problemsNameTheFieldInItsOwnSyntax(
    syntax: PresetOverrides.Syntax, path: String, words: String
  ) {
    let overrides = PresetOverrides(
      min: 0, max: 1, zones: [.init(label: "a", upTo: "1", color: "#12")], syntax: syntax)
    let message =
      ##""#12" is not a colour; use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, "##
      + "red, orange, yellow, green, lime, olive, teal, aqua, blue, navy, purple, fuchsia, "
      + "maroon, silver, transparent)"
    #expect(
      throws: GaugeError.invalidGauge([Diagnostic(path: path, message: words + message)])
    ) {
      try Gauge(overrides: overrides)
    }
  }

  @Test(arguments: [
    (
      PresetOverrides.Syntax.commandLine,
      Diagnostic(path: "", message: "--max 1: 1 is not above min 5; the domain needs min < max")
    ),
    (.query, Diagnostic(path: "max", message: "1 is not above min 5; the domain needs min < max")),
  ])
  func aDomainProblemNamesTheMax(syntax: PresetOverrides.Syntax, expected: Diagnostic) {
    let overrides = PresetOverrides(
      min: 5, max: 1, zones: [.init(label: "a", upTo: "1", color: "red")], syntax: syntax)
    do {
      _ = try Gauge(overrides: overrides)
      Issue.record("no error")
    } catch {
      guard case .invalidGauge(let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(problems.contains(expected))
    }
  }

  @Test func theRootsProblemsKeepTheirPath() {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "",
          message: "a gauge without a preset needs min, max and zones; max and zones are missing")
      ])
    ) {
      try Gauge(overrides: PresetOverrides(min: 0, syntax: .query))
    }
  }
}
