import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeSupport

/// A gauge request's `marker` (repeatable: `marker=30:Goal&marker=80:Limit`), `reference`,
/// `range` (`range=30,55`) and `ticks` (`ticks=10`, 0 for none), checked with the CLI's
/// words; a JSON body holds the same, `range` also as `[30, 55]`.
struct GaugeMarkParameters: Sendable, Hashable {
  static let names = ["marker", "reference", "range", "ticks"]

  var markers: [GaugeMarker] = []
  var reference: Double?
  var range: ClosedRange<Double>?
  /// Tick marks dividing the arc into this many parts, over the preset's; 0 leaves out the
  /// ticks and the minor ticks, as `--no-ticks` does.
  var ticks: Int?

  /// Reads and checks them.
  ///
  /// - Throws: `Problem` 400 naming the parameter: a marker without a colon, a number or a
  ///   label, more than `Gauge.maximumMarkerCount` markers, a range whose low is above its
  ///   high.
  init(_ parameters: Parameters) throws(Problem) {
    // No cap on the whole `VALUE:LABEL`: it would state a limit no label has. The label is
    // held to `Gauge.maximumTextLength` below, and the request's own size bounds the rest.
    let texts = try parameters.texts("marker", limit: .max)
    guard texts.count <= Gauge.maximumMarkerCount else {
      throw .badParameter(
        "marker", "is given \(texts.count) times; at most \(Gauge.maximumMarkerCount) markers")
    }
    for text in texts { markers.append(try GaugeMarkParameters.marker(text)) }
    // Read as the value is: a number, or none (nan, inf, JSON null) for no reference.
    reference = parameters.has("reference") ? try parameters.value("reference") : nil
    if let body = parameters.body, body.kind(of: "range") == "an array" {
      // `[30, 55]`, as a batch line writes it: read as the query's `30,55` is.
      let bounds = try Problem.from { () throws(GaugeError) in
        try body.numbersOrNull("range", maximumCount: 2) ?? []
      }
      guard bounds.count == 2, let low = bounds[0], let high = bounds[1] else {
        throw Problem(body.problem("range", "expected [low, high], two numbers"))
      }
      if let problem = Gauge.rangeProblem(low: low, high: high) {
        throw .badParameter("range", problem)
      }
      range = low...high
    } else if let text = try parameters.text("range", limit: 64) {
      range = try GaugeMarkParameters.range(text)
    }
    ticks = try parameters.integer("ticks", in: 0...100)
  }

  /// `gauge` with these markers added and these ticks.
  func applied(to gauge: Gauge) -> Gauge {
    var gauge = gauge
    if !markers.isEmpty { gauge.markers += markers }
    if let ticks {
      gauge.labels.ticks = ticks
      if ticks == 0 { gauge.labels.minorTicks = 0 }
    }
    return gauge
  }

  /// `VALUE:LABEL`, split at the first colon.
  private static func marker(_ text: String) throws(Problem) -> GaugeMarker {
    let hint = "write VALUE:LABEL, such as 30:Goal"
    guard let (number, label) = text.split(atFirst: ":") else {
      throw .badParameter("marker", "'\(text)' has no colon; \(hint)")
    }
    guard let value = FiniteNumber.parse(number) else {
      throw .badParameter("marker", "'\(number)' \(FiniteNumber.problem(number)); \(hint)")
    }
    guard !label.isEmpty else { throw .badParameter("marker", "'\(text)' has no label; \(hint)") }
    guard label.count <= Gauge.maximumTextLength else {
      throw .badParameter(
        "marker", "the label is \(label.count) characters; at most \(Gauge.maximumTextLength)")
    }
    return GaugeMarker(value: value, label: label)
  }

  /// `LOW,HIGH`, two finite numbers, low first.
  private static func range(_ text: String) throws(Problem) -> ClosedRange<Double> {
    let words = text.fields(separatedBy: ",")
    guard words.count == 2 else {
      throw .badParameter("range", "'\(text)' is not LOW,HIGH; write two numbers, such as 30,55")
    }
    var numbers: [Double] = []
    for word in words {
      guard let number = FiniteNumber.parse(word) else {
        throw .badParameter(
          "range", "'\(word)' \(FiniteNumber.problem(word)); write LOW,HIGH, such as 30,55")
      }
      numbers.append(number)
    }
    if let problem = Gauge.rangeProblem(low: numbers[0], high: numbers[1]) {
      throw .badParameter("range", problem)
    }
    return numbers[0]...numbers[1]
  }

  /// The parameters for the ETag, empty when none is given, so other ETags stay as they were.
  var canonical: String {
    var text = ""
    for marker in markers {
      text += ";marker=" + String(marker.value) + ":" + JSONText.quoted(marker.label)
    }
    if let reference { text += ";reference=" + String(reference) }
    if let range { text += ";range=" + String(range.lowerBound) + "," + String(range.upperBound) }
    if let ticks { text += ";ticks=" + String(ticks) }
    return text
  }
}
