import GaugeKit
@_spi(Service) import GaugePresets

/// `gauge presets validate`
struct PresetsValidateCommand: DeclaredCommand {
  static let configuration = CommandSummary(
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

  func run(context: CommandIO) throws(CLIError) {
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
    context.output.write(TerminalSafe.escaped(text, keepingLineBreaks: true))
    if reports.contains(where: { !$0.problems.isEmpty }) { throw .quiet(CLIError.usageExitCode) }
  }
}
