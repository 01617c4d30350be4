import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugePresets
import GaugeSupport

/// The animated parts of an SVG: CSS keyframes sampled from the timeline, no script.
///
/// Every animated element's own style is its final state, and the animations only run from
/// the start state into it. So viewers that ignore CSS animations, and viewers that ask for
/// reduced motion (where the animations are switched off), show the final picture.
extension SVGRenderer {
  /// Samples per second of animation for the pointer's keyframes and the readout's frames.
  package static let samplesPerSecond = 60.0
  package static let maximumSamples = 180

  /// Sample times from 0 to the sweep's end, both included.
  package func sampleTimes(_ timeline: GaugeTimeline) -> [Double] {
    let duration = timeline.options.duration
    guard duration > 0 else { return [0] }
    let count = Swift.min(
      SVGRenderer.maximumSamples,
      Swift.max(2, Int((duration * SVGRenderer.samplesPerSecond).rounded(.up))))
    return (0...count).map { duration * Double($0) / Double(count) }
  }

  /// The readout's text over time: each distinct text and when it first shows.
  package func readoutFrames(_ timeline: GaugeTimeline) -> [(text: String, start: Double)] {
    var frames: [(text: String, start: Double)] = []
    for time in sampleTimes(timeline) {
      let text = timeline.frame(at: time).readout
      if frames.last?.text != text { frames.append((text, time)) }
    }
    return frames
  }

  package mutating func animationRules(_ timeline: GaugeTimeline) {
    if timeline.revealsSectors {
      // Each sector fades in at its own delay (set on the element).
      out.selector("s")
      out.raw("{animation:")
      out.scope()
      out.raw("-a 200ms linear backwards}@keyframes ")
      out.scope()
      out.raw("-a{from{opacity:0}}")
    }
    if layout.pointer != nil, let finalAngle = layout.pointerAngle, timeline.options.duration > 0 {
      out.selector("n")
      out.raw("{transform-box:view-box;transform-origin:")
      out.number(layout.center.x)
      out.raw("px ")
      out.number(layout.center.y)
      out.raw("px;animation:")
      out.scope()
      out.raw("-p ")
      out.milliseconds(timeline.options.duration)
      out.raw(" linear both}@keyframes ")
      out.scope()
      out.raw("-p{")
      let times = sampleTimes(timeline)
      for time in times {
        let angle = timeline.frame(at: time).pointerAngle ?? finalAngle
        out.decimal(time / timeline.options.duration * 100, places: 2)
        out.raw("%{transform:rotate(")
        out.decimal(angle - finalAngle, places: 2)
        out.raw("deg)}")
      }
      out.raw("}")
    }
    // Readout frames: each is hidden but shown during its own window; the final one is
    // hidden until its time comes.
    out.selector("f")
    out.raw("{visibility:hidden;animation:")
    out.scope()
    out.raw("-v step-end}@keyframes ")
    out.scope()
    out.raw("-v{from,to{visibility:visible}}")
    out.hiddenUntilDurationRule()
    out.reducedMotionRule()
  }
}
