import GaugeGeometry
import GaugeModel
@_spi(Service) import GaugeSupport

extension PieChart {
  /// The largest data file GaugeKit reads, in bytes.
  package static let maximumDataSize = 1 << 20

  /// A chart of the rows of a CSV file: `label,value[,color]` per line (RFC 4180 quoting,
  /// so a label may hold commas and quotes), with an optional header line `label,value,...`.
  ///
  /// Edge cases:
  /// - Blank lines, a UTF-8 byte order mark and CRLF line ends are accepted.
  /// - `nan`, `inf` and negative values are read, then rejected naming the item.
  ///
  /// - Throws: `GaugeError.invalidChart` with every problem, each at its file and line.
  public init(csv bytes: [UInt8], file: String? = nil) throws(GaugeError) {
    var reader = PieDataReader(file: file)
    let items = try reader.csvItems(bytes)
    self.init(items: items.map(\.item))
    try reader.checkItems(self, locations: items.map(\.location))
  }

  /// A chart of a JSON document: an array of items, or an object with `items`, an optional
  /// `title` and an optional `sliceLimit` (2...1000, or 0 to draw every item; see
  /// `PieChart.sliceLimit`); each item is `{"label": "...", "value": 2.4, "color": "#4E79A7"}`
  /// with `color` optional.
  ///
  /// - Throws: `GaugeError.invalidChart` with every problem, each at its line, column and
  ///   JSON path.
  public init(json bytes: [UInt8], file: String? = nil) throws(GaugeError) {
    var reader = PieDataReader(file: file)
    let (title, sliceLimit, items) = try reader.jsonItems(bytes)
    self.init(items: items.map(\.item), title: title)
    if let sliceLimit { self.sliceLimit = sliceLimit == 0 ? nil : sliceLimit }
    try reader.checkItems(self, locations: items.map(\.location))
  }
}

extension PieChart {
  /// A chart of the items array at `key` of a request body, read and checked as a chart
  /// file's items are: every problem at its line and column in the body and its path
  /// (`items[2].value`).
  ///
  /// - Throws: `GaugeError.invalidChart` with every problem.
  @_spi(Service)
  public init(items key: String, in body: JSONRequestBody) throws(GaugeError) {
    guard let node = body.fields[key] else {
      throw .invalidChart(
        [
          Diagnostic(
            path: key, message: "is missing; required: an array of {\"label\", \"value\"} objects")
        ])
    }
    var reader = PieDataReader(file: nil)
    let (_, _, items) = reader.jsonItems(root: node)
    self.init(items: items.map(\.item))
    try reader.checkItems(self, locations: items.map(\.location))
  }
}

/// Where an item was written: a line (and column) of its file.
package struct ItemLocation {
  package var line: Int
  package var column: Int?
  /// The JSON path prefix of the item (`items[2]`), or `nil` for CSV rows.
  package var path: String?
  /// Where its label was written, when that differs from the value's place.
  package var label: (line: Int, column: Int)?
}

/// Reads pie data and places each problem where the data was written.
package struct PieDataReader {
  package let file: String?
  package private(set) var problems: [Diagnostic] = []

  package init(file: String?) {
    self.file = file
  }

  private mutating func problem(
    _ message: String, line: Int?, column: Int? = nil, path: String = ""
  ) {
    problems.append(
      Diagnostic(path: path, message: message, file: file, line: line, column: column))
  }

  private func checkSize(_ bytes: [UInt8]) throws(GaugeError) {
    guard bytes.count <= PieChart.maximumDataSize else {
      throw .invalidChart([
        Diagnostic(
          path: "",
          message: "the data is \(bytes.count) bytes; at most \(PieChart.maximumDataSize) "
            + "(1 MiB) allowed", file: file)
      ])
    }
  }

  /// The chart's own rules about items (labels, values), each moved to where the item was
  /// written; a repeated label names the line or path of its first use.
  package mutating func checkItems(_ chart: PieChart, locations: [ItemLocation]) throws(GaugeError)
  {
    let chartProblems = chart.problems { index in
      locations[index].path.map { "of \($0)" } ?? "on line \(locations[index].line)"
    }
    for found in chartProblems {
      // An item's problem moves to where the item was written.
      guard found.path.hasPrefix("items["),
        let index = Int(found.path.dropFirst(6).prefix { $0.isNumber }), index < locations.count
      else {
        problems.append(Diagnostic(path: found.path, message: found.message, file: file))
        continue
      }
      let location = locations[index]
      let suffix = found.path.drop { $0 != "]" }.dropFirst()
      let place = suffix.hasPrefix(".label") ? location.label : nil
      problem(
        found.message, line: place?.line ?? location.line,
        column: place.map { $0.column } ?? location.column,
        path: location.path.map { $0 + suffix } ?? "")
    }
    if !problems.isEmpty {
      throw .invalidChart(
        problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
    }
  }

  // MARK: - CSV

  package mutating func csvItems(_ bytes: [UInt8]) throws(GaugeError) -> [(
    item: PieItem, location: ItemLocation
  )] {
    try checkSize(bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .invalidChart([
        Diagnostic(path: "", message: "is not UTF-8 text; save the CSV file as UTF-8", file: file)
      ])
    }
    var items: [(item: PieItem, location: ItemLocation)] = []
    var isFirstRow = true
    for row in CSVRows(text) {
      if let problem = row.problem {
        self.problem(problem, line: row.line)
        continue
      }
      let fields = row.fields
      if fields.count == 1 && fields[0].allSatisfy(\.isWhitespace) { continue }
      defer { isFirstRow = false }
      if isFirstRow, fields.count >= 2,
        fields[1].trimmingSpaces.lowercased() == "value"
      {
        continue
      }
      guard (2...3).contains(fields.count) else {
        let hint =
          fields.count > 3
          ? "; put a label that contains commas in double quotes" : ""
        problem(
          "expected label,value[,color]; found \(fields.count) field"
            + (fields.count == 1 ? "" : "s") + hint, line: row.line)
        continue
      }
      let label = fields[0].trimmingSpaces
      let valueText = fields[1].trimmingSpaces
      guard let value = PieDataReader.number(valueText) else {
        problem(
          "\(JSONText.quoted(valueText)) is not a number (the value of \(JSONText.quoted(label)))",
          line: row.line)
        continue
      }
      var color: Color?
      if fields.count == 3, !fields[2].trimmingSpaces.isEmpty {
        let colorText = fields[2].trimmingSpaces
        guard let parsed = Color(parsing: colorText) else {
          problem(
            "\(JSONText.quoted(colorText)) is not a colour; use \(Color.allowedForms)",
            line: row.line)
          continue
        }
        color = parsed
      }
      items.append(
        (PieItem(label: label, value: value, color: color), ItemLocation(line: row.line)))
    }
    return items
  }

  /// A number as people write it in data: `2.4`, `-1`, `1e3`, and `nan`/`inf` (which the
  /// chart's rules then reject with the item's name).
  ///
  /// Edge cases: empty, past 64 bytes, with a NUL anywhere (`FiniteNumber`), or a NaN
  /// spelled other than `nan` (`snan`, `nan(1)`): nil.
  package static func number(_ text: String) -> Double? {
    guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
    switch text.lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: return FiniteNumber.parseAllowingNonFinite(text).flatMap { $0.isNaN ? nil : $0 }
    }
  }

  // MARK: - JSON

  package static let itemKeys = ["label", "value", "color"]
  /// The items cap, applied while parsing so a file of a million items stops at the 1001st.
  package static let itemCount = JSONLimits.Count(
    maximum: PieChart.maximumItemCount, noun: "items",
    hint: " (group the smallest into one \"Other\" item)")
  /// What reading one chart file may cost.
  package static let limits = JSONLimits(topLevelArrays: ["items": itemCount], rootArray: itemCount)

  package mutating func jsonItems(_ bytes: [UInt8]) throws(GaugeError) -> (
    title: String?, sliceLimit: Int?, items: [(item: PieItem, location: ItemLocation)]
  ) {
    try checkSize(bytes)
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, source: file, limits: PieDataReader.limits)
    } catch {
      // A bare array is the chart's items: its elements are named as in the object form.
      var problem = error
      let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
      if let start, bytes[start] == UInt8(ascii: "[") { problem.trail.append(.key("items")) }
      throw .invalidChart([problem.diagnostic(file: file)])
    }
    return jsonItems(root: root)
  }

  /// The chart of a parsed document: an array of items, or an object with `items`.
  package mutating func jsonItems(root: JSONNode) -> (
    title: String?, sliceLimit: Int?, items: [(item: PieItem, location: ItemLocation)]
  ) {
    var reader = JSONReader(file: file)
    var title: String?
    var sliceLimit: Int?
    var list: JSONNode?
    if case .array = root.value {
      list = root
    } else if case .object = root.value {
      if let top = reader.object(root, at: "", keys: ["items", "title", "sliceLimit"]) {
        title = top["title"].flatMap { reader.string($0, at: "title") }
        sliceLimit = top["sliceLimit"].flatMap {
          reader.integer($0, at: "sliceLimit", in: 0...PieChart.maximumItemCount)
        }
        list = reader.required(top, "items", "an array of {\"label\", \"value\"} objects")
      }
    } else {
      reader.expected("an array of items or an object with \"items\"", root, at: "")
    }
    var items: [(item: PieItem, location: ItemLocation)] = []
    if let list, let elements = reader.array(list, at: "items", count: PieDataReader.itemCount) {
      for (index, element) in elements.enumerated() {
        if let item = jsonItem(element, path: "items[\(index)]", reader: &reader) {
          items.append(item)
        }
      }
    }
    problems += reader.problems
    return (title, sliceLimit, items)
  }

  private func jsonItem(_ node: JSONNode, path: String, reader: inout JSONReader) -> (
    item: PieItem, location: ItemLocation
  )? {
    let before = reader.problems.count
    guard let fields = reader.object(node, at: path, keys: PieDataReader.itemKeys) else {
      return nil
    }
    let labelNode = reader.required(fields, "label", "the item's name, a string")
    let valueNode = reader.required(fields, "value", "the item's size, a number, 0 or more")
    let label = labelNode.flatMap { reader.string($0, at: path + ".label") }
    // Any number is read: NaN, infinities and negatives are the chart's rules to report, by
    // the item's name.
    var value: Double?
    if let valueNode {
      if case .number(let number) = valueNode.value {
        value = number
      } else {
        reader.expected("a number", valueNode, at: path + ".value")
      }
    }
    let color = fields["color"].flatMap { reader.color($0, at: path + ".color") }
    guard reader.problems.count == before, let label, let value, let valueNode, let labelNode
    else { return nil }
    return (
      PieItem(label: label, value: value, color: color),
      ItemLocation(
        line: valueNode.line, column: valueNode.column, path: path,
        label: (labelNode.line, labelNode.column))
    )
  }
}

/// The rows of CSV text (RFC 4180): fields separated by commas, optionally in double quotes
/// (where `""` is a quote and commas and line breaks are kept).
package struct CSVRows: Sequence, IteratorProtocol {
  package struct Row {
    /// The line the row starts on, from 1.
    var line: Int
    var fields: [String]
    var problem: String?
  }

  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1

  package init(_ text: String) {
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    self.scalars = scalars
  }

  package mutating func next() -> Row? {
    guard index < scalars.count else { return nil }
    let start = line
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var quoted = false
    var wasQuoted = false
    /// A quoted field has closed: only spaces may follow it before the comma.
    var closed = false
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if quoted {
        if scalar == "\"" {
          if index < scalars.count && scalars[index] == "\"" {
            field.append("\"")
            index += 1
          } else {
            quoted = false
            closed = true
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.allSatisfy({ $0 == " " }) && !wasQuoted:
        quoted = true
        wasQuoted = true
        field = String.UnicodeScalarView()
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
        wasQuoted = false
        closed = false
      case "\r" where index < scalars.count && scalars[index] == "\n":
        continue
      case "\n":
        line += 1
        fields.append(String(field))
        return Row(line: start, fields: fields)
      case " " where closed, "\t" where closed:
        continue
      default:
        guard !closed else { return skipRow(from: start, after: scalar) }
        field.append(scalar)
      }
    }
    if quoted {
      return Row(
        line: start, fields: [], problem: "a quoted field is not closed; add the closing \"")
    }
    fields.append(String(field))
    return Row(line: start, fields: fields)
  }

  /// A row with text after a quoted field's closing quote, read to its end and reported.
  private mutating func skipRow(from start: Int, after scalar: Unicode.Scalar) -> Row {
    while index < scalars.count {
      index += 1
      if scalars[index - 1] == "\n" {
        line += 1
        break
      }
    }
    let shown = JSONText.quoted(String(scalar))
    return Row(
      line: start, fields: [],
      problem: "\(shown) follows a closing quote; a quoted field ends at its quote (write \"\" "
        + "for a quote inside it)")
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
