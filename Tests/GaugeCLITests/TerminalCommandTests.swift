import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct TerminalCommandTests {
  /// Whether `output` has a control sequence other than colour (SGR, ending in `m`): cursor
  /// movement, erasing, hiding the cursor or synchronized output, any of which garbles a
  /// screen the output does not fit.
  static func movesTheCursor(_ output: String) -> Bool {
    output.split(separator: "\u{1B}[", omittingEmptySubsequences: false).dropFirst().contains {
      sequence in
      sequence.first { !$0.isNumber && $0 != ";" } != "m"
    }
  }

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
      "Error: 'cpu=high': 'high' is not a number; give a number such as 42, or 'none' for no data\nUsage: gauge show <preset|file.json> [<value>...] [options]\n  See 'gauge help show'.\n"
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
    let hint = "give a number such as 42, or 'none' for no data"
    #expect(run.code == 0)
    #expect(
      run.errors
        == "gauge: warning: line 2: 'abc' is not a number; \(hint); skipped\n"
        + "gauge: warning: line 5: '\\u{1B}[2Jx' is not a number; \(hint); skipped\n")
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
    let context = CommandIO(
      environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true, terminalSize: size,
      output: output, errors: errors, files: DiskFiles(), input: FixedInput(""),
      events: QuietEvents(size: size))
    let code = GaugeCommand.run(arguments, context: context)
    return Run(code: code, output: output.text, errors: errors.text)
  }

  private func movesTheCursor(_ output: String) -> Bool {
    TerminalCommandTests.movesTheCursor(output)
  }

  @Test func aGaugeTooBigForTheTerminalIsPrintedOnceWithoutCursorMovement() throws {
    let run = runOnTerminal(["show", "stress", "42", "--color", "never"], size: (30, 8))
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(!movesTheCursor(run.output))
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(
      run.output
        == (try stress.terminalFrame(value: 42, options: TerminalOptions(columns: 20, depth: .none))
          .plain()))
  }

  /// Four gauges in 40 × 16 do not fit even at 20 columns (two rows of 9-row frames need 19):
  /// printed once, two across with no gap, their readouts at the smallest size any of them
  /// fits.
  @Test func fourGaugesIn40x16ArePrintedOnceTwoAcross() throws {
    let run = runOnTerminal(
      ["show", "cpu=37", "memory=62", "battery=88", "stress=42", "--color", "never"],
      size: (40, 16))
    #expect(run.code == 0)
    #expect(!movesTheCursor(run.output))
    let pairs = try [("cpu", 37.0), ("memory", 62), ("battery", 88), ("stress", 42)].map {
      name, value in (try BuiltinPresets.gauge(named: name), value)
    }
    var options = TerminalOptions(columns: 20, depth: .none)
    options.readoutSize = try TerminalGaugeRenderer.readoutSize(
      of: pairs.map(\.0), options: options)
    let frames = try pairs.map { gauge, value in
      try gauge.terminalFrame(value: value, options: options)
    }
    #expect(run.output == TerminalFrame.tiled(frames, width: 40, gap: 0).plain())
  }

  @Test func aDashboardFillsTheTerminalAndAnimatesInPlace() throws {
    let run = runOnTerminal(
      ["show", "cpu=37", "memory=62", "battery=88", "stress=42", "--color", "never"],
      size: (80, 24))
    #expect(run.code == 0)
    #expect(run.output.hasPrefix("\u{1B}[?25l"))
    #expect(run.output.hasSuffix("\u{1B}[?25h"))
    // The first frame is drawn whole: three 24-column gauges a band, two bands, within the
    // 23 rows above the cursor's line.
    let first = run.output.dropFirst("\u{1B}[?25l\u{1B}[?2026h".count).prefix { $0 != "\u{1B}" }
    let lines = first.split(separator: "\n")
    let cpu = try BuiltinPresets.gauge(named: "cpu")
    let rows = try TerminalGaugeRenderer.rows(of: cpu, options: TerminalOptions(columns: 24))
    #expect(lines.count == 2 * rows + 1)
    #expect(lines.count <= 23)
    #expect(lines.allSatisfy { $0.count == 3 * 24 + 2 * 2 })
  }

  @Test func aSingleGaugeGrowsWithTheTerminalUpToTheCap() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    func rows(_ columns: Int) throws -> Int {
      try TerminalGaugeRenderer.rows(of: stress, options: TerminalOptions(columns: columns))
    }
    for (size, expected) in [((100, 30), 0), ((130, 45), 0), ((400, 200), 160)] {
      let context = CommandIO(
        environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true, terminalSize: size,
        output: Capture(), errors: Capture(), files: DiskFiles(), input: FixedInput(""),
        events: QuietEvents(size: size))
      let fit = try TerminalChoices().fit([stress], options: TerminalOptions(), context: context)
      #expect(fit.fits)
      if expected > 0 {
        #expect(fit.columns == expected)
      } else {
        // The widest whose rows fit above the cursor's line.
        #expect(try rows(fit.columns) <= size.1 - 1)
        #expect(try rows(fit.columns + 1) > size.1 - 1)
      }
    }
  }

  @Test func aPieTooBigForTheTerminalIsPrintedOnce() throws {
    let run = runOnTerminal(
      ["pie", "a=1", "b=2", "c=3", "d=4", "e=5", "f=6", "g=7", "h=8", "--color", "never"],
      size: (40, 12))
    #expect(run.code == 0)
    #expect(!movesTheCursor(run.output))
    #expect(run.output.contains("\n░░ a  1   2.8%\n"))
  }

  @Test func watchTooBigForTheTerminalPrintsTheLastFrameOnceAtTheEnd() throws {
    let output = Capture()
    let size = (columns: 30, rows: 8)
    let context = CommandIO(
      environment: [:], stdoutIsTerminal: true, stderrIsTerminal: false, terminalSize: size,
      output: output, errors: Capture(), files: DiskFiles(), input: FixedInput("10\n70\n"),
      events: QuietEvents(size: size))
    #expect(GaugeCommand.run(["watch", "stress", "--color", "never"], context: context) == 0)
    #expect(!movesTheCursor(output.text))
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(
      output.text
        == (try stress.terminalFrame(value: 70, options: TerminalOptions(columns: 20, depth: .none))
          .plain()))
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
