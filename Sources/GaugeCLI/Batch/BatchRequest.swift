import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeSupport

/// One line of a batch job: which gauge to draw for whom, in JSON Lines.
///
/// `{"id": "user-123", "preset": "stress", "value": 42}`, plus optional per-line `size`,
/// `width`, `height`, `theme`, `title` and `animate`, the marks (`reference`, `range`, and
/// `markers` added to the preset's), and preset fields over the preset's: `min`, `max`,
/// `zones` (`["Low:60:#34C759", …]`) and `unit`; with `min`, `max` and `zones` no preset is
/// needed. A missing `preset` or option takes the job's default; a missing or null `value`
/// draws the no-data state.
package struct BatchRequest: Sendable, Hashable {
  package var id: String
  package var preset: String?
  package var value: Double?
  /// The values of a gauge of several pointers (`"values": [120, 80]`); empty for one value.
  package var values: [Double?] = []
  package var width: Int?
  package var height: Int?
  package var theme: Theme?
  package var title: String?
  package var animate: Bool?
  /// The reader's locale, over the job's `--locale` and the preset's.
  package var locale: GaugeLocale?
  /// `min`, `max`, `zones` and `unit`, laid over the preset (checked when it is decoded).
  package var presetFields = PresetOverrides(syntax: .jsonLine)
  /// A past value to compare with: a ghost pointer and the change since it.
  package var reference: Double?
  /// The period's low and high, `[low, high]`, as a band along the ring.
  package var range: ClosedRange<Double>?
  /// Markers added to the preset's, `[{"value": 30, "label": "Goal"}]`, read and checked as
  /// a preset's `markers` are.
  package var markers: [GaugeMarker] = []

  package static let keys = [
    "id", "preset", "value", "size", "width", "height", "theme", "title", "animate",
    "locale", "min", "max", "zones", "unit", "values", "reference", "range", "markers",
  ]

  /// The longest line, in bytes without its line break: 64 KiB, far more than any real
  /// request (an id of 200, a preset path, a title of 200 characters) and small enough that
  /// one hostile line costs next to nothing.
  package static let maximumLineLength = 65_536

  /// The longest `preset` value, in characters: a built-in name or a file's path.
  static let maximumPresetLength = 4096

  /// Whether `id` can name a file: 1 to 200 letters, digits, `.`, `_` and `-`, not starting
  /// with a dot (so never `..`, a hidden file, or a path).
  package static func isValidID(_ id: String) -> Bool {
    guard !id.isEmpty, id.utf8.count <= 200, id.utf8.first != UInt8(ascii: ".") else {
      return false
    }
    return id.utf8.allSatisfy(NameBytes.allows)
  }

  /// The line's `id` as a report may show it, if it has a string one: failures report it
  /// even when the rest of the line is wrong, invalid JSON included, as long as the id comes
  /// before the first syntax error (`{"id": "u1", "value": 4x}`).
  ///
  /// Edge cases:
  /// - A line over `maximumLineLength` is not read: nil.
  /// - An id after the first syntax error is not read: nil.
  /// - An id that could not name a file is shown escaped and cut to 40 characters, as a JSON
  ///   string's inside (`bad\u001b…`), so it can neither flood nor steer a terminal.
  package static func id(in bytes: [UInt8]) -> String? {
    guard bytes.count <= maximumLineLength, let id = JSONParser.leadingString("id", in: bytes)
    else { return nil }
    if isValidID(id) { return id }
    return String(JSONText.quotedPrefix(id).dropFirst().dropLast())
  }

  /// Decodes one line.
  ///
  /// - Throws: `GaugeError.invalidOption` with what is wrong with the line, where (its
  ///   column and JSON path) and what is allowed: `column 25: value: expected a number,
  ///   found a string`.
  package init(jsonLine bytes: [UInt8]) throws(GaugeError) {
    guard bytes.count <= BatchRequest.maximumLineLength else {
      throw .invalidOption(
        "the line is \(bytes.count) bytes; at most \(BatchRequest.maximumLineLength) allowed")
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw BatchRequest.failure(error.diagnostic(file: nil))
    }
    var reader = JSONReader(file: nil)
    guard let fields = reader.object(root, at: "", keys: BatchRequest.keys),
      let idNode = reader.required(fields, "id", "the name of the output, a string")
    else { throw BatchRequest.failure(reader.problems) }
    guard let id = reader.string(idNode, at: "id") else {
      throw BatchRequest.failure(reader.problems)
    }
    guard BatchRequest.isValidID(id) else {
      reader.report(
        "id", idNode,
        "\(JSONText.quotedPrefix(id)) cannot name a file; use 1 to 200 letters, digits, '.', "
          + "'_' and '-', not starting with '.'")
      throw BatchRequest.failure(reader.problems)
    }
    self.id = id
    // null is the same as leaving a key out: the job's default.
    func given(_ key: String) -> JSONNode? {
      guard let node = fields[key], node.value != .null else { return nil }
      return node
    }
    preset = given("preset").flatMap {
      reader.string($0, at: "preset", maximumLength: BatchRequest.maximumPresetLength)
    }
    title = given("title").flatMap {
      reader.string($0, at: "title", maximumLength: Gauge.maximumTextLength)
    }
    if let node = given("value") {
      // An infinity (1e400) draws the no-data state, as NaN would.
      if case .number(let number) = node.value {
        value = number.isFinite ? number : nil
      } else {
        reader.expected("a number or null", node, at: "value")
      }
    }
    if let node = given("values") {
      if given("value") != nil {
        reader.report("values", node, "give \"value\" or \"values\", not both")
      } else if let elements = reader.array(
        node, at: "values",
        count: JSONLimits.Count(maximum: Gauge.maximumPointerCount, noun: "values"))
      {
        for (index, element) in elements.enumerated() {
          switch element.value {
          case .number(let number): values.append(number.isFinite ? number : nil)
          case .null: values.append(nil)
          default: reader.expected("a number or null", element, at: "values[\(index)]")
          }
        }
        value = values.first ?? nil
      }
    }
    let side = 1...maximumImageSide
    let size = given("size").flatMap { reader.integer($0, at: "size", in: side) }
    width = given("width").flatMap { reader.integer($0, at: "width", in: side) } ?? size
    height = given("height").flatMap { reader.integer($0, at: "height", in: side) } ?? size
    theme = given("theme").flatMap { reader.choice($0, at: "theme", Theme.self) }
    animate = given("animate").flatMap { reader.bool($0, at: "animate") }
    if let node = given("locale"), let tag = reader.string(node, at: "locale") {
      do throws(GaugeError) {
        locale = try GaugeLocale(tag)
      } catch {
        reader.report("locale", node, error.description)
      }
    }
    // Where each preset field was written: the gauge's own checks, made when it is decoded,
    // place their problems there.
    for key in ["min", "max", "unit", "zones"] {
      if let node = given(key) { presetFields.columns[key] = node.column }
    }
    presetFields.min = given("min").flatMap { reader.number($0, at: "min") }
    presetFields.max = given("max").flatMap { reader.number($0, at: "max") }
    presetFields.unit = given("unit").flatMap {
      reader.string($0, at: "unit", maximumLength: Gauge.maximumTextLength)
    }
    if let node = given("zones"),
      let elements = reader.array(node, at: "zones", count: PresetDecoder.zoneCount)
    {
      // Given but empty: said so here, not reported as missing by the gauge's own check.
      if elements.isEmpty {
        reader.report(
          "zones", node, "is empty; a gauge needs at least one zone, such as \"Low:60:#34C759\"")
      }
      for (index, element) in elements.enumerated() {
        guard let text = reader.string(element, at: "zones[\(index)]") else { continue }
        guard let zone = PresetOverrides.ZoneText(parsing: text) else {
          reader.report(
            "zones[\(index)]", element,
            "\(JSONText.quotedPrefix(text)) is not a zone; write "
              + PresetOverrides.ZoneText.form)
          continue
        }
        presetFields.columns["zones[\(presetFields.zones.count)]"] = element.column
        presetFields.zones.append(zone)
      }
    }
    if let node = given("reference") { reference = reader.number(node, at: "reference") }
    if let node = given("range") { range = BatchRequest.range(node, reader: &reader) }
    if let node = given("markers") { markers = PresetDecoder.markers(node, reader: &reader) }
    guard reader.problems.isEmpty else { throw BatchRequest.failure(reader.problems) }
  }

  /// `[low, high]`: two numbers, low <= high.
  private static func range(_ node: JSONNode, reader: inout JSONReader) -> ClosedRange<Double>? {
    guard case .array(let bounds) = node.value, bounds.count == 2 else {
      reader.expected("[low, high], two numbers", node, at: "range")
      return nil
    }
    guard let low = reader.number(bounds[0], at: "range[0]"),
      let high = reader.number(bounds[1], at: "range[1]")
    else { return nil }
    if let problem = Gauge.rangeProblem(low: low, high: high) {
      reader.report("range", node, problem)
      return nil
    }
    return low...high
  }

  /// The first problem of a line, placed by column: a batch line is one line, and the job
  /// reports its line number.
  private static func failure(_ problems: [Diagnostic]) -> GaugeError {
    let first = problems.min { ($0.column ?? 0) < ($1.column ?? 0) }
    return first.map(failure) ?? .invalidOption("invalid line")
  }

  private static func failure(_ problem: Diagnostic) -> GaugeError {
    var text = problem.column.map { "column \($0): " } ?? ""
    if !problem.path.isEmpty { text += problem.path + ": " }
    return .invalidOption(text + problem.message)
  }
}

/// The output line of a batch job streaming JSON Lines: `{"id": ..., "svg": ...}`.
package enum BatchOutput {
  /// `{"id":"…","svg":"…"}` and a newline, the SVG escaped as a JSON string.
  ///
  /// This runs once per gauge of a batch over every byte of its image, so it reads eight
  /// bytes at a time: a word with nothing to escape (no control, `"` or `\\`) is copied
  /// whole. The escapes are counted first, so the line is allocated at its exact size.
  package static func jsonLine(id: String, svg: [UInt8]) -> [UInt8] {
    let head = Array(#"{"id":""#.utf8) + Array(id.utf8) + Array(#"","svg":""#.utf8)
    let tail: StaticString = "\"}\n"
    return svg.withUnsafeBufferPointer { source -> [UInt8] in
      guard let input = source.baseAddress else { return head + Array("\"}\n".utf8) }
      let count = source.count
      // First pass: how many bytes the escapes add.
      var extra = 0
      var index = 0
      while index + 8 <= count {
        let mask = escapeMask(
          UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)))
        if mask == 0 {
          index += 8
          continue
        }
        index += mask.trailingZeroBitCount / 8
        extra += escapedExtra(input[index])
        index += 1
      }
      while index < count {
        extra += escapedExtra(input[index])
        index += 1
      }
      let capacity = head.count + count + extra + tail.utf8CodeUnitCount
      return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
        var out = buffer.baseAddress!
        head.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: $0.count) }
        out += head.count
        var index = 0
        while index + 8 <= count {
          let word = UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self)
          // Eight bytes are stored either way: at least as many bytes of room remain as
          // input bytes, so the ones past the first escape are simply overwritten.
          UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
          let mask = escapeMask(UInt64(littleEndian: word))
          if mask == 0 {
            out += 8
            index += 8
            continue
          }
          let clean = mask.trailingZeroBitCount / 8
          out += clean
          index += clean
          write(input[index], to: &out)
          index += 1
        }
        while index < count {
          write(input[index], to: &out)
          index += 1
        }
        out.update(from: tail.utf8Start, count: tail.utf8CodeUnitCount)
        written = capacity
      }
    }
  }

  /// The high bit of each byte of `word` that is a control character, `"` or `\\`, with the
  /// first byte in memory as the lowest. Borrows may flag bytes above a true match,
  /// never below one, so the lowest flag is always exact.
  @inline(__always)
  private static func escapeMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let controls = (word &- ones &* 0x20) & ~word
    let quotes = (quote &- ones) & ~quote
    let backslashes = (backslash &- ones) & ~backslash
    return (controls | quotes | backslashes) & 0x8080_8080_8080_8080
  }

  /// The bytes an escape adds: 1 for `\n`, `\"` and `\\`, 5 for `\u00XX`, else 0.
  @inline(__always)
  private static func escapedExtra(_ byte: UInt8) -> Int {
    if byte == 0x22 || byte == 0x5C || byte == 0x0A { return 1 }
    return byte < 0x20 ? 5 : 0
  }

  @inline(__always)
  private static func write(_ byte: UInt8, to out: inout UnsafeMutablePointer<UInt8>) {
    switch byte {
    case 0x22, 0x5C:
      out[0] = UInt8(ascii: "\\")
      out[1] = byte
      out += 2
    case 0x0A:
      out[0] = UInt8(ascii: "\\")
      out[1] = UInt8(ascii: "n")
      out += 2
    case 0..<0x20:
      let hex: StaticString = "0123456789abcdef"
      out[0] = UInt8(ascii: "\\")
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hex.utf8Start[Int(byte >> 4)]
      out[5] = hex.utf8Start[Int(byte & 15)]
      out += 6
    default:
      out[0] = byte
      out += 1
    }
  }
}
