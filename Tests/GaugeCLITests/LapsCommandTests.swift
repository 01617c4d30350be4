import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// A preset with `"wrap": true` (issue #25) through the commands: render, layout, show and a
/// batch line draw its laps as the library does.
@Suite struct LapsCommandTests {
  static let json = """
    {"title": "Move", "min": 0, "max": 100, "fill": "progress", "wrap": true,
     "readout": {"suffix": " %"}, "ring": {"buffer": 0, "gapCenter": 0, "sectors": 60},
     "zones": [{"label": "Moving", "color": "#FA114F", "upTo": 100}]}
    """

  @Test func everyCommandDrawsTheLap() throws {
    let folder = NSTemporaryDirectory() + "gauge-laps-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/move.json"
    try Self.json.write(toFile: file, atomically: true, encoding: .utf8)
    let move = try Gauge(presetJSON: Self.json)

    let render = gauge(["render", file, "130"])
    #expect(render.code == 0)
    #expect(render.outputBytes == (try move.svgBytes(value: 130)))
    #expect(render.output.contains("Move 130 % of 0–100: Moving, lap 2"))

    let layout = gauge(["layout", file, "130"])
    #expect(layout.code == 0)
    #expect(layout.output.contains("\n  \"lap\": 2,\n"))
    #expect(layout.output.contains(#""mark": "lap""#))

    let show = gauge(["show", file, "130", "--width", "30", "--color", "never"])
    #expect(show.code == 0)
    #expect(
      show.output
        == (try move.terminalFrame(
          value: 130, options: TerminalOptions(columns: 30, depth: .none)
        ).plain()))

    let batch = gauge(
      ["batch", "--jsonl", "--preset-dir", folder],
      input: #"{"id": "a", "preset": "move", "value": 130}"# + "\n")
    #expect(batch.code == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(batch.output.utf8)) as? [String: String])
    #expect(object["svg"] == String(decoding: try move.svgBytes(value: 130), as: UTF8.self))
  }
}
