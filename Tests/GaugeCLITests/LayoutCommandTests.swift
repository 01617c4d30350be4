import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

@Suite struct LayoutCommandTests {
  @Test func printsTheContractForStress42() throws {
    let run = gauge("layout", "stress", "42")
    #expect(run.code == 0)
    #expect(run.errors == "")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(json["width"] as? Int == 400)
    #expect(json["height"] as? Int == 400)
    #expect((json["center"] as? [String: Int]) == ["x": 200, "y": 200])
    #expect(json["outerRadius"] as? Int == 180)
    #expect(json["innerRadius"] as? Int == 126)
    #expect((json["arc"] as? [String: Double])?["start"] == 224.384)
    #expect((json["arc"] as? [String: Double])?["end"] == 135.616)
    #expect(json["hiddenPerSide"] as? Int == 9)
    #expect(json["state"] as? String == "normal")
    #expect(json["progress"] as? Double == 0.42)
    #expect(json["pointerAngle"] as? Double == 338.301)
    #expect(json["zone"] as? String == "Normal")
    #expect(json["readout"] as? String == "42")
    let sectors = try #require(json["sectors"] as? [[String: Any]])
    #expect(sectors.count == 55)
    #expect(sectors[0]["index"] as? Int == 9)
    #expect(sectors[0]["start"] as? Double == 224.384)
    #expect(sectors[0]["end"] as? Double == 229.315)
    #expect(sectors[0]["zone"] as? String == "Relaxed")
    #expect(sectors[0]["color"] as? String == "#34C759")
    #expect(sectors[0]["lit"] as? Bool == true)
    #expect((json["pointer"] as? [[Double]])?.count == 4)
    let labels = try #require(json["labels"] as? [[String: Any]])
    // Top to bottom: the readout, the end labels, the title under them.
    #expect(labels.map { $0["role"] as? String } == ["readout", "start", "end", "title"])
    #expect(labels.map { $0["text"] as? String } == ["42", "0", "100", "Stress"])
  }

  @Test func noDataHasNullPointerFields() throws {
    let run = gauge("layout", "stress", "none")
    #expect(run.code == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(json["state"] as? String == "noData")
    #expect(json["progress"] is NSNull)
    #expect(json["pointerAngle"] is NSNull)
    #expect(json["pointer"] is NSNull)
    #expect(json["readout"] as? String == "—")
  }

  @Test func outputIsByteStableAndMatchesTheGolden() throws {
    let first = gauge("layout", "stress", "42", "--size", "200")
    let second = gauge("layout", "stress", "42", "--size", "200")
    #expect(first.output == second.output)
    try assertGolden(first.output, named: "stress-42-200.json", test: "LayoutCommandTests")
  }

  @Test(arguments: [
    (
      ["layout", "stress", "abc"],
      "Error: <value>: 'abc' is not a number; give a number such as 42, or 'none' for no data\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stress"],
      "Error: missing argument <value>\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout"],
      "Error: missing argument <preset|file.json>\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stress", "1", "2"],
      "Error: unexpected argument '2'\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layot", "stress", "1"],
      "Error: unknown command 'layot'; did you mean 'layout'?\nUsage: gauge <subcommand> [options]\n  See 'gauge --help'.\n"
    ),
    (
      ["layout", "stress", "1", "--sise", "3"],
      "Error: unknown option '--sise'; did you mean '--size'?\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stress", "1", "--size", "0"],
      "Error: --size: 0 is out of range; allowed: 1...8192\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stress", "1", "--size=big"],
      "Error: --size: 'big' is not a whole number; allowed: 1...8192\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stress", "1", "--size"],
      "Error: --size needs a value (PX)\nUsage: gauge layout <preset|file.json> <value> [options]\n  See 'gauge help layout'.\n"
    ),
    (
      ["layout", "stres", "1"],
      "Error: unknown preset 'stres'; the built-in presets are \(BuiltinPresets.names.joined(separator: ", ")); did you mean 'stress'?\n"
    ),
    (
      ["layout", "missing.json", "1"],
      "Error: cannot read preset 'missing.json': No such file or directory\n"
    ),
    (
      ["--frobnicate"],
      "Error: unknown option '--frobnicate'\nUsage: gauge <subcommand> [options]\n  See 'gauge --help'.\n"
    ),
  ])
  func badInputGetsOneClearErrorAndExit64(arguments: [String], message: String) {
    let run = gauge(arguments)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(run.errors == message)
  }

  @Test func negativeNumbersAreValuesNotOptions() {
    let run = gauge("layout", "stress", "-5")
    #expect(run.code == 0)
    #expect(run.output.contains(#""state": "below""#))
  }

  @Test func presetFileProblemsNameTheFileLineAndPath() throws {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("mine.json")
    try Data(
      #"{"min": 0, "max": 100, "zones": [{"label": "a", "color": "red", "upTo": 120}]}"#.utf8
    ).write(to: file)
    let run = gauge("layout", file.path, "1")
    #expect(run.code == 64)
    #expect(
      run.errors == "Error: \(file.path):1:73: zones[0].upTo: 120 is above the domain max 100\n")
  }

  @Test func helpListsEveryCommandAndOption() {
    let root = gauge("--help", width: 80)
    #expect(root.code == 0)
    #expect(root.output.hasPrefix("OVERVIEW: "))
    #expect(root.output.contains("USAGE: gauge <subcommand> [options]"))
    #expect(
      root.output.contains(
        "\n  layout                  Print a gauge's exact layout for a value as JSON.\n"))
    let help = gauge("help", "layout", width: 80)
    #expect(help.code == 0)
    for option in [
      "--size PX", "--width PX", "--height PX", "-h, --help", "<preset|file.json>", "<value>",
    ] {
      #expect(help.output.contains(option))
    }
    #expect(gauge("layout", "--help").output == help.output)
    for line in help.output.split(separator: "\n") { #expect(line.count <= 80) }
  }

  @Test func theBuiltBinaryRunsEndToEnd() throws {
    let ok = try runBinary(["layout", "stress", "42"])
    #expect(ok.code == 0)
    #expect(ok.output == gauge("layout", "stress", "42").output)
    let bad = try runBinary(["layout", "stress", "abc"])
    #expect(bad.code == 64)
    #expect(bad.errors.hasPrefix("Error: <value>: 'abc' is not a number"))
  }
}
