import GaugeGeometry
import GaugeSupport

/// One moment of a gauge animation.
package struct GaugeMoment: Sendable, Hashable {
  /// Seconds since the animation started.
  package var time: Double
  /// The value the pointer and readout show; `nil` for no data.
  package var value: Double?
  /// The pointer's progress along the arc, clamped to 0...1; `nil` without a pointer.
  package var progress: Double?
  /// The pointer's bearing in degrees (not normalised); `nil` without a pointer.
  package var pointerAngle: Double?
  /// The readout at this moment, rounded like the final one.
  package var readout: String
  /// How many visible sectors have appeared, from the arc's start.
  package var appearedSectors: Int
}

/// A gauge animation as pure functions of time: the pointer sweeps from one value to another
/// along the easing curve, the readout counts in step with it, and the sectors appear one by
/// one. Renderers only sample it; nothing here reads a clock.
package struct GaugeTimeline: Sendable, Hashable {
  package let gauge: Gauge
  package let sectorLayout: SectorLayout
  /// Where the pointer starts and where it ends; `nil` target means no data.
  package let from: Double
  package let to: Double?
  package let options: AnimationOptions
  /// Whether the sectors appear one by one (a first draw) or are there from the start.
  package let revealsSectors: Bool

  /// - Parameters:
  ///   - from: where the sweep starts; `nil` (or non-finite) starts at the domain's min.
  ///   - to: the final value; `nil` or non-finite animates to the no-data state.
  ///   - revealsSectors: false when the gauge is already on screen (a live update).
  /// - Throws: `GaugeError.invalidGauge` when the gauge breaks a rule.
  package init(
    gauge: Gauge, from: Double? = nil, to: Double?, options: AnimationOptions? = nil,
    revealsSectors: Bool = true
  ) throws(GaugeError) {
    try gauge.validate()
    guard
      let sectorLayout = SectorLayout(
        sectorCount: gauge.ring.sectorCount, bufferAngle: gauge.ring.bufferAngle,
        gapCenter: gauge.ring.gapCenter)
    else { throw .invalidGauge([Diagnostic(path: "ring", message: "leaves no visible sector")]) }
    let options = options ?? gauge.animation
    try RenderLimits.checkDuration(options.duration)
    guard options.stagger.isFinite, (0...1).contains(options.stagger) else {
      throw .invalidOption(
        "stagger \(FixedDecimal.plain(options.stagger)) is out of range; allowed: 0...1 seconds")
    }
    self.gauge = gauge
    self.sectorLayout = sectorLayout
    self.from = from.flatMap { $0.isFinite ? $0 : nil } ?? gauge.min
    self.to = to.flatMap { $0.isFinite ? $0 : nil }
    self.options = options
    self.revealsSectors = revealsSectors
  }

  /// The pointer's tween in value space (so an off-scale target keeps counting while the
  /// pointer waits at the end of the arc).
  package var tween: Tween {
    Tween(from: from, to: to ?? from, duration: options.duration, easing: options.easing)
  }

  /// When sector `i` (visible index) appears, in seconds.
  package func appearance(ofSector i: Int) -> Double {
    revealsSectors ? Double(i) * options.stagger : 0
  }

  /// Seconds until the last thing moves.
  package var duration: Double {
    Swift.max(options.duration, appearance(ofSector: sectorLayout.visibleCount - 1))
  }

  /// The frame at `time` seconds (clamped to 0...duration).
  package func frame(at time: Double) -> GaugeMoment {
    let t = time.isNaN ? 0 : Swift.min(Swift.max(time, 0), duration)
    let appeared: Int
    if !revealsSectors || options.stagger == 0 {
      appeared = sectorLayout.visibleCount
    } else {
      // Clamp before converting: a tiny stagger makes the quotient too large for an Int.
      let count = Swift.min(
        Double(sectorLayout.visibleCount), (t / options.stagger).rounded(.down) + 1)
      appeared = Int(count)
    }
    guard to != nil else {
      return GaugeMoment(
        time: t, value: nil, progress: nil, pointerAngle: nil,
        readout: gauge.readout.placeholder, appearedSectors: appeared)
    }
    let value = tween.value(at: t)
    let reading = gauge.reading(of: value)
    return GaugeMoment(
      time: t, value: value, progress: reading.progress ?? 0,
      pointerAngle: gauge.pointerBearing(reading, in: sectorLayout)
        ?? sectorLayout.angle(atProgress: 0),
      readout: gauge.readout.numberText(for: value), appearedSectors: appeared)
  }
}

extension GaugeTimeline {
  /// Samples per second of animation for the pointer's keyframes and the readout's frames.
  package static let samplesPerSecond = 60.0
  package static let maximumSamples = 180

  /// Sample times from 0 to the sweep's end, both included.
  package func sampleTimes() -> [Double] {
    let duration = options.duration
    guard duration > 0 else { return [0] }
    let count = Swift.min(
      GaugeTimeline.maximumSamples,
      Swift.max(2, Int((duration * GaugeTimeline.samplesPerSecond).rounded(.up))))
    return (0...count).map { duration * Double($0) / Double(count) }
  }

  /// The readout's text over time: each distinct text and when it first shows.
  package func readoutFrames() -> [(text: String, start: Double)] {
    var frames: [(text: String, start: Double)] = []
    for time in sampleTimes() {
      let text = frame(at: time).readout
      if frames.last?.text != text { frames.append((text, time)) }
    }
    return frames
  }
}

extension Gauge {
  /// How long an animation of this gauge from `from` (the domain's start when nil) to `to`
  /// runs, in seconds: the sweep, the count and the sectors' stagger together, as every
  /// backend draws it.
  ///
  /// - Throws: `GaugeError.invalidGauge` when the gauge breaks a rule.
  @_spi(Service)
  public func animationDuration(from: Double? = nil, to: Double?) throws(GaugeError) -> Double {
    try GaugeTimeline(gauge: self, from: from, to: to).duration
  }
}
