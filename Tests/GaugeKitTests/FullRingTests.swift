import Testing

@testable import GaugeKit
@testable import GaugeRender

/// `"ring": {"buffer": 0}`: a closed 360° ring starting where `gapCenter` says (issue #25),
/// in the layout, the scene, the SVG, the PNG and the terminal.
@Suite struct FullRingTests {
  static let json = """
    {"min": 0, "max": 100, "fill": "progress",
     "ring": {"buffer": 0, "gapCenter": 90, "sectors": 60},
     "zones": [{"label": "Move", "color": "#FF2D55", "upTo": 100}]}
    """

  @Test func theRingClosesAndStartsAtTheGapCentre() throws {
    let gauge = try Gauge(presetJSON: Self.json)
    let layout = try gauge.layout(value: 25)
    #expect(layout.sectors.count == 60)
    #expect(layout.sectors.first?.startAngle == 90)
    #expect(layout.sectors.last?.endAngle == 90)
    #expect(layout.pointerAngle == 180)
    #expect(layout.sectors.count { $0.lit } == 15)
  }

  @Test func everyBackendDrawsTheWholeRing() throws {
    let gauge = try Gauge(presetJSON: Self.json)
    let scene = try gauge.scene(value: 25)
    let rings = scene.items.compactMap { item -> SceneRing? in
      guard case .ring(let ring) = item else { return nil }
      return ring
    }
    #expect(rings.count == 1)
    #expect(rings.first?.count == 60)
    #expect(rings.first?.litCount == 15)
    #expect(rings.first.map { $0.boundary(60) - $0.boundary(0) } == 360)
    let svg = try gauge.svg(value: 25)
    #expect(svg.components(separatedBy: ##"<path fill="#FF2D55""##).count - 1 == 15)
    #expect(svg.components(separatedBy: ##"<path fill="#E5E5EA""##).count - 1 == 45)
    let png = try gauge.png(value: 25, options: RenderOptions(width: 64, height: 64))
    #expect(Array(png[16..<24]) == [0, 0, 0, 64, 0, 0, 0, 64])
    // The readout as a row of text, so the frame's plain text holds the number.
    var terminal = TerminalOptions(columns: 30)
    terminal.readoutSize = .text
    let frame = try gauge.terminalFrame(value: 25, options: terminal)
    #expect(frame.plain().contains("25"))
  }
}
