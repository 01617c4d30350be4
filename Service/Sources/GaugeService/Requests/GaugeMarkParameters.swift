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

  /// Reads and checks them, every bad one reported at once.
  ///
  /// - Throws: `Problem` 400 naming each bad parameter: every marker without a colon, a
  ///   number or a label (a body's at `marker[i]`), more than `Gauge.maximumMarkerCount`
  ///   markers, a reference that is not a number, a range that is not two numbers or whose
  ///   low is above its high, ticks out of range. Only the markers' problems: "the markers
  ///   have N problems"; any other among them: "the request has N problems".
  init(_ parameters: Parameters) throws(Problem) {
    var problems: [Problem.Item] = []
    var onlyMarkers = true
    /// `read`'s result, or nil with its problems kept.
    func reading<T>(_ isMarker: Bool, _ read: () throws(Problem) -> T?) -> T? {
      do {
        return try read()
      } catch {
        problems += error.errors
        if !isMarker { onlyMarkers = false }
        return nil
      }
    }
    // No cap on the whole `VALUE:LABEL`: it would state a limit no label has. The label is
    // held to `Gauge.maximumTextLength`, and the request's own size bounds the rest.
    markers =
      reading(true) { () throws(Problem) -> [GaugeMarker]? in
        let texts = try parameters.texts("marker", limit: .max)
        guard texts.count <= Gauge.maximumMarkerCount else {
          throw .badParameter(
            "marker", "is given \(texts.count) times; at most \(Gauge.maximumMarkerCount) markers")
        }
        return try GaugeMarkParameters.markers(texts, in: parameters)
      } ?? []
    // Read as the value is: a number, or none (nan, inf, JSON null) for no reference.
    reference = reading(false) { () throws(Problem) -> Double? in
      parameters.has("reference") ? try parameters.value("reference") : nil
    }
    range = reading(false) { () throws(Problem) -> ClosedRange<Double>? in
      if let body = parameters.body, body.has("range"), body.kind(of: "range") != "a string" {
        return try GaugeMarkParameters.range(in: body)
      }
      return try parameters.text("range", limit: 64).map { text throws(Problem) in
        try GaugeMarkParameters.range(text)
      }
    }
    ticks = reading(false) { () throws(Problem) -> Int? in
      try parameters.integer("ticks", in: 0...100)
    }
    guard problems.isEmpty else {
      throw Problem(problems, summary: onlyMarkers ? "the markers have" : "the request has")
    }
  }

  /// Each of `texts` read as a marker; every bad one is a problem, each placed where its text
  /// was (`marker` in a query or for a body's one string, `marker[i]` at its line and column
  /// in a body's array), so a client fixes them all at once. At most
  /// `Gauge.maximumMarkerCount` problems, as there are at most that many markers.
  private static func markers(_ texts: [String], in parameters: Parameters) throws(Problem)
    -> [GaugeMarker]
  {
    let elements = parameters.body?.elements("marker")
    var markers: [GaugeMarker] = []
    var problems: [Problem.Item] = []
    for (index, text) in texts.enumerated() {
      do throws(ValueTextRefusal) {
        markers.append(try GaugeMarker(parsing: text))
      } catch {
        problems.append(
          elements.map { Problem.Item($0[index].problem(error.message)) }
            ?? Problem.Item(path: "marker", message: error.message))
      }
    }
    guard problems.isEmpty else { throw Problem(problems) }
    return markers
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

  /// A body's `"range": [30, 55]`, as a batch line writes it: two finite numbers, low first,
  /// each problem placed where it is. (A string, `"30,55"`, is read as the query's is.)
  ///
  /// Edge cases:
  /// - Neither an array nor a string: what is allowed, and what was found.
  /// - Not two elements: how many there are.
  /// - `null` or a number too large for a Double: at the element, as not a number.
  private static func range(in body: JSONRequestBody) throws(Problem) -> ClosedRange<Double> {
    let form = #"write [low, high], two numbers, such as [30, 55], or "30,55""#
    if let kind = body.kind(of: "range"), kind != "an array" {
      throw Problem(body.problem("range", "expected an array or a string, found \(kind); \(form)"))
    }
    let elements = body.elements("range")
    guard elements.count == 2 else {
      let count =
        switch elements.count {
        case 0: "is empty"
        case 1: "has 1 value"
        default: "has \(elements.count) values"
        }
      throw Problem(body.problem("range", count + "; " + form))
    }
    var bounds: [Double] = []
    for (element, end) in zip(elements, ["low", "high"]) {
      guard let number = element.number else {
        let problem = element.problem("expected a number for \(end), found \(element.kind)")
        throw Problem([Problem.Item(problem)])
      }
      guard number.isFinite else {
        let problem = element.problem("is too large; numbers must be finite")
        throw Problem([Problem.Item(problem)])
      }
      bounds.append(number)
    }
    if let problem = Gauge.rangeProblem(low: bounds[0], high: bounds[1]) {
      throw Problem(body.problem("range", problem))
    }
    return bounds[0]...bounds[1]
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
