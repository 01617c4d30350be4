import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeSupport

/// What a command draws besides the reading: markers, a reference, a range and the ticks
/// (`--marker`, `--reference`, `--range`, `--ticks`, `--no-ticks`), kept together so each
/// command that takes them declares them in one line.
struct MarkChoices: Sendable, Equatable {
  var markers: [GaugeMarker] = []
  var reference: Double?
  var range: ClosedRange<Double>?
  var ticks: Int?
  var noTicks = false

  /// The declarations, for a command that keeps its choices in `marks`.
  static func options<Command>(
    markers: WritableKeyPath<Command, [GaugeMarker]> & Sendable,
    reference: WritableKeyPath<Command, Double?> & Sendable,
    range: WritableKeyPath<Command, ClosedRange<Double>?> & Sendable,
    ticks: WritableKeyPath<Command, Int?> & Sendable,
    noTicks: WritableKeyPath<Command, Bool> & Sendable
  ) -> [Option<Command>] {
    [
      .list(
        markers, name: "marker", .marker, absent: "the preset's",
        help: "Mark VALUE across the ring with LABEL outside it, added to the preset's markers."),
      .value(
        reference, name: "reference", .reference,
        help:
          "Draw a ghost pointer at VALUE and the change since it beside the readout; 'none' for no reference."
      ),
      .value(
        range, name: "range", .valueRange,
        help: "Draw the period's LOW to HIGH as a band along the ring."),
      .value(
        ticks, name: "ticks", .integer(0...100, placeholder: "N"),
        absent: "the preset's", help: "Divide the arc into N parts with tick marks; 0 for none."),
      .flag(
        noTicks, name: "no-ticks",
        help: "Leave out the tick marks and their numbers, major and minor."),
    ]
  }

  /// Throws when `--ticks` and `--no-ticks` are both given, or `--marker` more often than a
  /// gauge may have markers.
  func validate() throws(CLIError) {
    if ticks != nil && noTicks { throw .usage("--ticks and --no-ticks cannot be used together") }
    if markers.count > Gauge.maximumMarkerCount {
      throw .usage(
        "--marker: given \(markers.count) times; at most \(Gauge.maximumMarkerCount) allowed")
    }
  }

  /// Throws when `--reference` or `--range` is given for `count` gauges, more than one: each
  /// is one gauge's past (a value it had, its period's low and high), which the others do not
  /// share. Markers are allowed, added to every gauge: a goal or a limit (80 %) may hold for
  /// all of them alike. `whole` names what the gauges make ("a dashboard").
  func checkOneGauge(count: Int, whole: String) throws(CLIError) {
    guard count > 1 else { return }
    let given = [reference == nil ? nil : "--reference", range == nil ? nil : "--range"]
      .compactMap { $0 }
    guard !given.isEmpty else { return }
    let verb = given.count == 1 ? " applies" : " apply"
    throw .usage(given.joined(separator: ", ") + verb + " to one gauge, not " + whole)
  }

  /// `gauge` with these markers added and these ticks.
  ///
  /// - Throws: `CLIError.input` when the preset's markers and these pass the cap together;
  ///   the gauge's own check would name the preset's `markers`, which the user did not give.
  func applied(to gauge: Gauge) throws(CLIError) -> Gauge {
    let total = gauge.markers.count + markers.count
    if !markers.isEmpty, total > Gauge.maximumMarkerCount {
      throw .input(
        "--marker: given \(markers.count) times and the preset has \(gauge.markers.count) "
          + "markers; at most \(Gauge.maximumMarkerCount) allowed in all")
    }
    var gauge = gauge
    gauge.markers += markers
    if let ticks { gauge.labels.ticks = ticks }
    if noTicks {
      gauge.labels.ticks = 0
      gauge.labels.minorTicks = 0
    }
    return gauge
  }

  /// The reference to draw: `--reference none` (held as NaN) is none at all, so its image
  /// is the one drawn without the option.
  var drawnReference: Double? { reference?.isFinite == true ? reference : nil }

  /// The reference and range set on image options.
  func applied(to options: RenderOptions) -> RenderOptions {
    var options = options
    options.reference = drawnReference
    options.range = range
    return options
  }
}

extension ValueType where Value == GaugeMarker {
  /// `VALUE:LABEL`, split at the first colon: `30:Goal`, `-5:Floor: cold`, read as the
  /// service reads its `marker` (`GaugeMarker(parsing:)`).
  ///
  /// Edge cases: an empty or blank label (`30:`, `30: `) is refused, as a preset's is
  /// (`Gauge.markerLabelRule`).
  static let marker = ValueType(placeholder: "VALUE:LABEL", allowed: nil) {
    text throws(ValueError) in
    do throws(ValueTextRefusal) {
      return try GaugeMarker(parsing: text)
    } catch {
      throw ValueError(message: error.message)
    }
  } format: {
    FixedDecimal.plain($0.value) + ":" + $0.label
  }
}

extension ValueType where Value == ClosedRange<Double> {
  /// `LOW:HIGH`, two finite numbers with LOW <= HIGH: `30:55`.
  static let valueRange = ValueType(placeholder: "LOW:HIGH", allowed: nil) {
    text throws(ValueError) in
    guard let (low, high) = text.split(atFirst: ":") else {
      throw ValueError(message: "'\(text)' has no colon; write LOW:HIGH, such as 30:55")
    }
    var numbers: [Double] = []
    for word in [low, high] {
      numbers.append(try ValueType<Double>.finite(word, "write LOW:HIGH, such as 30:55"))
    }
    if let problem = Gauge.rangeProblem(low: numbers[0], high: numbers[1]) {
      throw ValueError(message: problem)
    }
    return numbers[0]...numbers[1]
  } format: {
    FixedDecimal.plain($0.lowerBound) + ":" + FixedDecimal.plain($0.upperBound)
  }
}
