import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

/// Help and docs/cli.md come from the commands' declarations, and say what the commands do.
@Suite struct CLIReferenceTests {
  static let begin = "<!-- BEGIN gauge help --markdown -->\n"
  static let end = "<!-- END gauge help --markdown -->\n"

  @Test func docsCLIMatchesTheDeclarations() throws {
    try assertGeneratedSection(
      of: repositoryRoot.appendingPathComponent("docs/cli.md"), between: Self.begin, and: Self.end,
      is: gauge("help", "--markdown").output,
      regenerate: "GAUGE_RECORD=1 swift test --filter CLIReferenceTests")
  }

  @Test func renderHelpAt80Columns() throws {
    let run = gauge("help", "render", width: 80)
    #expect(run.code == 0)
    #expect(run.errors == "")
    try assertGolden(run.output, named: "help-render.80.txt", test: "CLIReferenceTests")
    #expect(gauge("render", "--help", width: 80).output == run.output)
    #expect(gauge("render", "stress", "-h", width: 80).output == run.output)
  }

  @Test func helpWrapsToTheTerminalAnd80WhenUnknown() {
    for width in [40, 80, 100] {
      let help = gauge("help", "pie", width: width).output
      let longest = help.split(separator: "\n").filter { !$0.hasPrefix("  gauge ") }
        .map(\.count).max()
      #expect(longest ?? 0 <= width)
      #expect(longest ?? 0 > width - 10)
    }
    #expect(gauge("help", "pie").output == gauge("help", "pie", width: 80).output)
    #expect(
      gauge(["help", "pie"], environment: ["COLUMNS": "60"]).output
        == gauge("help", "pie", width: 60).output)
  }

  @Test func rootHelpListsEveryCommandOnce() {
    let help = gauge("help").output
    #expect(help == gauge().output)
    #expect(help == gauge("--help").output)
    for name in ["layout", "render", "show", "watch", "presets", "batch", "pie", "help"] {
      #expect(help.components(separatedBy: "\n  \(name) ").count == 2)
    }
    #expect(help.contains("\n  --version               Show the version.\n"))
    #expect(gauge("--version").output == "gauge \(GaugeCommand.version)\n")
  }

  @Test func groupHelpMarksTheDefaultAction() {
    let help = gauge("presets", "--help", width: 80).output
    #expect(help.contains("USAGE: gauge presets [<action>]\n"))
    #expect(help.contains("\n  list (default)          List the built-in presets"))
    #expect(
      gauge("help", "presets", "validate").output.contains(
        "USAGE: gauge presets validate <file>... [options]\n"))
    #expect(
      gauge("presets", "validate", "--help").output == gauge("help", "presets", "validate").output)
  }

  @Test(arguments: [
    (["help", "rendr"], "Error: unknown command 'rendr'; did you mean 'render'?\n"),
    (
      ["help", "presets", "shwo"],
      "Error: unknown command 'presets shwo'; did you mean 'presets show'?\n"
    ),
    (
      ["help", "render", "--markdown"],
      "Error: --markdown prints every command; give no command with it\n"
    ),
  ])
  func helpForWhatIsNotACommand(arguments: [String], message: String) {
    let run = gauge(arguments)
    #expect(run.code == 64)
    #expect(
      run.errors
        == message + "Usage: gauge help [<command>...] [options]\n  See 'gauge help help'.\n")
  }

  /// Every typed default help shows, given explicitly, changes nothing: help shows the
  /// defaults the commands really use.
  @Test(arguments: [
    ["render", "stress", "42", "--animate"],
    ["pie", "A=1", "B=2", "C=3", "--animate"],
    ["layout", "stress", "42"],
    ["show", "stress", "42"],
    ["presets", "list"],
  ])
  func shownDefaultsAreTheRealOnes(base: [String]) throws {
    let path = base.first == "presets" ? Array(base.prefix(2)) : [base[0]]
    let command = try #require(CommandTree.command(at: path))
    let spec = CommandTree.spec(of: command, path: path)
    let plain = gauge(base)
    #expect(plain.code == 0)
    var compared = 0
    for option in spec.options {
      guard option.allowed != nil, let shown = option.defaultText else { continue }
      let name = String(option.synopsis.split(separator: " ").first { $0.hasPrefix("--") } ?? "")
      let explicit = gauge(base + [name, shown])
      // Descriptive defaults ("--size", "the theme's") are not values: nothing to compare.
      guard explicit.code == 0 else { continue }
      #expect(explicit.output == plain.output, "\(name) \(shown)")
      compared += 1
    }
    #expect(compared >= 1)
  }

  @Test func pieSweepsForTheDurationHelpShowsInTheTerminalToo() throws {
    let shown = try #require(
      CommandTree.spec(of: PieCommand.self, path: ["pie"]).options.first {
        $0.synopsis == "--duration SECONDS"
      }?.defaultText)
    #expect(shown == "1")
    // Before, the terminal swept for 0.8 s while help (and the SVG) said 1 s: one frame is
    // drawn per 16 ms tick of the test clock, so the frame count tells the duration.
    let frames = onTerminal(["pie", "A=1", "B=3", "--color", "never"])
    let explicit = onTerminal(["pie", "A=1", "B=3", "--color", "never", "--duration", shown])
    #expect(frames == explicit)
    #expect(frames.components(separatedBy: "\u{1B}[?2026h").count - 1 == 63)
  }

  private func onTerminal(_ arguments: [String]) -> String {
    let output = Capture()
    let context = CommandIO(
      environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true, terminalSize: (80, 40),
      output: output, errors: Capture(), files: DiskFiles(), input: FixedInput(""),
      events: QuietEvents(size: (80, 40)))
    #expect(GaugeCommand.run(arguments, context: context) == 0)
    return output.text
  }
}
