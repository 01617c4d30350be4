import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct PresetsCommandTests {
  @Test func listsEveryBuiltInPreset() throws {
    let run = gauge("presets")
    #expect(run.code == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("NAME") == true)
    #expect(lines.count == BuiltinPresets.names.count + 1)
    #expect(
      lines.contains {
        $0.hasPrefix("stress ") && $0.contains("Stress") && $0.contains("0–100")
          && $0.hasSuffix("Relaxed, Normal, High")
      })
    let json = gauge("presets", "list", "--format", "json")
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(list.count == BuiltinPresets.names.count)
    #expect(list.first { $0["name"] as? String == "aqi" }?["max"] as? Int == 500)
  }

  @Test func showPrintsTheEffectivePreset() throws {
    let run = gauge("presets", "show", "stress")
    #expect(run.code == 0)
    #expect(run.output == (try BuiltinPresets.gauge(named: "stress")).presetJSON())
    #expect(run.output.contains(#""sectors": 73"#))
  }

  @Test func validateReportsEveryProblemInEveryFile() throws {
    let folder = try temporaryFolder()
    let good = folder.appendingPathComponent("good.json").path
    let bad = folder.appendingPathComponent("bad.json").path
    try Data(#"{"extends": "stress", "title": "Mine"}"#.utf8).write(to: URL(fileURLWithPath: good))
    try Data(
      "{\n  \"min\": 0, \"max\": 10,\n  \"zones\": [{\"label\": \"x\", \"colour\": \"red\", \"upTo\": 12}]\n}\n"
        .utf8
    )
    .write(to: URL(fileURLWithPath: bad))
    let run = gauge(
      "presets", "validate", good, bad, folder.appendingPathComponent("none.json").path)
    #expect(run.code == 64)
    #expect(run.errors == "")
    #expect(
      run.output == """
        \(good): valid
        \(bad):3:28: zones[0].colour: unknown key "colour"; allowed: label, color, upTo, range (did you mean "color"?)
        \(bad):3:53: zones[0].upTo: 12 is above the domain max 10
        \(folder.path)/none.json: cannot read: No such file or directory
        1 valid, 2 invalid (3 problems)

        """)
    let json = gauge("presets", "validate", bad, "--format", "json")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(report["valid"] as? Bool == false)
    let problems =
      ((report["files"] as? [[String: Any]])?.first?["problems"] as? [[String: Any]]) ?? []
    #expect(problems.map { $0["path"] as? String } == ["zones[0].colour", "zones[0].upTo"])
    #expect(problems.first?["line"] as? Int == 3)
    #expect(gauge("presets", "validate", good).code == 0)
  }

  @Test func presetFoldersComeBeforeBuiltIns() throws {
    let folder = try temporaryFolder()
    try Data(
      #"{"name": "stress", "min": 0, "max": 5, "zones": [{"label": "Mine", "color": "blue", "upTo": 5}]}"#
        .utf8
    )
    .write(to: folder.appendingPathComponent("stress.json"))
    let flag = gauge("layout", "stress", "1", "--preset-dir", folder.path)
    #expect(flag.output.contains(#""zone": "Mine""#))
    let environment = gauge(
      ["layout", "stress", "1"], environment: ["GAUGE_PRESET_PATH": "/nowhere:" + folder.path])
    #expect(environment.output.contains(#""zone": "Mine""#))
    #expect(gauge("layout", "stress", "1").output.contains(#""zone": "Relaxed""#))
  }

  @Test(arguments: [
    (
      ["presets", "frobnicate"],
      "Error: unknown action 'frobnicate'; use list, show or validate\nUsage: gauge presets [<action>]\n  See 'gauge help presets'.\n"
    ),
    (
      ["presets", "valiate", "x.json"],
      "Error: unknown action 'valiate'; use list, show or validate; did you mean 'validate'?\nUsage: gauge presets [<action>]\n  See 'gauge help presets'.\n"
    ),
    (
      ["presets", "aqi"],
      "Error: unknown action 'aqi'; use list, show or validate; did you mean 'gauge presets show aqi'?\nUsage: gauge presets [<action>]\n  See 'gauge help presets'.\n"
    ),
    (
      ["presets", "validate"],
      "Error: missing argument <file>\nUsage: gauge presets validate <file>... [options]\n  See 'gauge help presets validate'.\n"
    ),
    (
      ["presets", "show", "nope"],
      "Error: unknown preset 'nope'; the built-in presets are \(BuiltinPresets.names.joined(separator: ", ")); or give the path of a preset JSON file\n"
    ),
  ])
  func badUse(arguments: [String], message: String) {
    let run = gauge(arguments)
    #expect(run.code == 64)
    #expect(run.errors == message)
  }
}
