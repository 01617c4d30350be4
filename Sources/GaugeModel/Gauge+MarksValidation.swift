import GaugeGeometry
import GaugeSupport

extension Gauge {
  /// The most markers a gauge may have.
  public static let maximumMarkerCount = 20

  /// Why a marker's label may not be empty, as every reader of markers says it: the label is
  /// what the accessible text names the marker by, and a bar with no name would be read out
  /// as a bare number.
  package static let markerLabelRule = "every marker needs a label"

  /// The rules for markers and the neutral point, each at its preset key. A marker outside
  /// the domain is allowed (it is drawn pegged); a neutral point outside it is not, since a
  /// fill from there would have no start on the ring. A marker's label may not be empty or
  /// blank (`markerLabelRule`, `GaugeMarker.isBlank`).
  func checkMarks(_ list: inout ProblemList) {
    if markers.count > Gauge.maximumMarkerCount {
      list.add(
        "markers", "has \(markers.count) markers; at most \(Gauge.maximumMarkerCount) allowed")
    } else {
      for (index, marker) in markers.enumerated() {
        marker.check(at: "markers[\(index)]", &list)
      }
    }
    if let neutral {
      if !neutral.isFinite {
        list.add("neutral", "\(FixedDecimal.plain(neutral)) is not a finite number")
      } else if min.isFinite, max.isFinite, min < max, !(min...max).contains(neutral) {
        list.add(
          "neutral",
          "\(FixedDecimal.plain(neutral)) is outside the domain; allowed: "
            + "\(FixedDecimal.plain(min))...\(FixedDecimal.plain(max))")
      }
    }
  }
}

extension GaugeMarker {
  /// The rules for one marker, wherever it is read (a preset's `markers`, a batch line's),
  /// each problem at `path` and its key (`markers[0].value`): a finite value, and a label of
  /// 1 to `Gauge.maximumTextLength` characters, not all of them blank
  /// (`Gauge.markerLabelRule`).
  package func check(at path: String, _ list: inout ProblemList) {
    if !value.isFinite {
      list.add(path + ".value", "\(FixedDecimal.plain(value)) is not a finite number")
    }
    if label.isEmpty {
      list.add(path + ".label", "is empty; \(Gauge.markerLabelRule), such as \"Goal\"")
    } else if GaugeMarker.isBlank(label) {
      list.add(
        path + ".label",
        "is only spaces or invisible characters; \(Gauge.markerLabelRule), such as \"Goal\"")
    }
    list.checkText(path + ".label", label)
  }
}
