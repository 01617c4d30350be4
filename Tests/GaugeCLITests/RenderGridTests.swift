import GaugeKit
import Testing

@testable import GaugeCLI

/// `gauge render cpu=37 memory=62 …`: one image of several gauges (issue #25).
@Suite struct RenderGridTests {
  static func grid(columns: Int? = nil) throws -> GaugeGrid {
    GaugeGrid(
      try ["cpu", "memory", "battery", "disk"].map { name throws(GaugeError) in
        try BuiltinPresets.gauge(named: name)
      }, columns: columns)
  }

  static let values: [Double?] = [37, 62, 88, nil]

  @Test func pairsDrawTheLibrarysGrid() throws {
    let svg = gauge("render", "cpu=37", "memory=62", "battery=88", "disk=none")
    #expect(svg.code == 0)
    #expect(svg.errors == "")
    #expect(svg.outputBytes == (try Self.grid().svgBytes(values: Self.values)))
    #expect(
      svg.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800""#))

    let png = gauge(
      "render", "cpu=37", "memory=62", "battery=88", "disk=none", "--columns", "4", "--size",
      "100", "--format", "png")
    #expect(png.code == 0)
    #expect(
      png.outputBytes
        == (try Self.grid(columns: 4).png(
          values: Self.values, options: RenderOptions(width: 100, height: 100))))
  }

  @Test(arguments: [
    (
      ["render", "cpu", "3", "--columns", "2"],
      "Error: --columns goes with several PRESET=VALUE pairs\n"
    ),
    (
      ["render", "cpu=3", "memory=4", "--unit", "%"],
      "Error: --unit applies to one gauge, not an image of several\n"
    ),
    (
      // One gauge's past, as `gauge show` refuses it for a dashboard.
      ["render", "cpu=3", "memory=4", "--reference", "30"],
      "Error: --reference applies to one gauge, not an image of several\n"
    ),
    (
      ["render", "cpu=3", "memory=4", "--range", "30:40", "--reference", "30"],
      "Error: --reference, --range apply to one gauge, not an image of several\n"
    ),
    (
      ["render", "cpu=3", "memory=x"],
      "Error: 'memory=x': 'x' is not a number; give a number such as 42, or 'none' for no data\n"
    ),
    (
      // A combining mark after '=' makes one character of the two; the pair is still a pair.
      ["render", "cpu=\u{301}37", "memory=2"],
      "Error: 'cpu=\u{301}37': '\u{301}37' is not a number; give a number such as 42, or 'none' "
        + "for no data\n"
    ),
  ])
  func mistakesAreUsageErrors(words: [String], message: String) {
    let run = gauge(words)
    #expect(run.code == 64)
    #expect(
      run.errors
        == message + "Usage: gauge render <preset|file.json> [<value>...] [options]\n"
        + "  See 'gauge help render'.\n")
  }

  /// A marker is a goal or a limit that may hold for every gauge: each gauge of the grid
  /// gets it, as each gauge of `gauge show`'s dashboard does.
  @Test func aMarkerMarksEveryGaugeOfTheGrid() throws {
    let run = gauge("render", "cpu=37", "memory=62", "--marker", "80:Limit")
    #expect(run.code == 0)
    #expect(run.errors == "")
    let gauges = try ["cpu", "memory"].map { name throws(GaugeError) in
      var gauge = try BuiltinPresets.gauge(named: name)
      gauge.markers.append(GaugeMarker(value: 80, label: "Limit"))
      return gauge
    }
    #expect(run.outputBytes == (try GaugeGrid(gauges).svgBytes(values: [37, 62])))
    #expect(run.output.components(separatedBy: ">Limit<").count == 3)
  }

  @Test func aTooLargeGridSaysWhy() {
    let run = gauge("render", "cpu=3", "memory=4", "--size", "5000")
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: 2 × 1 gauges of 5000 × 5000 make an image of 10000 × 5000 pixels; at most "
        + "8192 a side allowed\n")
  }
}
