import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeSupport

extension Dashboard {
  /// Reads a dashboard file: every problem is collected with its file, line, column and JSON
  /// path, as presets' are; a preset named or written inline is decoded with its own rules.
  ///
  /// - Parameter library: resolves preset names and paths (relative to `file`'s folder).
  /// - Throws: `GaugeError.invalidGauge` with every problem found, in reading order.
  static func decode(_ bytes: [UInt8], file: String, library: PresetLibrary) throws(GaugeError)
    -> Dashboard
  {
    guard bytes.count <= Dashboard.maximumFileSize else {
      throw .invalidGauge([
        Diagnostic(
          path: "",
          message: "the dashboard is \(bytes.count) bytes; at most \(Dashboard.maximumFileSize) "
            + "(1 MiB) allowed", file: file)
      ])
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, source: file, limits: DashboardDecoder.limits)
    } catch {
      throw .invalidGauge([error.diagnostic(file: file)])
    }
    var decoder = DashboardDecoder(file: file, library: library)
    return try decoder.decode(root)
  }
}

/// Turns a dashboard's JSON tree into a `Dashboard`, collecting every problem.
struct DashboardDecoder {
  static let topKeys = ["$schema", "title", "gauges", "onAlert", "bell", "history"]
  static let gaugeKeys = ["name", "preset", "source", "alert"]
  static let sourceKeys = [
    "prometheus", "query", "http", "pointer", "exec", "file", "every", "timeout", "tokenEnv",
  ]
  /// The keys that say what kind a source is; exactly one must be given.
  static let kindKeys = ["prometheus", "http", "exec", "file"]
  static let alertKeys = ["warning", "critical"]
  static let gaugeCount = JSONLimits.Count(maximum: Dashboard.maximumGauges, noun: "gauges")
  static let limits = JSONLimits(topLevelArrays: ["gauges": gaugeCount])
  /// The longest command, URL, query or path, in characters.
  static let maximumTextLength = 4096

  let file: String
  let library: PresetLibrary
  private var reader: JSONReader
  /// Problems found inside presets (their own files, or inline objects), already placed.
  private var presetProblems: [Diagnostic] = []

  init(file: String, library: PresetLibrary) {
    self.file = file
    self.library = library
    reader = JSONReader(file: file)
  }

  mutating func decode(_ root: JSONNode) throws(GaugeError) -> Dashboard {
    guard let top = reader.object(root, at: "", keys: DashboardDecoder.topKeys) else {
      throw .invalidGauge(reader.problems)
    }
    if let schema = top["$schema"] { _ = reader.string(schema, at: "$schema") }
    var dashboard = Dashboard(gauges: [])
    dashboard.title = top["title"].flatMap {
      reader.string($0, at: "title", maximumLength: Gauge.maximumTextLength)
    }
    dashboard.onAlert = top["onAlert"].flatMap { command($0, at: "onAlert") }
    dashboard.bell = top["bell"].flatMap { reader.bool($0, at: "bell") } ?? false
    dashboard.history =
      top["history"].flatMap {
        reader.integer($0, at: "history", in: 0...Dashboard.maximumHistory)
      } ?? 0
    let list = reader.required(top, "gauges", "an array of gauges, each with a preset and a source")
      .flatMap { reader.array($0, at: "gauges", count: DashboardDecoder.gaugeCount) }
    if let list, list.isEmpty, let node = top["gauges"] {
      reader.report("gauges", node, "is empty; give at least one gauge")
    }
    var names: [String: Int] = [:]
    for (index, node) in (list ?? []).enumerated() {
      guard let gauge = decodeGauge(node, at: "gauges[\(index)]") else { continue }
      if let first = names[gauge.name] {
        let place = DashboardDecoder.nameNode(of: node) ?? node
        reader.report(
          "gauges[\(index)].name", place,
          "\"\(gauge.name)\" is already the name of gauges[\(first)]; give each gauge its own "
            + "name")
        continue
      }
      names[gauge.name] = index
      dashboard.gauges.append(gauge)
    }
    let problems = reader.problems + presetProblems
    guard problems.isEmpty else { throw .invalidGauge(problems.inReadingOrder) }
    return dashboard
  }

  /// The node of a gauge object's `name`, for placing a duplicate.
  private static func nameNode(of node: JSONNode) -> JSONNode? {
    guard case .object(let members) = node.value else { return nil }
    return members.first { $0.key == "name" }?.value
  }

  private mutating func decodeGauge(_ node: JSONNode, at path: String) -> DashboardGauge? {
    guard let object = reader.object(node, at: path, keys: DashboardDecoder.gaugeKeys) else {
      return nil
    }
    let gauge = reader.required(object, "preset", "a preset's name, a preset file or an object")
      .flatMap { preset($0, at: object.path(of: "preset")) }
    let source = reader.required(object, "source", "where the value comes from")
      .flatMap { decodeSource($0, at: object.path(of: "source")) }
    var name: String?
    if let node = object["name"] {
      name = identifier(node, at: object.path(of: "name"))
    } else if let gauge {
      if let presetName = gauge.name, DashboardDecoder.isIdentifier(presetName) {
        name = presetName
      } else {
        reader.report(
          object.path(of: "name"), object.node,
          "is missing; required when the preset has no name of letters, digits, '.', '_' or "
            + "'-'")
      }
    }
    let alert = object["alert"].flatMap { node in
      gauge.flatMap { decodeAlert(node, at: object.path(of: "alert"), gauge: $0) }
    }
    guard let gauge, let source, let name else { return nil }
    return DashboardGauge(name: name, gauge: gauge, source: source, alert: alert)
  }

  /// 1 to 64 letters, digits, `.`, `_` and `-`: a name that fits a `NAME VALUE` line, an
  /// environment variable's value and a JSON key unchanged.
  static func isIdentifier(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy(NameBytes.allows)
  }

  private mutating func identifier(_ node: JSONNode, at path: String) -> String? {
    guard let text = reader.string(node, at: path) else { return nil }
    guard DashboardDecoder.isIdentifier(text) else {
      reader.report(
        path, node,
        "\(JSONText.quotedPrefix(text)) is not allowed; use 1 to 64 letters, digits, '.', '_' "
          + "and '-'")
      return nil
    }
    return text
  }

  // MARK: - Presets

  /// A preset by name or path (as on the command line, relative to the dashboard's folder),
  /// or written inline.
  private mutating func preset(_ node: JSONNode, at path: String) -> Gauge? {
    let library = self.library
    let loader: PresetLoader = { reference, from throws(GaugeError) in
      try library.load(reference, from: from)
    }
    switch node.value {
    case .string(let reference):
      do {
        let (json, presetFile) = try library.load(reference, from: file)
        return try Gauge(presetJSON: json, file: presetFile, loader: loader)
      } catch {
        absorb(error, placedAt: node, path: path, inline: false)
        return nil
      }
    case .object:
      do {
        let resolved = try PresetInheritance(loader: loader).resolve(
          node, file: file, chain: [])
        var decoder = PresetDecoder(file: file, root: resolved)
        return try decoder.decode()
      } catch {
        absorb(error, placedAt: node, path: path, inline: true)
        return nil
      }
    default:
      reader.expected("a preset's name, a preset file or an object", node, at: path)
      return nil
    }
  }

  /// A preset's problems, as dashboard problems: those with no place are placed at the
  /// dashboard's `preset`; those in an inline preset get the dashboard's path in front.
  private mutating func absorb(
    _ error: GaugeError, placedAt node: JSONNode, path: String, inline: Bool
  ) {
    guard case .invalidGauge(let problems) = error else {
      reader.report(path, node, error.description)
      return
    }
    for problem in problems {
      var placed = problem
      if placed.line == nil {
        placed.file = file
        placed.path = path
        placed.line = node.line
        placed.column = node.column
      } else if inline && placed.file == file {
        placed.path = placed.path.isEmpty ? path : DashboardDecoder.join(path, placed.path)
      }
      presetProblems.append(placed)
    }
  }

  /// `gauges[0].preset` followed by `zones[1].color` or `["a b"]`.
  static func join(_ path: String, _ rest: String) -> String {
    rest.hasPrefix("[") ? path + rest : path + "." + rest
  }

  // MARK: - Sources

  private mutating func decodeSource(_ node: JSONNode, at path: String) -> DashboardSource? {
    if case .string(let text) = node.value {
      guard text == "stdin" else {
        reader.report(
          path, node,
          "\(JSONText.quotedPrefix(text)) is not a source; write \"stdin\" or an object with "
            + "one of prometheus, http, exec, file")
        return nil
      }
      return DashboardSource(kind: .stdin)
    }
    guard case .object = node.value else {
      reader.expected(
        "\"stdin\" or an object with one of prometheus, http, exec, file", node, at: path)
      return nil
    }
    guard let object = reader.object(node, at: path, keys: DashboardDecoder.sourceKeys) else {
      return nil
    }
    let kinds = DashboardDecoder.kindKeys.filter { object[$0] != nil }
    guard kinds.count == 1, let kindKey = kinds.first else {
      reader.report(
        path, node,
        kinds.isEmpty
          ? "has no kind; give one of prometheus, http, exec, file (or write \"stdin\")"
          : "has \(kinds.joined(separator: " and ")); give only one kind of source")
      return nil
    }
    // Keys that belong to another kind.
    let belongs: [String: [String]] = [
      "query": ["prometheus"], "pointer": ["http"], "tokenEnv": ["prometheus", "http"],
    ]
    for (key, owners) in belongs.sorted(by: { $0.key < $1.key })
    where object[key] != nil && !owners.contains(kindKey) {
      reader.report(
        object.path(of: key), object[key]!,
        "goes with \(owners.joined(separator: " or ")), not with \(kindKey)")
    }
    var source = DashboardSource(kind: .stdin)
    var complete = true
    let value = object[kindKey].flatMap { command($0, at: object.path(of: kindKey)) }
    switch kindKey {
    case "prometheus":
      let server = value.flatMap { url($0, node: object[kindKey]!, at: object.path(of: kindKey)) }
      let query = reader.required(object, "query", "the PromQL expression to ask for")
        .flatMap { command($0, at: object.path(of: "query")) }
      if let server, let query {
        source.kind = .prometheus(server: server, query: query)
      } else {
        complete = false
      }
    case "http":
      let address = value.flatMap { url($0, node: object[kindKey]!, at: object.path(of: kindKey)) }
      let target = object["pointer"].flatMap { pointer($0, at: object.path(of: "pointer")) } ?? ""
      if let address {
        source.kind = .http(url: address, pointer: target)
      } else {
        complete = false
      }
    case "exec":
      if let value { source.kind = .exec(value) } else { complete = false }
    default:
      if let value { source.kind = .file(value) } else { complete = false }
    }
    if let node = object["every"] {
      if let seconds = interval(node, at: object.path(of: "every")) {
        source.every = seconds
      } else {
        complete = false
      }
    }
    if let node = object["timeout"] {
      if let seconds = interval(node, at: object.path(of: "timeout")) {
        source.timeout = seconds
      } else {
        complete = false
      }
    }
    if let node = object["tokenEnv"] {
      source.tokenVariable = variableName(node, at: object.path(of: "tokenEnv"))
      if source.tokenVariable == nil { complete = false }
    }
    return complete ? source : nil
  }

  /// A command, URL, query or path: text that is not empty.
  private mutating func command(_ node: JSONNode, at path: String) -> String? {
    guard
      let text = reader.string(node, at: path, maximumLength: DashboardDecoder.maximumTextLength)
    else { return nil }
    guard !text.isEmpty else {
      reader.report(path, node, "is empty")
      return nil
    }
    return text
  }

  private mutating func url(_ text: String, node: JSONNode, at path: String) -> String? {
    guard text.hasPrefix("http://") || text.hasPrefix("https://"), text.count > 8,
      !text.contains(where: { $0 == " " || $0.isNewline })
    else {
      reader.report(
        path, node,
        "\(JSONText.quotedPrefix(text)) is not a URL; write http://host:port or https://…")
      return nil
    }
    return text
  }

  private mutating func pointer(_ node: JSONNode, at path: String) -> String? {
    guard let text = reader.string(node, at: path) else { return nil }
    do {
      _ = try JSONPointer(text)
      return text
    } catch {
      reader.report(path, node, error.message)
      return nil
    }
  }

  private mutating func interval(_ node: JSONNode, at path: String) -> Double? {
    guard let text = reader.string(node, at: path) else { return nil }
    do {
      return try ValueType<Double>.interval.parse(text)
    } catch {
      reader.report(path, node, error.message)
      return nil
    }
  }

  private mutating func variableName(_ node: JSONNode, at path: String) -> String? {
    guard let text = reader.string(node, at: path) else { return nil }
    let valid =
      !text.isEmpty && text.utf8.count <= 200 && !(text.first?.isNumber ?? true)
      && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    guard valid else {
      reader.report(
        path, node,
        "\(JSONText.quotedPrefix(text)) is not an environment variable's name; use letters, "
          + "digits and '_' (the token itself never goes in the file)")
      return nil
    }
    return text
  }

  // MARK: - Alerts

  private mutating func decodeAlert(_ node: JSONNode, at path: String, gauge: Gauge) -> AlertRule? {
    guard let object = reader.object(node, at: path, keys: DashboardDecoder.alertKeys) else {
      return nil
    }
    var rule = AlertRule()
    let labels = gauge.zones.map(\.label)
    for key in DashboardDecoder.alertKeys {
      guard let list = object[key] else { continue }
      let listPath = object.path(of: key)
      let count = JSONLimits.Count(maximum: Gauge.maximumZoneCount, noun: "zones")
      guard let elements = reader.array(list, at: listPath, count: count) else { continue }
      for (index, element) in elements.enumerated() {
        let elementPath = listPath + "[\(index)]"
        guard let label = reader.string(element, at: elementPath) else { continue }
        guard let zone = labels.firstIndex(of: label) else {
          var message = "\(JSONText.quotedPrefix(label)) is not a zone of the preset; its zones "
          message += "are " + labels.map { "\"\($0)\"" }.joined(separator: ", ")
          if let suggestion = Suggestion.closest(to: label, among: labels) {
            message += "; did you mean \"\(suggestion)\"?"
          }
          reader.report(elementPath, element, message)
          continue
        }
        if key == "warning" { rule.warning.insert(zone) } else { rule.critical.insert(zone) }
      }
    }
    return rule
  }
}
