import Testing

@testable import GaugeKit
@testable import GaugeModel
@testable import GaugeRender

/// A static prepared renderer writes the ring's and the outline's sectors once, lit and
/// unlit (`PreparedMarkup`), and its images' scenes leave the rings out, saying only which
/// sectors are lit (`RingSlot`). These hold that path to the bytes of an image drawn from
/// scratch, and pin where it is taken and where not.
@Suite struct PreparedRingsTests {
  /// The scene made for a prepared still image and the whole one, for one value.
  private func scenes(_ gauge: Gauge, _ options: RenderOptions = RenderOptions(), value: Double?)
    throws -> (without: Scene, whole: Scene, slot: RingSlot?)
  {
    let scenes = try GaugeScenes(gauge: gauge, options: options, repeated: true)
    var leftOut = LeftOutParts()
    let without = scenes.scene(value: value, timeline: nil, leavingOut: .rings, leftOut: &leftOut)
    var nothing = LeftOutParts()
    let whole = scenes.scene(value: value, timeline: nil, leavingOut: [], leftOut: &nothing)
    #expect(nothing.rings == nil)
    return (without, whole, leftOut.rings)
  }

  /// A balance in −50…50 that fills from 0 towards the value (a progress fill).
  private static func balance() throws -> Gauge {
    var balance = try BuiltinPresets.gauge(named: "cpu")
    balance.min = -50
    balance.max = 50
    balance.zones = [
      Zone(label: "Low", color: Color(red: 0x2C, green: 0x6E, blue: 0xD1), upperBound: 0),
      Zone(label: "High", color: Color(red: 0xD1, green: 0x6E, blue: 0x2C), upperBound: 50),
    ]
    balance.neutral = 0
    return balance
  }

  private func rings(of scene: Scene) -> [SceneRing] {
    scene.items.compactMap { item in
      guard case .ring(let ring) = item else { return nil }
      return ring
    }
  }

  /// The stress gauge lights every visible sector (a zones fill: 55 of its 73, the rest
  /// hidden in the buffer around the gap) over an outline; without data none is lit and
  /// nothing is outlined. The scene keeps every other item, in order.
  @Test func aStillSceneLeavesOutItsRingsAndSaysWhichAreLit() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    for (value, slot) in [
      (42.0, RingSlot(litStart: 0, litCount: 55, outlined: true)),
      (-5, RingSlot(litStart: 0, litCount: 55, outlined: true)),
      (nil, RingSlot(litStart: 0, litCount: 0, outlined: false)),
    ] as [(Double?, RingSlot)] {
      let (without, whole, left) = try scenes(stress, value: value)
      #expect(left == slot, "\(String(describing: value))")
      #expect(rings(of: without).isEmpty)
      let drawn = rings(of: whole)
      #expect(drawn.map(\.isOutline) == (slot.outlined ? [true, false] : [false]))
      #expect(drawn.allSatisfy { $0.litStart == slot.litStart && $0.litCount == slot.litCount })
      // The rings were the first items; everything after them is the same.
      #expect(Array(whole.items.dropFirst(drawn.count)) == without.items)
    }
  }

  /// A fill from a neutral point lights a run that starts past the scale's start: the slot
  /// says where, as the ring would.
  @Test func aNeutralFillsRunIsTheRings() throws {
    let balance = try Self.balance()
    for value in [-20.0, 30] {
      let (without, whole, left) = try scenes(balance, value: value)
      let slot = try #require(left)
      let ring = try #require(rings(of: whole).first { !$0.isOutline })
      #expect(slot.litStart == ring.litStart && slot.litCount == ring.litCount)
      #expect(slot.litStart > 0 && slot.litCount < ring.count)
      #expect(rings(of: without).isEmpty)
    }
  }

  /// Rings this image recolours or merges, and animated ones, stay items: a progress-zone
  /// fill takes the value's zone's colour, arcs merge where the gaps close at a small size,
  /// and an animation times each sector.
  @Test func ringsNotTheRingsOwnStayItems() throws {
    let battery = try BuiltinPresets.gauge(named: "battery")
    #expect(try scenes(battery, value: 42).slot == nil)
    #expect(try rings(of: scenes(battery, value: 42).without).count >= 1)
    let stress = try BuiltinPresets.gauge(named: "stress")
    let tiny = RenderOptions(width: 24, height: 24)
    let merged = try scenes(stress, tiny, value: 42)
    #expect(merged.slot == nil)
    #expect(merged.without.items == merged.whole.items)
    var animated = RenderOptions()
    animated.animation = SVGAnimation(from: 0)
    let timed = try GaugeScenes(gauge: stress, options: animated, repeated: true)
    var leftOut = LeftOutParts()
    let scene = timed.scene(
      value: 42, timeline: try stress.timeline(to: 42, options: animated), leavingOut: .rings,
      leftOut: &leftOut)
    #expect(leftOut.rings == nil)
    #expect(rings(of: scene).count == 2)
  }

  /// Every built-in preset (zones, progress and progress-zone fills), a neutral fill, a
  /// second lap, both themes, a page of the viewer's scheme, a transparent page and a small
  /// size, at values across the domain, off it and without data: the prepared images are
  /// the ones drawn from scratch.
  @Test func everyFillAndStateMatchesTheOneShotImage() throws {
    var gauges = try BuiltinPresets.names.map { (try BuiltinPresets.gauge(named: $0), $0) }
    let balance = try Self.balance()
    gauges.append((balance, "balance"))
    var laps = try BuiltinPresets.gauge(named: "cpu")
    laps.wrap = true
    gauges.append((laps, "laps"))
    for (gauge, name) in gauges {
      let span = gauge.max - gauge.min
      let values: [Double?] =
        [nil, gauge.min - span * 0.1] + [0, 0.02, 0.5, 0.98, 1, 1.5].map { gauge.min + span * $0 }
      for options in [
        RenderOptions(), RenderOptions(width: 64, height: 64),
        RenderOptions(theme: .dark), RenderOptions(theme: .auto),
        RenderOptions(background: .none),
      ] {
        let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
        for value in values {
          #expect(
            try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options),
            "\(name) \(options.width) \(options.theme) \(String(describing: value))")
        }
      }
    }
  }
}
