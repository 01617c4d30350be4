import GaugeKit
@_spi(Service) import GaugePresets

/// The value types of the command line that are about gauges and images, and how library
/// errors read on it.
enum Inputs {
  static let presetHelp =
    "A preset's name (built in: \(BuiltinPresets.names.joined(separator: ", "))) or the path of "
    + "a preset JSON file."

  static let valueHelp = "The value to show; 'none' (or nan) shows the no-data state."

  /// A preset by name or path, looked up as `PresetLibrary` describes, with `overrides`
  /// laid over it; nil for the gauge the overrides describe alone.
  static func gauge(
    _ argument: String?, folders: String?, overrides: PresetOverrides = PresetOverrides(),
    context: CommandIO
  ) throws(CLIError) -> Gauge {
    try PresetLibrary(folders: folders, context: context).gauge(argument, overrides: overrides)
  }

  static let presetOrFieldsHelp =
    presetHelp + " Left out when --min, --max and --zone describe the gauge."

  /// Runs library code, turning its errors into input errors.
  static func converting<T>(_ body: () throws(GaugeError) -> T) throws(CLIError) -> T {
    do {
      return try body()
    } catch {
      throw .input(message(for: error))
    }
  }

  /// One line for one problem; a header and an indented list for several.
  static func message(for error: GaugeError) -> String {
    let problems: [Diagnostic]
    switch error {
    case .invalidGauge(let found), .invalidChart(let found): problems = found
    default: problems = []
    }
    guard problems.count > 1 else {
      if let only = problems.first, only.path.isEmpty, only.line == nil {
        // "cannot read", "unknown preset": the message says it all.
        return only.message
      }
      return error.description
    }
    var file = problems.first?.file.map { "'\($0)'" } ?? "the preset"
    if case .invalidChart = error, problems.first?.file == nil { file = "the chart" }
    return "\(file) has \(problems.count) problems:\n"
      + problems.map { "  \($0)" }.joined(separator: "\n")
  }
}
