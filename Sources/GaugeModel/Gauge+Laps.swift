import GaugeSupport

/// Where a value sits on the ring: its state, its progress along the arc and its lap.
package struct GaugeReading: Sendable, Hashable {
  /// `normal` in the domain, and for a value past `max` that a wrapping gauge carries into
  /// another lap; `below` or `above` when pegged; `noData` without a finite value.
  package var state: GaugeState
  /// The value as given; `nil` without data.
  package var value: Double?
  /// Progress along the arc within the value's lap, 0...1; `nil` without data.
  package var progress: Double?
  /// 1 for the first time round the arc, 2 for the second, and so on.
  package var lap = 1
}

extension Gauge {
  /// The highest lap drawn: a value further past `max` is drawn at the end of this lap (its
  /// readout still says what it is).
  package static let maximumLap = 1000

  /// Whether a value past `max` goes round again: `wrap` with a progress fill.
  package var wraps: Bool { wrap && fill != .zones }

  /// Where `value` sits: as `state(of:)`, except that a wrapping gauge carries a value past
  /// `max` into lap ⌈(value − min)/(max − min)⌉ at the progress left over, so `max` itself
  /// ends lap 1 and twice the span ends lap 2.
  ///
  /// Edge cases:
  /// - Below `min` the value is pegged as always; past lap `maximumLap` it ends that lap.
  /// - NaN and infinities give `noData`.
  package func reading(of value: Double?) -> GaugeReading {
    let (state, value, progress) = self.state(of: value)
    guard wraps, state == .above, let value else {
      return GaugeReading(state: state, value: value, progress: progress)
    }
    let laps = ((value - min) / (max - min)).rounded(.up)
    guard laps.isFinite else {
      return GaugeReading(state: .normal, value: value, progress: 1, lap: Gauge.maximumLap)
    }
    let lap = Int(Swift.min(laps, Double(Gauge.maximumLap)))
    let within = (value - min) / (max - min) - Double(lap - 1)
    return GaugeReading(
      state: .normal, value: value, progress: Swift.min(1, Swift.max(0, within)), lap: lap)
  }

  /// The pointer's bearing for a reading, in degrees, not normalised: each lap past the
  /// first adds a whole turn, so an animation through laps keeps turning forward.
  package func pointerBearing(_ reading: GaugeReading, in sectorLayout: SectorLayout) -> Double? {
    reading.progress.map {
      sectorLayout.angle(atProgress: $0) + 360 * Double(reading.lap - 1)
    }
  }

  /// `wrap` needs a progress fill from `min`: a lap has nowhere to go with every sector lit,
  /// and starts at `min`, not at a neutral point.
  func checkWrap(_ list: inout ProblemList) {
    guard wrap else { return }
    if fill == .zones {
      list.add(
        "wrap",
        "needs a progress fill (\"fill\": \"progress\" or \"progress-zone\"); the fill is "
          + "\"zones\", which lights every sector")
    } else if neutral != nil {
      list.add("wrap", "cannot be used with \"neutral\": every lap starts at min")
    }
  }
}
