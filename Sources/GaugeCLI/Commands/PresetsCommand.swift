import GaugeKit

/// `gauge presets`: list, show and validate presets.
enum PresetsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "presets",
    abstract: "List the built-in presets, show one in full, or validate preset files.",
    discussion:
      "gauge presets lists the built-in presets. gauge presets show NAME|FILE prints a "
      + "preset as gauge sees it: extends resolved and every default filled in. gauge presets "
      + "validate FILE... checks every file and reports every problem with its file, line, "
      + "column and JSON path; it exits 0 when all are valid and 64 when any is not. The format "
      + "is described in docs/presets.md and docs/preset.schema.json.",
    arguments: [
      ArgumentSpec(name: "action", help: "list (the default), show or validate.", isOptional: true),
      ArgumentSpec(
        name: "preset|file", help: "What to show or validate.", isOptional: true, isVariadic: true),
    ],
    options: [
      .value("format", "FORMAT", "text (the default) or json."),
      PresetLibrary.option,
    ],
    examples: [
      "gauge presets", "gauge presets show stress", "gauge presets validate my-gauge.json",
      "gauge presets validate presets/*.json --format json",
    ])

  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError) {
    let json = try arguments.choice("format", from: ["text", "json"]) == "json"
    let action = arguments.positionals.first ?? "list"
    let targets = Array(arguments.positionals.dropFirst())
    switch action {
    case "list":
      guard targets.isEmpty else {
        throw .usage(
          "'list' takes no argument; did you mean 'show \(targets[0])'?", command: spec.name)
      }
      context.output.write(json ? listJSON() : listText())
    case "show":
      guard targets.count == 1 else {
        throw .usage("'show' takes one preset name or file", command: spec.name)
      }
      let gauge = try Inputs.gauge(targets[0], arguments: arguments, context: context)
      context.output.write(gauge.presetJSON())
    case "validate":
      guard !targets.isEmpty else {
        throw .usage("'validate' needs at least one preset file", command: spec.name)
      }
      try validate(targets, arguments: arguments, context: context, json: json)
    default:
      var message = "unknown action '\(action)'; use list, show or validate"
      if let suggestion = Suggestion.closest(to: action, among: ["list", "show", "validate"]) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw .usage(message, command: spec.name)
    }
  }

  // MARK: - list

  private static func builtIns() -> [Gauge] {
    BuiltinPresets.names.compactMap { try? BuiltinPresets.gauge(named: $0) }
  }

  private static func domain(_ gauge: Gauge) -> String {
    gauge.readout.prefix + number(gauge.min) + "–" + number(gauge.max) + gauge.readout.suffix
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
  }

  static func listText() -> String {
    let rows = builtIns().map { gauge in
      [
        gauge.name ?? "", gauge.title ?? "", domain(gauge),
        gauge.zones.map(\.label).joined(separator: ", "),
      ]
    }
    let header = ["NAME", "TITLE", "DOMAIN", "ZONES"]
    let widths = (0..<3).map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      var text = ""
      for column in 0..<3 {
        text +=
          cells[column] + String(repeating: " ", count: widths[column] - cells[column].count + 2)
      }
      return text + cells[3] + "\n"
    }
    return ([header] + rows).map(line).joined()
  }

  static func listJSON() -> String {
    var text = "[\n"
    let gauges = builtIns()
    for (index, gauge) in gauges.enumerated() {
      text +=
        "  {\"name\": \(JSONText.quoted(gauge.name ?? "")), \"title\": \(JSONText.quoted(gauge.title ?? "")), "
      text += "\"min\": \(number(gauge.min)), \"max\": \(number(gauge.max)), \"zones\": ["
      text += gauge.zones.map {
        "{\"label\": \(JSONText.quoted($0.label)), \"color\": \"\($0.color.hex)\", \"upTo\": \(number($0.upperBound))}"
      }
      .joined(separator: ", ")
      text += "], \"source\": \(JSONText.quoted(gauge.source ?? ""))}"
      text += index == gauges.count - 1 ? "\n" : ",\n"
    }
    return text + "]\n"
  }

  // MARK: - validate

  private struct Report {
    var file: String
    var problems: [Diagnostic]
  }

  private static func validate(
    _ files: [String], arguments: ParsedArguments, context: Context, json: Bool
  ) throws(CLIError) {
    let library = PresetLibrary(arguments: arguments, context: context)
    var reports: [Report] = []
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
      reports.append(Report(file: file, problems: problems))
    }
    context.output.write(json ? reportJSON(reports) : reportText(reports))
    if reports.contains(where: { !$0.problems.isEmpty }) { throw .quiet(CLIError.usageExitCode) }
  }

  private static func reportText(_ reports: [Report]) -> String {
    var text = ""
    for report in reports {
      if report.problems.isEmpty {
        text += "\(report.file): valid\n"
      } else {
        for problem in report.problems { text += "\(problem)\n" }
      }
    }
    let invalid = reports.filter { !$0.problems.isEmpty }
    let problems = invalid.reduce(0) { $0 + $1.problems.count }
    text += "\(reports.count - invalid.count) valid, \(invalid.count) invalid"
    if problems > 0 { text += " (\(problems) problem\(problems == 1 ? "" : "s"))" }
    return text + "\n"
  }

  private static func reportJSON(_ reports: [Report]) -> String {
    var text = "{\n  \"valid\": \(reports.allSatisfy { $0.problems.isEmpty }),\n  \"files\": [\n"
    for (index, report) in reports.enumerated() {
      text +=
        "    {\"file\": \(JSONText.quoted(report.file)), \"valid\": \(report.problems.isEmpty), \"problems\": ["
      text += report.problems.map { problem in
        var fields = ["\"file\": \(JSONText.quoted(problem.file ?? report.file))"]
        fields.append("\"line\": " + (problem.line.map(String.init) ?? "null"))
        fields.append("\"column\": " + (problem.column.map(String.init) ?? "null"))
        fields.append("\"path\": \(JSONText.quoted(problem.path))")
        fields.append("\"message\": \(JSONText.quoted(problem.message))")
        return "{" + fields.joined(separator: ", ") + "}"
      }.joined(separator: ", ")
      text += "]}" + (index == reports.count - 1 ? "\n" : ",\n")
    }
    return text + "  ]\n}\n"
  }

}
