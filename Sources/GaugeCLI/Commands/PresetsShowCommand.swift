import GaugeKit

/// `gauge presets show`
struct PresetsShowCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "show",
    abstract:
      "Print a preset as gauge sees it: extends resolved and every default filled in, as JSON.",
    examples: ["gauge presets show stress"])

  static let arguments: [Argument<PresetsShowCommand>] = [
    .required(\.preset, name: "preset|file", .text(placeholder: "PRESET"), help: "What to show.")
  ]

  static let options: [Option<PresetsShowCommand>] = [.presetFolders(\.presetFolders)]

  var preset = ""
  var presetFolders: String?

  func run(context: CommandIO) throws(CLIError) {
    let gauge = try Inputs.gauge(preset, folders: presetFolders, context: context)
    context.output.write(gauge.presetJSON())
  }
}
