import GaugeKit

/// `gauge dashboard`: a screen of live gauges, each fed from its own source.
struct DashboardCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "dashboard",
    abstract: "Show a screen of live gauges fed from Prometheus, HTTP, commands or files.",
    discussion:
      "FILE.json lists the gauges, each with a preset and a source (docs/dashboard.md). The "
      + "gauges fill the window and animate to each new value; a source that fails says why "
      + "in its gauge's place and keeps its last value, dimmed, until it answers again. Keys: "
      + "q quits, p pauses, r refreshes, the arrows or Tab select a gauge and Enter zooms it. "
      + "With --once (or when not on a terminal) every source is asked once and one frame is "
      + "printed; the exit code is 0 when all is well, 1 when a gauge is in a warning zone, 2 "
      + "in a critical zone, 3 when a source failed (the worst wins: 2, then 1, then 3).",
    examples: [
      "gauge dashboard servers.json",
      "gauge dashboard servers.json --once --json",
      "while sleep 5; do echo \"battery $(cat /sys/class/power_supply/BAT0/capacity)\"; done "
        + "| gauge dashboard laptop.json",
    ])

  static let arguments: [Argument<DashboardCommand>] = [
    .required(
      \.file, name: "file.json", .text(placeholder: "FILE"),
      help: "The dashboard: its title and gauges, each with a preset and a source.")
  ]

  static let options: [Option<DashboardCommand>] = [
    .glyphs(\.terminal.glyphs, help: "The characters that draw the rings."),
    .color(\.terminal.color),
    .flag(
      \.terminal.showLabels, name: "no-labels", sets: false,
      help: "Leave out the titles and the start and end labels."),
    .presetFolders(\.presetFolders),
    .flag(\.once, name: "once", help: "Ask every source once, print one frame and exit."),
    .flag(
      \.json, name: "json",
      help: "With --once: one JSON line per gauge (name, value, zone, state, source, error)."),
  ]

  var file = ""
  var terminal = TerminalChoices()
  var presetFolders: String?
  var once = false
  var json = false

  mutating func validate() throws(CLIError) {
    if json && !once { throw .usage("--json goes with --once") }
  }

  func run(context: CommandIO) throws(CLIError) {
    let dashboard = try DashboardCommand.load(file, folders: presetFolders, context: context)
    var options = terminal.options(context: context)
    options.columns = TerminalOptions.minimumColumns
    let title = dashboard.title ?? DashboardCommand.baseName(file)
    var session = DashboardSession(
      dashboard: dashboard, title: title, options: options, context: context)
    guard !once && context.stdoutIsTerminal else {
      session.fetchOnce()
      if json {
        context.output.write(DashboardReport.jsonLines(session.slots))
      } else {
        let frame = try session.onceFrame()
        context.output.write(options.depth == .none ? frame.plain() : frame.ansi())
      }
      let code = DashboardReport.exitCode(session.slots)
      if code != 0 { throw .quiet(code) }
      return
    }
    // Signals wait for the loop from now on, so none can end the process while the
    // keyboard is in raw mode: the loop restores it before it exits.
    context.events.blockSignals()
    try session.run(
      keyboard: TerminalKeyboard(), inputIsTerminal: ProcessFacts.isTerminal(0))
  }

  /// The dashboard in `path`, its presets resolved, every token's variable checked.
  static func load(_ path: String, folders: String?, context: CommandIO) throws(CLIError)
    -> Dashboard
  {
    let bytes: [UInt8]
    do {
      bytes = try context.files.read(path, limit: Dashboard.maximumFileSize)
    } catch {
      throw .input("cannot read dashboard '\(error.path)': \(error.reason)")
    }
    let library = PresetLibrary(folders: folders, context: context)
    let dashboard = try Inputs.converting { () throws(GaugeError) in
      try Dashboard.decode(bytes, file: path, library: library)
    }
    for (index, entry) in dashboard.gauges.enumerated() {
      guard let name = entry.source.tokenVariable else { continue }
      if context.environment[name]?.isEmpty ?? true {
        throw .input(
          "\(path): gauges[\(index)].source.tokenEnv: the environment variable \(name) is not "
            + "set; export the bearer token in it")
      }
    }
    return dashboard
  }

  /// `servers` for `conf/servers.json`: the header's title when the file gives none.
  static func baseName(_ path: String) -> String {
    var name = path.split(separator: "/").last.map(String.init) ?? path
    if name.hasSuffix(".json") { name.removeLast(5) }
    return name
  }
}
