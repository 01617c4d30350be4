import GaugeModel
import GaugeSupport

extension Gauge {
  /// `markers`, `thresholdMarkers`, `neutral`, `wrap` and `delta`, each only when set, so a preset
  /// without them prints as it always has.
  func writeMarks(into json: inout JSONWriter) {
    if !markers.isEmpty {
      json.key("markers")
      json.beginArray()
      for marker in markers {
        json.beginObject(compact: true)
        json.key("value")
        json.exactNumber(marker.value)
        json.key("label")
        json.string(marker.label)
        json.endObject()
      }
      json.endArray()
    }
    if thresholdMarkers {
      json.key("thresholdMarkers")
      json.bool(true)
    }
    if let neutral {
      json.key("neutral")
      json.exactNumber(neutral)
    }
    if wrap {
      json.key("wrap")
      json.bool(true)
    }
    if increaseMeans != .neutral {
      json.key("delta")
      json.beginObject()
      json.key("increase")
      json.string(increaseMeans.rawValue)
      json.endObject()
    }
  }
}
