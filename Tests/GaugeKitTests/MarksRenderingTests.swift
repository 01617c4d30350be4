import GaugeKit
import GaugeTestSupport
import Testing

/// The marks of #25 in every backend: SVG (static, animated, following the scheme), PNG,
/// APNG and the terminal, each against a golden reviewed as a picture; and each backend draws
/// what the scene holds.
@Suite struct MarksRenderingTests {
  /// Stress with a goal, threshold marks, and a rise that is bad news.
  static func goal() throws -> Gauge {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.markers = [GaugeMarker(value: 30, label: "Goal")]
    gauge.thresholdMarkers = true
    gauge.increaseMeans = .bad
    return gauge
  }

  static func options(theme: Theme = .light, animated: Bool = false) -> RenderOptions {
    var options = RenderOptions(
      theme: theme, animation: animated ? SVGAnimation(from: 0, duration: 0.5) : nil,
      fonts: .bundled)
    options.reference = 35
    options.range = 30...55
    return options
  }

  @Test(
    arguments: [
      ("stress-goal-42.svg", Theme.light, false), ("stress-goal-42-dark.svg", .dark, false),
      ("stress-goal-42-auto-animated.svg", .auto, true),
    ])
  func svgGoldens(name: String, theme: Theme, animated: Bool) throws {
    let svg = try Self.goal().svg(
      value: 42, options: Self.options(theme: theme, animated: animated))
    try assertGolden(svg, named: name, test: "MarksRenderingTests")
    #expect(svg.contains(">Goal</text>"))
    #expect(svg.contains(">▲ 7</text>"))
    #expect(
      svg.contains(#"aria-label="Stress 42 of 0–100: Normal, Goal 30, up 7 since 35, range 30–55""#)
    )
  }

  /// A prepared renderer draws the same bytes as one call.
  @Test func thePreparedRendererDrawsTheSameBytes() throws {
    let gauge = try Self.goal()
    let renderer = try GaugeSVGRenderer(gauge: gauge, options: Self.options())
    for value in [10.0, 42, 130] {
      #expect(try renderer.svg(value: value) == gauge.svg(value: value, options: Self.options()))
    }
  }

  @Test func pngGolden() throws {
    let png = try Self.goal().png(value: 42, options: Self.options())
    try assertGolden(png, named: "stress-goal-42.png", test: "MarksRenderingTests")
    let image = try PNGReader(png).image()
    // The marker's bar (pointer colour #1C1C1E) where it crosses the ring's middle, and the
    // ghost pointer's faint colour over the orange zone.
    let layout = try Self.goal().layout(value: 30)
    let middle = Point(
      center: layout.center, radius: (layout.innerRadius + layout.outerRadius) / 2,
      degrees: layout.pointerAngle!)
    let start = (Int(middle.y) * image.width + Int(middle.x)) * 4
    #expect(Array(image.rgba[start..<(start + 3)]) == [0x1C, 0x1C, 0x1E])
  }

  @Test func apngDrawsTheMarksInEveryFrame() throws {
    let gauge = try Self.goal()
    let apng = try gauge.png(value: 42, options: Self.options(animated: true))
    try assertGolden(apng, named: "stress-goal-42-animated.png", test: "MarksRenderingTests")
  }

  @Test func terminalGolden() throws {
    var options = TerminalOptions(columns: 50, depth: .none)
    options.reference = 70
    options.range = 30...55
    let frame = try Self.goal().terminalFrame(value: 42, options: options)
    try assertGolden(
      frame.plain(), named: "stress-goal-42-terminal.txt", test: "MarksRenderingTests")
    #expect(frame.plain().contains("Goal"))
    #expect(frame.plain().contains("▼ 28"))
  }

  /// With none of the new fields, the bytes are the ones every golden already holds.
  @Test func withoutMarksNothingChanges() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    var options = RenderOptions()
    options.reference = nil
    options.range = nil
    #expect(try stress.svg(value: 42, options: options) == stress.svg(value: 42))
    #expect(!(try stress.svg(value: 42, options: RenderOptions(theme: .auto))).contains(".u{"))
  }
}
