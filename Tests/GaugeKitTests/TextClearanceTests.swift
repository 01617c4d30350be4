import GaugeKit
import GaugeRaster
import GaugeText
import Testing

/// Every built-in preset, in both themes, at icon sizes (48 to 96 px) and at 120 to 800
/// pixels (square and 2:1), below, at the minimum, middle and maximum of and above its
/// domain and without data: no text touches the pointer, the end stop, another text or the
/// ring, each lies inside the image, no caption is under 11 px (the readout's number, at
/// icon sizes, no less than 9 px); the readout is always there, at
/// one size for every value of the domain, and the SVG draws exactly the layout's texts.
/// Boxes come from the bundled DejaVu Sans advance widths and its ascender and descender,
/// as the PNG draws them.
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
      gauge.min - span / 10 - 1, gauge.min, (gauge.min + gauge.max) / 2, gauge.max,
      gauge.max + span / 10 + 1, nil,
    ]
    return [Theme.light, .dark].flatMap { theme in
      sides.flatMap { side in
        [(side, side), (2 * side, side)].flatMap { size in
          values.map { Case(preset: name, theme: theme, width: size.0, height: size.1, value: $0) }
        }
      }
    }
  }

  /// The image sizes checked: icons, then 120 px and up (160 and 240 where a small ring
  /// makes room for its captions, and just past it).
  static let sides = [48, 64, 80, 96, 120, 160, 200, 240, 400, 800]

  /// The smallest caption, in pixels (`LabelPlacement.minimumSize`).
  static let minimumCaption = 11.0

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
      let floor = text.role == .readout ? 9 : Self.minimumCaption
      #expect(text.fontSize >= floor, "\(name) is \(text.fontSize) px")
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

  /// With a status showing (below or above the scale, no data), the scale's end labels stay,
  /// with the status and the readout, at 120 px and up, square and 2:1, the status above
  /// them (#26 item 5: at 120 px they were hidden exactly when they matter).
  @Test(arguments: BuiltinPresets.names) func theEndsStayWhenTheStatusShows(_ name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let span = gauge.max - gauge.min
    for side in [120, 140, 160, 200, 240, 400, 800] {
      for width in [side, 2 * side] {
        for value in [gauge.min - span / 10 - 1, gauge.max + span / 10 + 1, nil] as [Double?] {
          let layout = try gauge.layout(value: value, width: width, height: side)
          let roles = Set(layout.labels.map(\.role))
          let place = "\(name) at \(width)x\(side), \(value.map { "\($0)" } ?? "none")"
          #expect(roles.isSuperset(of: [.readout, .status, .start, .end]), "\(place): \(roles)")
          // The status in one place for every preset: above the ends (which, with tick
          // numbers, are in the ring's hole instead).
          guard !roles.contains(.tick),
            let status = layout.labels.first(where: { $0.role == .status })
          else { continue }
          for end in layout.labels where end.role == .start || end.role == .end {
            #expect(end.position.y > status.position.y, "\(place): \(end.text) above the status")
          }
        }
      }
    }
  }

  /// The sizes of the hierarchy property (#26 item 6).
  static let hierarchySides = [48, 64, 80, 96, 120, 160, 200, 240, 400]

  /// Captions are readable and the readout leads, at every size: for every built-in preset
  /// at the minimum, middle and maximum of its domain, off the scale on either side and
  /// without data, each caption drawn is at least 11 px, the readout is strictly the
  /// largest text, and the title is no smaller than the status and the end labels.
  @Test(arguments: BuiltinPresets.names)
  func captionsAreReadableAndTheReadoutLeads(_ name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let span = gauge.max - gauge.min
    let values: [Double?] = [
      gauge.min, (gauge.min + gauge.max) / 2, gauge.max, gauge.min - span / 10 - 1,
      gauge.max + span / 10 + 1, nil,
    ]
    for side in Self.hierarchySides {
      for value in values {
        let layout = try gauge.layout(value: value, width: side, height: side)
        let place = "\(name) at \(side) px, \(value.map { "\($0)" } ?? "none")"
        let readout = try #require(layout.labels.first { $0.role == .readout }, "\(place)")
        for label in layout.labels where label.role != .readout {
          #expect(
            label.fontSize >= Self.minimumCaption,
            "\(place): \(label.role) \"\(label.text)\" is \(label.fontSize) px")
          #expect(
            label.fontSize < readout.fontSize,
            "\(place): \(label.role) \"\(label.text)\" is not smaller than the readout")
        }
        if let title = layout.labels.first(where: { $0.role == .title }) {
          for other in layout.labels where [.status, .start, .end].contains(other.role) {
            #expect(
              title.fontSize >= other.fontSize,
              "\(place): the title is smaller than \(other.role) \"\(other.text)\"")
          }
        }
      }
    }
  }

  /// A one-word title that fits whole at the minimum caption size is drawn: at 160 px the
  /// stress gauge's "Stress" stands on the end labels' line, between them, where there is
  /// no room under them.
  @Test func aShortTitleStaysAt160px() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    for value in [42, -20, nil] as [Double?] {
      let layout = try gauge.layout(value: value, width: 160, height: 160)
      let title = try #require(layout.labels.first { $0.role == .title })
      #expect(title.text == "Stress")
      #expect(title.fontSize == Self.minimumCaption)
      let start = try #require(layout.labels.first { $0.role == .start })
      #expect(title.position.y == start.position.y)
    }
  }

  /// A title too long for the gap keeps the end labels' size and loses its last words, with
  /// "…"; one that would keep fewer than two words is
  /// left out rather than cut to a stub. A title that fits stands a step above the end
  /// labels.
  @Test func aLongTitleIsCutAtAWordNotShrunkNorStubbed() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.title = "Stress level over the last twenty-four hours, measured by the watch"
    let small = try gauge.layout(value: 42, width: 300, height: 300)
    let title = try #require(small.labels.first { $0.role == .title })
    #expect(title.text == "Stress level over the last twenty-four…")
    let end = try #require(small.labels.first { $0.role == .end })
    #expect(title.fontSize == end.fontSize)
    gauge.title = "Stress level"
    let large = try gauge.layout(value: 42, width: 400, height: 400)
    let whole = try #require(large.labels.first { $0.role == .title })
    #expect(whole.text == "Stress level")
    let largeEnd = try #require(large.labels.first { $0.role == .end })
    #expect(whole.fontSize > largeEnd.fontSize)
    gauge.title = "Cardiorespiratoryfitnessestimate"
    let stub = try gauge.layout(value: 42, width: 120, height: 120)
    #expect(stub.labels.allSatisfy { $0.role != .title })
  }

  /// The title, the end labels and the status keep one place whatever the reading: the
  /// title and the ends the same for every value and state, the status one slot for
  /// "Below range", "Above range" and "No data", under the readout and above the ends.
  @Test(arguments: BuiltinPresets.names) func gapTextsKeepOnePlace(_ name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let span = gauge.max - gauge.min
    for side in Self.sides {
      let layouts = try [gauge.min - span, gauge.min, gauge.max, gauge.max + span, nil].map {
        try gauge.layout(value: $0, width: side, height: side)
      }
      for role in [TextRole.title, .start, .end] {
        // Shown or not (ends give way to a status where both cannot fit), never moved.
        let places = Set(
          layouts.compactMap { layout in layout.labels.first { $0.role == role }?.position })
        #expect(places.count <= 1, "\(name) at \(side) px: the \(role) moves: \(places)")
      }
      let statuses = layouts.compactMap { $0.labels.first { $0.role == .status } }
      #expect(Set(statuses.map(\.position)).count <= 1, "\(name) at \(side) px: the status moves")
      // (Ends in the tick numbers' style sit in the ring's hole, by the arc's ends.)
      for layout in layouts where !layout.labels.contains(where: { $0.role == .tick }) {
        guard let status = layout.labels.first(where: { $0.role == .status }) else { continue }
        let top = status.position.y - status.fontSize * 0.585
        let bottom = status.position.y + status.fontSize * 0.585
        for end in layout.labels where end.role == .start || end.role == .end {
          // Never on the status's line ("0  No data  100").
          #expect(
            end.position.y - end.fontSize * 0.585 >= bottom
              || end.position.y + end.fontSize * 0.585 <= top,
            "\(name) at \(side) px: \(end.text) shares a line with \(status.text)")
        }
      }
    }
  }

  /// One readout size for every value of the domain, and the readout leads: at 120 px and
  /// up, at least 16% of the ring's diameter at 400 px and larger than every other text.
  @Test(arguments: BuiltinPresets.names) func theReadoutHasOneSizeAndLeads(_ name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    for side in Self.sides {
      let values = (0...20).map { gauge.min + Double($0) / 20 * (gauge.max - gauge.min) }
      let layouts = try values.map { try gauge.layout(value: $0, width: side, height: side) }
      let sizes = Set(layouts.compactMap { $0.labels.first { $0.role == .readout }?.fontSize })
      #expect(sizes.count == 1, "\(name) at \(side) px: readout sizes \(sizes)")
      for layout in layouts {
        let readout = try #require(layout.labels.first { $0.role == .readout })
        for other in layout.labels where other.role != .readout {
          #expect(
            other.fontSize < readout.fontSize,
            "\(name) at \(side) px: \(other.role) \"\(other.text)\" is not smaller than the readout"
          )
        }
        if side == 400 {
          #expect(
            readout.fontSize >= 0.16 * 2 * layout.outerRadius, "\(name): \(readout.fontSize) px")
        }
      }
    }
  }

  /// The SVG draws exactly the layout's texts: each text, its place and size, in order.
  @Test(arguments: BuiltinPresets.names) func theSVGDrawsTheLayoutsTexts(_ name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let span = gauge.max - gauge.min
    let values: [Double?] = [
      gauge.min - span, gauge.min, (gauge.min + gauge.max) / 2, gauge.max, gauge.max + span, nil,
    ]
    for side in Self.sides {
      for value in values {
        for theme in [Theme.light, .dark] {
          let options = RenderOptions(width: side, height: side, theme: theme)
          let layout = try gauge.layout(value: value, width: side, height: side)
          let svg = try gauge.svg(value: value, options: options)
          let drawn = svg.split(separator: "\n").filter { $0.hasPrefix("<text") }.map {
            line -> String in
            func attribute(_ name: String) -> String {
              guard let range = line.range(of: " \(name)=\"") else { return "" }
              return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
            let text = line[line.index(after: line.firstIndex(of: ">")!)...].prefix { $0 != "<" }
            return [attribute("x"), attribute("y"), attribute("font-size"), String(text)]
              .joined(separator: " ")
          }
          let expected = layout.labels.map { label in
            [
              FixedDecimal.string(label.position.x, decimals: 2),
              FixedDecimal.string(label.position.y, decimals: 2),
              FixedDecimal.string(label.fontSize, decimals: 2), label.text,
            ].joined(separator: " ")
          }
          #expect(
            drawn == expected, "\(name) \(theme) at \(side) px, \(value.map { "\($0)" } ?? "none")")
        }
      }
    }
  }
}
