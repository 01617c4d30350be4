import GaugeKit

/// The value types of the command line that are about gauges and images, and how library
/// errors read on it.
enum Inputs {
  static let presetHelp =
    "A preset's name (built in: \(BuiltinPresets.names.joined(separator: ", "))) or the path of "
    + "a preset JSON file."

  static let valueHelp = "The value to show; 'none' (or nan) shows the no-data state."

  /// A preset by name or path, looked up as `PresetLibrary` describes.
  static func gauge(_ argument: String, folders: String?, context: Context) throws(CLIError)
    -> Gauge
  {
    try PresetLibrary(folders: folders, context: context).gauge(argument)
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

  /// Writes to the target whole or not at all, or to standard output.
  static func write(_ bytes: [UInt8], to target: OutputTarget, context: Context)
    throws(CLIError)
  {
    guard case .file(let path) = target else {
      context.output.write(bytes)
      return
    }
    do {
      try context.files.writeAtomically(bytes, to: path)
    } catch {
      throw .failure("cannot write '\(error.path)': \(error.reason)")
    }
  }
}

/// Where `-o` sends output: a file, or standard output for `-o -` or no `-o`.
enum OutputTarget: Sendable, Equatable {
  case standardOutput
  case file(String)
}

extension ValueType where Value == OutputTarget {
  static let output = ValueType(placeholder: "FILE", allowed: nil) { text throws(ValueError) in
    guard !text.isEmpty else {
      throw ValueError(message: "give a file name, or - for standard output")
    }
    return text == "-" ? .standardOutput : .file(text)
  } format: {
    switch $0 {
    case .standardOutput: return "standard output"
    case .file(let path): return path
    }
  }
}

extension ValueType where Value == Double? {
  /// A gauge's value: a number, or 'none' (NaN, infinities) for no data.
  static let gaugeValue = ValueType(placeholder: "VALUE", allowed: nil) {
    text throws(ValueError) in
    if text == "none" { return nil }
    guard let number = Double(text) else {
      throw ValueError(
        message: "'\(text)' is not a number; give a number such as 42, or 'none' for no data")
    }
    return number.isFinite ? number : nil
  } format: {
    $0.map(FixedDecimal.plain) ?? "none"
  }
}

extension ValueType where Value == Background {
  static let background = ValueType(
    placeholder: "COLOR", allowed: "#RGB, #RRGGBB, #RRGGBBAA, a colour name, or none"
  ) { text throws(ValueError) in
    if text == "none" { return .none }
    guard let color = Color(parsing: text) else {
      throw ValueError(message: "'\(text)' is not a colour; use \(Color.allowedForms), or none")
    }
    return .color(color)
  } format: {
    switch $0 {
    case .preset: return "the theme's"
    case .none: return "none"
    case .color(let color): return color.hex
    }
  }
}

extension ValueType where Value == [Color] {
  /// Comma-separated colours.
  static let palette = ValueType(placeholder: "COLORS", allowed: nil) {
    text throws(ValueError) in
    var palette: [Color] = []
    for (index, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      guard let color = Color(parsing: word) else {
        throw ValueError(
          message: "colour \(index + 1), '\(word)', is not a colour; use \(Color.allowedForms)")
      }
      palette.append(color)
    }
    return palette
  } format: {
    $0.map(\.hex).joined(separator: ",")
  }
}
