import Testing

@testable import GaugeKit

@Suite struct TimelineTests {
  @Test(arguments: Easing.allCases)
  func easingsStartAtZeroAndEndAtOne(easing: Easing) {
    #expect(easing(0) == 0)
    #expect(easing(1) == 1)
    #expect(easing(-3) == 0)
    #expect(easing(7) == 1)
    #expect(easing(.nan) == 0)
  }

  @Test func easingShapes() {
    #expect(Easing.linear(0.25) == 0.25)
    #expect(Easing.easeIn(0.5) == 0.125)
    #expect(Easing.easeOut(0.5) == 0.875)
    #expect(Easing.easeInOut(0.25) == 0.0625)
    #expect(Easing.easeInOut(0.75) == 0.9375)
    // The overshoot peaks about 10% past the target.
    let peak = (1...99).map { Easing.backOut(Double($0) / 100) }.max() ?? 0
    #expect(peak > 1.09 && peak < 1.11)
  }

  @Test func readoutCountsInStepWithThePointer() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let timeline = try GaugeTimeline(
      gauge: gauge, from: 0, to: 42,
      options: AnimationOptions(duration: 1, easing: .easeOut, stagger: 0.01))
    #expect(timeline.duration == 1)
    let start = timeline.frame(at: 0)
    #expect(start.readout == "0")
    #expect(start.pointerAngle == timeline.sectorLayout.arcStart)
    #expect(start.appearedSectors == 1)
    let middle = timeline.frame(at: 0.5)
    // easeOut(0.5) = 0.875: 36.75 shows as 37, and the pointer is at 36.75% of the arc.
    #expect(middle.readout == "37")
    #expect(middle.progress == 0.3675)
    #expect(middle.appearedSectors == 51)
    let end = timeline.frame(at: 1)
    #expect(end.readout == "42")
    #expect(end.value == 42)
    #expect(end.pointerAngle == (try gauge.layout(value: 42)).pointerAngle)
    #expect(end.appearedSectors == 55)
    #expect(timeline.frame(at: 99) == end)
  }

  @Test func offScaleTargetKeepsCountingWhileThePointerWaits() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let timeline = try GaugeTimeline(
      gauge: gauge, from: 50, to: 150,
      options: AnimationOptions(duration: 1, easing: .linear, stagger: 0))
    let frame = timeline.frame(at: 0.75)
    #expect(frame.readout == "125")
    #expect(frame.progress == 1)
    #expect(frame.appearedSectors == 55)
  }

  @Test func noDataTargetShowsThePlaceholder() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let frame = try GaugeTimeline(gauge: gauge, to: .nan).frame(at: 0.3)
    #expect(frame.readout == "—")
    #expect(frame.pointerAngle == nil)
  }

  @Test func rejectsBadDurations() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    #expect(
      throws: GaugeError.invalidOption("duration -1 is out of range; allowed: 0...60 seconds")
    ) {
      try GaugeTimeline(gauge: gauge, to: 1, options: AnimationOptions(duration: -1))
    }
    #expect(throws: GaugeError.self) {
      try GaugeTimeline(gauge: gauge, to: 1, options: AnimationOptions(duration: .nan))
    }
  }
}

@Suite struct TimelineEdgeTests {
  @Test func aTinyStaggerDoesNotOverflow() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let timeline = try GaugeTimeline(
      gauge: gauge, from: 0, to: 42,
      options: AnimationOptions(duration: 60, easing: .linear, stagger: 1e-300))
    #expect(timeline.frame(at: 30).appearedSectors == 55)
    #expect(timeline.frame(at: 0).appearedSectors == 1)
  }
}
