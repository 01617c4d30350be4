import GaugeKit
import GaugeRaster
import GaugeText
import Testing

/// Every built-in preset, in both themes, at 120 to 800 pixels (square and 2:1), below,
/// inside and above its domain and without data: no text touches the pointer, another text
/// or the ring, each lies inside the image and none is under 9 px. Boxes come from the
/// bundled DejaVu Sans advance widths and its ascender and descender, as the PNG draws them.
@Suite struct TextClearanceTests {
  struct Case: CustomStringConvertible {
    var preset: String
    var theme: Theme
    var width: Int
    var height: Int
    var value: Double?
    /// With zone labels, which no built-in preset shows.
    var zones = false
    var description: String {
      "\(preset)\(zones ? "+zones" : "") \(theme) \(width)x\(height) "
        + (value.map { "\($0)" } ?? "none")
    }
  }

  static let cases: [Case] =
    builtinCases
    + builtinCases.filter { ["aqi", "glucose", "stress"].contains($0.preset) }.map {
      var check = $0
      check.zones = true
      return check
    }

  static let builtinCases: [Case] = BuiltinPresets.names.flatMap { name -> [Case] in
    let gauge = try! BuiltinPresets.gauge(named: name)
    let span = gauge.max - gauge.min
    let values: [Double?] = [
      gauge.min - span / 10 - 1, (gauge.min + gauge.max) / 2,
      gauge.max + span / 10 + 1, nil,
    ]
    return [Theme.light, .dark].flatMap { theme in
      [120, 200, 400, 800].flatMap { side in
        [(side, side), (2 * side, side)].flatMap { size in
          values.map { Case(preset: name, theme: theme, width: size.0, height: size.1, value: $0) }
        }
      }
    }
  }

  /// A text's line box in pixels, measured with the font it is drawn in.
  static func box(of text: SceneText) -> TextBox {
    let font = text.weight == .bold ? FontFace.dejaVuSansBold : FontFace.dejaVuSans
    let width = font.width(of: text.text, size: text.fontSize)
    let height = Double(font.ascender - font.descender) / Double(font.unitsPerEm) * text.fontSize
    let x: Double
    switch text.anchor {
    case .start: x = text.position.x + width / 2
    case .middle: x = text.position.x
    case .end: x = text.position.x - width / 2
    }
    return TextBox(center: Point(x: x, y: text.position.y), width: width, height: height)
  }

  /// Whether any point of the box, on a grid half a pixel apart, lies on the ring's arc.
  static func touches(_ box: TextBox, _ ring: SceneRing) -> Bool {
    let start = ring.origin + Double(ring.offset) * ring.step
    return touches(
      box,
      AnnularSector(
        center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
        startAngle: start, endAngle: start + Double(ring.count) * ring.step))
  }

  /// Whether any point of the box, on a grid half a pixel apart, lies on the sector.
  static func touches(_ box: TextBox, _ ring: AnnularSector) -> Bool {
    let start = ring.startAngle
    let sweep = ring.endAngle - ring.startAngle
    var y = box.minY
    while y <= box.maxY {
      var x = box.minX
      while x <= box.maxX {
        let dx = x - ring.center.x
        let dy = y - ring.center.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance >= ring.innerRadius && distance <= ring.outerRadius {
          let bearing = normalizedDegrees(bearingDegrees(dx: dx, dy: dy) - start)
          if bearing <= sweep { return true }
        }
        x += 0.5
      }
      y += 0.5
    }
    return false
  }

  @Test(arguments: cases) func textsAreClearAndInside(_ check: Case) throws {
    var gauge = try BuiltinPresets.gauge(named: check.preset)
    gauge.labels.zones = check.zones
    let scene = try gauge.scene(
      value: check.value,
      options: RenderOptions(width: check.width, height: check.height, theme: check.theme))
    var texts: [(SceneText, TextBox)] = []
    var polygons: [ScenePolygon] = []
    var rings: [SceneRing] = []
    var halos: [AnnularSector] = []
    for item in scene.items {
      switch item {
      case .text(let text): texts.append((text, Self.box(of: text)))
      case .polygon(let polygon): polygons.append(polygon)
      case .ring(let ring): rings.append(ring)
      case .sector(let halo): halos.append(halo.sector)
      default: break
      }
    }
    #expect(texts.contains { $0.0.role == .readout })
    for (index, (text, box)) in texts.enumerated() {
      let name = "\(check): \(text.role) \"\(text.text)\""
      #expect(text.fontSize >= 9, "\(name) is \(text.fontSize) px")
      #expect(
        box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(check.width)
          && box.maxY <= Double(check.height), "\(name) leaves the image: \(box)")
      for polygon in polygons {
        #expect(!box.intersects(polygon: polygon.points, margin: 0), "\(name) touches a polygon")
      }
      for ring in rings {
        #expect(!Self.touches(box, ring), "\(name) touches the ring")
      }
      for halo in halos {
        #expect(!Self.touches(box, halo), "\(name) touches a zone's halo")
      }
      for (other, otherBox) in texts[(index + 1)...] {
        #expect(!box.intersects(otherBox, margin: 0), "\(name) overlaps \(other.role)")
      }
    }
  }

  /// A title too long for the gap keeps the minimum size and loses its end, with "…".
  @Test func aLongTitleIsCutShortNotShrunk() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.title = "Stress level over the last twenty-four hours, measured by the watch"
    let small = try gauge.layout(value: 42, width: 200, height: 200)
    let title = try #require(small.labels.first { $0.role == .title })
    #expect(title.text == "Stress level over the last twenty-f…")
    #expect(title.fontSize == 9)
    let large = try gauge.layout(value: 42, width: 400, height: 400)
    #expect(large.labels.first { $0.role == .title }?.text == gauge.title)
  }
}
