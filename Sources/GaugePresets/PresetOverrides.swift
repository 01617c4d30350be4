import GaugeModel
@_spi(Service) import GaugeSupport

/// Preset fields given beside a preset instead of in it: command-line options (`--min 0
/// --zone Low:60:#34C759`), a service's query parameters (`min=0&zones=…`). They are laid
/// over the preset's JSON, or over nothing for a gauge without a preset, before it is decoded,
/// so they are checked by exactly the rules and words of a preset file; a problem names the
/// option it came from instead of a line of a file.
///
/// A gauge without a preset needs `min`, `max` and `zones`; every other field keeps the
/// preset format's default, so `--min 0 --max 200 --zone …` draws the same bytes as a file
/// holding only those fields.
@_spi(Service)
public struct PresetOverrides: Sendable, Hashable {
  /// One zone written `LABEL:UPTO:COLOR`, such as `Low:60:#34C759`.
  public struct ZoneText: Sendable, Hashable {
    /// The zone's name; it may hold colons (`Stage 1: mild:60:#FF9500`).
    public var label: String
    /// The zone's largest value, as written.
    public var upTo: String
    /// The colour, as written; checked as a preset's zone colour is.
    public var color: String

    /// The zone as written.
    public var written: String { label + ":" + upTo + ":" + color }

    /// Creates a zone from its three parts.
    public init(label: String, upTo: String, color: String) {
      self.label = label
      self.upTo = upTo
      self.color = color
    }

    /// Reads `LABEL:UPTO:COLOR`: the colour after the last colon, the bound before it.
    ///
    /// Edge cases:
    /// - Fewer than two colons: nil. The bound and colour are only checked when decoded, with
    ///   a preset's messages.
    public init?(parsing text: String) {
      guard let (head, color) = text.split(atLast: ":"),
        let (label, upTo) = head.split(atLast: ":")
      else { return nil }
      self.init(label: label, upTo: upTo, color: color)
    }

    /// How a message shows what `LABEL:UPTO:COLOR` means.
    public static let form = "LABEL:UPTO:COLOR, such as Low:60:#34C759"
  }

  /// How problems name the place an override came from.
  public enum Syntax: Sendable, Hashable {
    /// `--min 0`, `--zone "Low:60:#34C7"`.
    case commandLine
    /// `min=0`, `zones: zone 1, "Low:60:#34C7"`.
    case query
    /// A JSON line's keys: `min`, `zones[0] "Low:60:#34C7"`.
    case jsonLine
  }

  /// The domain's lowest value.
  public var min: Double?
  /// The domain's highest value.
  public var max: Double?
  /// The zones, replacing the preset's whole list; empty keeps the preset's.
  public var zones: [ZoneText]
  /// The title under the readout.
  public var title: String?
  /// Text after the readout's number (`readout.suffix`), such as " bpm".
  public var unit: String?
  /// How problems name each field.
  public var syntax: Syntax
  /// Where a JSON line wrote each field, so a problem there is placed at its column.
  package var columns = Columns()

  /// The column (1-based, in characters) where a JSON line wrote each field, by its path:
  /// `min`, `zones`, `zones[1]`. Where a field was written changes no gauge, so any two are
  /// equal: a batch keeps one renderer for lines that give the same fields at different
  /// columns.
  package struct Columns: Sendable, Hashable {
    private var byPath: [String: Int] = [:]

    package init() {}

    /// The column of the field at `path`; nil where none was given.
    package subscript(path: String) -> Int? {
      get { byPath[path] }
      set { byPath[path] = newValue }
    }

    package static func == (lhs: Columns, rhs: Columns) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
  }

  /// Creates overrides; all absent by default.
  public init(
    min: Double? = nil, max: Double? = nil, zones: [ZoneText] = [], title: String? = nil,
    unit: String? = nil, syntax: Syntax = .commandLine
  ) {
    self.min = min
    self.max = max
    self.zones = zones
    self.title = title
    self.unit = unit
    self.syntax = syntax
  }

  /// Whether nothing is overridden.
  public var isEmpty: Bool {
    min == nil && max == nil && zones.isEmpty && title == nil && unit == nil
  }

  /// Whether any field that only a gauge without a preset must give is here: `min`, `max`
  /// or zones.
  public var describesGauge: Bool { min != nil || max != nil || !zones.isEmpty }

  // MARK: - Names

  /// `--min`, `min`: the field as the user wrote its name.
  public func name(of field: String) -> String {
    switch (syntax, field) {
    case (.commandLine, "zones"): return "--zone"
    case (.commandLine, _): return "--" + field
    case (.query, _), (.jsonLine, _): return field
    }
  }

  /// Where a problem at a field is placed: a path (the service's parameter, the batch line's
  /// key) and words before the message (the option as typed), joined by `separator` into a
  /// node's source.
  private func origin(_ field: String, _ written: String) -> String {
    switch syntax {
    case .commandLine:
      return PresetOverrides.separator + name(of: field) + " "
        + PresetOverrides.shellQuoted(written)
    case .query, .jsonLine: return name(of: field) + PresetOverrides.separator
    }
  }

  private func zoneOrigin(_ index: Int) -> String {
    switch syntax {
    case .commandLine:
      return PresetOverrides.separator + "--zone "
        + PresetOverrides.shellQuoted(zones[index].written)
    case .query:
      return "zones" + PresetOverrides.separator + "zone \(index + 1), "
        + JSONText.quotedPrefix(zones[index].written)
    case .jsonLine:
      return "zones[\(index)]" + PresetOverrides.separator
    }
  }

  /// Between an origin's path and its words.
  private static let separator = "\u{1F}"
  private static let separatorCharacter: Character = "\u{1F}"

  /// `72`, `"Heart rate"`: a word as a shell would need it, double-quoted unless it is plain.
  static func shellQuoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.utf8.allSatisfy {
        switch $0 {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "_"), UInt8(ascii: "/"):
          return true
        default: return false
        }
      }
    return plain ? word : JSONText.quotedPrefix(word)
  }

  // MARK: - JSON

  /// The overrides as a preset object, each node marked with its origin: line 0 (no text has
  /// one) and the origin as its source.
  package func presetNode() -> JSONNode {
    // A node's column is where a JSON line wrote its field, 0 where unknown.
    func node(_ value: JSONValue, _ origin: String, at path: String? = nil) -> JSONNode {
      JSONNode(
        value: value, line: 0, column: path.flatMap { columns[$0] } ?? 0, source: origin)
    }
    func member(_ key: String, _ value: JSONNode) -> JSONMember {
      JSONMember(key: key, line: 0, column: 0, value: value)
    }
    var members: [JSONMember] = []
    if let title { members.append(member("title", node(.string(title), origin("title", title)))) }
    if let min {
      let origin = origin("min", FixedDecimal.plain(min))
      members.append(member("min", node(.number(min), origin, at: "min")))
    }
    if let max {
      let origin = origin("max", FixedDecimal.plain(max))
      members.append(member("max", node(.number(max), origin, at: "max")))
    }
    if !zones.isEmpty {
      var elements: [JSONNode] = []
      for (index, zone) in zones.enumerated() {
        let (origin, path) = (zoneOrigin(index), "zones[\(index)]")
        // A bound that is not a number stays text, so the decoder words it as a preset's;
        // one that reads as an infinity or NaN is `checkZoneBounds`'s.
        let number = FiniteNumber.parseAllowingNonFinite(zone.upTo)
        let bound = number.map(JSONValue.number) ?? .string(zone.upTo)
        elements.append(
          node(
            .object([
              member("label", node(.string(zone.label), origin, at: path)),
              member("color", node(.string(zone.color), origin, at: path)),
              member("upTo", node(bound, origin, at: path)),
            ]), origin, at: path))
      }
      let origin =
        syntax == .commandLine
        ? PresetOverrides.separator + "--zone" : "zones" + PresetOverrides.separator
      members.append(member("zones", node(.array(elements), origin, at: "zones")))
    }
    if let unit {
      let suffix = member("suffix", node(.string(unit), origin("unit", unit), at: "unit"))
      members.append(member("readout", node(.object([suffix]), origin("unit", unit), at: "unit")))
    }
    return node(.object(members), "")
  }

  // MARK: - Problems only the overrides have

  /// Throws for a zone bound that reads as an infinity or NaN (`Low:inf:#34C759`), which the
  /// decoder would word as a number too large; one written as text is left to the decoder.
  ///
  /// - Throws: `GaugeError.invalidGauge` naming the first such zone.
  package func checkZoneBounds() throws(GaugeError) {
    for (index, zone) in zones.enumerated()
    where FiniteNumber.parseAllowingNonFinite(zone.upTo).map({ !$0.isFinite }) ?? false {
      let problem = Diagnostic(
        path: "",
        message: JSONText.quotedPrefix(zone.upTo) + " " + FiniteNumber.problem(zone.upTo),
        file: zoneOrigin(index), line: 0, column: columns["zones[\(index)]"])
      throw .invalidGauge([PresetOverrides.named(problem)])
    }
  }

  /// Why this `min` or `max` cannot go with what `preset` fixes about its domain: its own
  /// zones (`zonesProblem(under:)`) and its neutral point (`neutralProblem(under:)`), each
  /// placed at the override that breaks it; empty when neither does.
  package func domainProblems(under preset: Gauge) -> [Diagnostic] {
    [zonesProblem(under: preset), neutralProblem(under: preset)].compactMap { $0 }
  }

  /// Why this `min` or `max` leaves `preset`'s `neutral` outside the domain, where the fill
  /// would have no start: placed at the override that passes it, saying what it must be.
  ///
  /// Edge cases: nil without a neutral point, when the overrides leave it inside (or give
  /// neither bound), and for a `min` not below `max`, which the domain's own check names.
  private func neutralProblem(under preset: Gauge) -> Diagnostic? {
    guard let neutral = preset.neutral, (min ?? preset.min) < (max ?? preset.max) else {
      return nil
    }
    let (field, value, bound): (String, Double, String)
    if let min, min > neutral {
      (field, value, bound) = ("min", min, "at most")
    } else if let max, max < neutral {
      (field, value, bound) = ("max", max, "at least")
    } else {
      return nil
    }
    let plain = FixedDecimal.plain
    let what =
      "the preset's neutral is \(plain(neutral)), where its fill starts, so "
      + "\(name(of: field)) must be \(bound) \(plain(neutral))"
    return PresetOverrides.named(
      Diagnostic(
        path: "", message: what, file: origin(field, plain(value)), line: 0,
        column: columns[field]))
  }

  /// Why this `min` or `max` cannot go with `preset`'s own zones, when the zones are kept:
  /// the first zone starts at the domain's min (a `range`) or ends above it (`upTo`), and the
  /// last ends at its max. One problem, placed at the first override that breaks a rule and
  /// saying what each must be; nil when neither does, or the zones are replaced.
  private func zonesProblem(under preset: Gauge) -> Diagnostic? {
    guard zones.isEmpty, let first = preset.zones.first, let last = preset.zones.last else {
      return nil
    }
    let plain = FixedDecimal.plain
    let (minName, maxName, end) = (name(of: "min"), name(of: "max"), plain(last.upperBound))
    // What the preset's zones fix about the min, and what the min must be then.
    var wrongMin: (value: Double, fact: String, rule: String)?
    if let min, let start = first.rangeStart, min != start {
      wrongMin = (min, "start at \(plain(start))", "\(minName) must be \(plain(start))")
    } else if let min, first.rangeStart == nil, !(min < first.upperBound) {
      wrongMin = (
        min, "first zone ends at \(plain(first.upperBound))",
        "\(minName) must be below \(plain(first.upperBound))"
      )
    }
    let wrongMax = max.flatMap { $0 == last.upperBound ? nil : $0 }
    let what: String
    let (field, written): (String, Double)
    switch (wrongMin, wrongMax) {
    case (let wrongMin?, nil):
      let subject = first.rangeStart == nil ? "the preset's " : "the preset's zones "
      what = subject + wrongMin.fact + ", so " + wrongMin.rule
      (field, written) = ("min", wrongMin.value)
    case (nil, let wrongMax?):
      what = "the preset's zones end at \(end), so \(maxName) must be \(end)"
      (field, written) = ("max", wrongMax)
    case (let wrongMin?, _?):
      let facts =
        first.rangeStart.map { "zones run from \(plain($0)) to \(end)" }
        ?? "first zone ends at \(plain(first.upperBound)) and its last at \(end)"
      what = "the preset's \(facts), so \(wrongMin.rule) and \(maxName) must be \(end)"
      (field, written) = ("min", wrongMin.value)
    case (nil, nil):
      return nil
    }
    let problem = Diagnostic(
      path: "", message: what + "; give \(name(of: "zones")) to replace them",
      file: origin(field, plain(written)), line: 0, column: columns[field])
    return PresetOverrides.named(problem)
  }

  /// A problem in the preset's own text that only these overrides cause, placed at the
  /// override that causes it, in `domainProblems`' words: the preset's `max` no longer above
  /// the `min` given (`--min 150: the preset's max is 100, so --min must be below 100; give
  /// --max as well`). Nil for any other problem, which stays where it is.
  ///
  /// Edge cases:
  /// - The preset's `max` above the `min` given, but the span between them too wide for a
  ///   Double: nil, as these words would not say what is wrong.
  /// - Both `min` and `max` given: a problem at `max` is already at the override, never here.
  package func movedDomainProblem(_ problem: Diagnostic, under preset: Gauge) -> Diagnostic? {
    guard problem.path == "max", let min, max == nil, !(min < preset.max) else { return nil }
    let plain = FixedDecimal.plain
    let what =
      "the preset's max is \(plain(preset.max)), so \(name(of: "min")) must be below "
      + "\(plain(preset.max)); give \(name(of: "max")) as well"
    return PresetOverrides.named(
      Diagnostic(
        path: "", message: what, file: origin("min", plain(min)), line: 0,
        column: columns["min"]))
  }

  /// A problem placed at an override, named by the override instead of a file's line, and
  /// at the column a JSON line wrote it at, where known.
  package static func named(_ problem: Diagnostic) -> Diagnostic {
    guard problem.line == 0, let origin = problem.file else { return problem }
    let parts = origin.split(separator: separatorCharacter, omittingEmptySubsequences: false)
    // The root has no origin of its own: its problems keep their path ("min: is missing").
    guard parts.count == 2 else { return Diagnostic(path: problem.path, message: problem.message) }
    let words = parts[1].isEmpty ? "" : parts[1] + ": "
    // A column is known only where a JSON line wrote the field (`columns`); 0 is none.
    let column = problem.column.flatMap { $0 > 0 ? $0 : nil }
    return Diagnostic(path: String(parts[0]), message: words + problem.message, column: column)
  }
}
