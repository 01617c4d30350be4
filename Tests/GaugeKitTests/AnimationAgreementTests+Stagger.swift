import Foundation
import GaugeKit
@_spi(Service) import GaugeModel
import GaugeRaster
import Testing

@testable import GaugeRender

/// `animation.stagger` (issue 26): without a value to sweep to, an animated ring appears
/// sector by sector from the arc's start, `stagger` seconds apart, the same in the SVG, the
/// APNG's frames and the terminal; with a value the sectors follow the pointer instead.
extension AnimationAgreementTests {
  @Test(arguments: [0.012, 0.03])
  func withoutAValueTheRingAppearsSectorBySector(_ stagger: Double) throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.animation.stagger = stagger
    let options = RenderOptions(width: 200, height: 200, animation: SVGAnimation())
    let scene = try gauge.scene(value: nil, options: options)
    let timeline = try #require(scene.timeline)
    #expect(timeline.ringAppears)
    let ring = try #require(Self.rings(scene).first)
    // The model's duration: the sweep's, or until the last sector has appeared.
    #expect(
      timeline.duration == Swift.max(gauge.animation.duration, Double(ring.count - 1) * stagger))
    #expect(timeline.duration == (try gauge.animationDuration(to: nil)))

    // The SVG: every sector fades in from nothing ("o") at its index times the stagger.
    let svg = String(decoding: try gauge.svgBytes(value: nil, options: options), as: UTF8.self)
    let delays = svg.split(separator: "\n").filter { $0.hasPrefix("<path class=\"o\"") }.map {
      line -> Int in
      let rest = line[line.range(of: "animation-delay:")!.upperBound...]
      return Int(rest.prefix { $0.isNumber })!
    }
    #expect(delays == (0..<ring.count).map { Int((Double($0) * stagger * 1000).rounded()) })

    // The APNG's moments and the terminal's frames at the same times.
    let png = try PNGSceneRenderer(scene: scene, scale: 1)
    let steps = try png.frameSteps(for: timeline.duration)
    let terminal = try Self.asciiTerminal(gauge)
    let terminalTimeline = try GaugeTimeline(gauge: gauge, to: nil)
    var shownCounts: [Int] = []
    var inkCounts: [Int] = []
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      let moment = try #require(Self.rings(scene.moment(at: time)).first)
      let shown = Swift.min(moment.shownCount, ring.count)
      // Exactly the sectors the SVG has at least half faded in; the last frame is the
      // still picture, which the SVG reaches as its last sectors' fades end.
      if index < steps {
        #expect(
          shown == delays.count { Double($0) / 1000 + timeline.sectorFade / 2 <= time },
          "at \(time) s")
      }
      shownCounts.append(shown)
      let plain = terminal.frame(value: nil, timeline: terminalTimeline, at: time).plain()
      inkCounts.append(plain.count { $0 != " " && $0 != "\n" })
    }
    #expect(shownCounts.first == 0 && shownCounts.last == ring.count)
    #expect(zip(shownCounts, shownCounts.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(Set(shownCounts).count > 10)
    // The terminal's ring grows the same way: more cells drawn as time goes on.
    #expect(zip(inkCounts, inkCounts.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(inkCounts.first! < inkCounts.last!)
    #expect(Set(inkCounts).count > 5)

    // With a value, the sectors follow the pointer: the stagger plays no part.
    let swept = try #require(try gauge.scene(value: 42, options: options).timeline)
    #expect(!swept.ringAppears)
  }
}
