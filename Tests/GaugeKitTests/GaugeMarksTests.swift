import GaugeKit
@_spi(Service) import GaugeModel
import GaugeTestSupport
import Testing

/// Markers, threshold marks, the neutral point, the reference and its delta, the range and
/// minor ticks (#25): exact geometry and words in the scene every backend draws.
@Suite struct GaugeMarksTests {
  let stress: Gauge

  init() throws {
    stress = try BuiltinPresets.gauge(named: "stress")
  }

  /// The stress gauge with a goal at 30 and a cap off the scale at 130, a reference of 35
  /// and a range of 30 to 55, at 400 px.
  func marked() throws -> Scene {
    var gauge = stress
    gauge.markers = [GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: 130, label: "Cap")]
    var options = RenderOptions()
    options.reference = 35
    options.range = 30...55
    return try gauge.scene(value: 42, options: options)
  }

  static func texts(_ scene: Scene, _ role: TextRole) -> [SceneText] {
    scene.items.compactMap {
      guard case .text(let text) = $0, text.role == role else { return nil }
      return text
    }
  }

  static func polygons(_ scene: Scene, _ mark: SceneMark) -> [ScenePolygon] {
    scene.items.compactMap {
      guard case .polygon(let polygon) = $0, polygon.mark == mark else { return nil }
      return polygon
    }
  }

  @Test func theAccessibleNameNamesEveryMark() throws {
    #expect(
      try marked().label
        == "Stress 42 of 0–100: Normal, Goal 30, Cap 130 (above range), up 7 since 35, "
        + "range 30–55")
  }

  /// Each language names the marks in its own words and digits, the change and the reference
  /// in its order; a fall below the reference and an unchanged value too.
  @Test(arguments: [
    (
      "ar-EG", 42.0,
      "Stress ٤٢ من ٠–١٠٠: Normal، Goal ٣٠، Cap ١٣٠ (أعلى من النطاق)، بارتفاع ٧ منذ ٣٥، "
        + "النطاق ٣٠–٥٥"
    ),
    (
      "ja-JP", 42,
      "Stress 42（0–100）：Normal、Goal 30、Cap 130（範囲より上）、35から7上昇、範囲 30–55"
    ),
    (
      "ru", 20,
      "Stress 20 из 0–100: Relaxed, Goal 30, Cap 130 (выше диапазона), снижение на 15 с 35, "
        + "диапазон 30–55"
    ),
    ("hi", 35, "Stress 35 (0–100): Normal, Goal 30, Cap 130 (सीमा से ऊपर), 35 से कोई बदलाव नहीं, सीमा 30–55"),
  ])
  func theAccessibleNameSpeaksTheLocalesLanguage(locale: String, value: Double, name: String)
    throws
  {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.markers = [GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: 130, label: "Cap")]
    gauge.readout.locale = try GaugeLocale(locale)
    var options = RenderOptions()
    options.reference = 35
    options.range = 30...55
    #expect(try gauge.scene(value: value, options: options).label == name)
  }

  @Test func markersAreBarsAcrossTheRingWithTheirLabelsOutsideIt() throws {
    let scene = try marked()
    let bars = Self.polygons(scene, .marker)
    #expect(bars.count == 2)
    #expect(
      bars[0].points.map(\.rounded) == [
        Point(x: 118.562, y: 143.676), Point(x: 69.87, y: 108.618), Point(x: 72.061, y: 105.575),
        Point(x: 120.753, y: 140.633),
      ])
    let labels = Self.texts(scene, .marker)
    #expect(labels.map(\.text) == ["Goal", "Cap"])
    #expect(
      labels.map(\.position.rounded) == [
        Point(x: 53.923, y: 94.826), Point(x: 324.853, y: 327.569),
      ])
    #expect(labels.map(\.fontSize) == [13.5, 13.5])
    // The ring: centre (200, 200), outer radius 150 (90% of 400 px over 1.2 for the labels).
    guard
      case .ring(let ring)? = scene.items.first(where: {
        if case .ring(let ring) = $0 { !ring.isOutline } else { false }
      })
    else {
      Issue.record("no ring")
      return
    }
    #expect(ring.outerRadius == 150)
    for label in labels {
      let box = TextClearanceTests.box(of: label)
      #expect(box.nearestDistance(to: ring.center) > ring.outerRadius * 1.06)
    }
  }

  /// A marker off the scale is pegged at the arc's end, not refused.
  @Test func aMarkerOffTheScaleIsPeggedAtTheEnd() throws {
    var gauge = stress
    gauge.markers = [GaugeMarker(value: -20, label: "Floor")]
    let layout = try gauge.layout(value: 42)
    let marks = layout.marks(reference: nil, range: nil)
    #expect(marks.markers.first?.state == .below)
    #expect(marks.markers.first?.angle == layout.sectorLayout.arcStart)
    #expect(try gauge.scene(value: 42).label.hasSuffix(", Floor -20 (below range)"))
  }

  @Test func thresholdMarksStandJustOutsideTheRingAtEachBoundary() throws {
    var gauge = stress
    gauge.thresholdMarkers = true
    let layout = try gauge.layout(value: 42)
    let marks = layout.marks(reference: nil, range: nil)
    #expect(marks.thresholds.count == 2)
    for (mark, bound) in zip(marks.thresholds, [25.0, 75]) {
      let bearing = layout.sectorLayout.angle(atProgress: bound / 100)
      let tip = Point(center: layout.center, radius: layout.outerRadius * 1.02, degrees: bearing)
      #expect(mark[0] == tip)
      for corner in mark {
        let distance = corner.distance(to: layout.center)
        #expect(distance >= layout.outerRadius && distance <= layout.outerRadius * 1.1)
      }
    }
  }

  /// A balance of −20 in −50…50 with a neutral point at 0 lights −20…0 only; +30 lights 0…30.
  @Test(arguments: [(-20.0, -20.0, 0.0), (30, 0, 30)])
  func aNeutralPointLightsFromItToTheValue(value: Double, low: Double, high: Double) throws {
    let gauge = try Gauge(presetJSON: Self.balance)
    let layout = try gauge.layout(value: value)
    let count = layout.sectors.count
    for sector in layout.sectors {
      let middle = -50 + (Double(sector.visibleIndex) + 0.5) / Double(count) * 100
      #expect(sector.lit == (middle >= low && middle <= high), "sector \(sector.visibleIndex)")
    }
    let scene = try gauge.scene(value: value)
    guard
      case .ring(let ring)? = scene.items.first(where: {
        if case .ring(let ring) = $0 { !ring.isOutline } else { false }
      })
    else {
      Issue.record("no ring")
      return
    }
    let lit = (0..<ring.count).filter { ring.isLit($0) }
    #expect(lit == layout.sectors.filter(\.lit).map(\.visibleIndex))
  }

  @Test func aNeutralPointOutsideTheDomainIsRefused() throws {
    #expect(throws: GaugeError.self) {
      try Gauge(presetJSON: Self.balance.replacing("\"neutral\": 0", with: "\"neutral\": 60"))
    }
    do {
      _ = try Gauge(presetJSON: Self.balance.replacing("\"neutral\": 0", with: "\"neutral\": 60"))
    } catch {
      #expect(
        error.description
          == "9:14: neutral: 60 is outside the domain; allowed: -50...50")
    }
  }

  @Test(arguments: [
    (42.0, 35.0, nil as String?, "▲ 7"), (32, 35, nil, "▼ 3"), (35.2, 35, nil, "= 0"),
    (42, 35, "ar-EG", "▲ ٧"), (42, 35, "hi", "▲ 7"),
  ])
  func theDeltaIsWrittenInTheLocalesDigits(
    value: Double, reference: Double, locale: String?, expected: String
  ) throws {
    var gauge = stress
    if let locale { gauge.readout.locale = try GaugeLocale(locale) }
    var options = RenderOptions()
    options.reference = reference
    let deltas = Self.texts(try gauge.scene(value: value, options: options), .delta)
    #expect(deltas.map(\.text) == [expected])
  }

  @Test func theGhostPointerIsThePointersShapeAtTheReferenceInAFaintColour() throws {
    let scene = try marked()
    let ghost = try #require(Self.polygons(scene, .reference).first)
    let layout = try stress.layout(value: 35)
    let expected = stress.pointer.polygon(
      center: Point(x: 200, y: 200), radius: 150, angle: layout.pointerAngle!)
    #expect(ghost.points == expected.points)
    #expect(ghost.paint.color == Color(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0x66))
  }

  /// A rise is green or red by `delta.increase`, a fall the other way, with at least 3:1 on
  /// both themes' backgrounds (WCAG's formula).
  @Test(arguments: [
    (DeltaMeaning.good, 42.0, "#248A3D"), (.good, 30, "#D70015"), (.bad, 42, "#D70015"),
    (.bad, 30, "#248A3D"), (.neutral, 42, "#6C6C70"),
  ])
  func theDeltaIsColouredByWhatARiseMeans(increase: DeltaMeaning, value: Double, hex: String)
    throws
  {
    var gauge = stress
    gauge.increaseMeans = increase
    var options = RenderOptions()
    options.reference = 35
    let delta = try #require(
      Self.texts(try gauge.scene(value: value, options: options), .delta).first)
    #expect(delta.paint.color.hex == hex)
    for theme in [Theme.light, .dark] {
      options.theme = theme
      let style = theme == .dark ? gauge.darkStyle : gauge.style
      let drawn = try #require(
        Self.texts(try gauge.scene(value: value, options: options), .delta).first)
      #expect(
        drawn.paint.color.contrast(with: style.background!) >= 3,
        "\(theme) \(drawn.paint.color.hex)")
    }
  }

  @Test func theRangeIsABandInsideTheRingFromLowToHigh() throws {
    let scene = try marked()
    let band = try #require(
      scene.items.compactMap { item -> SceneSector? in
        guard case .sector(let sector) = item, sector.mark == .range else { return nil }
        return sector
      }.first)
    let layout = try stress.layout(value: 42)
    #expect(band.sector.startAngle == layout.sectorLayout.angle(atProgress: 0.3))
    #expect(band.sector.endAngle == layout.sectorLayout.angle(atProgress: 0.55))
    #expect(band.sector.outerRadius < band.sector.innerRadius + 20)
  }

  @Test func aRangeWithAnInfiniteEndIsOneClearError() throws {
    var options = RenderOptions()
    options.range = 30...Double.infinity
    #expect(
      throws: GaugeError.invalidOption("range: 30, infinity is not two finite numbers")
    ) {
      try stress.scene(value: 42, options: options)
    }
  }

  @Test func everyReaderRefusesALowAboveItsHighInTheSameWords() {
    #expect(
      Gauge.rangeProblem(low: 55, high: 30)
        == "low 55 is above high 30; give the lowest value first")
    #expect(Gauge.rangeProblem(low: 30, high: 30) == nil)
  }

  @Test func minorTicksDivideEachPart() throws {
    var gauge = stress
    gauge.labels.ticks = 4
    gauge.labels.minorTicks = 5
    let layout = try gauge.layout(value: 42)
    let minor = layout.marks(reference: nil, range: nil).minorTicks
    #expect(minor.count == 16)
    #expect(minor.map(\.value).prefix(4).map { ($0 * 1000).rounded() / 1000 } == [5, 10, 15, 20])
  }

  /// Presets read and write the new keys, and a preset without them prints as before.
  @Test func presetsRoundTripTheNewKeys() throws {
    let gauge = try Gauge(presetJSON: Self.balance)
    #expect(gauge.neutral == 0)
    #expect(gauge.thresholdMarkers)
    #expect(gauge.labels.minorTicks == 2)
    #expect(gauge.increaseMeans == .good)
    #expect(gauge.markers == [GaugeMarker(value: 25, label: "Target")])
    #expect(try Gauge(presetJSON: gauge.presetJSON()) == gauge)
    #expect(!stress.presetJSON().contains("markers"))
  }

  @Test(arguments: [
    (
      #"{"min": 0, "max": 10, "zones": [{"label": "A", "color": "red", "upTo": 10}], "markers": [{"value": "x", "label": "G"}]}"#,
      "1:100: markers[0].value: expected a number, found a string"
    ),
    (
      #"{"min": 0, "max": 10, "zones": [{"label": "A", "color": "red", "upTo": 10}], "markers": [{"value": 3}]}"#,
      "1:90: markers[0].label: is missing; required: the marker's label, a string"
    ),
    (
      // As `--marker 30:` is refused: a bar with no name would be read out as a bare number.
      #"{"min": 0, "max": 10, "zones": [{"label": "A", "color": "red", "upTo": 10}], "markers": [{"value": 3, "label": ""}]}"#,
      #"1:112: markers[0].label: is empty; every marker needs a label, such as "Goal""#
    ),
    (
      // Spaces and a zero-width space draw nothing beside the bar either.
      #"{"min": 0, "max": 10, "zones": [{"label": "A", "color": "red", "upTo": 10}], "markers": [{"value": 3, "label": " \u200B\t"}]}"#,
      "1:112: markers[0].label: is only spaces or invisible characters; every marker needs a "
        + #"label, such as "Goal""#
    ),
    (
      #"{"min": 0, "max": 10, "zones": [{"label": "A", "color": "red", "upTo": 10}], "delta": {"increase": "up"}}"#,
      #"1:100: delta.increase: "up" is not allowed; use one of good, bad, neutral"#
    ),
  ])
  func badMarksSayWhereAndWhat(json: String, message: String) throws {
    do {
      _ = try Gauge(presetJSON: json)
      Issue.record("accepted")
    } catch {
      #expect(error.description == message)
    }
  }

  static let balance = """
    {
      "title": "Balance", "min": -50, "max": 50,
      "zones": [
        {"label": "Deficit", "color": "#FF3B30", "upTo": -10},
        {"label": "Even", "color": "#34C759", "upTo": 10},
        {"label": "Surplus", "color": "#007AFF", "upTo": 50}
      ],
      "fill": "progress", "thresholdMarkers": true, "labels": {"ticks": 10, "minorTicks": 2},
      "neutral": 0, "markers": [{"value": 25, "label": "Target"}], "delta": {"increase": "good"}
    }
    """
}

extension Point {
  /// The point to three decimals, as the scene's JSON writes it.
  fileprivate var rounded: Point {
    Point(x: (x * 1000).rounded() / 1000, y: (y * 1000).rounded() / 1000)
  }

  fileprivate func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }
}

extension TextBox {
  fileprivate func nearestDistance(to point: Point) -> Double {
    let dx = Swift.max(minX - point.x, 0, point.x - maxX)
    let dy = Swift.max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
