import GaugeTestSupport
import Testing

@testable import GaugeKit
@_spi(Service) @testable import GaugeRender

/// Several gauges in one image (issue #25): one scene of cells, every text of a kind at one
/// size, drawn by the same SVG writer and rasteriser.
@Suite struct GaugeGridTests {
  static func gauges() throws -> [Gauge] {
    try ["cpu", "speed", "glucose"].map { name throws(GaugeError) in
      try BuiltinPresets.gauge(named: name)
    }
  }

  static let values: [Double?] = [37, 120, 5.4]

  @Test func cellsSitInRowsAtTheirOffsets() throws {
    // Cells of 200 px and up keep their rings whole (smaller ones may merge their sectors).
    let options = RenderOptions(width: 240, height: 200)
    let grid = GaugeGrid(try Self.gauges(), columns: 2)
    let scene = try grid.scene(values: Self.values, options: options)
    #expect(scene.width == 480)
    #expect(scene.height == 400)
    let rings = scene.items.compactMap { item -> SceneRing? in
      guard case .ring(let ring) = item, !ring.isOutline else { return nil }
      return ring
    }
    let alone = try zip(Self.gauges(), Self.values).map { gauge, value throws(GaugeError) in
      try gauge.scene(value: value, options: options).items.lazy.compactMap {
        item -> SceneRing? in
        guard case .ring(let ring) = item, !ring.isOutline else { return nil }
        return ring
      }.first
    }
    #expect(rings.count == 3)
    let offsets = [(0.0, 0.0), (240.0, 0.0), (0.0, 200.0)]
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
    let gauges = try Self.gauges()
    let scene = try GaugeGrid(gauges).scene(values: Self.values, options: options)
    var smallest: [TextRole: Double] = [:]
    for (gauge, value) in zip(gauges, Self.values) {
      for case .text(let text) in try gauge.scene(value: value, options: options).items {
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
    let cell = try BuiltinPresets.gauge(named: "cpu")
    #expect(GaugeGrid([cell]).columnsInForce == 1)
    #expect(GaugeGrid([cell, cell]).columnsInForce == 2)
    #expect(GaugeGrid(Array(repeating: cell, count: 5)).columnsInForce == 3)
    #expect(GaugeGrid(Array(repeating: cell, count: 9)).columnsInForce == 3)
    #expect(GaugeGrid([cell, cell], columns: 7).columnsInForce == 2)
  }

  @Test func theSVGAndThePNGDrawTheGridScene() throws {
    let options = RenderOptions(width: 240, height: 240)
    let grid = GaugeGrid(try Self.gauges(), columns: 3)
    let svg = try grid.svgBytes(values: Self.values, options: options)
    var writer = SVGSceneRenderer(scene: try grid.scene(values: Self.values, options: options))
    #expect(svg == writer.render())
    try assertGolden(
      String(decoding: svg, as: UTF8.self), named: "cpu-speed-glucose.svg",
      test: "GaugeGridTests")
    let png = try grid.png(values: Self.values, options: options)
    #expect(Array(png[16..<24]) == [0, 0, 2, 208, 0, 0, 0, 240])
  }

  @Test func badGridsAreOneClearError() throws {
    let cell = try BuiltinPresets.gauge(named: "cpu")
    #expect(throws: GaugeError.invalidOption("an image of several gauges needs a gauge")) {
      try GaugeGrid([]).scene(values: [])
    }
    #expect(
      throws: GaugeError.invalidOption(
        "1 values for 2 gauges; give one value a gauge, nil for no data")
    ) {
      try GaugeGrid([cell, cell]).scene(values: [1])
    }
    #expect(
      throws: GaugeError.invalidOption("65 gauges is too many for one image; at most 64 allowed")
    ) {
      try GaugeGrid(Array(repeating: cell, count: 65)).scene(values: Array(repeating: 1, count: 65))
    }
    #expect(throws: GaugeError.invalidOption("0 columns is out of range; allowed: 1 or more")) {
      try GaugeGrid([cell], columns: 0).scene(values: [1])
    }
    #expect(
      throws: GaugeError.invalidSize(
        "3 × 1 gauges of 4000 × 4000 make an image of 12000 × 4000 pixels; at most 8192 a side "
          + "allowed")
    ) {
      try GaugeGrid([cell, cell, cell], columns: 3).scene(
        values: [1, 2, 3], options: RenderOptions(width: 4000, height: 4000))
    }
  }
}
