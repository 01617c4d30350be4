import GaugeKit
import Testing

/// Every built-in preset with three markers (one off the scale), a reference and a range,
/// in both themes at 200, 400 and 800 px: each marker label and the delta lie inside the
/// image, clear of every other text, every polygon (pointers, bars, marks) and the ring, as
/// `TextClearanceTests` measures them.
@Suite struct MarksClearanceTests {
  struct Case: CustomStringConvertible {
    var preset: String
    var theme: Theme
    var side: Int
    var description: String { "\(preset) \(theme) \(side)" }
  }

  static let cases: [Case] = BuiltinPresets.names.flatMap { name in
    [Theme.light, .dark].flatMap { theme in
      [200, 400, 800].map { Case(preset: name, theme: theme, side: $0) }
    }
  }

  @Test(arguments: cases) func markLabelsAreClear(_ check: Case) throws {
    var gauge = try BuiltinPresets.gauge(named: check.preset)
    let span = gauge.max - gauge.min
    gauge.markers = [
      GaugeMarker(value: gauge.min + span * 0.3, label: "Goal"),
      GaugeMarker(value: gauge.min + span * 0.8, label: "Limit"),
      GaugeMarker(value: gauge.max + span, label: "Cap"),
    ]
    gauge.thresholdMarkers = true
    var options = RenderOptions(width: check.side, height: check.side, theme: check.theme)
    options.reference = gauge.min + span * 0.4
    options.range = gauge.min + span * 0.2...gauge.min + span * 0.6
    let scene = try gauge.scene(value: gauge.min + span / 2, options: options)
    var texts: [(SceneText, TextBox)] = []
    var polygons: [ScenePolygon] = []
    var rings: [SceneRing] = []
    for item in scene.items {
      switch item {
      case .text(let text): texts.append((text, TextClearanceTests.box(of: text)))
      case .polygon(let polygon): polygons.append(polygon)
      case .ring(let ring): rings.append(ring)
      default: break
      }
    }
    let drawn = texts.filter { $0.0.role == .marker || $0.0.role == .delta }
    // At 400 px and more, every marker's label and the delta find a place.
    if check.side >= 400 { #expect(drawn.count == 4, "\(check): \(drawn.map(\.0.text))") }
    for (text, box) in drawn {
      let name = "\(check): \(text.role) \"\(text.text)\""
      #expect(text.fontSize >= 9, "\(name) is \(text.fontSize) px")
      #expect(
        box.minX >= 0 && box.minY >= 0 && box.maxX <= Double(check.side)
          && box.maxY <= Double(check.side), "\(name) leaves the image: \(box)")
      for polygon in polygons {
        #expect(!box.intersects(polygon: polygon.points, margin: 0), "\(name) touches a polygon")
      }
      for ring in rings {
        #expect(!TextClearanceTests.touches(box, ring), "\(name) touches the ring")
      }
      for (other, otherBox) in texts where other != text {
        #expect(!box.intersects(otherBox, margin: 0), "\(name) overlaps \(other.role)")
      }
    }
  }
}
