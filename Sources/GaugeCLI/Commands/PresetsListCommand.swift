import GaugeKit

/// `gauge presets list`
struct PresetsListCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "list", abstract: "List the built-in presets: name, title, domain and zones.",
    examples: ["gauge presets list --format json"])

  static let options: [Option<PresetsListCommand>] = [
    .value(\.format, name: "format", .choice(placeholder: "FORMAT"), help: "How to write the list.")
  ]

  var format = ReportFormat.text

  func run(context: CommandIO) throws(CLIError) {
    let gauges = BuiltinPresets.names.compactMap { try? BuiltinPresets.gauge(named: $0) }
    context.output.write(
      format == .json ? PresetsReport.listJSON(gauges) : PresetsReport.listText(gauges))
  }
}
