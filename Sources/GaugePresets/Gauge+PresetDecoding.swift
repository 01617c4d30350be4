import GaugeGeometry
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The largest preset text GaugeKit reads, in bytes.
  public static let maximumPresetSize = 1 << 20

  /// Decodes and checks a preset.
  ///
  /// - Parameters:
  ///   - text: the preset's JSON.
  ///   - file: the name to put in front of every problem, if it came from a file.
  /// - Throws: `GaugeError.invalidGauge` with every problem found, each with its JSON path,
  ///   line and column.
  public init(presetJSON text: String, file: String? = nil) throws(GaugeError) {
    try self.init(presetJSON: Array(text.utf8), file: file)
  }

  /// Decodes and checks a preset from UTF-8 bytes.
  ///
  /// - Parameter loader: finds the preset an `extends` names (a file, or a preset in a
  ///   folder); without one, only built-in presets can be extended.
  public init(presetJSON bytes: [UInt8], file: String? = nil, loader: PresetLoader? = nil)
    throws(GaugeError)
  {
    guard bytes.count <= Gauge.maximumPresetSize else {
      throw .invalidGauge([
        Diagnostic(
          path: "",
          message: "the preset is \(bytes.count) bytes; at most \(Gauge.maximumPresetSize) "
            + "(1 MiB) allowed", file: file)
      ])
    }
    let root = try PresetInheritance.parse(bytes, file: file)
    let resolved = try PresetInheritance(loader: loader).resolve(root, file: file, chain: [])
    var decoder = PresetDecoder(file: file, root: resolved)
    self = try decoder.decode()
  }
}

/// Turns a JSON tree into a `Gauge`, collecting every problem instead of stopping at the
/// first: first the shape (keys, types), then the model's own rules, each placed at its key.
package struct PresetDecoder {
  package static let topKeys = [
    "$schema", "extends", "name", "title", "source", "min", "max", "zones", "ring", "fill",
    "pointer",
    "readout", "labels", "style", "darkStyle", "animation",
  ]
  package static let zoneKeys = ["label", "color", "upTo", "range"]
  package static let ringKeys = [
    "sectors", "buffer", "gapCenter", "innerRadius", "sectorGap", "cornerRadius",
  ]
  package static let pointerKeys = ["inner", "outer", "width", "taper"]
  package static let readoutKeys = ["decimals", "prefix", "suffix", "placeholder", "grouping"]
  package static let labelKeys = ["start", "end", "ends", "zones", "ticks"]
  package static let styleKeys = ["background", "track", "pointer", "label", "readout"]
  package static let animationKeys = ["duration", "easing", "stagger"]

  package let file: String?
  package let root: JSONNode
  package private(set) var problems: [Diagnostic] = []
  /// Paths of keys that a misspelt key was taken for ("zones[0].color" for "colour"), so
  /// the one mistake is not reported a second time as a missing key.
  private var suggestedPaths: Set<String> = []
  /// Zones whose bound could not be read: the rules about bounds have nothing to check there.
  private var unreadBounds: Set<Int> = []

  package init(file: String?, root: JSONNode) {
    self.file = file
    self.root = root
  }

  package mutating func decode() throws(GaugeError) -> Gauge {
    guard let top = members(of: root, path: "", allowed: PresetDecoder.topKeys) else {
      throw .invalidGauge(problems)
    }
    if let schema = top["$schema"] { _ = string(schema, "$schema") }
    // Resolved before decoding: what is left of it here is already merged in.
    let name = top["name"].flatMap { string($0, "name") }
    let title = top["title"].flatMap { string($0, "title") }
    let source = top["source"].flatMap { string($0, "source") }
    let min = required(top, "min", root, "the domain's lowest value, a number").flatMap {
      number($0, "min")
    }
    let max = required(top, "max", root, "the domain's highest value, a number").flatMap {
      number($0, "max")
    }
    let zones = required(top, "zones", root, "an array of zones").map { decodeZones($0) } ?? []
    let ring = top["ring"].map { decodeRing($0) } ?? Ring()
    let fill = top["fill"].flatMap { enumeration($0, "fill", FillMode.self) } ?? .zones
    let pointer = top["pointer"].map { decodePointer($0) } ?? PointerStyle()
    let readout = top["readout"].map { decodeReadout($0) } ?? ReadoutFormat()
    let labels = top["labels"].map { decodeLabels($0) } ?? LabelOptions()
    let style = top["style"].map { decodeStyle($0, "style", base: .light) } ?? .light
    let darkStyle = top["darkStyle"].map { decodeStyle($0, "darkStyle", base: .dark) } ?? .dark
    let animation = top["animation"].map { decodeAnimation($0) } ?? AnimationOptions()

    let gauge = Gauge(
      unchecked: name, title: title, source: source, min: min ?? .nan, max: max ?? .nan,
      zones: zones, ring: ring, fill: fill, pointer: pointer, readout: readout, labels: labels,
      style: style, darkStyle: darkStyle, animation: animation)

    // The model's rules, minus what the shape checks already reported at the same place.
    let shapeProblems = problems
    for problem in gauge.problems() {
      let overlaps =
        shapeProblems.contains { PresetDecoder.samePlace(problem.path, $0.path) }
        || unreadBounds.contains { problem.path.hasPrefix("zones[\($0)].") }
      guard !overlaps else { continue }
      let node = deepestNode(at: problem.path)
      problems.append(
        Diagnostic(
          path: problem.path, message: problem.message, file: node.source ?? file,
          line: node.line, column: node.column))
    }
    guard problems.isEmpty else { throw .invalidGauge(sorted(problems)) }
    return gauge
  }

  /// Whether a rule's problem at `path` is about what a shape problem at `shapePath`
  /// already reported: the same key, or one inside the other.
  package static func samePlace(_ path: String, _ shapePath: String) -> Bool {
    path == shapePath || path.hasPrefix(shapePath + ".") || path.hasPrefix(shapePath + "[")
      || shapePath.hasPrefix(path + ".") || shapePath.hasPrefix(path + "[")
  }

  /// Problems in reading order: by line, then column.
  private func sorted(_ problems: [Diagnostic]) -> [Diagnostic] {
    problems.enumerated().sorted {
      let a = ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset)
      let b = ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
      return a < b
    }.map(\.element)
  }

  // MARK: - Sections

  private mutating func decodeZones(_ node: JSONNode) -> [Zone] {
    guard case .array(let elements) = node.value else {
      report("zones", node, "expected an array of zones, found \(node.value.kind)")
      return []
    }
    var zones: [Zone] = []
    for (index, element) in elements.enumerated() {
      let path = "zones[\(index)]"
      guard let fields = members(of: element, path: path, allowed: PresetDecoder.zoneKeys) else {
        continue
      }
      let label =
        required(fields, "label", element, "the zone's name, a string", at: path).flatMap {
          string($0, path + ".label")
        } ?? ""
      let color =
        required(fields, "color", element, "the zone's colour", at: path).flatMap {
          self.color($0, path + ".color")
        } ?? Color(red: 0, green: 0, blue: 0)
      var upperBound = Double.nan
      var rangeStart: Double?
      switch (fields["upTo"], fields["range"]) {
      case (let upTo?, nil):
        upperBound = number(upTo, path + ".upTo") ?? .nan
      case (nil, let range?):
        if let (first, last) = decodeRange(range, path + ".range") {
          rangeStart = first
          upperBound = last
        }
      case (_?, _?):
        report(path, element, "has both \"upTo\" and \"range\"; give one of them")
      case (nil, nil):
        report(
          path, element,
          "needs \"upTo\" (the zone's highest value) or \"range\" ([first, last] whole numbers)")
      }
      if upperBound.isNaN { unreadBounds.insert(index) }
      zones.append(
        Zone(label: label, color: color, upperBound: upperBound, rangeStart: rangeStart))
    }
    return zones
  }

  private mutating func decodeRange(_ node: JSONNode, _ path: String) -> (Double, Double)? {
    guard case .array(let bounds) = node.value, bounds.count == 2 else {
      report(path, node, "expected [first, last], two whole numbers, found \(describe(node))")
      return nil
    }
    var values: [Double] = []
    for (index, bound) in bounds.enumerated() {
      guard let value = number(bound, path + "[\(index)]") else { return nil }
      guard value == value.rounded() else {
        report(
          path + "[\(index)]", bound,
          "\(FixedDecimal.plain(value)) is not a whole number; ranges are closed integer "
            + "ranges (use \"upTo\" for fractional bounds)")
        return nil
      }
      values.append(value)
    }
    return (values[0], values[1])
  }

  private mutating func decodeRing(_ node: JSONNode) -> Ring {
    var ring = Ring()
    guard let fields = members(of: node, path: "ring", allowed: PresetDecoder.ringKeys) else {
      return ring
    }
    if let value = fields["sectors"].flatMap({ integer($0, "ring.sectors", allowed: 1...3600) }) {
      ring.sectorCount = value
    }
    if let value = fields["buffer"].flatMap({ number($0, "ring.buffer") }) {
      ring.bufferAngle = value
    }
    if let value = fields["gapCenter"].flatMap({ number($0, "ring.gapCenter") }) {
      ring.gapCenter = value
    }
    if let value = fields["innerRadius"].flatMap({ number($0, "ring.innerRadius") }) {
      ring.innerRadius = value
    }
    if let value = fields["sectorGap"].flatMap({ number($0, "ring.sectorGap") }) {
      ring.sectorGap = value
    }
    if let value = fields["cornerRadius"].flatMap({ number($0, "ring.cornerRadius") }) {
      ring.cornerRadius = value
    }
    return ring
  }

  private mutating func decodePointer(_ node: JSONNode) -> PointerStyle {
    var pointer = PointerStyle()
    guard let fields = members(of: node, path: "pointer", allowed: PresetDecoder.pointerKeys)
    else { return pointer }
    if let value = fields["inner"].flatMap({ number($0, "pointer.inner") }) {
      pointer.inner = value
    }
    if let value = fields["outer"].flatMap({ number($0, "pointer.outer") }) {
      pointer.outer = value
    }
    if let value = fields["width"].flatMap({ number($0, "pointer.width") }) {
      pointer.width = value
    }
    if let value = fields["taper"].flatMap({ number($0, "pointer.taper") }) {
      pointer.taper = value
    }
    return pointer
  }

  private mutating func decodeReadout(_ node: JSONNode) -> ReadoutFormat {
    var readout = ReadoutFormat()
    guard let fields = members(of: node, path: "readout", allowed: PresetDecoder.readoutKeys)
    else { return readout }
    if let value = fields["decimals"].flatMap({ integer($0, "readout.decimals", allowed: 0...6) }) {
      readout.decimals = value
    }
    if let value = fields["prefix"].flatMap({ string($0, "readout.prefix") }) {
      readout.prefix = value
    }
    if let value = fields["suffix"].flatMap({ string($0, "readout.suffix") }) {
      readout.suffix = value
    }
    if let value = fields["placeholder"].flatMap({ string($0, "readout.placeholder") }) {
      readout.placeholder = value
    }
    if let value = fields["grouping"].flatMap({ bool($0, "readout.grouping") }) {
      readout.grouping = value
    }
    return readout
  }

  private mutating func decodeLabels(_ node: JSONNode) -> LabelOptions {
    var labels = LabelOptions()
    guard let fields = members(of: node, path: "labels", allowed: PresetDecoder.labelKeys) else {
      return labels
    }
    if let value = fields["start"].flatMap({ string($0, "labels.start") }) {
      labels.start = value
    }
    if let value = fields["end"].flatMap({ string($0, "labels.end") }) {
      labels.end = value
    }
    if let value = fields["ends"].flatMap({ bool($0, "labels.ends") }) {
      labels.showEnds = value
    }
    if let value = fields["zones"].flatMap({ bool($0, "labels.zones") }) {
      labels.zones = value
    }
    if let value = fields["ticks"].flatMap({ integer($0, "labels.ticks", allowed: 0...100) }) {
      labels.ticks = value
    }
    return labels
  }

  private mutating func decodeStyle(_ node: JSONNode, _ path: String, base: Style) -> Style {
    var style = base
    guard let fields = members(of: node, path: path, allowed: PresetDecoder.styleKeys) else {
      return style
    }
    if let background = fields["background"] {
      if case .string("none") = background.value {
        style.background = nil
      } else if let value = color(background, path + ".background", allowNone: true) {
        style.background = value
      }
    }
    if let value = fields["track"].flatMap({ color($0, path + ".track") }) {
      style.track = value
    }
    if let value = fields["pointer"].flatMap({ color($0, path + ".pointer") }) {
      style.pointer = value
    }
    if let value = fields["label"].flatMap({ color($0, path + ".label") }) {
      style.label = value
    }
    if let value = fields["readout"].flatMap({ color($0, path + ".readout") }) {
      style.readout = value
    }
    return style
  }

  private mutating func decodeAnimation(_ node: JSONNode) -> AnimationOptions {
    var animation = AnimationOptions()
    guard
      let fields = members(of: node, path: "animation", allowed: PresetDecoder.animationKeys)
    else { return animation }
    if let value = fields["duration"].flatMap({ number($0, "animation.duration") }) {
      animation.duration = value
    }
    if let value = fields["easing"].flatMap({ enumeration($0, "animation.easing", Easing.self) }) {
      animation.easing = value
    }
    if let value = fields["stagger"].flatMap({ number($0, "animation.stagger") }) {
      animation.stagger = value
    }
    return animation
  }

  // MARK: - Values

  private mutating func report(_ path: String, _ node: JSONNode, _ message: String) {
    problems.append(
      Diagnostic(
        path: path, message: message, file: node.source ?? file, line: node.line,
        column: node.column))
  }

  /// An object's members, after reporting every key not in `allowed`.
  private mutating func members(of node: JSONNode, path: String, allowed: [String])
    -> [String: JSONNode]?
  {
    guard case .object(let list) = node.value else {
      report(path, node, "expected an object, found \(node.value.kind)")
      return nil
    }
    var fields: [String: JSONNode] = [:]
    for member in list {
      guard allowed.contains(member.key) else {
        let memberPath = path.isEmpty ? member.key : path + "." + member.key
        var message = "unknown key"
        if let suggestion = Suggestion.closest(to: member.key, among: allowed) {
          message += "; did you mean \"\(suggestion)\"?"
          suggestedPaths.insert(path.isEmpty ? suggestion : path + "." + suggestion)
        } else {
          message += "; allowed keys: " + allowed.joined(separator: ", ")
        }
        problems.append(
          Diagnostic(
            path: memberPath, message: message, file: member.value.source ?? file,
            line: member.line, column: member.column))
        continue
      }
      fields[member.key] = member.value
    }
    return fields
  }

  private mutating func required(
    _ fields: [String: JSONNode], _ key: String, _ parent: JSONNode, _ what: String,
    at path: String = ""
  ) -> JSONNode? {
    if let node = fields[key] { return node }
    let keyPath = path.isEmpty ? key : path + "." + key
    if !suggestedPaths.contains(keyPath) {
      report(keyPath, parent, "is missing; required: \(what)")
    }
    return nil
  }

  private func describe(_ node: JSONNode) -> String {
    if case .array(let elements) = node.value {
      return "an array of \(elements.count)"
    }
    return node.value.kind
  }

  private mutating func number(_ node: JSONNode, _ path: String) -> Double? {
    guard case .number(let value) = node.value else {
      report(path, node, "expected a number, found \(node.value.kind)")
      return nil
    }
    guard value.isFinite else {
      report(path, node, "is too large; numbers must be finite")
      return nil
    }
    return value
  }

  private mutating func integer(_ node: JSONNode, _ path: String, allowed: ClosedRange<Int>)
    -> Int?
  {
    guard let value = number(node, path) else { return nil }
    let range = "\(allowed.lowerBound)...\(allowed.upperBound)"
    guard value == value.rounded() else {
      report(path, node, "\(FixedDecimal.plain(value)) is not a whole number; allowed: \(range)")
      return nil
    }
    // Past this the model's own range check could not even hold the value as an Int.
    guard value.magnitude < 1e9 else {
      report(path, node, "\(FixedDecimal.plain(value)) is out of range; allowed: \(range)")
      return nil
    }
    return Int(value)
  }

  private mutating func string(_ node: JSONNode, _ path: String) -> String? {
    guard case .string(let value) = node.value else {
      report(path, node, "expected a string, found \(node.value.kind)")
      return nil
    }
    return value
  }

  private mutating func bool(_ node: JSONNode, _ path: String) -> Bool? {
    guard case .bool(let value) = node.value else {
      report(path, node, "expected true or false, found \(node.value.kind)")
      return nil
    }
    return value
  }

  private mutating func color(_ node: JSONNode, _ path: String, allowNone: Bool = false)
    -> Color?
  {
    guard let text = string(node, path) else { return nil }
    guard let color = Color(parsing: text) else {
      let allowed = allowNone ? Color.allowedForms + ", or \"none\"" : Color.allowedForms
      report(path, node, "\"\(text)\" is not a colour; use \(allowed)")
      return nil
    }
    return color
  }

  private mutating func enumeration<Value: RawRepresentable & CaseIterable>(
    _ node: JSONNode, _ path: String, _ type: Value.Type
  ) -> Value? where Value.RawValue == String {
    guard let text = string(node, path) else { return nil }
    if let value = Value(rawValue: text) { return value }
    let names = Value.allCases.map(\.rawValue)
    var message = "\"\(text)\" is not allowed; use one of " + names.joined(separator: ", ")
    if let suggestion = Suggestion.closest(to: text, among: names) {
      message += "; did you mean \"\(suggestion)\"?"
    }
    report(path, node, message)
    return nil
  }

  /// The node at a JSON path such as `zones[2].upTo`, or the deepest one that exists.
  private func deepestNode(at path: String) -> JSONNode {
    var node = root
    for component in PresetDecoder.components(of: path) {
      switch (component, node.value) {
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { $0.key == key }) else { return node }
        node = member.value
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return node }
        node = elements[index]
      default:
        return node
      }
    }
    return node
  }

  package enum PathComponent: Equatable {
    case key(String)
    case index(Int)
  }

  /// Splits `zones[2].upTo` into `.key("zones"), .index(2), .key("upTo")`.
  package static func components(of path: String) -> [PathComponent] {
    var components: [PathComponent] = []
    var current = ""
    var inIndex = false
    for character in path {
      switch character {
      case "." where !inIndex:
        if !current.isEmpty { components.append(.key(current)) }
        current = ""
      case "[":
        if !current.isEmpty { components.append(.key(current)) }
        current = ""
        inIndex = true
      case "]" where inIndex:
        components.append(.index(Int(current) ?? 0))
        current = ""
        inIndex = false
      default:
        current.append(character)
      }
    }
    if !current.isEmpty { components.append(.key(current)) }
    return components
  }
}
