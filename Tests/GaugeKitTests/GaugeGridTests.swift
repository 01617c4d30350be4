import GaugeTestSupport
import Testing

@testable import GaugeKit
@testable import GaugeRender

/// Several gauges in one image (issue #25): one scene of cells, every text of a kind at one
/// size, drawn by the same SVG writer and rasteriser.
@Suite struct GaugeGridTests {
  static func cells() throws -> [GaugeGrid.Cell] {
    [
      GaugeGrid.Cell(gauge: try BuiltinPresets.gauge(named: "cpu"), value: 37),
      GaugeGrid.Cell(gauge: try BuiltinPresets.gauge(named: "speed"), value: 120),
      GaugeGrid.Cell(gauge: try BuiltinPresets.gauge(named: "glucose"), value: 5.4),
    ]
  }

  @Test func cellsSitInRowsAtTheirOffsets() throws {
    let options = RenderOptions(width: 200, height: 150)
    let grid = GaugeGrid(try Self.cells(), columns: 2)
    let scene = try grid.scene(options: options)
    #expect(scene.width == 400)
    #expect(scene.height == 300)
    let rings = scene.items.compactMap { item -> SceneRing? in
      guard case .ring(let ring) = item, !ring.isOutline else { return nil }
      return ring
    }
    let alone = try Self.cells().map { cell throws(GaugeError) -> SceneRing? in
      try cell.gauge.scene(value: cell.value, options: options).items.lazy.compactMap {
        item -> SceneRing? in
        guard case .ring(let ring) = item, !ring.isOutline else { return nil }
        return ring
      }.first
    }
    #expect(rings.count == 3)
    let offsets = [(0.0, 0.0), (200.0, 0.0), (0.0, 150.0)]
    for (index, (dx, dy)) in offsets.enumerated() {
      let own = try #require(alone[index])
      #expect(rings[index].center == Point(x: own.center.x + dx, y: own.center.y + dy))
      #expect(rings[index].outerRadius == own.outerRadius)
    }
    #expect(
      scene.label
        == "CPU 37% of 0–100: Normal; Speed 120 km/h of 0–240: Road; "
        + "Glucose 5 mg/dL of 40–400: below range (Very low)")
  }

  @Test func everyTextOfAKindHasOneSize() throws {
    let options = RenderOptions(width: 200, height: 200)
    let cells = try Self.cells()
    let scene = try GaugeGrid(cells).scene(options: options)
    var smallest: [TextRole: Double] = [:]
    for cell in cells {
      for case .text(let text) in try cell.gauge.scene(value: cell.value, options: options).items {
        smallest[text.role] = min(smallest[text.role] ?? .infinity, text.fontSize)
      }
    }
    var sizes: [TextRole: Set<Double>] = [:]
    for case .text(let text) in scene.items {
      sizes[text.role, default: []].insert(text.fontSize)
    }
    #expect(sizes.keys.contains(.readout))
    for (role, found) in sizes {
      #expect(found == [smallest[role]], "\(role)")
    }
  }

  @Test func columnsDefaultToASquareGrid() throws {
    let cell = GaugeGrid.Cell(gauge: try BuiltinPresets.gauge(named: "cpu"), value: 1)
    #expect(GaugeGrid([cell]).columnsInForce == 1)
    #expect(GaugeGrid([cell, cell]).columnsInForce == 2)
    #expect(GaugeGrid(Array(repeating: cell, count: 5)).columnsInForce == 3)
    #expect(GaugeGrid(Array(repeating: cell, count: 9)).columnsInForce == 3)
    #expect(GaugeGrid([cell, cell], columns: 7).columnsInForce == 2)
  }

  @Test func theSVGAndThePNGDrawTheGridScene() throws {
    let options = RenderOptions(width: 240, height: 240)
    let grid = GaugeGrid(try Self.cells(), columns: 3)
    let svg = try grid.svgBytes(options: options)
    var writer = SVGSceneRenderer(scene: try grid.scene(options: options))
    #expect(svg == writer.render())
    try assertGolden(
      String(decoding: svg, as: UTF8.self), named: "cpu-speed-glucose.svg",
      test: "GaugeGridTests")
    let png = try grid.png(options: options)
    #expect(Array(png[16..<24]) == [0, 0, 2, 208, 0, 0, 0, 240])
  }

  @Test func badGridsAreOneClearError() throws {
    let cell = GaugeGrid.Cell(gauge: try BuiltinPresets.gauge(named: "cpu"), value: 1)
    #expect(throws: GaugeError.invalidOption("an image of several gauges needs a gauge")) {
      try GaugeGrid([]).scene()
    }
    #expect(
      throws: GaugeError.invalidOption("65 gauges is too many for one image; at most 64 allowed")
    ) {
      try GaugeGrid(Array(repeating: cell, count: 65)).scene()
    }
    #expect(throws: GaugeError.invalidOption("0 columns is out of range; allowed: 1 or more")) {
      try GaugeGrid([cell], columns: 0).scene()
    }
    #expect(
      throws: GaugeError.invalidSize(
        "3 × 1 gauges of 4000 × 4000 make an image of 12000 × 4000 pixels; at most 8192 a side "
          + "allowed")
    ) {
      try GaugeGrid([cell, cell, cell], columns: 3).scene(
        options: RenderOptions(width: 4000, height: 4000))
    }
  }
}
