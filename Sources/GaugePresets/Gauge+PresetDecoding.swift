import GaugeGeometry
import GaugeLocalization
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The largest preset text GaugeKit reads, in bytes.
  package static let maximumPresetSize = 1 << 20

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
  @_spi(Service)
  public init(presetJSON bytes: [UInt8], file: String? = nil, loader: PresetLoader? = nil)
    throws(GaugeError)
  {
    let resolved = try Gauge.resolvedPreset(bytes, file: file, loader: loader)
    var decoder = PresetDecoder(file: file, root: resolved)
    self = try decoder.decode()
  }

  /// A preset's JSON with its `extends` merged in, not yet decoded.
  package static func resolvedPreset(_ bytes: [UInt8], file: String?, loader: PresetLoader?)
    throws(GaugeError) -> JSONNode
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
    return try PresetInheritance(loader: loader).resolve(root, file: file, chain: [])
  }
}

/// Turns a JSON tree into a `Gauge`, collecting every problem instead of stopping at the
/// first: first the shape (keys, types), then the model's own rules, each placed at its key.
package struct PresetDecoder {
  package static let topKeys = [
    "$schema", "extends", "name", "title", "source", "min", "max", "zones", "ring", "fill",
    "pointer", "readout", "labels", "style", "darkStyle", "animation", "wording",
    "pointers",
    "direction",
    "markers", "thresholdMarkers", "neutral", "delta",
    "wrap",
  ]
  package static let markerKeys = ["value", "label"]
  package static let deltaKeys = ["increase"]
  /// The markers cap, applied while parsing.
  package static let markerCount = JSONLimits.Count(
    maximum: Gauge.maximumMarkerCount, noun: "markers")
  package static let zoneKeys = ["label", "color", "upTo", "range"]
  package static let ringKeys = [
    "sectors", "buffer", "gapCenter", "innerRadius", "sectorGap", "cornerRadius",
  ]
  package static let pointerKeys = ["inner", "outer", "width", "taper"]
  package static let pointerMarkKeys = ["label", "color"]
  package static let readoutKeys = [
    "decimals", "prefix", "suffix", "placeholder", "grouping", "locale", "notation", "showZone",
  ]
  package static let wordingKeys = Wording.fields.map(\.key)
  package static let labelKeys = ["start", "end", "ends", "zones", "ticks", "minorTicks"]
  package static let styleKeys = ["background", "track", "pointer", "label", "readout"]
  package static let animationKeys = ["duration", "easing", "stagger"]

  /// The zones cap, applied while parsing so a preset of a million zones stops at the 101st.
  package static let zoneCount = JSONLimits.Count(maximum: Gauge.maximumZoneCount, noun: "zones")
  /// What reading one preset file may cost.
  package static let limits = JSONLimits(
    topLevelArrays: ["zones": zoneCount, "markers": markerCount])

  package let file: String?
  package let root: JSONNode
  private var reader: JSONReader
  /// Zones whose bound could not be read: the rules about bounds have nothing to check there.
  private var unreadBounds: Set<Int> = []

  package init(file: String?, root: JSONNode) {
    self.file = file
    self.root = root
    self.reader = JSONReader(file: file)
  }

  package mutating func decode() throws(GaugeError) -> Gauge {
    guard let top = reader.object(root, at: "", keys: PresetDecoder.topKeys) else {
      throw .invalidGauge(reader.problems)
    }
    if let schema = top["$schema"] { _ = reader.string(schema, at: "$schema") }
    // Resolved before decoding: what is left of it here is already merged in.
    let name = top["name"].flatMap { text($0, "name") }
    let title = top["title"].flatMap { text($0, "title") }
    let source = top["source"].flatMap {
      reader.string($0, at: "source", maximumLength: Gauge.maximumSourceLength)
    }
    let min = reader.required(top, "min", "the domain's lowest value, a number").flatMap {
      reader.number($0, at: "min")
    }
    let max = reader.required(top, "max", "the domain's highest value, a number").flatMap {
      reader.number($0, at: "max")
    }
    let zones = reader.required(top, "zones", "an array of zones").map { decodeZones($0) } ?? []
    let ring = top["ring"].map { decodeRing($0) } ?? Ring()
    let fill = top["fill"].flatMap { reader.choice($0, at: "fill", FillMode.self) } ?? .zones
    let pointer = top["pointer"].map { decodePointer($0) } ?? PointerStyle()
    let readout = top["readout"].map { decodeReadout($0) } ?? ReadoutFormat()
    let labels = top["labels"].map { decodeLabels($0) } ?? LabelOptions()
    let style = top["style"].map { decodeStyle($0, "style", base: .light) } ?? .light
    let darkStyle = top["darkStyle"].map { decodeStyle($0, "darkStyle", base: .dark) } ?? .dark
    let animation = top["animation"].map { decodeAnimation($0) } ?? AnimationOptions()
    let wording = top["wording"].map { decodeWording($0) } ?? Wording()
    let pointers = top["pointers"].map { decodePointerMarks($0) } ?? []
    let direction =
      top["direction"].flatMap { reader.choice($0, at: "direction", TextDirection.self) } ?? .auto

    var gauge = Gauge(
      unchecked: name, title: title, source: source, min: min ?? .nan, max: max ?? .nan,
      zones: zones, ring: ring, fill: fill, pointer: pointer, readout: readout, labels: labels,
      style: style, darkStyle: darkStyle, animation: animation, wording: wording)
    gauge.pointers = pointers
    gauge.direction = direction
    decodeMarks(top, into: &gauge)

    // The model's rules, minus what the shape checks already reported at the same place.
    let reported = ReportedPlaces(reader.problems.map(\.path))
    for problem in gauge.problems() {
      let overlaps =
        reported.covers(problem.path)
        || unreadBounds.contains { problem.path.hasPrefix("zones[\($0)].") }
      guard !overlaps else { continue }
      reader.report(problem.path, deepestNode(at: problem.path, in: top), problem.message)
    }
    guard reader.problems.isEmpty else { throw .invalidGauge(reader.problems.inReadingOrder) }
    return gauge
  }

  /// A label, title, prefix or other short text.
  private mutating func text(_ node: JSONNode, _ path: String) -> String? {
    reader.string(node, at: path, maximumLength: Gauge.maximumTextLength)
  }

  // MARK: - Sections

  private mutating func decodeZones(_ node: JSONNode) -> [Zone] {
    guard let elements = reader.array(node, at: "zones", count: PresetDecoder.zoneCount) else {
      return []
    }
    var zones: [Zone] = []
    for (index, element) in elements.enumerated() {
      let path = "zones[\(index)]"
      guard let fields = reader.object(element, at: path, keys: PresetDecoder.zoneKeys) else {
        continue
      }
      let label =
        reader.required(fields, "label", "the zone's name, a string").flatMap {
          text($0, path + ".label")
        } ?? ""
      let color =
        reader.required(fields, "color", "the zone's colour").flatMap {
          reader.color($0, at: path + ".color")
        } ?? Color(red: 0, green: 0, blue: 0)
      var upperBound = Double.nan
      var rangeStart: Double?
      switch (fields["upTo"], fields["range"]) {
      case (let upTo?, nil):
        upperBound = reader.number(upTo, at: path + ".upTo") ?? .nan
      case (nil, let range?):
        if let (first, last) = decodeRange(range, path + ".range") {
          rangeStart = first
          upperBound = last
        }
      case (_?, _?):
        reader.report(path, element, "has both \"upTo\" and \"range\"; give one of them")
      case (nil, nil):
        reader.report(
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
      reader.report(
        path, node, "expected [first, last], two whole numbers, found \(describe(node))")
      return nil
    }
    var values: [Double] = []
    for (index, bound) in bounds.enumerated() {
      guard let value = reader.number(bound, at: path + "[\(index)]") else { return nil }
      guard value == value.rounded() else {
        reader.report(
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
    guard let fields = reader.object(node, at: "ring", keys: PresetDecoder.ringKeys) else {
      return ring
    }
    if let value = fields["sectors"].flatMap({
      reader.integer($0, at: "ring.sectors", in: 1...3600)
    }) {
      ring.sectorCount = value
    }
    if let value = fields["buffer"].flatMap({ reader.number($0, at: "ring.buffer") }) {
      ring.bufferAngle = value
    }
    if let value = fields["gapCenter"].flatMap({ reader.number($0, at: "ring.gapCenter") }) {
      ring.gapCenter = value
    }
    if let value = fields["innerRadius"].flatMap({ reader.number($0, at: "ring.innerRadius") }) {
      ring.innerRadius = value
    }
    if let value = fields["sectorGap"].flatMap({ reader.number($0, at: "ring.sectorGap") }) {
      ring.sectorGap = value
    }
    if let value = fields["cornerRadius"].flatMap({ reader.number($0, at: "ring.cornerRadius") }) {
      ring.cornerRadius = value
    }
    return ring
  }

  private mutating func decodePointer(_ node: JSONNode) -> PointerStyle {
    var pointer = PointerStyle()
    guard let fields = reader.object(node, at: "pointer", keys: PresetDecoder.pointerKeys)
    else { return pointer }
    if let value = fields["inner"].flatMap({ reader.number($0, at: "pointer.inner") }) {
      pointer.inner = value
    }
    if let value = fields["outer"].flatMap({ reader.number($0, at: "pointer.outer") }) {
      pointer.outer = value
    }
    if let value = fields["width"].flatMap({ reader.number($0, at: "pointer.width") }) {
      pointer.width = value
    }
    if let value = fields["taper"].flatMap({ reader.number($0, at: "pointer.taper") }) {
      pointer.taper = value
    }
    return pointer
  }

  private mutating func decodeReadout(_ node: JSONNode) -> ReadoutFormat {
    var readout = ReadoutFormat()
    guard let fields = reader.object(node, at: "readout", keys: PresetDecoder.readoutKeys)
    else { return readout }
    if let value = fields["decimals"].flatMap({
      reader.integer($0, at: "readout.decimals", in: 0...6)
    }) {
      readout.decimals = value
    }
    if let value = fields["prefix"].flatMap({ text($0, "readout.prefix") }) {
      readout.prefix = value
    }
    if let value = fields["suffix"].flatMap({ text($0, "readout.suffix") }) {
      readout.suffix = value
    }
    if let value = fields["placeholder"].flatMap({ text($0, "readout.placeholder") }) {
      readout.placeholder = value
    }
    if let value = fields["grouping"].flatMap({ reader.bool($0, at: "readout.grouping") }) {
      readout.grouping = value
    }
    if let node = fields["locale"], let tag = reader.string(node, at: "readout.locale") {
      do {
        readout.locale = try GaugeLocale(tag)
      } catch {
        reader.report("readout.locale", node, error.description)
      }
    }
    if let value = fields["notation"].flatMap({
      reader.choice($0, at: "readout.notation", NumberNotation.self)
    }) {
      readout.compact = value == .compact
    }
    if let value = fields["showZone"].flatMap({ reader.bool($0, at: "readout.showZone") }) {
      readout.showsZone = value
    }
    return readout
  }

  private mutating func decodePointerMarks(_ node: JSONNode) -> [PointerMark] {
    let count = JSONLimits.Count(maximum: Gauge.maximumPointerCount, noun: "pointers")
    guard let elements = reader.array(node, at: "pointers", count: count) else { return [] }
    var pointers: [PointerMark] = []
    for (index, element) in elements.enumerated() {
      let path = "pointers[\(index)]"
      guard let fields = reader.object(element, at: path, keys: PresetDecoder.pointerMarkKeys)
      else { continue }
      let label =
        reader.required(fields, "label", "the pointer's name, a string").flatMap {
          text($0, path + ".label")
        } ?? ""
      let color = fields["color"].flatMap { reader.color($0, at: path + ".color") }
      pointers.append(PointerMark(label: label, color: color))
    }
    return pointers
  }

  private mutating func decodeWording(_ node: JSONNode) -> Wording {
    var wording = Wording()
    guard let fields = reader.object(node, at: "wording", keys: PresetDecoder.wordingKeys)
    else { return wording }
    for field in Wording.fields {
      wording[keyPath: field.path] = fields[field.key].flatMap {
        text($0, "wording." + field.key)
      }
    }
    return wording
  }

  private mutating func decodeLabels(_ node: JSONNode) -> LabelOptions {
    var labels = LabelOptions()
    guard let fields = reader.object(node, at: "labels", keys: PresetDecoder.labelKeys) else {
      return labels
    }
    if let value = fields["start"].flatMap({ text($0, "labels.start") }) {
      labels.start = value
    }
    if let value = fields["end"].flatMap({ text($0, "labels.end") }) {
      labels.end = value
    }
    if let value = fields["ends"].flatMap({ reader.bool($0, at: "labels.ends") }) {
      labels.showEnds = value
    }
    if let value = fields["zones"].flatMap({ reader.bool($0, at: "labels.zones") }) {
      labels.zones = value
    }
    if let value = fields["ticks"].flatMap({ reader.integer($0, at: "labels.ticks", in: 0...100) })
    {
      labels.ticks = value
    }
    if let value = fields["minorTicks"].flatMap({
      reader.integer($0, at: "labels.minorTicks", in: 0...10)
    }) {
      labels.minorTicks = value
    }
    return labels
  }

  private mutating func decodeStyle(_ node: JSONNode, _ path: String, base: Style) -> Style {
    var style = base
    guard let fields = reader.object(node, at: path, keys: PresetDecoder.styleKeys) else {
      return style
    }
    if let background = fields["background"],
      let value = reader.colorOrNone(background, at: path + ".background")
    {
      style.background = value
    }
    if let value = fields["track"].flatMap({ reader.color($0, at: path + ".track") }) {
      style.track = value
    }
    if let value = fields["pointer"].flatMap({ reader.color($0, at: path + ".pointer") }) {
      style.pointer = value
    }
    if let value = fields["label"].flatMap({ reader.color($0, at: path + ".label") }) {
      style.label = value
    }
    if let value = fields["readout"].flatMap({ reader.color($0, at: path + ".readout") }) {
      style.readout = value
    }
    return style
  }

  private mutating func decodeAnimation(_ node: JSONNode) -> AnimationOptions {
    var animation = AnimationOptions()
    guard let fields = reader.object(node, at: "animation", keys: PresetDecoder.animationKeys)
    else { return animation }
    if let value = fields["duration"].flatMap({ reader.number($0, at: "animation.duration") }) {
      animation.duration = value
    }
    if let value = fields["easing"].flatMap({
      reader.choice($0, at: "animation.easing", Easing.self)
    }) {
      animation.easing = value
    }
    if let value = fields["stagger"].flatMap({ reader.number($0, at: "animation.stagger") }) {
      animation.stagger = value
    }
    return animation
  }

  /// A `markers` array wherever it is read (a preset, a batch line): at most
  /// `Gauge.maximumMarkerCount` objects `{"value": 30, "label": "Goal"}`, each checked by
  /// the markers' rules (`GaugeMarker.check(at:_:)`) and every problem reported to `reader`
  /// at its node and path (`markers[0].value`). The markers that pass, in order.
  package static func markers(_ node: JSONNode, reader: inout JSONReader) -> [GaugeMarker] {
    guard let elements = reader.array(node, at: "markers", count: PresetDecoder.markerCount)
    else { return [] }
    var markers: [GaugeMarker] = []
    for (index, element) in elements.enumerated() {
      let path = "markers[\(index)]"
      guard let fields = reader.object(element, at: path, keys: PresetDecoder.markerKeys)
      else { continue }
      // Both read before either is judged, so a line wrong in both hears of both.
      let valueNode = reader.required(fields, "value", "the value marked, a number")
      let labelNode = reader.required(fields, "label", "the marker's label, a string")
      let value = valueNode.flatMap { reader.number($0, at: path + ".value") }
      let label = labelNode.flatMap {
        reader.string($0, at: path + ".label", maximumLength: Gauge.maximumTextLength)
      }
      guard let value, let label, let valueNode, let labelNode else { continue }
      let marker = GaugeMarker(value: value, label: label)
      var list = ProblemList()
      marker.check(at: path, &list)
      for problem in list.problems {
        reader.report(
          problem.path, problem.path.hasSuffix(".value") ? valueNode : labelNode, problem.message)
      }
      if list.isEmpty { markers.append(marker) }
    }
    return markers
  }

  /// `markers`, `thresholdMarkers`, `neutral`, `wrap` and `delta`.
  private mutating func decodeMarks(_ top: JSONObject, into gauge: inout Gauge) {
    if let node = top["markers"] {
      gauge.markers = PresetDecoder.markers(node, reader: &reader)
    }
    if let value = top["thresholdMarkers"].flatMap({ reader.bool($0, at: "thresholdMarkers") }) {
      gauge.thresholdMarkers = value
    }
    if let value = top["neutral"].flatMap({ reader.number($0, at: "neutral") }) {
      gauge.neutral = value
    }
    if let value = top["wrap"].flatMap({ reader.bool($0, at: "wrap") }) {
      gauge.wrap = value
    }
    if let node = top["delta"],
      let fields = reader.object(node, at: "delta", keys: PresetDecoder.deltaKeys),
      let value = fields["increase"].flatMap({
        reader.choice($0, at: "delta.increase", DeltaMeaning.self)
      })
    {
      gauge.increaseMeans = value
    }
  }

  // MARK: - Places

  private func describe(_ node: JSONNode) -> String {
    if case .array(let elements) = node.value {
      return "an array of \(elements.count)"
    }
    return node.value.kind
  }

  /// The node at a JSON path such as `zones[2].upTo`, or the deepest one that exists. The
  /// first key is looked up among the known keys of `top`: the root may hold thousands of
  /// unknown ones, and every rule's problem starts here.
  private func deepestNode(at path: String, in top: JSONObject) -> JSONNode {
    var steps = PresetDecoder.components(of: path)[...]
    guard case .key(let first)? = steps.first, let start = top[first] else { return root }
    var node = start
    steps = steps.dropFirst()
    for component in steps {
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

  /// Splits `zones[2].upTo` into `.key("zones"), .index(2), .key("upTo")`: the model's paths
  /// name only plain keys.
  package static func components(of path: String) -> [JSONPathStep] {
    var components: [JSONPathStep] = []
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
