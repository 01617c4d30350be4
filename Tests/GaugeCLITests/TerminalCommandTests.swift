import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct TerminalCommandTests {
  @Test func pipedShowPrintsOnePlainFrame() throws {
    let run = gauge("show", "stress", "42")
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(!run.output.contains("\u{1B}"))
    let expected = try BuiltinPresets.gauge(named: "stress").terminalFrame(
      value: 42, options: TerminalOptions(columns: 40, depth: .none)
    ).plain()
    #expect(run.output == expected)
  }

  @Test func colourWhenAskedForEvenWhenPiped() throws {
    let run = gauge(
      "show", "stress", "42", "--color", "truecolor", "--width", "30", "--glyphs", "braille")
    let expected = try BuiltinPresets.gauge(named: "stress").terminalFrame(
      value: 42, options: TerminalOptions(columns: 30, glyphs: .braille, depth: .trueColor)
    ).ansi()
    #expect(run.output == expected)
    #expect(
      gauge(["show", "stress", "42"], environment: ["FORCE_COLOR": "1"]).output.contains(
        "\u{1B}[0;"))
  }

  @Test func aDashboardTilesGaugesWithTheirTitles() throws {
    let run = gauge("show", "cpu=37", "memory=62", "battery=88", "--width", "24")
    #expect(run.code == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.contains { $0.contains("CPU") && $0.contains("Memory") && $0.contains("Battery") })
    let wrapped = gauge(
      ["show", "cpu=1", "memory=2", "battery=3", "disk=4", "--width", "24"],
      environment: ["COLUMNS": "60"])
    #expect(wrapped.code == 0)
  }

  @Test(arguments: [
    (
      ["show", "stress", "42", "--glyphs", "blocks"],
      "Error: --glyphs: 'blocks' is not allowed; use one of half, braille, ascii\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "stress", "42", "--width", "10"],
      "Error: --width: 10 is out of range; allowed: 20...400\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "stress", "42", "--color", "sometimes"],
      "Error: --color: 'sometimes' is not allowed; use one of auto, always, never, truecolor, 256, 16\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "stress"],
      "Error: missing argument <value> (or write PRESET=VALUE)\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "cpu=37", "=5"],
      "Error: '=5' has no preset before '='; write PRESET=VALUE\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["show", "cpu=high"],
      "Error: <value>: 'high' is not a number; give a number such as 42, or 'none' for no data\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
    ),
    (
      ["watch", "stress", "--every", "2s"],
      "Error: --every goes with --exec\nUsage: gauge watch <preset|file.json> [options]\n  See 'gauge help watch'.\n"
    ),
    (
      ["watch", "stress", "--exec", "true", "--every", "soon"],
      "Error: --every: 'soon' is not an interval from 100ms to 1 day; write 2s, 500ms, 1m or seconds\nUsage: gauge watch <preset|file.json> [options]\n  See 'gauge help watch'.\n"
    ),
  ])
  func badTerminalOptions(arguments: [String], message: String) {
    let run = gauge(arguments)
    #expect(run.code == 64)
    #expect(run.errors == message)
  }

  @Test func pipedWatchWarnsOncePerBadLineAndPrintsTheLastValue() throws {
    let run = gauge(["watch", "stress"], input: "10\nabc\n\n  50 \n\u{1B}[2Jx\n90\n")
    #expect(run.code == 0)
    #expect(
      run.errors
        == "gauge: warning: line 2: 'abc' is not a number; skipped\n"
        + "gauge: warning: line 5: '\\u{1B}[2Jx' is not a number; skipped\n")
    #expect(run.output == gauge("show", "stress", "90").output)
  }

  @Test func aLastLineWithoutNewlineCountsAndNoneMeansNoData() {
    #expect(
      gauge(["watch", "stress"], input: "10\n77").output == gauge("show", "stress", "77").output)
    #expect(
      gauge(["watch", "stress"], input: "10\nnone\n").output
        == gauge("show", "stress", "none").output)
    #expect(gauge(["watch", "stress"], input: "").output == gauge("show", "stress", "none").output)
  }

  @Test func execTakesTheFirstNumberTheCommandPrints() {
    #expect(WatchSession.firstNumber(in: "Use%\n 42%\n") == 42)
    #expect(WatchSession.firstNumber(in: "load: -0.75 1.2") == -0.75)
    #expect(WatchSession.firstNumber(in: "none") == nil)
    let run = gauge("watch", "stress", "--exec", "echo 42", "--every", "500ms")
    #expect(run.code == 0)
    #expect(run.output == gauge("show", "stress", "42").output)
  }

  @Test(arguments: [("2s", 2.0), ("500ms", 0.5), ("1m", 60.0), ("1.5", 1.5)])
  func intervals(text: String, seconds: Double) throws {
    #expect(try WatchCommand.interval(text) == seconds)
  }
}

@Suite struct SmallTerminalTests {
  private func runOnTerminal(_ arguments: [String], size: (columns: Int, rows: Int)) -> Run {
    let output = Capture()
    let errors = Capture()
    let context = Context(
      environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true, terminalSize: size,
      output: output, errors: errors, files: SystemFiles(), input: FixedInput(""),
      events: QuietEvents(size: size))
    let code = GaugeCommand.run(arguments, context: context)
    return Run(code: code, output: output.text, errors: errors.text)
  }

  @Test func aTerminalTooSmallGetsAMessageNotGarbage() {
    let run = runOnTerminal(["show", "stress", "42"], size: (30, 8))
    #expect(run.code == 1)
    #expect(run.output == "")
    #expect(
      run.errors
        == "Error: the terminal is 30×8 cells; a gauge needs at least 20 columns and 11 rows. "
        + "Enlarge the terminal or pass --width\n")
  }

  @Test func onATerminalItFitsAndRestoresTheCursor() {
    let run = runOnTerminal(["show", "stress", "42", "--color", "never"], size: (100, 30))
    #expect(run.code == 0)
    #expect(run.output.hasPrefix("\u{1B}[?25l"))
    #expect(run.output.hasSuffix("\u{1B}[?25h"))
    #expect(run.output.contains("\u{1B}[?2026h"))
    // 2 × (30 − 1) rows allow 58 columns; a single gauge is at most 60 wide.
    let widest =
      run.output.split(separator: "\n").map { line in
        line.split(separator: "\u{1B}").first.map(\.count) ?? 0
      }.max() ?? 0
    #expect(widest <= 58)
  }
}

@Suite struct ColorChoiceTests {
  /// A named depth or `never` wins over everything the environment says.
  @Test(
    arguments: [
      (ColorChoice.never, ["COLORTERM": "truecolor", "FORCE_COLOR": "3"], true, ColorDepth.none),
      (.trueColor, ["NO_COLOR": "1"], false, .trueColor),
      (.ansi256, [:], false, .ansi256),
      (.ansi16, ["COLORTERM": "truecolor"], true, .ansi16),
      (.auto, ["NO_COLOR": "1", "COLORTERM": "truecolor"], true, .none),
      (.always, ["NO_COLOR": "1"], false, .ansi16),
    ] as [(ColorChoice, [String: String], Bool, ColorDepth)])
  func choiceDecidesTheDepth(
    choice: ColorChoice, environment: [String: String], terminal: Bool, expected: ColorDepth
  ) {
    #expect(choice.depth(environment: environment, isTerminal: terminal) == expected)
  }
}
