import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// The dashboard file: what it holds once decoded, and every kind of mistake reported with
/// its file, line, column and JSON path.
@Suite struct DashboardFormatTests {
  /// Writes `text` as `name` in a fresh folder; returns the file's path.
  static func file(_ name: String, _ text: String) throws -> String {
    let folder = try temporaryFolder()
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static func decode(_ text: String, file: String = "board.json") throws(GaugeError) -> Dashboard {
    let context = CommandIO(
      environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false, terminalSize: nil,
      output: Capture(), errors: Capture(), files: DiskFiles(), input: FixedInput(nil),
      events: QuietEvents())
    return try Dashboard.decode(
      Array(text.utf8), file: file, library: PresetLibrary(folders: nil, context: context))
  }

  @Test func decodesEveryKindOfSourceWithItsDefaults() throws {
    let dashboard = try DashboardFormatTests.decode(
      """
      {"title": "Servers", "history": 20, "bell": true, "onAlert": "notify",
       "gauges": [
        {"preset": "cpu", "source": {"prometheus": "http://p:9090/", "query": "up", "every": "5s",
          "tokenEnv": "PROM_TOKEN"}, "alert": {"warning": ["Busy"], "critical": ["Saturated"]}},
        {"name": "q", "preset": {"extends": "stress", "title": "Queue"},
          "source": {"http": "https://h/x", "pointer": "/a~1b/0", "timeout": "500ms"}},
        {"name": "d", "preset": "disk", "source": {"exec": "df"}},
        {"name": "f", "preset": "memory", "source": {"file": "/tmp/m"}},
        {"name": "s", "preset": "stress", "source": "stdin"}]}
      """)
    #expect(dashboard.title == "Servers")
    #expect(dashboard.history == 20)
    #expect(dashboard.bell)
    #expect(dashboard.onAlert == "notify")
    #expect(dashboard.gauges.map(\.name) == ["cpu", "q", "d", "f", "s"])
    #expect(
      dashboard.gauges.map(\.source.kind) == [
        .prometheus(server: "http://p:9090/", query: "up"),
        .http(url: "https://h/x", pointer: "/a~1b/0"),
        .exec("df"), .file("/tmp/m"), .stdin,
      ])
    #expect(dashboard.gauges.map(\.source.every) == [5, 2, 2, 2, 2])
    #expect(dashboard.gauges.map(\.source.timeout) == [5, 0.5, 5, 5, 5])
    #expect(dashboard.gauges[0].source.tokenVariable == "PROM_TOKEN")
    #expect(dashboard.gauges[0].alert == AlertRule(warning: [1], critical: [2]))
    #expect(dashboard.gauges[1].gauge.title == "Queue")
    #expect(dashboard.gauges[1].gauge.zones == (try BuiltinPresets.gauge(named: "stress")).zones)
  }

  @Test func everyProblemWithItsPlace() throws {
    let text = """
      {
        "title": 5,
        "gauges": [
          { "preset": "cpu", "source": { "exec": "echo 1", "query": "up", "every": "5x" } },
          { "name": "a b", "preset": "stres", "source": { "prometheus": "localhost:9090" } },
          { "preset": { "min": 0, "max": 10, "zones": [{ "label": "A", "colour": "red", "upTo": 10 }] }, "source": "stdn" },
          { "name": "c", "preset": "cpu", "source": { "http": "http://x/", "pointer": "a/b" }, "alert": { "warning": ["Bsy"] } },
          { "name": "c", "preset": "cpu", "source": { "file": "x", "http": "http://x/" } },
          { "preset": { "min": 0, "max": 1, "zones": [{ "label": "A", "color": "red", "upTo": 1 }] }, "source": { "exec": "" } }
        ],
        "colour": 1
      }
      """
    let path = try DashboardFormatTests.file("bad.json", text)
    let run = gauge("dashboard", path, "--once")
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(
      run.errors == """
        Error: '\(path)' has 15 problems:
          \(path):2:12: title: expected a string, found a number
          \(path):4:63: gauges[0].source.query: goes with prometheus, not with exec
          \(path):4:78: gauges[0].source.every: '5x' is not an interval from 100ms to 1 day; write 2s, 500ms, 1m or seconds
          \(path):5:15: gauges[1].name: "a b" is not allowed; use 1 to 64 letters, digits, '.', '_' and '-'
          \(path):5:32: gauges[1].preset: unknown preset 'stres'; the built-in presets are aqi, battery, body-battery, cpu, disk, glucose, heart-rate, memory, sleep, speed, spo2, stress, uv; did you mean 'stress'?
          \(path):5:51: gauges[1].source.query: is missing; required: the PromQL expression to ask for
          \(path):5:67: gauges[1].source.prometheus: "localhost:9090" is not a URL; write http://host:port or https://…
          \(path):6:66: gauges[2].preset.zones[0].colour: unknown key "colour"; allowed: label, color, upTo, range (did you mean "color"?)
          \(path):6:110: gauges[2].source: "stdn" is not a source; write "stdin" or an object with one of prometheus, http, exec, file
          \(path):7:81: gauges[3].source.pointer: "a/b" is not a JSON pointer; it must be empty or start with '/' (RFC 6901)
          \(path):7:113: gauges[3].alert.warning[0]: "Bsy" is not a zone of the preset; its zones are "Normal", "Busy", "Saturated"; did you mean "Busy"?
          \(path):8:47: gauges[4].source: has http and file; give only one kind of source
          \(path):9:5: gauges[5].name: is missing; required when the preset has no name of letters, digits, '.', '_' or '-'
          \(path):9:117: gauges[5].source.exec: is empty
          \(path):11:3: colour: unknown key "colour"; allowed: $schema, title, gauges, onAlert, bell, history
        """ + "\n")
  }

  @Test func aGaugeWithNoNameTakesItsPresetsOrMustHaveOne() throws {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges[0].name",
          message:
            "is missing; required when the preset has no name of letters, digits, '.', '_' or '-'",
          file: "board.json", line: 1, column: 13)
      ])
    ) {
      try DashboardFormatTests.decode(
        #"{"gauges": [{"preset": {"min": 0, "max": 1, "zones": [{"label": "A", "color": "red", "upTo": 1}]}, "source": "stdin"}]}"#
      )
    }
    #expect(
      try DashboardFormatTests.decode(#"{"gauges": [{"preset": "uv", "source": "stdin"}]}"#).gauges[
        0
      ].name == "uv")
  }

  @Test func eachGaugeHasItsOwnName() throws {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges[1].name",
          message: "\"cpu\" is already the name of gauges[0]; give each gauge its own name",
          file: "board.json", line: 2, column: 11)
      ])
    ) {
      try DashboardFormatTests.decode(
        """
        {"gauges": [{"preset": "cpu", "source": "stdin"},
         {"name": "cpu", "preset": "memory", "source": "stdin"}]}
        """)
    }
  }

  @Test func syntaxAndShapeErrors() throws {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges", message: "invalid JSON: unexpected '}'; expected ',' or ']'",
          file: "board.json", line: 1, column: 22)
      ])
    ) {
      try DashboardFormatTests.decode(#"{"gauges": [{"a": 1} }"#)
    }
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges", message: "is empty; give at least one gauge", file: "board.json", line: 1,
          column: 12)
      ])
    ) {
      try DashboardFormatTests.decode(#"{"gauges": []}"#)
    }
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges",
          message: "is missing; required: an array of gauges, each with a preset and a source",
          file: "board.json", line: 1, column: 1)
      ])
    ) {
      try DashboardFormatTests.decode(#"{"title": "x"}"#)
    }
    let many = (0...64).map { #"{"name": "g\#($0)", "preset": "cpu", "source": "stdin"}"# }
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "gauges", message: "has more than 64 gauges; at most 64 allowed",
          file: "board.json",
          line: 1, column: 3331)
      ])
    ) {
      try DashboardFormatTests.decode(#"{"gauges": ["# + many.joined(separator: ",") + "]}")
    }
  }

  @Test func aPresetFileIsFoundBesideTheDashboardAndItsProblemsKeepTheirPlace() throws {
    let folder = try temporaryFolder()
    try Data(#"{"extends": "cpu", "max": "x"}"#.utf8).write(
      to: folder.appendingPathComponent("mine.json"))
    let board = folder.appendingPathComponent("board.json")
    try Data(#"{"gauges": [{"name": "m", "preset": "mine.json", "source": "stdin"}]}"#.utf8).write(
      to: board)
    let run = gauge("dashboard", board.path, "--once")
    #expect(run.code == 64)
    #expect(
      run.errors == "Error: \(folder.path)/mine.json:1:27: max: expected a number, found a string\n"
    )
  }

  @Test func aTokenVariableMustBeSet() throws {
    let path = try DashboardFormatTests.file(
      "board.json",
      #"{"gauges": [{"preset": "cpu", "source": {"prometheus": "http://p:9090", "query": "up", "tokenEnv": "PROM_TOKEN"}}]}"#
    )
    let run = gauge("dashboard", path, "--once")
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: \(path): gauges[0].source.tokenEnv: the environment variable PROM_TOKEN is not "
        + "set; export the bearer token in it\n")
  }

  @Test func commandLineMistakes() {
    #expect(
      gauge("dashboard", "x.json", "--json").errors
        == "Error: --json goes with --once\nUsage: gauge dashboard <file.json> [options]\n"
        + "  See 'gauge help dashboard'.\n")
    let missing = gauge("dashboard", "/nonexistent/board.json", "--once")
    #expect(missing.code == 64)
    #expect(
      missing.errors
        == "Error: cannot read dashboard '/nonexistent/board.json': No such file or directory\n")
  }

  @Test(arguments: [
    ("", [String]()), ("/", [""]), ("/a~1b/~0c/0", ["a/b", "~c", "0"]),
  ])
  func pointerTokens(text: String, tokens: [String]) throws {
    #expect(try JSONPointer(text).tokens == tokens)
  }

  @Test func pointerMistakes() throws {
    #expect(
      throws: JSONPointer.Problem(
        message: "\"a\" is not a JSON pointer; it must be empty or start with '/' (RFC 6901)")
    ) {
      try JSONPointer("a")
    }
    #expect(
      throws: JSONPointer.Problem(
        message: "\"/a~2\" has '~2'; in a JSON pointer '~' is written '~0' and '/' is written '~1'")
    ) {
      try JSONPointer("/a~2")
    }
    let root = try JSONParser.parse(Array(#"{"a": [1, {"b/c": 2}]}"#.utf8))
    #expect(
      throws: JSONPointer.Problem(message: "/a is an array of 2; \"2\" is not an index in it")
    ) {
      try JSONPointer("/a/2").resolve(in: root)
    }
    #expect(try JSONPointer("/a/1/b~1c").resolve(in: root).value == .number(2))
    #expect(throws: JSONPointer.Problem(message: "the document has no key \"x\"")) {
      try JSONPointer("/x").resolve(in: root)
    }
    #expect(throws: JSONPointer.Problem(message: "/a/0 is a number, not an object or array")) {
      try JSONPointer("/a/0/z").resolve(in: root)
    }
  }
}
