import GaugeKit

/// `gauge presets`: list, show and validate presets.
struct PresetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
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

  // Never runs: the group always hands over to an action.
  func run(context: Context) throws(CLIError) {}
}

/// How `presets list` and `presets validate` write their report.
enum ReportFormat: String, Sendable, CaseIterable {
  case text
  case json
}

/// `gauge presets list`
struct PresetsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "list", abstract: "List the built-in presets: name, title, domain and zones.",
    examples: ["gauge presets list --format json"])

  static let options: [Option<PresetsListCommand>] = [
    .value(\.format, name: "format", .choice(placeholder: "FORMAT"), help: "How to write the list.")
  ]

  var format = ReportFormat.text

  func run(context: Context) throws(CLIError) {
    let gauges = BuiltinPresets.names.compactMap { try? BuiltinPresets.gauge(named: $0) }
    context.output.write(
      format == .json ? PresetsReport.listJSON(gauges) : PresetsReport.listText(gauges))
  }
}

/// `gauge presets show`
struct PresetsShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
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

  func run(context: Context) throws(CLIError) {
    let gauge = try Inputs.gauge(preset, folders: presetFolders, context: context)
    context.output.write(gauge.presetJSON())
  }
}

/// `gauge presets validate`
struct PresetsValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "validate",
    abstract: "Check preset files and report every problem with its file, line, column and path.",
    discussion: "Exits 0 when every file is valid and 64 when any is not.",
    examples: [
      "gauge presets validate my-gauge.json",
      "gauge presets validate presets/*.json --format json",
    ])

  static let arguments: [Argument<PresetsValidateCommand>] = [
    .variadic(
      \.files, name: "file", .path(placeholder: "FILE"), atLeastOne: true,
      help: "The preset files to check.")
  ]

  static let options: [Option<PresetsValidateCommand>] = [
    .value(
      \.format, name: "format", .choice(placeholder: "FORMAT"), help: "How to write the report."),
    .presetFolders(\.presetFolders),
  ]

  var files: [String] = []
  var format = ReportFormat.text
  var presetFolders: String?

  func run(context: Context) throws(CLIError) {
    let library = PresetLibrary(folders: presetFolders, context: context)
    var reports: [PresetsReport.File] = []
    for file in files {
      var problems: [Diagnostic] = []
      do {
        let bytes = try context.files.read(file, limit: Gauge.maximumPresetSize)
        _ = try Gauge(presetJSON: bytes, file: file) { reference, from throws(GaugeError) in
          try library.load(reference, from: from)
        }
      } catch let error as FileError {
        problems = [Diagnostic(path: "", message: "cannot read: \(error.reason)", file: file)]
      } catch let error as GaugeError {
        if case .invalidGauge(let found) = error {
          problems = found
        } else {
          problems = [Diagnostic(path: "", message: error.description, file: file)]
        }
      } catch {
        problems = [Diagnostic(path: "", message: "\(error)", file: file)]
      }
      reports.append(PresetsReport.File(file: file, problems: problems))
    }
    let text =
      format == .json
      ? PresetsReport.validationJSON(reports) : PresetsReport.validationText(reports)
    context.output.write(text)
    if reports.contains(where: { !$0.problems.isEmpty }) { throw .quiet(CLIError.usageExitCode) }
  }
}
