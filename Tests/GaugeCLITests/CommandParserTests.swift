import GaugeKit
import Testing

@testable import GaugeCLI

/// A command with one option of every kind, to test the parser on its own.
private struct Probe: DeclaredCommand {
  static let configuration = CommandSummary(name: "probe", abstract: "Test the parser.")

  static let arguments: [Argument<Probe>] = [
    .required(\.value, name: "value", .gaugeValue, help: "A value."),
    .optional(\.label, name: "label", .text(placeholder: "LABEL"), help: "A label."),
    .variadic(\.rest, name: "more", .number(placeholder: "N"), help: "More numbers."),
  ]

  static let options: [Option<Probe>] = [
    .value(
      \.count, name: "count", short: "c", .integer(1...10, placeholder: "N"), help: "A count."),
    .value(
      \.seconds, name: "seconds", .number(0...60, unit: "seconds", placeholder: "S"),
      absent: "the preset's", help: "A duration."),
    .value(\.theme, name: "theme", .choice(placeholder: "THEME"), help: "A theme."),
    .value(
      \.title, name: "title", .text(placeholder: "TEXT", maximumLength: 5), help: "A title."),
    .value(\.output, name: "output", short: "o", .output, help: "A file."),
    .value(\.background, name: "background", .background, help: "A background."),
    .value(\.palette, name: "palette", .palette, help: "Colours."),
    .value(\.every, name: "every", .interval, help: "An interval."),
    .flag(\.loud, name: "loud", help: "A flag."),
    .flag(\.labels, name: "no-labels", sets: false, help: "An inverted flag."),
  ]

  var value: Double?
  var label: String?
  var rest: [Double] = []
  var count = 3
  var seconds: Double?
  var theme = Theme.light
  var title = ""
  var output = OutputTarget.standardOutput
  var background = Background.preset
  var palette: [Color] = []
  var every = 2.0
  var loud = false
  var labels = true

  func run(context: CommandIO) throws(CLIError) {}
}

private func parse(_ words: String...) throws(CLIError) -> Probe? {
  try CommandParser<Probe>().parse(words)
}

private func failure(_ words: String...) -> CLIError? {
  do {
    _ = try CommandParser<Probe>().parse(words)
    return nil
  } catch {
    return error
  }
}

@Suite struct CommandParserTests {
  @Test func everyKindArrivesTyped() throws {
    let probe = try #require(
      try parse(
        "42", "--count", "7", "--seconds=1.5", "--theme", "dark", "--title", "Mood", "-o", "x.svg",
        "--background", "#102030", "--palette", "red, #00f", "--every", "500ms", "--loud",
        "--no-labels", "tag", "-5", "1e3"))
    #expect(probe.value == 42)
    #expect(probe.label == "tag")
    #expect(probe.rest == [-5, 1000])
    #expect(probe.count == 7)
    #expect(probe.seconds == 1.5)
    #expect(probe.theme == .dark)
    #expect(probe.title == "Mood")
    #expect(probe.output == .file("x.svg"))
    #expect(probe.background == .color(Color(red: 0x10, green: 0x20, blue: 0x30)))
    #expect(probe.palette == [Color(parsing: "red"), Color(parsing: "#00f")].compactMap { $0 })
    #expect(probe.every == 0.5)
    #expect(probe.loud)
    #expect(!probe.labels)
  }

  @Test func absentOptionsKeepTheirDefaults() throws {
    let probe = try #require(try parse("none"))
    #expect(probe.value == nil)
    #expect(probe.label == nil)
    #expect(probe.rest == [])
    #expect(probe.count == 3)
    #expect(probe.seconds == nil)
    #expect(probe.output == .standardOutput)
    #expect(!probe.loud)
    #expect(probe.labels)
  }

  @Test func shortOptionsDashDashAndStandardOutput() throws {
    let joined = try #require(try parse("1", "-c4", "-o", "-"))
    #expect(joined.count == 4)
    #expect(joined.output == .standardOutput)
    let ended = try #require(try parse("--", "-1", "--loud"))
    #expect(ended.value == -1)
    #expect(ended.label == "--loud")
    #expect(!ended.loud)
    #expect(try parse("1", "--help") == nil)
    #expect(try parse("-h") == nil)
    // Help wins over mistakes elsewhere on the line, but not after `--`.
    #expect(try parse("x", "--count", "99", "--help") == nil)
    #expect(
      failure("--", "-h")
        == .usage("<value>: '-h' is not a number; give a number such as 42, or 'none' for no data"))
  }

  @Test(arguments: [
    (["1", "--count", "11"], "--count: 11 is out of range; allowed: 1...10"),
    (["1", "--count", "0"], "--count: 0 is out of range; allowed: 1...10"),
    (["1", "--count", "2.5"], "--count: '2.5' is not a whole number; allowed: 1...10"),
    (["1", "--seconds", "60.5"], "--seconds: 60.5 is out of range; allowed: 0...60 seconds"),
    (
      ["1", "--seconds", "nan"], "--seconds: 'nan' is not a finite number; allowed: 0...60 seconds"
    ),
    (
      ["1", "--seconds", "inf"], "--seconds: 'inf' is not a finite number; allowed: 0...60 seconds"
    ),
    (
      ["1", "--theme", "lihgt"],
      "--theme: 'lihgt' is not allowed; use one of light, dark, auto; did you mean 'light'?"
    ),
    (["1", "--theme", "blue"], "--theme: 'blue' is not allowed; use one of light, dark, auto"),
    (["1", "--title", "Stress"], "--title: is 6 characters long; at most 5 allowed"),
    (["1", "--output", ""], "--output: give a file name, or - for standard output"),
    (
      ["1", "--palette", "red,,blue"],
      "--palette: colour 2, '', is not a colour; use \(Color.allowedForms)"
    ),
    (
      ["1", "--every", "50ms"],
      "--every: '50ms' is not an interval from 100ms to 1 day; write 2s, 500ms, 1m or seconds"
    ),
    (
      ["high"],
      "<value>: 'high' is not a number; give a number such as 42, or 'none' for no data"
    ),
    (["1", "a", "x"], "<more>: 'x' is not a number"),
    ([], "missing argument <value>"),
    (["1", "--count", "2", "--count", "3"], "--count is given twice; give it once"),
    (["1", "-c", "2", "--count=2"], "--count is given twice; give it once"),
    (["1", "--count"], "--count needs a value (N)"),
    (["1", "--loud=yes"], "--loud takes no value"),
    (["1", "--cuont", "2"], "unknown option '--cuont'; did you mean '--count'?"),
    (["1", "--colour=2"], "unknown option '--colour'"),
    (["1", "-x"], "unknown option '-x'"),
    (["1", "--hlep"], "unknown option '--hlep'; did you mean '--help'?"),
  ])
  func mistakesNameTheOptionAndWhatIsAllowed(words: [String], message: String) {
    var caught: CLIError?
    do {
      _ = try CommandParser<Probe>().parse(words)
    } catch {
      caught = error
    }
    #expect(caught == .usage(message))
  }

  /// A flag given twice is refused in the words a repeated value gets, an inverted flag
  /// and a short name alike.
  @Test func aRepeatedFlagIsRefusedAsARepeatedValueIs() throws {
    #expect(try parse("1", "--loud")?.loud == true)
    #expect(failure("1", "--loud", "--loud") == .usage("--loud is given twice; give it once"))
    #expect(
      failure("1", "--no-labels", "2", "--no-labels")
        == .usage("--no-labels is given twice; give it once"))
    #expect(
      failure("1", "--theme", "dark", "--theme", "dark")
        == .usage("--theme is given twice; give it once"))
    #expect(failure("1", "--loud", "--loud=yes") == .usage("--loud takes no value"))
  }

  @Test func theSpecShowsRealDefaultsAndWhatIsAllowed() {
    let spec = Probe.spec(path: ["probe"])
    let byName = Dictionary(uniqueKeysWithValues: spec.options.map { ($0.synopsis, $0) })
    #expect(byName["-c, --count N"]?.fullHelp == "A count (allowed: 1...10; default: 3).")
    #expect(
      byName["--seconds S"]?.fullHelp
        == "A duration (allowed: 0...60 seconds; default: the preset's).")
    #expect(
      byName["--theme THEME"]?.fullHelp == "A theme (allowed: light, dark, auto; default: light).")
    #expect(byName["--every INTERVAL"]?.defaultText == "2s")
    #expect(byName["-o, --output FILE"]?.defaultText == "standard output")
    #expect(byName["--loud"]?.fullHelp == "A flag.")
    #expect(byName["--title TEXT"]?.fullHelp == "A title.")
    #expect(spec.usage == "gauge probe <value> [<label>] [<more>...] [options]")
  }
}

/// Exit codes and the one error format, end to end.
@Suite struct ExitCodeTests {
  @Test(arguments: [
    (["layout", "stress", "42"], Int32(0)),
    (["--version"], Int32(0)),
    (["help", "batch"], Int32(0)),
    (["render", "stress", "42", "--size", "200", "--size", "300"], Int32(64)),
    (["render", "nope", "42"], Int32(64)),
    (["render", "stress", "42", "-o", "/no/such/folder/x.svg"], Int32(1)),
  ])
  func codes(arguments: [String], code: Int32) {
    #expect(gauge(arguments).code == code)
  }

  /// Standard output that cannot take the image (a full disk) is a failed command, said on
  /// standard error, not a success with nothing written; a batch's lines too.
  @Test func standardOutputThatCannotBeWrittenFailsTheCommand() throws {
    for (arguments, stdin) in [
      (["render", "stress", "42"], nil),
      (["render", "stress", "42", "--format", "png", "-o", "-"], nil),
      (["batch", "--jsonl", "--preset", "stress"], #"{"id": "u1", "value": 42}"# + "\n"),
    ] as [([String], String?)] {
      let run = try runBinary(arguments, stdin: stdin, standardOutput: "/dev/full")
      #expect(run.code == 1, "\(arguments)")
      #expect(
        run.errors.hasPrefix("Error: cannot write to standard output: No space left on device\n"),
        "\(arguments): \(run.errors)")
    }
  }

  @Test func theBuiltBinaryReportsUsageErrorsOnce() throws {
    let run = try runBinary(["render", "stress", "42", "--size", "200", "--size", "300"])
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(
      run.errors
        == "Error: --size is given twice; give it once\n"
        + "Usage: gauge render <preset|file.json> [<value>...] [options]\n  See 'gauge help render'.\n"
    )
    let standardOutput = try runBinary(["render", "stress", "42", "-o", "-"])
    #expect(standardOutput.code == 0)
    #expect(standardOutput.output == gauge("render", "stress", "42").output)
  }
}
