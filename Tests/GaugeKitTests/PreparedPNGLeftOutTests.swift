import GaugeKit
import GaugeRender
import GaugeTestSupport
import Testing

@testable import GaugeRaster

/// A prepared PNG leaves out the template's items on rows its encoder takes from the
/// template (`PNGSceneRenderer.still(cache:prepared:leavingOut:)`), and draws the image
/// again whole when a later item lands on such rows: the bytes of an unprepared image
/// either way.
@Suite struct PreparedPNGLeftOutTests {
  static let background = Color(red: 250, green: 250, blue: 250)

  /// A rectangle from `top` to `bottom` (pixels), across the middle of a 400 px canvas.
  static func bar(_ top: Double, _ bottom: Double, _ color: Color) -> SceneItem {
    let points = [
      Point(x: 100, y: top), Point(x: 300, y: top), Point(x: 300, y: bottom),
      Point(x: 100, y: bottom),
    ]
    return .polygon(ScenePolygon(points: points, paint: Paint(color, role: .fixed)))
  }

  /// The first bar is every scene's (the drawn prefix); the bar at rows 300...320 too, but
  /// after a bar that moves (the template's item left out); then a second moving bar.
  static func scene(moving first: Double, then second: Double) -> Scene {
    Scene(
      width: 400, height: 400, label: "bars", description: "bars",
      background: Paint(background, role: .background),
      items: [
        bar(10, 40, Color(red: 20, green: 90, blue: 200)),
        bar(first, first + 10, Color(red: 200, green: 40, blue: 40)),
        bar(300, 320, Color(red: 30, green: 160, blue: 60)),
        bar(second, second + 20, Color(red: 90, green: 90, blue: 90)),
      ])
  }

  static func prepared() throws -> PreparedRaster {
    let shared = [
      scene(moving: 60, then: 100), scene(moving: 150, then: 200),
      scene(moving: 80, then: 120),
    ]
    return PreparedRaster(
      renderer: try PNGSceneRenderer(scene: shared[0], scale: 1), scenes: shared, shared: shared)
  }

  /// Green at the middle of the bar at rows 300...320, or the background where it was left out.
  static func middleOfFixedBar(_ canvas: RasterCanvas) -> [UInt8] {
    let offset = (310 * 400 + 200) * 4
    return Array(canvas.pixels[offset..<(offset + 4)])
  }

  @Test func aBarOnRowsTakenFromTheTemplateIsLeftOut() throws {
    let prepared = try Self.prepared()
    let renderer = try PNGSceneRenderer(scene: Self.scene(moving: 60, then: 110), scale: 1)
    var cache = GlyphCache()
    let (canvas, changed) = renderer.still(cache: &cache, prepared: prepared, leavingOut: true)
    #expect(changed?.ranges == [60..<70, 110..<130])
    #expect(Self.middleOfFixedBar(canvas) == [250, 250, 250, 255])
    var unprepared = GlyphCache()
    #expect(try renderer.png(prepared: prepared) == renderer.png())
    #expect(
      try PNGReader(renderer.png(prepared: prepared)).image().rgba
        == renderer.pixels(cache: &unprepared))
  }

  /// The second moving bar covers the fixed one's rows after it was left out: drawn again.
  @Test func aLaterItemOnALeftOutItemsRowsDrawsTheImageWhole() throws {
    let prepared = try Self.prepared()
    let renderer = try PNGSceneRenderer(scene: Self.scene(moving: 60, then: 295), scale: 1)
    var cache = GlyphCache()
    let (canvas, changed) = renderer.still(cache: &cache, prepared: prepared, leavingOut: true)
    #expect(changed?.ranges == [60..<70, 295..<315])
    #expect(Self.middleOfFixedBar(canvas) == [90, 90, 90, 255])
    #expect(try renderer.png(prepared: prepared) == renderer.png())
  }

  /// The fixed bar lies between the two moving ones, on rows no band read for them holds:
  /// left out, where one range from the first moving bar to the second would have held it.
  @Test func aBarBetweenTwoMovingOnesIsLeftOut() throws {
    let prepared = try Self.prepared()
    let renderer = try PNGSceneRenderer(scene: Self.scene(moving: 60, then: 360), scale: 1)
    var cache = GlyphCache()
    let (canvas, changed) = renderer.still(cache: &cache, prepared: prepared, leavingOut: true)
    #expect(changed?.ranges == [60..<70, 360..<380])
    #expect(Self.middleOfFixedBar(canvas) == [250, 250, 250, 255])
    var unprepared = GlyphCache()
    #expect(try renderer.png(prepared: prepared) == renderer.png())
    #expect(
      try PNGReader(renderer.png(prepared: prepared)).image().rgba
        == renderer.pixels(cache: &unprepared))
  }

  /// Without leaving out (a canvas for pixels, an animation's last frame), every item is drawn.
  @Test func aCanvasForItsPixelsDrawsEveryItem() throws {
    let prepared = try Self.prepared()
    let renderer = try PNGSceneRenderer(scene: Self.scene(moving: 60, then: 110), scale: 1)
    var cache = GlyphCache()
    let canvas = renderer.canvas(cache: &cache, prepared: prepared)
    #expect(Self.middleOfFixedBar(canvas) == [30, 160, 60, 255])
  }

  /// Every built-in preset, with a marker, a reference and a range and without, at values
  /// across its domain and off it: the prepared images are the unprepared ones.
  @Test func everyPresetWithAndWithoutMarksIsTheOneCallImage() throws {
    for name in BuiltinPresets.names {
      var gauge = try BuiltinPresets.gauge(named: name)
      let span = gauge.max - gauge.min
      for marked in [false, true] {
        var options = RenderOptions(width: 240, height: 240)
        if marked {
          gauge.markers = [GaugeMarker(value: gauge.min + span * 0.3, label: "Goal")]
          options.reference = gauge.min + span * 0.35
          options.range = (gauge.min + span * 0.3)...(gauge.min + span * 0.55)
        }
        let renderer = try GaugePNGRenderer(gauge: gauge, options: options)
        for fraction in [-0.1, 0, 0.05, 0.5, 0.93, 1, 1.2] {
          let value = gauge.min + span * fraction
          #expect(
            try renderer.png(value: value) == gauge.png(value: value, options: options),
            "\(name), marked \(marked), at \(value)")
        }
      }
    }
  }
}
