import GaugeKit

/// Turns command-line words into model values, with the CLI's error messages.
enum Inputs {
  static let presetArgument = ArgumentSpec(
    name: "preset|file.json",
    help: "A preset's name (built in: \(BuiltinPresets.names.joined(separator: ", "))) or the "
      + "path of a preset JSON file.")

  static let valueArgument = ArgumentSpec(
    name: "value", help: "The value to show; 'none' (or nan) shows the no-data state.")

  /// A preset by name or path, looked up as `PresetLibrary` describes.
  static func gauge(_ argument: String, arguments: ParsedArguments, context: Context)
    throws(CLIError) -> Gauge
  {
    try PresetLibrary(arguments: arguments, context: context).gauge(argument)
  }

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

  /// A value argument: a number, or 'none'/'nan'/'inf' for no data.
  static func value(_ text: String, command: String) throws(CLIError) -> Double? {
    if text == "none" { return nil }
    guard let number = Double(text) else {
      throw .usage(
        "<value>: '\(text)' is not a number; give a number such as 42, or 'none' for no data",
        command: command)
    }
    return number.isFinite ? number : nil
  }

  /// The image size from `--size`, `--width` and `--height` (default 400 square).
  static func size(_ arguments: ParsedArguments, default side: Int = 400) throws(CLIError)
    -> (width: Int, height: Int)
  {
    let range = 1...maximumImageSide
    let square = try arguments.integer("size", in: range) ?? side
    let width = try arguments.integer("width", in: range) ?? square
    let height = try arguments.integer("height", in: range) ?? square
    return (width, height)
  }

  /// Writes to `path` whole or not at all, or to standard output without a path.
  static func write(_ bytes: [UInt8], to path: String?, context: Context) throws(CLIError) {
    guard let path else {
      context.output.write(bytes)
      return
    }
    do {
      try context.files.writeAtomically(bytes, to: path)
    } catch {
      throw .failure("cannot write '\(error.path)': \(error.reason)")
    }
  }

  /// `--theme` and `--background` into an image's options.
  static func appearance(_ arguments: ParsedArguments, into options: inout SVGOptions)
    throws(CLIError)
  {
    if let theme = try arguments.choice("theme", from: Theme.allCases.map(\.rawValue)) {
      options.theme = Theme(rawValue: theme) ?? .light
    }
    guard let background = arguments.value("background") else { return }
    if background == "none" {
      options.background = .none
    } else if let color = Color(parsing: background) {
      options.background = .color(color)
    } else {
      throw .usage(
        "--background: '\(background)' is not a colour; use \(Color.allowedForms), or none",
        command: arguments.spec.name)
    }
  }

  static let sizeOptions: [OptionSpec] = [
    .value("size", "PX", "Width and height of the image in pixels, 1...8192 (default 400)."),
    .value("width", "PX", "Width in pixels, 1...8192 (default: --size)."),
    .value("height", "PX", "Height in pixels, 1...8192 (default: --size)."),
  ]
}
