import Foundation
import GaugeKit
import Testing

@Suite struct SceneTests {
  let stress = try! BuiltinPresets.gauge(named: "stress")

  @Test func aGaugeSceneListsWhatIsPaintedInOrder() throws {
    let scene = try stress.scene(value: 42)
    let layout = try stress.layout(value: 42)
    #expect(scene.label == "Stress 42 of 0–100: Normal")
    #expect(
      scene.description
        == "Gauge from 0 to 100 in 3 zones: Relaxed up to 25, Normal up to 75, High up to 100.")
    // Relaxed (#34C759, 2.22:1 on white) and Normal (#FF9F0A, 2.06:1) are outlined by a
    // ring of hairlines under the ring, in darker shades of their own hues.
    guard scene.items.count == 7, case .ring(let outline) = scene.items[0], outline.isOutline,
      case .ring(let ring) = scene.items[1], !ring.isOutline,
      case .polygon(let pointer) = scene.items[2]
    else {
      Issue.record("unexpected items: \(scene.items)")
      return
    }
    #expect(ring.count == layout.sectors.count)
    #expect(ring.litCount == ring.count)
    #expect(outline.zones == ring.zones && outline.litCount == ring.litCount)
    // Red (#FF3B30, 3.55:1 on white) needs none; the others get a shade reaching 3:1.
    #expect(outline.palette[2].color.alpha == 0)
    for zone in 0..<2 {
      #expect(
        outline.palette[zone].color.contrast(with: Color(red: 255, green: 255, blue: 255)) >= 3)
    }
    #expect(outline.outerRadius > ring.outerRadius && outline.innerRadius < ring.innerRadius)
    for sector in layout.sectors {
      #expect(
        ring.paint(ofSector: sector.visibleIndex).color == layout.color(of: sector, style: .light))
      #expect(normalizedDegrees(ring.boundary(sector.visibleIndex)) == sector.startAngle)
    }
    #expect(pointer.isPointer && pointer.points == layout.pointer?.points)
    let texts = scene.items.compactMap { item -> SceneText? in
      if case .text(let text) = item { return text }
      return nil
    }
    // The gap's texts top to bottom: the end labels, then the title under them.
    #expect(texts.map(\.role) == [.readout, .start, .end, .title])
    #expect(texts.map(\.weight) == [.bold, .regular, .regular, .regular])
    #expect(texts.map(\.text) == ["42", "0", "100", "Stress"])
    #expect(texts.map(\.position) == layout.labels.map(\.position))
  }

  /// Every text element of the SVG is a text of the scene, at its position, size and weight.
  @Test(arguments: [nil, -5, 42, 130] as [Double?])
  func theSVGDrawsExactlyTheSceneTexts(value: Double?) throws {
    let options = RenderOptions(width: 300, height: 200, theme: .dark)
    let scene = try stress.scene(value: value, options: options)
    let svg = try stress.svg(value: value, options: options)
    let pattern = try NSRegularExpression(
      pattern:
        #"<text x="([^"]+)" y="([^"]+)" dy=".35em" font-size="([^"]+)"( font-weight="700")?[^>]*>([^<]*)</text>"#
    )
    let matches = pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg))
    let drawn = matches.map { match in
      (1...5).map { group -> String in
        guard let range = Range(match.range(at: group), in: svg) else { return "" }
        return String(svg[range])
      }
    }
    let expected = scene.items.compactMap { item -> [String]? in
      guard case .text(let text) = item else { return nil }
      return [
        FixedDecimal.string(text.position.x, decimals: 2),
        FixedDecimal.string(text.position.y, decimals: 2),
        FixedDecimal.string(text.fontSize, decimals: 2),
        text.weight == .bold ? #" font-weight="700""# : "", text.text,
      ]
    }
    #expect(drawn == expected)
    #expect(!expected.isEmpty)
  }

  @Test func sceneJSONNamesEveryTextWithItsWeight() throws {
    let json = try stress.scene(value: 42, options: RenderOptions(width: 200, height: 200)).json()
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(
      items.map { $0["kind"] as? String }
        == ["outline", "ring", "pointer", "text", "text", "text", "text"])
    let readout = items[3]
    #expect(readout["role"] as? String == "readout")
    #expect(readout["text"] as? String == "42")
    #expect(readout["weight"] as? String == "bold")
    #expect(readout["x"] as? Double == 100)
    #expect(readout["anchor"] as? String == "middle")
  }

  @Test func aPieSceneDrawsSlicesThenTexts() throws {
    let chart = PieChart(
      items: [PieItem(label: "Rent", value: 1200), PieItem(label: "Food", value: 450)],
      title: "Spending")
    let scene = try chart.scene()
    guard case .sectors(let slices) = scene.items.first else {
      Issue.record("the first item is not the slices")
      return
    }
    #expect(slices.map(\.tooltip) == ["Rent: 1200 (72.7%)", "Food: 450 (27.3%)"])
    #expect(slices.first?.sector.startAngle == 0 && slices.last?.sector.endAngle == 360)
    let roles = scene.items.compactMap { item -> TextRole? in
      if case .text(let text) = item { return text.role }
      return nil
    }
    #expect(roles.last == .title)
  }
}

@Suite struct NarrowSectorTests {
  /// The colours of a scene's ring, in order: each sector's, or each merged arc's (outline
  /// rings, and outline arcs, a hairline larger than the arcs they outline, left out).
  private func ringColors(_ scene: Scene) -> (rings: Int, colors: [Color]) {
    var rings = 0
    var colors: [Color] = []
    var arcs: [SceneSector] = []
    for item in scene.items {
      switch item {
      case .ring(let ring) where !ring.isOutline:
        rings += 1
        colors += (0..<ring.count).map { ring.paint(ofSector: $0).color }
      case .sector(let arc): arcs.append(arc)
      default: break
      }
    }
    let outer = arcs.map(\.sector.outerRadius).min() ?? 0
    for arc in arcs where arc.sector.outerRadius == outer {
      #expect(arc.sector.endAngle > arc.sector.startAngle)
      colors.append(arc.paint.color)
    }
    return (rings, colors)
  }

  /// Sectors whose gaps leave them under a pixel of colour would be drawn as lines (600 or
  /// 3,600 sectors at 400 px, with the stress gauge's 2.7 px gaps): each zone becomes one arc.
  @Test(arguments: [250, 600, 3600]) func sectorsTheGapsWouldEatMergeIntoZoneArcs(count: Int) throws
  {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.ring.sectorCount = count
    gauge.ring.bufferAngle = 10
    let (rings, colors) = ringColors(try gauge.scene(value: 42))
    #expect(rings == 0)
    #expect(colors == gauge.zones.map(\.color))
  }

  /// 200 sectors keep 1.26 px of colour at the inner edge (250 would keep 0.47 px): still
  /// drawn one by one.
  @Test func sectorsWithAPixelOfColourStaySeparate() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.ring.sectorCount = 200
    gauge.ring.bufferAngle = 10
    let (rings, colors) = ringColors(try gauge.scene(value: 42))
    #expect(rings == 1)
    #expect(colors.count == 188)
    #expect(try colors.count == gauge.layout(value: 42).sectors.count)
  }
}
