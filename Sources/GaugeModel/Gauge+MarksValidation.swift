import GaugeGeometry
import GaugeSupport

extension Gauge {
  /// The most markers a gauge may have.
  public static let maximumMarkerCount = 20

  /// The rules for markers and the neutral point, each at its preset key. A marker outside
  /// the domain is allowed (it is drawn pegged); a neutral point outside it is not, since a
  /// fill from there would have no start on the ring.
  func checkMarks(_ list: inout ProblemList) {
    if markers.count > Gauge.maximumMarkerCount {
      list.add(
        "markers", "has \(markers.count) markers; at most \(Gauge.maximumMarkerCount) allowed")
    } else {
      for (index, marker) in markers.enumerated() {
        if !marker.value.isFinite {
          list.add(
            "markers[\(index)].value", "\(FixedDecimal.plain(marker.value)) is not a finite number")
        }
        list.checkText("markers[\(index)].label", marker.label)
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
