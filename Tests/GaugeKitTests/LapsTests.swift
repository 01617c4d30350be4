import Foundation
import GaugeRaster
import GaugeTestSupport
import Testing

@testable import GaugeKit
@testable import GaugeRender

/// `"wrap": true` (issue #25): a progress fill carries a value past the maximum into a
/// second lap and more, its end rounded with a shadow ahead of it, as Apple's Activity rings
/// do; in the model, the scene, the SVG, the PNG, the terminal and the accessible name.
@Suite struct LapsTests {
  static let move = """
    {"title": "Move", "min": 0, "max": 100, "fill": "progress", "wrap": true,
     "readout": {"suffix": " %"},
     "ring": {"buffer": 0, "gapCenter": 0, "sectors": 100, "innerRadius": 0.72},
     "zones": [{"label": "Moving", "color": "#FA114F", "upTo": 100}]}
    """

  static func gauge(_ json: String = move) throws -> Gauge { try Gauge(presetJSON: json) }

  static func lapEnd(_ scene: Scene) -> [SceneSector] {
    scene.items.compactMap { item -> SceneSector? in
      guard case .sector(let sector) = item, sector.mark == .lap || sector.mark == .lapShadow
      else { return nil }
      return sector
    }
  }

  @Test func thePresetDecodesAndEncodesWrap() throws {
    let gauge = try Self.gauge()
    #expect(gauge.wrap)
    #expect(gauge.presetJSON().hasSuffix("\n  \"wrap\": true\n}\n"))
    #expect(try Gauge(presetJSON: gauge.presetJSON()) == gauge)
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(!stress.wrap)
    #expect(!stress.presetJSON().contains("wrap"))
  }

  @Test(arguments: [
    (130.0, GaugeState.normal, 0.3, 2), (100, .normal, 1, 1), (200, .normal, 1, 2),
    (250, .normal, 0.5, 3), (30, .normal, 0.3, 1), (-10, .below, 0, 1),
    (1e300, .normal, 1, Gauge.maximumLap),
  ])
  func aValuePastTheMaximumGoesRoundAgain(
    value: Double, state: GaugeState, progress: Double, lap: Int
  ) throws {
    let layout = try Self.gauge().layout(value: value)
    #expect(layout.state == state)
    #expect(layout.lap == lap)
    #expect(abs((layout.progress ?? -1) - progress) < 1e-12)
    #expect(layout.value == value)
  }

  @Test func withoutWrapAValuePastTheMaximumIsPegged() throws {
    var gauge = try Self.gauge()
    gauge.wrap = false
    let layout = try gauge.layout(value: 130)
    #expect(layout.state == .above)
    #expect(layout.lap == 1)
    #expect(layout.progress == 1)
    #expect(Self.lapEnd(try gauge.scene(value: 130)).isEmpty)
  }

  @Test func eachLapAddsATurnToThePointer() throws {
    let gauge = try Self.gauge()
    let first = try #require(try gauge.layout(value: 30).pointerAngle)
    let second = try #require(try gauge.layout(value: 130).pointerAngle)
    let third = try #require(try gauge.layout(value: 230).pointerAngle)
    #expect(abs(second - first - 360) < 1e-9)
    #expect(abs(third - first - 720) < 1e-9)
    #expect(
      try gauge.layout(value: 130).pointer.map(\.points).map { points in
        zip(points, try gauge.layout(value: 30).pointer!.points).allSatisfy {
          abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9
        }
      } == true)
  }

  @Test func wrapNeedsAProgressFillFromMin() throws {
    let zones = Self.move.replacingOccurrences(
      of: #""fill": "progress""#, with: #""fill": "zones""#)
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "wrap",
          message:
            #"needs a progress fill ("fill": "progress" or "progress-zone"); the fill is "zones", which lights every sector"#,
          line: 1, column: 66)
      ])
    ) {
      try Gauge(presetJSON: zones)
    }
    var neutral = try Self.gauge()
    neutral.neutral = 50
    #expect(
      neutral.problems() == [
        Diagnostic(
          path: "wrap", message: #"cannot be used with "neutral": every lap starts at min"#)
      ])
  }

  @Test func theLapsEndIsRoundedWithAShadowAhead() throws {
    let gauge = try Self.gauge()
    let scene = try gauge.scene(value: 130)
    let parts = Self.lapEnd(scene)
    #expect(parts.map(\.mark) == [.lapShadow, .lap])
    let layout = try gauge.layout(value: 130)
    let end = layout.sectorLayout.angle(atProgress: try #require(layout.progress))
    let cap = parts[1].sector
    let shadow = parts[0].sector
    #expect(cap.endAngle == end)
    #expect(cap.startAngle < end && shadow.endAngle > end)
    #expect(shadow.startAngle > cap.startAngle)
    #expect(cap.cornerRadius == (cap.outerRadius - cap.innerRadius) / 2)
    #expect(parts[1].paint == Paint(Color(red: 0xFA, green: 0x11, blue: 0x4F), role: .fixed))
    #expect(parts[0].paint == Paint(GaugeScenes.lapShadow, role: .fixed))
    // Every sector is lit: the first lap is whole under the second.
    let ring = try #require(
      scene.items.lazy.compactMap { item -> SceneRing? in
        guard case .ring(let ring) = item, !ring.isOutline else { return nil }
        return ring
      }.first)
    #expect(ring.litCount == ring.count)
    // No off-scale arrow and no "Above range": a lap is on the scale.
    #expect(
      !scene.items.contains { item in
        if case .text(let text) = item { text.role == .status } else { false }
      })
    for value in [30.0, 100, -10, .nan] {
      #expect(Self.lapEnd(try gauge.scene(value: value)).isEmpty, "\(value)")
    }
  }

  @Test func anOpenRingKeepsTheEndOnItsArc() throws {
    let open = Self.move.replacingOccurrences(
      of: #""buffer": 0, "gapCenter": 0"#, with: #""buffer": 45, "gapCenter": 180"#)
    let gauge = try Self.gauge(open)
    let layout = try gauge.layout(value: 101)
    let parts = Self.lapEnd(try gauge.scene(value: 101))
    #expect(parts[1].sector.startAngle == layout.sectorLayout.arcStart)
    let full = Self.lapEnd(try gauge.scene(value: 200))
    #expect(full[0].sector.endAngle == layout.sectorLayout.arcEnd)
  }

  @Test func theAccessibleNameSaysTheLap() throws {
    let gauge = try Self.gauge()
    #expect(try gauge.scene(value: 130).label == "Move 130 % of 0–100: Moving, lap 2")
    #expect(try gauge.scene(value: 100).label == "Move 100 % of 0–100: Moving")
    #expect(try gauge.layout(value: 250).summary == "Move 250 % of 0–100: Moving, lap 3")
    var german = gauge
    german.readout.locale = try GaugeLocale("de")
    // "130 %" with the locale's own space before the percent sign.
    let label = try german.scene(value: 130).label
    #expect(label.hasPrefix("Move 130") && label.hasSuffix(" von 0–100: Moving, Runde 2"))
    var arabic = gauge
    arabic.readout.locale = try GaugeLocale("ar-EG")
    #expect(try arabic.layout(value: 130).summary.hasSuffix("، الدورة ٢"))
  }

  /// A prepared renderer fills the accessible name in once per state and zone; each image
  /// says what one call says, laps, locales, custom wording and no data included.
  @Test func aPreparedRendererSaysWhatOneCallSays() throws {
    var gauge = try Self.gauge()
    gauge.zones = [
      Zone(label: "Low", color: Color(red: 0xFF, green: 0, blue: 0), upperBound: 50),
      Zone(label: "High", color: Color(red: 0, green: 0xFF, blue: 0), upperBound: 100),
    ]
    var german = gauge
    german.readout.locale = try GaugeLocale("de")
    var worded = gauge
    worded.wording.summary = "{value} ({zone}) of {title}, {value}"
    var custom = gauge
    custom.wording.summary = "{title}: {zone}, {value} of {max}"
    for variant in [gauge, german, worded, custom] {
      let prepared = try GaugeSVGRenderer(gauge: variant)
      for value in [-5, 0, 30, 50, 70, 100, 130, 250, .nan] as [Double] {
        #expect(try prepared.svg(value: value) == (try variant.svg(value: value)), "\(value)")
      }
    }
  }

  @Test func theSVGThePNGAndTheTerminalDrawIt() throws {
    let gauge = try Self.gauge()
    let svg = try gauge.svg(value: 130)
    try assertGolden(svg, named: "move-130.svg", test: "LapsTests")
    #expect(svg.contains("Move 130 % of 0–100: Moving, lap 2"))
    let options = RenderOptions(width: 120, height: 120)
    let png = try gauge.png(value: 130, options: options)
    #expect(try GaugePNGRenderer(gauge: gauge, options: options).png(value: 130) == png)
    #expect(
      try GaugePNGRenderer(gauge: gauge, options: options).png(value: 250)
        == (try gauge.png(value: 250, options: options)))
    // In the terminal the end shows its zone's colour and the shadow the track's.
    var cells = RenderOptions(width: 60, height: 60)
    cells.textMeasure = .cells
    let scene = try gauge.scene(value: 130, options: cells)
    let parts = Self.lapEnd(scene)
    let sampler = SceneSampler(scene: scene, minimumGap: 1)
    func pixel(at angle: Double) -> TerminalPixel {
      let sector = parts[1].sector
      let point = Point(
        center: sector.center, radius: (sector.innerRadius + sector.outerRadius) / 2,
        degrees: angle)
      return sampler.pixel(at: point, box: (.infinity, -.infinity, .infinity, -.infinity))
    }
    let cap = parts[1].sector
    let shadow = parts[0].sector
    #expect(pixel(at: (cap.startAngle + cap.endAngle) / 2) == .data(0))
    #expect(pixel(at: (cap.endAngle + shadow.endAngle) / 2) == .track)
    #expect(pixel(at: shadow.endAngle + 10) == .data(0))
    // The readout as a row of text, so the frame's plain text holds the number.
    var terminal = TerminalOptions(columns: 30)
    terminal.readoutSize = .text
    let frame = try gauge.terminalFrame(value: 130, options: terminal)
    #expect(frame.plain().contains("130"))
  }

  @Test func anAnimationKeepsTurningForwardThroughTheLaps() throws {
    let gauge = try Self.gauge()
    let timeline = try GaugeTimeline(gauge: gauge, to: 230)
    let angles = timeline.sampleTimes().map { timeline.frame(at: $0).pointerAngle ?? .nan }
    #expect(zip(angles, angles.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(angles.last == (try gauge.layout(value: 230).pointerAngle))
    #expect(timeline.frame(at: timeline.duration).readout == "230")
  }

  /// The lap's end waits for lap 2: hidden until the sweep crosses the maximum, in the
  /// scene's moments (the APNG's frames), the SVG's CSS and the terminal's frames, while the
  /// ring fills for lap 1 first.
  @Test func theLapsEndWaitsForTheSweepToCrossTheMaximum() throws {
    let gauge = try Self.gauge()
    let options = RenderOptions(
      width: 200, height: 200, animation: SVGAnimation(from: 0, duration: 1.5))
    let scene = try gauge.scene(value: 130, options: options)
    let timeline = try #require(scene.timeline)
    let sweep = try #require(timeline.pointerSweep)
    let parts = Self.lapEnd(scene)
    #expect(parts.count == 2)
    let crossing = try #require(parts.first?.appearsAt)
    #expect(parts.allSatisfy { $0.appearsAt == crossing })
    // The pointer is at lap 1's end (a whole turn from 12 o'clock) then.
    #expect(abs(sweep.angle(at: crossing) - 360) < 2)
    #expect(sweep.angle(at: crossing - 0.05) < 360 && sweep.angle(at: crossing + 0.05) > 360)

    // The SVG hides both until that time, as it hides a readout's last frame ("z").
    let svg = String(decoding: try gauge.svgBytes(value: 130, options: options), as: UTF8.self)
    let delay = "animation-duration:\(Int((crossing * 1000).rounded()))ms"
    let hidden = svg.split(separator: "\n").filter {
      $0.hasPrefix("<path class=\"z\" style=\"\(delay)\"")
    }
    #expect(hidden.count == 2)

    // The moments: before the crossing no end and the ring still filling; after it the end,
    // and the ring whole.
    let rings = { (moment: Scene) in
      moment.items.compactMap { item -> SceneRing? in
        guard case .ring(let ring) = item, !ring.isOutline else { return nil }
        return ring
      }
    }
    let early = scene.moment(at: crossing / 2)
    #expect(Self.lapEnd(early).isEmpty)
    #expect(try #require(rings(early).first).concealed.isEmpty == false)
    let before = scene.moment(at: crossing - 0.02)
    #expect(Self.lapEnd(before).isEmpty)
    let after = scene.moment(at: crossing + 0.02)
    #expect(Self.lapEnd(after).count == 2)
    #expect(try #require(rings(after).first).concealed.isEmpty)
    #expect(Self.lapEnd(scene.moment(at: timeline.duration)).allSatisfy { $0.appearsAt == nil })

    // The APNG: the shadow's pixel is the ring's colour before the crossing and darker
    // after it.
    let png = try PNGSceneRenderer(scene: scene, scale: 1)
    let steps = try png.frameSteps(for: timeline.duration)
    var cache = GlyphCache()
    let frames = png.animationFrames(steps: steps, cache: &cache)
    let cap = parts[1].sector
    let shadow = parts[0].sector
    let point = Point(
      center: cap.center, radius: (cap.innerRadius + cap.outerRadius) / 2,
      degrees: (cap.endAngle + shadow.endAngle) / 2)
    let offset = (Int(point.y) * 200 + Int(point.x)) * 4
    var sawBefore = false
    var sawAfter = false
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      let red = frames[index].pixels[offset]
      if time < crossing - 0.001, time > 0.9 * crossing {
        // The ring's sector there has been revealed in lap 1: #FA114F's red.
        #expect(red > 0xE0, "frame \(index) at \(time) s")
        sawBefore = true
      } else if time > crossing + 0.001 {
        #expect(red < 0xC0, "frame \(index) at \(time) s")
        sawAfter = true
      }
    }
    #expect(sawBefore && sawAfter)

    // The terminal: the cell under the shadow is the zone's until the crossing, the
    // track's after.
    let terminal = try AnimationAgreementTests.asciiTerminal(gauge)
    let terminalTimeline = try GaugeTimeline(
      gauge: gauge, from: 0, to: 130,
      options: AnimationOptions(duration: 1.5, easing: gauge.animation.easing))
    let cellScene = try #require(terminal.scene(value: 130))
    let cellParts = Self.lapEnd(cellScene)
    #expect(cellParts.count == 2)
    let (cellShadow, cellCap) = (cellParts[0], cellParts[1])
    let bearing = (cellCap.sector.endAngle + cellShadow.sector.endAngle) / 2 * Double.pi / 180
    let radius = (cellShadow.sector.innerRadius + cellShadow.sector.outerRadius) / 2
    let column = Int(cellShadow.sector.center.x + radius * sin(bearing))
    let row = Int((cellShadow.sector.center.y - radius * cos(bearing)) / 2)
    func cell(at time: Double) -> Character {
      let plain = terminal.frame(value: 130, timeline: terminalTimeline, at: time).plain()
      return Array(plain.split(separator: "\n", omittingEmptySubsequences: false)[row])[column]
    }
    #expect(cell(at: crossing - 0.02) != "-")
    #expect(cell(at: crossing + 0.02) == "-")
  }

  @Test func gaugeLayoutPrintsTheLapOnlyPastTheFirst() throws {
    let gauge = try Self.gauge()
    let json = try gauge.layout(value: 130).json()
    #expect(json.contains("\n  \"lap\": 2,\n"))
    #expect(!(try gauge.layout(value: 30).json()).contains("\"lap\""))
  }
}
