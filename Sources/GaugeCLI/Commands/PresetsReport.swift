import GaugeKit

/// What `gauge presets` prints: the list of built-in presets and validation reports, as text
/// or as JSON written by the library's `JSONWriter`.
enum PresetsReport {
  /// One validated file and its problems (none: valid).
  struct File {
    var file: String
    var problems: [Diagnostic]
  }

  private static func domain(_ gauge: Gauge) -> String {
    gauge.readout.prefix + FixedDecimal.plain(gauge.min) + "–" + FixedDecimal.plain(gauge.max)
      + gauge.readout.suffix
  }

  static func listText(_ gauges: [Gauge]) -> String {
    let rows = gauges.map { gauge in
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

  static func listJSON(_ gauges: [Gauge]) -> String {
    var json = JSONWriter()
    json.beginArray()
    for gauge in gauges {
      json.beginObject(compact: true)
      json.key("name")
      json.string(gauge.name ?? "")
      json.key("title")
      json.string(gauge.title ?? "")
      json.key("min")
      json.exactNumber(gauge.min)
      json.key("max")
      json.exactNumber(gauge.max)
      json.key("zones")
      json.beginArray()
      for zone in gauge.zones {
        json.beginObject()
        json.key("label")
        json.string(zone.label)
        json.key("color")
        json.string(zone.color.hex)
        json.key("upTo")
        json.exactNumber(zone.upperBound)
        json.endObject()
      }
      json.endArray()
      json.key("source")
      json.string(gauge.source ?? "")
      json.endObject()
    }
    json.endArray()
    return json.text
  }

  static func validationText(_ reports: [File]) -> String {
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

  static func validationJSON(_ reports: [File]) -> String {
    var json = JSONWriter()
    json.beginObject()
    json.key("valid")
    json.bool(reports.allSatisfy { $0.problems.isEmpty })
    json.key("files")
    json.beginArray()
    for report in reports {
      json.beginObject(compact: true)
      json.key("file")
      json.string(report.file)
      json.key("valid")
      json.bool(report.problems.isEmpty)
      json.key("problems")
      json.beginArray()
      for problem in report.problems {
        json.beginObject()
        json.key("file")
        json.string(problem.file ?? report.file)
        json.key("line")
        if let line = problem.line { json.integer(line) } else { json.null() }
        json.key("column")
        if let column = problem.column { json.integer(column) } else { json.null() }
        json.key("path")
        json.string(problem.path)
        json.key("message")
        json.string(problem.message)
        json.endObject()
      }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.text
  }
}

/// How `presets list` and `presets validate` write their report.
enum ReportFormat: String, Sendable, CaseIterable {
  case text
  case json
}
