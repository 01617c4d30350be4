import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// `gauge render bp 120,80` and batch `"values"`: a gauge of several pointers (issue #25).
@Suite struct SeveralValuesTests {
  static let json = """
    {"title": "Blood pressure", "min": 40, "max": 200, "readout": {"suffix": " mmHg"},
     "zones": [{"label": "Low", "color": "#5AC8FA", "upTo": 90},
               {"label": "High", "color": "#FF3B30", "upTo": 200}],
     "pointers": [{"label": "Systolic"}, {"label": "Diastolic", "color": "#5856D6"}]}
    """

  private func presetFile() throws -> String {
    let path = NSTemporaryDirectory() + "gauge-bp-\(UUID().uuidString).json"
    try Self.json.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func renderDrawsOnePointerAValue() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let bp = try Gauge(presetJSON: Self.json)
    let svg = gauge(["render", file, "120,80"])
    #expect(svg.code == 0)
    #expect(svg.outputBytes == (try bp.svgBytes(values: [120, 80])))
    let png = gauge(["render", file, "120,none", "--format", "png", "--size", "120"])
    #expect(png.code == 0)
    #expect(
      png.outputBytes
        == (try bp.png(values: [120, nil], options: RenderOptions(width: 120, height: 120))))
  }

  @Test func showDrawsTheSameSceneInTheTerminal() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let bp = try Gauge(presetJSON: Self.json)
    let run = gauge(["show", file, "120,80", "--width", "40", "--color", "never"])
    #expect(run.code == 0)
    let frame = try TerminalGaugeRenderer(
      gauge: bp, options: TerminalOptions(columns: 40, depth: .none)
    ).frame(values: [120, 80])
    #expect(run.output == frame.plain())
    #expect(run.output.contains("Systolic 120 mmHg"))
    #expect(run.output.contains("Diastolic 80 mmHg"))
    let tooMany = gauge(["show", file, "1,2,3"])
    #expect(tooMany.code == 64)
    #expect(
      tooMany.errors
        == "Error: <value> '1,2,3': 3 values for a gauge of 2 pointers (\"pointers\"); give at "
        + "most 2\n")
  }

  @Test func layoutPrintsTheFirstValuesLayoutAndTheSceneOfAll() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let bp = try Gauge(presetJSON: Self.json)
    let run = gauge(["layout", file, "120,80"])
    #expect(run.code == 0)
    let expected = try bp.layout(value: 120).json(scene: try bp.scene(values: [120, 80]))
    #expect(run.output == expected)
    #expect(run.output.contains(#""text": "Diastolic 80 mmHg""#))
    let tooMany = gauge(["layout", file, "1,2,3"])
    #expect(tooMany.code == 64)
    #expect(
      tooMany.errors
        == "Error: <value> '1,2,3': 3 values for a gauge of 2 pointers (\"pointers\"); give at "
        + "most 2\n")
    let bad = gauge(["layout", file, "1,x"])
    #expect(bad.code == 64)
    #expect(
      bad.errors.hasPrefix(
        "Error: <value>: 'x' is not a number; give a number such as 42, or 'none' for no data\n"))
  }

  @Test func watchTakesALineOfValues() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = gauge(
      ["watch", file, "--width", "40", "--color", "never"],
      input: "120,80\n1,2,3\n1,x\n130,85\n")
    #expect(run.code == 0)
    #expect(
      run.errors
        == "gauge: warning: line 2: 3 values for a gauge of 2 pointers (\"pointers\"); give at "
        + "most 2; skipped\n"
        + "gauge: warning: line 3: 'x' is not a number; give a number such as 42, or 'none' for "
        + "no data; skipped\n")
    #expect(
      run.output == gauge(["show", file, "130,85", "--width", "40", "--color", "never"]).output)
    #expect(run.output.contains("Diastolic 85 mmHg"))
    // A single value afterwards is read as before.
    let single = gauge(["watch", file, "--width", "40", "--color", "never"], input: "120,80\n90\n")
    #expect(
      single.output == gauge(["show", file, "90", "--width", "40", "--color", "never"]).output)
  }

  /// On a terminal, `gauge show bp 120,80` and `gauge watch` animate every pointer and
  /// count every line, as one value does: from the scale's start, then each from where it
  /// stood.
  @Test func showAndWatchAnimateEveryPointerOnATerminal() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    func onTerminal(_ arguments: [String], input: String = "") -> Run {
      let output = Capture()
      let errors = Capture()
      let context = CommandIO(
        environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true,
        terminalSize: (80, 40), output: output, errors: errors, files: DiskFiles(),
        input: FixedInput(input), events: QuietEvents(size: (80, 40)))
      let code = GaugeCommand.run(arguments, context: context)
      return Run(code: code, output: output.text, errors: errors.text)
    }
    /// The frames drawn (each a synchronized update; the first whole, the others changes).
    func frames(_ output: String) -> [String] {
      output.components(separatedBy: TerminalEscapes.beginSynchronized).dropFirst().map {
        String($0)
      }
    }
    let show = onTerminal(["show", file, "120,80", "--width", "40", "--color", "never"])
    #expect(show.code == 0)
    let shown = frames(show.output)
    #expect(shown.count > 30)
    // The first frame starts both pointers and lines at the scale's start.
    #expect(shown.first?.contains("Systolic 40 mmHg") == true)
    #expect(shown.first?.contains("Diastolic 40 mmHg") == true)

    // The frames are the scene's moments: each line counts, each pointer turns.
    let bp = try Gauge(presetJSON: Self.json)
    let renderer = try TerminalGaugeRenderer(
      gauge: bp, options: TerminalOptions(columns: 40, depth: .none))
    let scene = try renderer.scene(
      values: [120, 80],
      timelines: [try GaugeTimeline(gauge: bp, to: 120), try GaugeTimeline(gauge: bp, to: 80)])
    let duration = try #require(scene.timeline?.duration)
    var systolic: [Int] = []
    var diastolic: [Int] = []
    var pictures = Set<String>()
    for step in 0...30 {
      let plain = renderer.frame(scene, at: duration * Double(step) / 30).plain()
      pictures.insert(plain)
      for (label, into) in [("Systolic ", 0), ("Diastolic ", 1)] {
        let number = plain.components(separatedBy: label).dropFirst().first.flatMap {
          Int($0.prefix { $0.isNumber })
        }
        if into == 0 { systolic.append(number ?? -1) } else { diastolic.append(number ?? -1) }
      }
    }
    #expect(systolic.first == 40 && systolic.last == 120)
    #expect(diastolic.first == 40 && diastolic.last == 80)
    #expect(Set(systolic).count > 10 && Set(diastolic).count > 10)
    #expect(zip(systolic, systolic.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(pictures.count > 20)
    #expect(
      renderer.frame(scene, at: duration).plain()
        == (try renderer.frame(values: [120, 80])).plain())

    // Watch: the first line sweeps from the start; the next heads from where each stood.
    let watch = onTerminal(
      ["watch", file, "--width", "40", "--color", "never"], input: "120,80\n60,150\n")
    #expect(watch.code == 0)
    let watched = frames(watch.output)
    #expect(watched.count > 30)
    // Frames keep coming while the pointers sweep: a still picture stops at once.
    let settled = onTerminal(
      ["watch", file, "--width", "40", "--color", "never"], input: "120,80\n")
    #expect(frames(settled.output).count > 30)
  }

  @Test func moreValuesThanPointersNamesTheArgument() throws {
    let file = try presetFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = gauge(["render", file, "120,80,60"])
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: <value> '120,80,60': 3 values for a gauge of 2 pointers (\"pointers\"); give "
        + "at most 2\n")
    let bad = gauge(["render", file, "120,x"])
    #expect(bad.code == 64)
    #expect(
      bad.errors.hasPrefix(
        "Error: <value>: 'x' is not a number; give a number such as 42, or 'none' for no data\n"))
  }

  @Test func batchLinesTakeValues() throws {
    let folder = NSTemporaryDirectory() + "gauge-bp-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.json.write(toFile: folder + "/bp.json", atomically: true, encoding: .utf8)
    let input = """
      {"id": "a", "preset": "bp", "values": [120, 80]}
      {"id": "b", "preset": "bp", "values": [1, 2, 3]}
      {"id": "c", "preset": "bp", "value": 1, "values": [1, 2]}
      {"id": "d", "preset": "bp", "values": [1, "x"]}
      """
    let run = gauge(["batch", "--jsonl", "--preset-dir", folder], input: input)
    #expect(run.code == 1)
    let bp = try Gauge(presetJSON: Self.json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: String])
    #expect(
      object
        == [
          "id": "a",
          "svg": String(decoding: try bp.svgBytes(values: [120, 80]), as: UTF8.self),
        ])
    #expect(
      run.errors == """
        gauge batch: line 2 (id 'b'): values: 3 values for a gauge of 2 pointers ("pointers"); give at most 2
        gauge batch: line 3 (id 'c'): column 51: values: give "value" or "values", not both
        gauge batch: line 4 (id 'd'): column 43: values[1]: expected a number or null, found a string
        1 rendered, 3 failed

        """)
  }
}
