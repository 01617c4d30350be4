import GaugeGeometry
import GaugeModel
import GaugeSupport

/// A scene's times: when each sector appears and fades, and how the pointer turns, sampled
/// from the gauge's timeline.
extension GaugeScenes {
  /// The times of the scene of `layout`, animated along `timeline`, for `ring`'s sectors.
  func sceneTimeline(_ timeline: GaugeTimeline, layout: GaugeLayout, ring: SceneRing)
    -> SceneTimeline
  {
    let duration = timeline.options.duration
    let sweep = Self.pointerSweep(timeline, layout: layout)
    // The coloured arc grows from the scale's start with the pointer's tip, over the empty
    // track: what lies behind where the pointer starts is there from the first frame, each
    // sector ahead of it turns to its zone's colour as the pointer passes its middle (half
    // way through its fade then, so it neither lags nor leads the pointer), and those it
    // never reaches (past the value) fade in together as the sweep ends, so nothing shows
    // ahead of the pointer and no grey wake follows it. A fade never starts before the tip
    // reaches the sector's start edge: where the pointer crosses the sector's first half in
    // less than half a fade (a fast sweep), the fade is twice that crossing, still half done
    // at the middle. Without a sweep there is nothing to follow, so the ring is simply there.
    let fade = SceneTimeline.sectorFade
    let timing = sweep.flatMap { sweep -> [(start: Double, fade: Double)]? in
      guard timeline.revealsSectors else { return nil }
      let first = sweep.keyframes.first?.angle ?? sweep.finalAngle
      // The CSS writes keyframe times as a percentage to two places: the pointer it turns
      // may pass a bearing up to 0.005% of the duration later than the keyframes say.
      let slack = duration * 0.000_05
      return (0..<ring.count).map { index in
        let edge = ring.boundary(index)
        let middle = edge + ring.step / 2
        if middle <= first {
          // Faded in already when the animation starts (a negative delay).
          return (-fade, fade)
        }
        guard let passing = Self.exactPassing(middle, keyframes: sweep.keyframes) else {
          return (Swift.max(0, ((duration - fade) * 1000).rounded() / 1000), fade)
        }
        let entering =
          edge <= first ? 0 : Self.exactPassing(edge, keyframes: sweep.keyframes) ?? passing
        let centred = ((passing - fade / 2) * 1000).rounded() / 1000
        if centred >= entering + slack { return (centred, fade) }
        // A fast sweep: from the tip's entering, in whole milliseconds rounded up (never
        // before it), to as far past the middle as the middle is past the start.
        let start = ((entering + slack) * 1000).rounded(.up) / 1000
        let middleTime = (passing * 1000).rounded() / 1000
        let length = Swift.min(fade, Swift.max(0.002, 2 * (middleTime - start)))
        return (start, (length * 1000).rounded() / 1000)
      }
    }
    let appearances = timing?.map(\.start)
    var times = SceneTimeline(
      duration: sweep == nil ? timeline.duration : duration, sectorAppearances: appearances,
      pointerSweep: sweep)
    if let timing, timing.contains(where: { $0.fade != fade }) {
      times.sectorFades = timing.map(\.fade)
    }
    if sweep == nil, layout.state == .noData, timeline.revealsSectors,
      timeline.options.stagger > 0
    {
      // No value to sweep to: the ring appears sector by sector from the arc's start,
      // `stagger` apart, over the time the model gives such an animation.
      times.sectorAppearances = (0..<ring.count).map {
        (Double($0) * timeline.options.stagger * 1000).rounded() / 1000
      }
      times.ringAppears = true
    }
    return times
  }

  /// How the pointer of `layout` turns along `timeline`: its bearing at each sample time;
  /// `nil` without a pointer (no data) or without a sweep (a duration of 0).
  package static func pointerSweep(_ timeline: GaugeTimeline, layout: GaugeLayout)
    -> PointerSweep?
  {
    let duration = timeline.options.duration
    guard layout.pointer != nil, let finalAngle = layout.pointerAngle, duration > 0 else {
      return nil
    }
    let keyframes = timeline.sampleTimes().map { time in
      PointerSweep.Keyframe(time: time, angle: timeline.frame(at: time).pointerAngle ?? finalAngle)
    }
    return PointerSweep(
      center: layout.center, finalAngle: finalAngle, duration: duration, keyframes: keyframes)
  }

  /// When the pointer's axis first reaches `bearing`, in whole milliseconds, interpolated
  /// between keyframes; 0 when it never does.
  package static func passing(_ bearing: Double, keyframes: [PointerSweep.Keyframe]) -> Double {
    firstPassing(bearing, keyframes: keyframes) ?? 0
  }

  /// When the pointer's axis first reaches `bearing`, in whole milliseconds, interpolated
  /// between keyframes; `nil` when it never does.
  package static func firstPassing(_ bearing: Double, keyframes: [PointerSweep.Keyframe])
    -> Double?
  {
    exactPassing(bearing, keyframes: keyframes).map { ($0 * 1000).rounded() / 1000 }
  }

  /// `firstPassing` in seconds, not rounded.
  static func exactPassing(_ bearing: Double, keyframes: [PointerSweep.Keyframe]) -> Double? {
    for (earlier, later) in zip(keyframes, keyframes.dropFirst()) {
      let low = Swift.min(earlier.angle, later.angle)
      let high = Swift.max(earlier.angle, later.angle)
      guard low < high, (low...high).contains(bearing) else { continue }
      let share = (bearing - earlier.angle) / (later.angle - earlier.angle)
      return earlier.time + share * (later.time - earlier.time)
    }
    return nil
  }
}
