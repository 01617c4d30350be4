import GaugeKit
@_spi(Service) import GaugeSupport

/// Reads the answer to an instant query of Prometheus's HTTP API (`/api/v1/query`):
/// `{"status": "success", "data": {"resultType": "vector", "result": [...]}}`, or
/// `{"status": "error", "errorType": ..., "error": ...}`.
enum PrometheusAnswer {
  /// The one value the answer holds (`nil` for NaN).
  ///
  /// Edge cases:
  /// - An error answer fails with Prometheus's own words: "bad_data: 1:5: parse error: …".
  /// - No series fails ("no series"); several fail with a request to aggregate them.
  /// - A scalar answer is its value; a range vector or a string fails.
  static func value(status: Int, body: [UInt8]) throws(SourceFault) -> Double? {
    guard let root = try? JSONParser.parse(body), case .object(let members) = root.value else {
      throw SourceFault(
        status == 200
          ? "the answer is not Prometheus's JSON; is this a Prometheus server?"
          : "HTTP \(status); is this a Prometheus server?")
    }
    func member(_ key: String, of list: [JSONMember]) -> JSONValue? {
      list.last { $0.key == key }?.value.value
    }
    if case .string(let outcome)? = member("status", of: members), outcome == "error" {
      var text = ""
      if case .string(let kind)? = member("errorType", of: members) { text = kind + ": " }
      if case .string(let error)? = member("error", of: members) { text += error }
      throw SourceFault(TerminalSafe.escaped(text.isEmpty ? "HTTP \(status)" : text))
    }
    guard case .object(let data)? = member("data", of: members),
      case .string(let type)? = member("resultType", of: data),
      let result = member("result", of: data)
    else {
      throw SourceFault("the answer has no data; is this a Prometheus server?")
    }
    switch (type, result) {
    case ("vector", .array(let series)):
      guard series.count == 1, case .object(let sample) = series[0].value,
        case .array(let pair)? = member("value", of: sample)
      else {
        if series.isEmpty { throw SourceFault("the query returned no series") }
        throw SourceFault(
          "the query returned \(series.count) series; aggregate them to one, such as with "
            + "sum(…), avg(…) or max(…)")
      }
      return try sampleValue(pair)
    case ("scalar", .array(let pair)):
      return try sampleValue(pair)
    case ("matrix", _):
      throw SourceFault(
        "the query returned a range vector; ask for an instant vector (rate(…[1m]), not …[1m])")
    default:
      throw SourceFault("the query returned a \(TerminalSafe.escaped(type)), not a number")
    }
  }

  /// `[1700000000.123, "0.25"]`: the value, written as a string and read as a gauge's value
  /// (`GaugeValueText`): "NaN" and "+Inf" are no data.
  private static func sampleValue(_ pair: [JSONNode]) throws(SourceFault) -> Double? {
    guard pair.count == 2, case .string(let text) = pair[1].value else {
      throw SourceFault("the answer's sample is not [time, \"value\"]")
    }
    do {
      return try GaugeValueText.read(text)
    } catch {
      throw SourceFault(
        "the answer's sample: " + error.message(quoted: TerminalSafe.quote(text)))
    }
  }
}
