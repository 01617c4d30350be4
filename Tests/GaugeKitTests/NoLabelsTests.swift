import GaugeKit
import Testing

/// Without labels the ring takes the room they would have used: re-centred on what it
/// draws, and larger where the image's height limited it. The texts that stay (readout,
/// unit, status) are still clear of everything and inside the image.
struct NoLabelsTests {
  static let cases: [TextClearanceTests.Case] = TextClearanceTests.builtinCases.filter {
    $0.theme == .light
  }

  @Test(arguments: cases) func ringAndTextsStayInside(_ check: TextClearanceTests.Case) throws {
    let gauge = try BuiltinPresets.gauge(named: check.preset)
    let options = RenderOptions(width: check.width, height: check.height, showLabels: false)
    let scene = try gauge.scene(value: check.value, options: options)
    var texts: [(SceneText, TextBox)] = []
    var polygons: [[Point]] = []
    var rings: [SceneRing] = []
    var arcs: [AnnularSector] = []
    for item in scene.items {
      switch item {
      case .text(let text): texts.append((text, TextClearanceTests.box(of: text)))
      case .polygon(let polygon): polygons.append(polygon.points)
      case .ring(let ring): rings.append(ring)
      case .sector(let arc): arcs.append(arc.sector)
      default: break
      }
    }
    #expect(texts.allSatisfy { [.readout, .unit, .status].contains($0.0.role) })
    let image = TextBox(
      center: Point(x: Double(check.width) / 2, y: Double(check.height) / 2),
      width: Double(check.width), height: Double(check.height))
    for polygon in polygons {
      #expect(polygon.allSatisfy { image.contains($0) }, "\(check): a shape leaves the image")
    }
    // The arc's outside, every degree: inside the image.
    let outline =
      rings.map {
        (
          $0.center, $0.outerRadius, $0.origin + Double($0.offset) * $0.step,
          Double($0.count) * $0.step
        )
      }
      + arcs.map { ($0.center, $0.outerRadius, $0.startAngle, $0.endAngle - $0.startAngle) }
    for (center, radius, start, sweep) in outline {
      for step in 0...Int(sweep) {
        let point = Point(center: center, radius: radius, degrees: start + Double(step))
        #expect(image.contains(point), "\(check): the ring leaves the image at \(point)")
      }
    }
    for (text, box) in texts {
      #expect(text.fontSize >= 9, "\(check): \(text.role) is \(text.fontSize) px")
      #expect(
        box.minX >= 0 && box.minY >= 0 && box.maxX <= image.maxX && box.maxY <= image.maxY,
        "\(check): \(text.role) leaves the image")
      for polygon in polygons {
        #expect(!box.intersects(polygon: polygon, margin: 0), "\(check): \(text.role) touches")
      }
      for ring in rings {
        #expect(!TextClearanceTests.touches(box, ring), "\(check): \(text.role) on the ring")
      }
      for arc in arcs {
        #expect(!TextClearanceTests.touches(box, arc), "\(check): \(text.role) on the ring")
      }
    }
  }

  @Test func theRingMovesIntoTheLabelsRoomAndGrowsWhenHeightBound() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let square = try gauge.scene(value: 42, options: RenderOptions(width: 200, height: 200))
    let bare = try gauge.scene(
      value: 42, options: RenderOptions(width: 200, height: 200, showLabels: false))
    let wide = try gauge.scene(
      value: 42, options: RenderOptions(width: 400, height: 200, showLabels: false))
    let (labelled, unlabelled, wider) = (try ring(square), try ring(bare), try ring(wide))
    #expect(labelled.center == Point(x: 100, y: 100))
    #expect(labelled.outerRadius == 90)
    // Square: as wide as before, so the same size, lower down into the gap's room.
    #expect(unlabelled.outerRadius == 90)
    // (Less far than with the seed's pointer: the readout's disc, half the radius, and its
    // status line under it take more of the gap.)
    #expect(unlabelled.center.x == 100 && unlabelled.center.y > 104)
    // 2:1: the height bound it, and the labels' room lets it grow by about a tenth.
    #expect(wider.outerRadius > 98)
  }

  private func ring(_ scene: Scene) throws -> SceneRing {
    try #require(
      scene.items.lazy.compactMap { item -> SceneRing? in
        if case .ring(let ring) = item, !ring.isOutline { return ring }
        return nil
      }.first)
  }
}
