import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeSupport

/// A gauge request's `marker` (repeatable: `marker=30:Goal&marker=80:Limit`), `reference`
/// and `range` (`range=30,55`), checked with the CLI's words.
struct GaugeMarkParameters: Sendable, Hashable {
  static let names = ["marker", "reference", "range"]

  var markers: [GaugeMarker] = []
  var reference: Double?
  var range: ClosedRange<Double>?

  /// Reads and checks them.
  ///
  /// - Throws: `Problem` 400 naming the parameter: a marker without a colon, a number or a
  ///   label, more than `Gauge.maximumMarkerCount` markers, a range whose low is above its
  ///   high.
  init(_ parameters: Parameters) throws(Problem) {
    let texts = try parameters.texts("marker", limit: Gauge.maximumTextLength + 32)
    guard texts.count <= Gauge.maximumMarkerCount else {
      throw .badParameter(
        "marker", "is given \(texts.count) times; at most \(Gauge.maximumMarkerCount) markers")
    }
    for text in texts { markers.append(try GaugeMarkParameters.marker(text)) }
    // Read as the value is: a number, or none (nan, inf, JSON null) for no reference.
    reference = parameters.has("reference") ? try parameters.value("reference") : nil
    if let text = try parameters.text("range", limit: 64) {
      range = try GaugeMarkParameters.range(text)
    }
  }

  /// `VALUE:LABEL`, split at the first colon.
  private static func marker(_ text: String) throws(Problem) -> GaugeMarker {
    let hint = "write VALUE:LABEL, such as 30:Goal"
    guard let colon = text.firstIndex(of: ":") else {
      throw .badParameter("marker", "'\(text)' has no colon; \(hint)")
    }
    let number = String(text[..<colon])
    let label = String(text[text.index(after: colon)...])
    guard let value = Double(number), value.isFinite else {
      throw .badParameter("marker", "'\(number)' is not a number; \(hint)")
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
    let words = text.split(separator: ",", omittingEmptySubsequences: false)
    guard words.count == 2 else {
      throw .badParameter("range", "'\(text)' is not LOW,HIGH; write two numbers, such as 30,55")
    }
    var numbers: [Double] = []
    for word in words {
      guard let number = Double(word), number.isFinite else {
        throw .badParameter("range", "'\(word)' is not a number; write LOW,HIGH, such as 30,55")
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
    return text
  }
}
