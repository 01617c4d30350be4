import Foundation
import GaugeTestSupport
import Testing

@testable import GaugeKit
@testable import GaugeRender

/// `"pointers"` and several values on one dial (issue #25): one pointer and one labelled
/// readout line a value, in the scene every backend draws.
@Suite struct SeveralPointersTests {
  static let bloodPressure = """
    {"title": "Blood pressure", "min": 40, "max": 200, "readout": {"suffix": " mmHg"},
     "zones": [{"label": "Low", "color": "#5AC8FA", "upTo": 90},
               {"label": "Normal", "color": "#34C759", "upTo": 120},
               {"label": "High", "color": "#FF3B30", "upTo": 200}],
     "pointers": [{"label": "Systolic"}, {"label": "Diastolic", "color": "#5856D6"}]}
    """

  @Test func thePresetDecodesAndEncodesItsPointers() throws {
    let gauge = try Gauge(presetJSON: Self.bloodPressure)
    #expect(
      gauge.pointers == [
        PointerMark(label: "Systolic"),
        PointerMark(label: "Diastolic", color: Color(red: 0x58, green: 0x56, blue: 0xD6)),
      ])
    #expect(gauge.valueCount == 2)
    #expect(try Gauge(presetJSON: gauge.presetJSON()) == gauge)
    let encoded = gauge.presetJSON()
    let tail = encoded[try #require(encoded.range(of: "  \"pointers\"")).lowerBound...]
    #expect(
      tail
        == (##"""
          "pointers": [
            {
              "label": "Systolic"
            },
            {
              "label": "Diastolic",
              "color": "#5856D6"
            }
          ]
        }
        """## + "\n"))
  }

  @Test func aPresetWithoutPointersIsUnchanged() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(stress.pointers.isEmpty)
    #expect(!stress.presetJSON().contains("pointers"))
    #expect(try stress.svgBytes(values: [42]) == (try stress.svgBytes(value: 42)))
  }

  @Test func eachValueHasItsPointerAndLine() throws {
    let gauge = try Gauge(presetJSON: Self.bloodPressure)
    let options = RenderOptions(width: 400, height: 400)
    let scene = try gauge.scene(values: [120, 80], options: options)
    let polygons = scene.items.compactMap { item -> ScenePolygon? in
      guard case .polygon(let polygon) = item else { return nil }
      return polygon
    }
    // Over the ring only, from 90% of its inner radius, leaving the hole to the lines.
    var short = gauge
    short.pointer.inner = gauge.ring.innerRadius * 0.9
    let first = try #require(try short.layout(value: 120).pointer)
    let second = try #require(try short.layout(value: 80).pointer)
    #expect(polygons.map(\.points) == [first.points, second.points])
    #expect(polygons.map(\.isPointer) == [true, false])
    #expect(polygons[1].paint == Paint(Color(red: 0x58, green: 0x56, blue: 0xD6), role: .fixed))
    let lines = scene.items.compactMap { item -> SceneText? in
      guard case .text(let text) = item, text.role == .readoutLine else { return nil }
      return text
    }
    #expect(lines.map(\.text) == ["Systolic 120 mmHg", "Diastolic 80 mmHg"])
    #expect(Set(lines.map(\.fontSize)).count == 1)
    #expect(abs(lines[1].position.y - lines[0].position.y - 1.25 * lines[0].fontSize) < 1e-9)
    let center = try gauge.layout(value: 120).center
    #expect((lines[0].position.y + lines[1].position.y) / 2 == center.y)
    #expect(lines.allSatisfy { $0.position.x == center.x })
    #expect(
      !scene.items.contains { if case .text(let t) = $0 { t.role == .readout } else { false } })
    #expect(scene.label == "Blood pressure: Systolic 120, Diastolic 80 mmHg: Normal")
  }

  @Test func noDataDrawsNoPointerAndThePlaceholder() throws {
    let gauge = try Gauge(presetJSON: Self.bloodPressure)
    let scene = try gauge.scene(values: [120, nil])
    let pointers = scene.items.filter { if case .polygon = $0 { true } else { false } }
    #expect(pointers.count == 1)
    #expect(scene.label == "Blood pressure: Systolic 120, Diastolic —: Normal")
    #expect(
      try gauge.scene(values: [nil, nil]).label
        == "Blood pressure: Systolic —, Diastolic —: No data")
  }

  /// The accessible name is built from the locale's words, or the preset's own
  /// `wording.summaryValues`; the zone is the highest any value falls in.
  @Test func theAccessibleNameUsesTheWording() throws {
    var gauge = try Gauge(presetJSON: Self.bloodPressure)
    #expect(
      try gauge.scene(values: [150, 80]).label
        == "Blood pressure: Systolic 150, Diastolic 80 mmHg: High")
    gauge.readout.locale = try GaugeLocale("fr")
    #expect(
      try gauge.scene(values: [120, 80]).label
        == "Blood pressure\u{A0}: Systolic 120, Diastolic 80 mmHg\u{A0}: Normal")
    gauge.readout.locale = try GaugeLocale("ja")
    #expect(
      try gauge.scene(values: [120, 80]).label
        == "Blood pressure：Systolic 120、Diastolic 80 mmHg：Normal")
    let own = try Gauge(
      presetJSON: Self.bloodPressure.replacingOccurrences(
        of: #""readout": {"suffix": " mmHg"},"#,
        with:
          #""readout": {"suffix": " mmHg"}, "wording": {"summaryValues": "{title} ({min}–{max}): {values}, {zone}"},"#
      ))
    #expect(
      try own.scene(values: [120, 80]).label
        == "Blood pressure (40–200): Systolic 120, Diastolic 80 mmHg, Normal")
    var wrong = gauge
    wrong.wording.summaryValues = "{value}"
    #expect(
      wrong.problems().map(\.message) == [
        "{value} is not a placeholder here; allowed: {title}, {values}, {min}, {max}, {zone}"
      ])
  }

  @Test func moreValuesThanPointersIsOneMessage() throws {
    let gauge = try Gauge(presetJSON: Self.bloodPressure)
    #expect(
      throws: GaugeError.invalidOption(
        "3 values for a gauge of 2 pointers (\"pointers\"); give at most 2")
    ) {
      try gauge.scene(values: [1, 2, 3])
    }
    #expect(
      throws: GaugeError.invalidOption(
        "2 values for a gauge of one pointer (no \"pointers\"); give at most 1")
    ) {
      try BuiltinPresets.gauge(named: "stress").scene(values: [1, 2])
    }
  }

  @Test func badPointersAreReportedAtTheirPath() {
    let json =
      ##"{"min": 0, "max": 1, "zones": [{"label": "a", "color": "red", "upTo": 1}], "pointers": [{"label": "A", "color": "#12"}, {"colour": "red"}]}"##
    let colour =
      "use #RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, "
      + "lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)"
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "pointers[0].color", message: ##""#12" is not a colour; "## + colour, line: 1,
          column: 113),
        Diagnostic(
          path: "pointers[1].label", message: "is missing; required: the pointer's name, a string",
          line: 1, column: 121),
        Diagnostic(
          path: "pointers[1].colour",
          message: #"unknown key "colour"; allowed: label, color (did you mean "color"?)"#,
          line: 1, column: 122),
      ])
    ) {
      try Gauge(presetJSON: json)
    }
  }

  /// Markers, a reference and a range are named after the values, as one value's name
  /// names them: the change is the first value's, whose ghost pointer and delta are drawn.
  @Test func theAccessibleNameNamesTheMarks() throws {
    var gauge = try Gauge(presetJSON: Self.bloodPressure)
    gauge.markers = [GaugeMarker(value: 130, label: "Goal"), GaugeMarker(value: 250, label: "Cap")]
    var options = RenderOptions()
    options.reference = 110
    options.range = 100...130
    let name =
      "Blood pressure: Systolic 120, Diastolic 80 mmHg: Normal, Goal 130, Cap 250 (above "
      + "range), up 10 since 110, range 100–130"
    #expect(try gauge.scene(values: [120, 80], options: options).label == name)
    let svg = String(
      decoding: try gauge.svgBytes(values: [120, 80], options: options), as: UTF8.self)
    #expect(svg.contains("<title>" + name + "</title>"))
    options.reference = 125
    options.range = nil
    gauge.markers = []
    #expect(
      try gauge.scene(values: [120, 80], options: options).label
        == "Blood pressure: Systolic 120, Diastolic 80 mmHg: Normal, down 5 since 125")
    // The same words as the one value's name after its summary.
    let one = try gauge.scene(value: 120, options: options).label
    #expect(one.hasSuffix(", down 5 since 125"))
  }

  @Test func theSVGAndThePNGDrawTheScene() throws {
    let gauge = try Gauge(presetJSON: Self.bloodPressure)
    var writer = SVGSceneRenderer(scene: try gauge.scene(values: [120, 80]))
    let svg = try gauge.svgBytes(values: [120, 80])
    #expect(svg == writer.render())
    let text = String(decoding: svg, as: UTF8.self)
    #expect(text.contains(">Systolic 120 mmHg</text>"))
    #expect(text.contains(">Diastolic 80 mmHg</text>"))
    try assertGolden(text, named: "blood-pressure-120-80.svg", test: "SeveralPointersTests")
    let png = try gauge.png(values: [120, 80], options: RenderOptions(width: 100, height: 100))
    #expect(Array(png[16..<24]) == [0, 0, 0, 100, 0, 0, 0, 100])
  }

  /// The AQI's dark pointer crosses its dark zones weakly, so it has a halo; with two
  /// pointers each has the same halo, turned to its own value, in the scene (and so the
  /// PNG), the SVG, and an animation (the halo turns with its pointer).
  @Test func everyPointerHasTheFirstPointersHalo() throws {
    var gauge = try BuiltinPresets.gauge(named: "aqi")
    gauge.pointers = [PointerMark(label: "Today"), PointerMark(label: "Yesterday")]
    let options = RenderOptions(width: 300, height: 300)
    let scene = try gauge.scene(values: [42, 160], options: options)
    let polygons = scene.items.compactMap { item -> ScenePolygon? in
      if case .polygon(let polygon) = item { return polygon } else { return nil }
    }
    let halos = polygons.filter { $0.paint.role == .background }
    let pointers = polygons.filter { $0.paint.role != .background }
    #expect(halos.count == 2)
    #expect(pointers.count == 2)
    // Each halo is the first one turned as far as its pointer is from the first pointer.
    let center = try #require(
      scene.items.compactMap { item -> Point? in
        if case .ring(let ring) = item { return ring.center } else { return nil }
      }.first)
    func bearing(_ point: Point) -> Double { atan2(point.y - center.y, point.x - center.x) }
    let turn = bearing(pointers[1].points[1]) - bearing(pointers[0].points[1])
    let (s, c) = (sin(turn), cos(turn))
    for (first, other) in zip(halos[0].points, halos[1].points) {
      let dx = first.x - center.x
      let dy = first.y - center.y
      #expect(abs(center.x + dx * c - dy * s - other.x) < 0.02)
      #expect(abs(center.y + dx * s + dy * c - other.y) < 0.02)
    }
    // Drawn under its pointer, in the background's colour.
    let second = try #require(scene.items.firstIndex(of: .polygon(pointers[1])))
    #expect(scene.items[second - 1] == .polygon(halos[1]))
    #expect(halos[1].paint.color == halos[0].paint.color)
    let svg = String(
      decoding: try gauge.svgBytes(values: [42, 160], options: options), as: UTF8.self)
    try assertGolden(svg, named: "aqi-two-pointers-42-160.svg", test: "SeveralPointersTests")
    #expect(svg.components(separatedBy: "<polygon fill=\"#FFFFFF\"").count - 1 == 2)

    // Animated, the second halo turns with the second pointer ("n1").
    var animated = options
    animated.animation = SVGAnimation(from: 0, duration: 1)
    let moving = String(
      decoding: try gauge.svgBytes(values: [42, 160], options: animated), as: UTF8.self)
    #expect(moving.components(separatedBy: "<polygon class=\"n1\" fill=\"#FFFFFF\"").count == 2)
    #expect(moving.components(separatedBy: "<polygon class=\"n1\" fill=\"#1C1C1E\"").count == 2)
  }
}
