/// `gauge` itself: the group of every command, with `--version`.
struct RootCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "gauge",
    abstract:
      "Radial gauges and stress indicators: exact layouts, SVG images and terminal gauges from "
      + "JSON presets.",
    subcommands: [
      LayoutCommand.self, RenderCommand.self, ShowCommand.self, WatchCommand.self,
      DashboardCommand.self,
      PresetsCommand.self, BatchCommand.self, PieCommand.self, HelpCommand.self,
    ])

  static let options: [Option<RootCommand>] = [
    .flag(\.showsVersion, name: "version", help: "Show the version.")
  ]

  var showsVersion = false

  func run(context: CommandIO) throws(CLIError) {
    if showsVersion {
      context.output.write("gauge \(GaugeCommand.version)\n")
    } else {
      context.output.write(Help.text(RootCommand.spec(path: []), width: context.helpWidth))
    }
  }
}
