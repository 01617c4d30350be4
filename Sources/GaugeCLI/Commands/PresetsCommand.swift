import GaugeKit

/// `gauge presets`: list, show and validate presets.
struct PresetsCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "presets",
    abstract: "List the built-in presets, show one in full, or validate preset files.",
    discussion:
      "The format is described in docs/presets.md and docs/preset.schema.json.",
    examples: [
      "gauge presets", "gauge presets show stress", "gauge presets validate my-gauge.json",
      "gauge presets validate presets/*.json --format json",
    ],
    subcommands: [PresetsListCommand.self, PresetsShowCommand.self, PresetsValidateCommand.self],
    defaultSubcommand: PresetsListCommand.self)

  /// `gauge presets aqi` names a preset where an action belongs: it meant `presets show aqi`.
  static func suggestion(forUnknownAction word: String) -> String? {
    BuiltinPresets.names.contains(word) ? "gauge presets show \(word)" : nil
  }

  // Never runs: the group always hands over to an action.
  func run(context: CommandIO) throws(CLIError) {}
}
