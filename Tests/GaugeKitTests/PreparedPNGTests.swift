import GaugeKit
import GaugeRender
import GaugeTestSupport
import Testing

@testable import GaugeRaster
@testable import GaugeText

/// The prepared PNG renderer draws the one-call path's bytes, for every state and option.
@Suite struct PreparedPNGTests {
  let stress = try! BuiltinPresets.gauge(named: "stress")

  @Test(arguments: [nil, -5, 0, 0.5, 42, 99.99, 100, 250, .nan, .infinity] as [Double?])
  func everyStateIsTheOneCallImage(value: Double?) throws {
    let renderer = try GaugePNGRenderer(gauge: stress)
    #expect(try renderer.png(value: value) == stress.png(value: value))
  }

  /// The prepared renderer reuses a template's compressed bands and starts from a canvas
  /// with the ring drawn: its images decode to exactly the pixels of the rasteriser with
  /// nothing prepared, for values across the domain and every state.
  @Test func everyValueDecodesToTheUnpreparedPixels() throws {
    let renderer = try GaugePNGRenderer(gauge: stress)
    let values: [Double?] =
      stride(from: 0.0, through: 100, by: 2.5).map { $0 }
      + [nil, .nan, -0.0, -5, -1e9, 100.001, 250, .infinity, -.infinity, 33.333, 99.99]
    for value in values {
      let image = try PNGReader(try renderer.png(value: value)).image()
      let scene = try stress.scene(value: value)
      var cache = GlyphCache()
      let pixels = try PNGSceneRenderer(scene: scene, scale: 1).pixels(cache: &cache)
      #expect(image.width == 400 && image.height == 400)
      #expect(image.rgba == pixels, "value \(String(describing: value))")
    }
  }

  /// A transparent background (RGBA scanlines, straightened on their way to the filter) and
  /// a progress gauge, whose ring changes with the value: the same pixels too.
  @Test func transparentAndProgressGaugesDecodeToTheUnpreparedPixels() throws {
    let options = RenderOptions(width: 240, height: 180, background: .none)
    for name in ["battery", "cpu"] {
      let gauge = try BuiltinPresets.gauge(named: name)
      let renderer = try GaugePNGRenderer(gauge: gauge, options: options, scale: 1.5)
      for value in [gauge.min, gauge.min + (gauge.max - gauge.min) * 0.37, gauge.max, nil] {
        let image = try PNGReader(try renderer.png(value: value)).image()
        var cache = GlyphCache()
        let pixels = try PNGSceneRenderer(
          scene: gauge.scene(value: value, options: options), scale: 1.5
        ).pixels(cache: &cache)
        #expect(image.colourType == 6)
        #expect(image.rgba == pixels, "\(name) at \(String(describing: value))")
      }
    }
  }

  @Test func scaleThemeBackgroundAndTitleAreTheOneCallImage() throws {
    let options = RenderOptions(
      width: 260, height: 200, theme: .dark, background: .none, title: "Löwe — 7")
    for name in ["battery", "glucose", "heart-rate"] {
      let gauge = try BuiltinPresets.gauge(named: name)
      let renderer = try GaugePNGRenderer(gauge: gauge, options: options, scale: 1.5)
      for value in [gauge.min, (gauge.min + gauge.max) / 3, gauge.max] {
        #expect(
          try renderer.png(value: value) == gauge.png(value: value, options: options, scale: 1.5),
          "\(name) at \(value)")
      }
    }
  }

  /// A caller's face (here the bundled bold, so every text is bold) draws the one-call
  /// path's bytes.
  @Test func aCallersFontIsTheOneCallImage() throws {
    let options = RenderOptions(
      width: 200, height: 200, fonts: FontSet(faces: [.dejaVuSansBold], systemFonts: false))
    let renderer = try GaugePNGRenderer(gauge: stress, options: options)
    for value in [nil, 7, 42, 130] as [Double?] {
      let image = try renderer.png(value: value)
      #expect(image == (try stress.png(value: value, options: options)))
      #expect(
        image != (try stress.png(value: value, options: RenderOptions(width: 200, height: 200))))
    }
  }

  @Test func anAnimationIsTheOneCallImage() throws {
    let options = RenderOptions(animation: SVGAnimation(from: 10, duration: 0.2))
    let renderer = try GaugePNGRenderer(gauge: stress, options: options)
    #expect(try renderer.png(value: 64) == stress.png(value: 64, options: options))
  }

  @Test func sharedAcrossTasksItDrawsTheSameBytes() async throws {
    let renderer = try GaugePNGRenderer(gauge: stress)
    let expected = try stress.png(value: 7)
    let images = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<4 { group.addTask { try renderer.png(value: 7) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(images == [[UInt8]](repeating: expected, count: 4))
  }

  /// Images drawn at once and one after another hand the renderer's kept canvases and
  /// encoders on (a high pointer's canvas to a low one's, a canvas with the end labels drawn to
  /// an image that leaves them out, more tasks than canvases kept): every image is still the
  /// one-call image.
  @Test func keptCanvasesHandedOnDrawTheOneCallBytes() async throws {
    let renderer = try GaugePNGRenderer(gauge: stress)
    let values: [Double?] = [100, 0, 55, nil, 250, 3, 100, 71.5, -5, 0]
    var expected: [Double?: [UInt8]] = [:]
    for value in values { expected[value] = try stress.png(value: value) }
    let drawn = try await withThrowingTaskGroup(of: [(Double?, [UInt8])].self) { group in
      for task in 0..<8 {
        group.addTask {
          let turn = values.count - task
          let order = Array(values[turn...] + values[..<turn])
          return try order.map { ($0, try renderer.png(value: $0)) }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(drawn.count == 8 * values.count)
    for (value, image) in drawn {
      #expect(image == expected[value], "at \(String(describing: value))")
    }
  }

  @Test func badOptionsFailWhenPrepared() {
    #expect(throws: GaugeError.invalidOption("scale 9 is out of range; allowed: 0.25...8")) {
      try GaugePNGRenderer(gauge: stress, scale: 9)
    }
    #expect(
      throws: GaugeError.invalidSize(
        "size 9000×9000 at scale 3 is out of range; width and height times the scale must be "
          + "1...8192")
    ) {
      try GaugePNGRenderer(
        gauge: stress, options: RenderOptions(width: 3000, height: 3000), scale: 3)
    }
  }
}
