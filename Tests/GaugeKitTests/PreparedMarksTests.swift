import Testing

@testable import GaugeKit
@testable import GaugeRender

/// A static prepared renderer writes each state's known marks and what they add to the
/// accessible name once (`PreparedMarks`), and copies them into every image. These hold
/// that path to the bytes of an image drawn from scratch where it could go wrong: words in
/// other locales and scripts, text that needs escaping, no labels at all, and each kind of
/// reference phrase.
@Suite struct PreparedMarksTests {
  /// The stress gauge with a marker whose label needs escaping.
  func marked(locale: String? = nil) throws -> Gauge {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.markers = [
      GaugeMarker(value: 30, label: "R&D <goal>"), GaugeMarker(value: 85, label: "Cap"),
    ]
    gauge.thresholdMarkers = true
    if let locale { gauge.readout.locale = try GaugeLocale(locale) }
    return gauge
  }

  /// Every value and state, through one prepared renderer and from scratch.
  func expectSameImages(_ gauge: Gauge, _ options: RenderOptions, _ name: String) throws {
    // The path under test: known marks, so the renderer writes them once.
    let scenes = try GaugeScenes(gauge: gauge, options: options, repeated: true)
    #expect(!scenes.knownMarks.isEmpty, "\(name): no known marks")
    let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
    for value in [nil, .nan, -7, 0, 12.5, 34.6, 35, 35.4, 42, 100, 130] as [Double?] {
      #expect(
        try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options),
        "\(name) \(String(describing: value))")
    }
  }

  @Test func eachReferencePhraseMatchesTheOneShotImage() throws {
    var options = RenderOptions()
    options.reference = 35
    options.range = 30...55
    // Up, down, unchanged (35 and 35.4 round to the same readout), alone (no data).
    try expectSameImages(try marked(), options, "reference and range")
    var markersOnly = RenderOptions()
    markersOnly.range = 10...20
    try expectSameImages(try marked(), markersOnly, "no reference")
  }

  /// NaN and infinities are ignored as references (`RenderOptions.reference`): no ghost
  /// pointer, no change, no words, in a prepared image as in one drawn from scratch.
  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func anUnreadableReferenceIsIgnored(reference: Double) throws {
    var options = RenderOptions()
    options.reference = reference
    options.range = 30...55
    try expectSameImages(try marked(), options, "reference \(reference)")
    let svg = try GaugeSVGRenderer(gauge: try marked(), options: options).svg(value: 42)
    var plain = options
    plain.reference = nil
    #expect(svg == (try marked().svgFromScratch(value: 42, options: plain)))
  }

  @Test func wordsInOtherScriptsMatchTheOneShotImage() throws {
    var options = RenderOptions(theme: .auto)
    options.reference = 35
    options.range = 30...55
    for locale in ["de-CH", "ar-EG", "hi-IN", "ja-JP"] {
      try expectSameImages(try marked(locale: locale), options, locale)
    }
  }

  @Test func imagesWithoutLabelsMatchTheOneShotImage() throws {
    var options = RenderOptions(width: 160, height: 160, showLabels: false)
    options.reference = 130
    try expectSameImages(try marked(), options, "no labels")
  }

  /// Small images, the zone's name under the readout and a unit: where the change finds no
  /// room in the readout's disc it goes to the gap below, clear of the texts the state
  /// placed once (`StateMarks.fixedBoxes`) and of the image's own (the readout, its unit,
  /// the zone's name), as an image drawn from scratch places it.
  @Test func aChangeInTheGapMatchesTheOneShotImage() throws {
    var inGap = 0
    for preset in ["stress", "heart-rate", "glucose"] {
      for showsZone in [false, true] {
        var gauge = try BuiltinPresets.gauge(named: preset)
        gauge.markers = [
          GaugeMarker(value: gauge.min + (gauge.max - gauge.min) * 0.3, label: "Goal")
        ]
        gauge.readout.showsZone = showsZone
        for size in [96, 120, 160, 240] {
          var options = RenderOptions(width: size, height: size)
          options.reference = gauge.min + (gauge.max - gauge.min) * 0.35
          let name = "\(preset) zone \(showsZone) \(size) px"
          try expectSameImages(gauge, options, name)
          for value in [gauge.min, (gauge.min + gauge.max) / 2, gauge.max * 2] {
            let texts = try gauge.scene(value: value, options: options).items.compactMap {
              item -> SceneText? in
              if case .text(let text) = item { return text }
              return nil
            }
            let readout = try #require(texts.first { $0.role == .readout }, "\(name)")
            if let delta = texts.first(where: { $0.role == .delta }),
              delta.position.y > readout.position.y
            {
              inGap += 1
            }
          }
        }
      }
    }
    // The case this test is for: some changes did go to the gap.
    #expect(inGap > 0)
  }

  /// The known marks stay in the scene itself: only the SVG writer copies their elements.
  @Test func theSceneStillHoldsEveryMark() throws {
    var options = RenderOptions()
    options.reference = 35
    options.range = 30...55
    let scene = try marked().scene(value: 42, options: options)
    var marks: [SceneMark] = []
    var texts: [TextRole] = []
    for item in scene.items {
      switch item {
      case .polygon(let polygon): if let mark = polygon.mark { marks.append(mark) }
      case .sector(let sector): if let mark = sector.mark { marks.append(mark) }
      case .text(let text): texts.append(text.role)
      default: break
      }
    }
    #expect(marks == [.range, .threshold, .threshold, .marker, .marker, .reference])
    #expect(texts.filter { $0 == .marker || $0 == .delta } == [.marker, .marker, .delta])
    #expect(
      scene.label == "Stress 42 of 0–100: Normal, R&D <goal> 30, Cap 85, up 7 since 35, range 30–55"
    )
  }
}
