import Foundation
import GaugeKit
@_spi(Service) import GaugePresets
import Testing

@testable import GaugeCLI

/// `--min`, `--max`, `--zone`, `--title` and `--unit`: a gauge without a preset file, and a
/// preset's fields replaced, on every command and in batch lines (issue #25).
@Suite struct GaugeFieldsTests {
  static let heartRate = [
    "--min", "0", "--max", "200", "--zone", "Low:60:#34C759", "--zone", "Normal:140:#FF9500",
    "--zone", "High:200:#FF3B30", "--title", "Heart rate", "--unit", " bpm",
  ]

  /// The preset file of only those fields, every other one at its default.
  static let heartRateJSON = """
    {"title": "Heart rate", "min": 0, "max": 200, "readout": {"suffix": " bpm"}, "zones": [
      {"label": "Low", "color": "#34C759", "upTo": 60},
      {"label": "Normal", "color": "#FF9500", "upTo": 140},
      {"label": "High", "color": "#FF3B30", "upTo": 200}]}
    """

  private func presetFile() throws -> String {
    let path = NSTemporaryDirectory() + "gauge-fields-\(UUID().uuidString).json"
    try Self.heartRateJSON.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: [["render"], ["render", "--format", "png"], ["layout"]])
  func optionsDrawTheBytesOfTheEquivalentPresetFile(command: [String]) throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let fromOptions = gauge(command + Self.heartRate + ["72"])
    let fromFile = gauge(command + [file, "72"])
    #expect(fromOptions.code == 0)
    #expect(fromOptions.errors == "")
    #expect(fromFile.code == 0)
    #expect(!fromOptions.outputBytes.isEmpty)
    #expect(fromOptions.outputBytes == fromFile.outputBytes)
  }

  @Test func theLibraryDecodesTheSameGauge() throws {
    let zones = ["Low:60:#34C759", "Normal:140:#FF9500", "High:200:#FF3B30"].compactMap(
      PresetOverrides.ZoneText.init(parsing:))
    let fromFields = try Gauge(
      overrides: PresetOverrides(
        min: 0, max: 200, zones: zones, title: "Heart rate", unit: " bpm"))
    #expect(fromFields == (try Gauge(presetJSON: Self.heartRateJSON)))
    #expect(fromFields.readout.suffix == " bpm")
    #expect(fromFields.zones.map(\.upperBound) == [60, 140, 200])
  }

  @Test func terminalAndWatchDrawTheSameFrameAsTheFile() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let show = gauge(["show"] + Self.heartRate + ["72", "--width", "30"])
    #expect(show.code == 0)
    #expect(show.output == gauge(["show", file, "72", "--width", "30"]).output)
    #expect(show.output.contains("bpm"))
    let watch = gauge(["watch"] + Self.heartRate + ["--width", "30"], input: "72\n")
    #expect(watch.code == 0)
    #expect(watch.output == gauge(["watch", file, "--width", "30"], input: "72\n").output)
  }

  @Test func theOptionsReplaceAPresetsFields() throws {
    let run = gauge("render", "stress", "42", "--title", "Stress today", "--unit", " pts")
    var stress = try BuiltinPresets.gauge(named: "stress")
    stress.title = "Stress today"
    stress.readout.suffix = " pts"
    #expect(run.code == 0)
    #expect(run.output == (try stress.svg(value: 42)))

    let zones = gauge(
      "render", "stress", "42", "--max", "10", "--zone", "Low:5:green", "--zone", "High:10:red")
    #expect(zones.code == 0)
    #expect(zones.output.contains(#"aria-label="Stress 42 of 0–10: above range (High)""#))
  }

  /// A preset's own end texts ("50%" and "100%" on heart-rate's 50 to 100) name its domain:
  /// an end the options move shows its number instead, an end they keep its text.
  @Test func movedEndsShowTheirNumbers() throws {
    func ends(_ arguments: [String]) throws -> [String] {
      let run = gauge(["layout", "heart-rate", "75"] + arguments)
      #expect(run.code == 0, "\(arguments): \(run.errors)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      let labels = try #require(json["labels"] as? [[String: Any]])
      return labels.filter { ["start", "end"].contains($0["role"] as? String) }
        .compactMap { $0["text"] as? String }
    }
    let zones = ["--zone", "Low:60:green", "--zone", "High:200:red"]
    #expect(try ends([]) == ["50%", "100%"])
    #expect(try ends(["--max", "200"] + zones) == ["50%", "200"])
    #expect(try ends(["--min", "0", "--max", "200"] + zones) == ["0", "200"])
    #expect(try ends(["--min", "50", "--max", "100"]) == ["50%", "100%"])
  }

  @Test(arguments: [
    (
      ["--zone", "Low:60:#34C7", "--zone", "Normal:140:#FF9500", "--zone", "High:200:#FF3B30"],
      "Error: --zone \"Low:60:#34C7\": \"#34C7\" is not a colour; use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)\n"
    ),
    (
      ["--zone", "Low:60:green", "--zone", "High:190:red"],
      "Error: --zone \"High:190:red\": 190 leaves (190, 200] uncovered; the last zone ends at the domain max 200\n"
    ),
    (
      ["--zone", "Low:60:green", "--zone", "High:x:red"],
      "Error: --zone \"High:x:red\": expected a number, found a string\n"
    ),
  ])
  func problemsNameTheOption(zones: [String], expected: String) {
    let run = gauge(["render", "--min", "0", "--max", "200"] + zones + ["72"])
    #expect(run.code == 64)
    #expect(run.errors == expected)
    #expect(run.output == "")
  }

  @Test func everyProblemIsListedWithItsOption() {
    let run = gauge(
      "render", "--min", "0", "--max", "200", "--zone", "Low:60:#34C7", "--zone",
      "Normal:40:orange", "--zone", "High:200:red", "72")
    #expect(run.code == 64)
    #expect(
      run.errors == """
        Error: the preset has 2 problems:
          --zone "Low:60:#34C7": "#34C7" is not a colour; use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)
          --zone "Normal:40:orange": 40 is not above the previous zone's bound 60; zones go in ascending order

        """)
  }

  @Test(arguments: [
    (
      ["render", "--min", "0", "--zone", "Low:60:red", "72"],
      "Error: a gauge without a preset needs --min, --max and --zone; --max is missing\n"
    ),
    (
      ["render", "--max", "9", "72"],
      "Error: a gauge without a preset needs --min, --max and --zone; --min and --zone are missing\n"
    ),
    (
      ["render", "--zone", "Low", "72"],
      "Error: --zone: 'Low' is not a zone; write LABEL:UPTO:COLOR, such as Low:60:#34C759\nUsage: gauge render <preset|file.json> [<value>...] [options]\n  See 'gauge help render'.\n"
    ),
    (
      ["render", "--min", "5", "--max", "1", "--zone", "a:1:red", "72"],
      "Error: --max 1: 1 is not above min 5; the domain needs min < max\n"
    ),
    (
      ["show", "cpu=3", "memory=4", "--reference", "10"],
      "Error: --reference applies to one gauge, not a dashboard\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "cpu=3", "memory=4", "--range", "1:2", "--reference", "10"],
      "Error: --reference, --range apply to one gauge, not a dashboard\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show"] + (0...64).map { "cpu=\($0)" },
      "Error: 65 gauges is too many for one dashboard; at most 64 allowed\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "cpu=3", "memory=4", "--title", "x", "--unit", "%"],
      "Error: --title, --unit apply to one gauge, not a dashboard\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
  ])
  func missingOrBadFieldsAreOneClearError(words: [String], expected: String) {
    let run = gauge(words)
    #expect(run.code == 64)
    #expect(run.errors == expected)
  }

  /// A min or max that moves a built-in preset's domain from under its zones names the
  /// option and what it must be, not the preset's file, which the user never wrote.
  @Test(arguments: [
    (
      ["stress", "42", "--min", "50"],
      "--min 50: the preset's zones start at 0, so --min must be 0; give --zone to replace them"
    ),
    (
      ["stress", "42", "--min", "150"],
      "--min 150: the preset's zones start at 0, so --min must be 0; give --zone to replace them"
    ),
    (
      ["stress", "42", "--max", "20"],
      "--max 20: the preset's zones end at 100, so --max must be 100; give --zone to replace them"
    ),
    (
      ["stress", "42", "--min", "-5", "--max", "20"],
      "--min -5: the preset's zones run from 0 to 100, so --min must be 0 and --max must be "
        + "100; give --zone to replace them"
    ),
    (
      ["heart-rate", "42", "--min", "70"],
      "--min 70: the preset's first zone ends at 60, so --min must be below 60; give --zone to "
        + "replace them"
    ),
    (
      ["heart-rate", "42", "--min", "70", "--max", "300"],
      "--min 70: the preset's first zone ends at 60 and its last at 100, so --min must be below "
        + "60 and --max must be 100; give --zone to replace them"
    ),
  ])
  func aDomainOffThePresetsZonesNamesTheOption(words: [String], message: String) {
    let run = gauge(["render"] + words)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(run.errors == "Error: " + message + "\n")
  }

  /// A domain that leaves a preset's neutral point outside it names the option, not the
  /// preset's `neutral` line, which the user never wrote.
  @Test func aDomainPastThePresetsNeutralNamesTheOption() throws {
    let path = NSTemporaryDirectory() + "gauge-balance-\(UUID().uuidString).json"
    let preset =
      #"{"min": -50, "max": 50, "zones": [{"label": "Even", "color": "green", "upTo": 50}], "#
      + #""fill": "progress", "neutral": 0}"#
    try preset.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = gauge("render", path, "10", "--min", "5", "--max", "100", "--zone", "A:100:red")
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(
      run.errors
        == "Error: --min 5: the preset's neutral is 0, where its fill starts, so --min must be "
        + "at most 0\n")
  }

  @Test func aBatchLineDomainOffThePresetsZonesNamesTheKey() {
    let run = gauge(
      ["batch", "--jsonl"],
      input: #"{"id": "a", "preset": "stress", "value": 42, "min": 50}"# + "\n"
        + #"{"id": "b", "preset": "stress", "values": [42], "max": 20}"# + "\n")
    #expect(run.code == 1)
    #expect(
      run.errors == """
        gauge batch: line 1 (id 'a'): column 53: min: the preset's zones start at 0, so min must be 0; give zones to replace them
        gauge batch: line 2 (id 'b'): column 56: max: the preset's zones end at 100, so max must be 100; give zones to replace them
        0 rendered, 2 failed

        """)
  }

  @Test func batchLinesTakeTheSameFields() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let input = """
      {"id": "a", "value": 72, "min": 0, "max": 200, "zones": ["Low:60:#34C759", "Normal:140:#FF9500", "High:200:#FF3B30"], "title": "Heart rate", "unit": " bpm"}
      {"id": "b", "value": 72, "min": 0, "max": 200, "zones": ["Low:60:#34C7", "High:200:red"]}
      {"id": "c", "value": 72, "zones": ["Low"]}
      {"id": "d", "value": 7}
      {"id": "e", "preset": "stress", "value": 7, "unit": " pts"}
      {"id": "f", "value": 7, "min": 0, "max": 100, "zones": []}
      """
    let run = gauge(["batch", "--jsonl"], input: input)
    #expect(run.code == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 2)
    var stress = try BuiltinPresets.gauge(named: "stress")
    stress.readout.suffix = " pts"
    let expected = [
      ("a", String(decoding: gauge(["render", file, "72"]).outputBytes, as: UTF8.self)),
      ("e", try stress.svg(value: 7)),
    ]
    for (line, (id, svg)) in zip(lines, expected) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
      #expect(object == ["id": id, "svg": svg])
    }
    #expect(
      run.errors == """
        gauge batch: line 2 (id 'b'): column 58: zones[0]: "#34C7" is not a colour; use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)
        gauge batch: line 3 (id 'c'): column 36: zones[0]: "Low" is not a zone; write LABEL:UPTO:COLOR, such as Low:60:#34C759
        gauge batch: line 4 (id 'd'): no preset; give "preset" on the line or --preset, or "min", "max" and "zones"
        gauge batch: line 6 (id 'f'): column 56: zones: is empty; a gauge needs at least one zone, such as "Low:60:#34C759"
        2 rendered, 4 failed

        """)
  }
}
