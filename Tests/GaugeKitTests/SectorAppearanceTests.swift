import GaugeKit
import Testing

/// In an animated image each sector turns from the track to its zone as the pointer passes
/// it (half way through its fade as the pointer passes its middle, the fade never starting
/// before the pointer reaches the sector, shortened where it passes fast); what lies behind where
/// the pointer starts is there from the first frame (a negative delay), and what it never
/// reaches (past the value) fades in as the sweep ends.
@Suite struct SectorAppearanceTests {
  @Test func sectorsAppearAsThePointerPassesThem() throws {
    let gauge = try BuiltinPresets.gauge(named: "cpu")
    let scene = try gauge.scene(
      value: 50, options: RenderOptions(animation: SVGAnimation(from: 0, duration: 1)))
    let timeline = try #require(scene.timeline)
    let appearances = try #require(timeline.sectorAppearances)
    let sweep = try #require(timeline.pointerSweep)
    guard
      case .ring(let ring)? = scene.items.first(where: {
        if case .ring(let ring) = $0 { !ring.isOutline } else { false }
      })
    else {
      Issue.record("no ring")
      return
    }
    #expect(timeline.duration == 1)
    #expect(appearances.count == ring.count)
    for index in 0..<ring.count {
      let middle = ring.boundary(index) + ring.step / 2
      if middle <= sweep.finalAngle {
        // Passed: half through its fade as the pointer passes the middle, in order, and
        // never started before the pointer reaches the sector's start edge.
        let passing = GaugeScenes.passing(middle, keyframes: sweep.keyframes)
        #expect(passing > 0 && passing <= 1)
        let fade = timeline.sectorFades?[index] ?? timeline.sectorFade
        #expect(fade > 0 && fade <= timeline.sectorFade)
        let centred = ((passing - timeline.sectorFade / 2) * 1000).rounded() / 1000
        let entering =
          index == 0 ? 0 : GaugeScenes.passing(ring.boundary(index), keyframes: sweep.keyframes)
        #expect(appearances[index] >= entering)
        if centred >= entering + 0.001 {
          #expect(appearances[index] == centred && fade == timeline.sectorFade)
        } else {
          // A fast part of the sweep: from the tip's entering, half done at the middle.
          #expect(appearances[index] <= entering + 0.001)
          #expect(abs(appearances[index] + fade / 2 - passing) <= 0.001 + 1e-9)
        }
        if index > 0 { #expect(appearances[index] >= appearances[index - 1]) }
      } else {
        // Past the value: fading in over the sweep's last `sectorFade` seconds.
        #expect(appearances[index] == timeline.duration - timeline.sectorFade)
      }
    }
    // From 50 the first half of the scale is there from the first frame, already faded in.
    let fromMiddle = try #require(
      try gauge.scene(
        value: 80, options: RenderOptions(animation: SVGAnimation(from: 50, duration: 1))
      ).timeline?.sectorAppearances)
    #expect(fromMiddle[0] == -timeline.sectorFade)
    #expect(fromMiddle[ring.count / 2 - 1] == -timeline.sectorFade)
    #expect(fromMiddle[ring.count / 2 + 1] >= 0)
    // The pointer reaches the middle of the scale's first sector within its first keyframes.
    #expect(appearances[0] < appearances[ring.count / 4])
  }

  @Test func passingInterpolatesBetweenKeyframes() {
    let keyframes = [
      PointerSweep.Keyframe(time: 0, angle: 10), PointerSweep.Keyframe(time: 0.5, angle: 20),
      PointerSweep.Keyframe(time: 1, angle: 40),
    ]
    #expect(GaugeScenes.passing(15, keyframes: keyframes) == 0.25)
    #expect(GaugeScenes.passing(30, keyframes: keyframes) == 0.75)
    #expect(GaugeScenes.passing(50, keyframes: keyframes) == 0)
    #expect(GaugeScenes.passing(5, keyframes: keyframes) == 0)
    #expect(GaugeScenes.firstPassing(50, keyframes: keyframes) == nil)
    #expect(GaugeScenes.firstPassing(30, keyframes: keyframes) == 0.75)
  }
}
