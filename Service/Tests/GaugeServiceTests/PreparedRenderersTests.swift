import GaugeKit
import Testing

@testable import GaugeService

@Suite("PreparedRenderers")
struct PreparedRenderersTests {
  /// Options of a `width`×`height` image at `scale`.
  private func options(_ width: Int, _ height: Int, scale: Int = 1) -> ImageOptions {
    var options = ImageOptions()
    options.width = width
    options.height = height
    options.scale = scale
    return options
  }

  @Test("prepared SVG renderers draw the one-call bytes, and the cache stays within capacity")
  func svgBoundedAndExact() throws {
    let renderer = SVGImageRenderer()
    let stress = try BuiltinPresets.gauge(named: "stress")
    for side in [100, 200, 100, 300] {
      let options = options(side, side)
      let bytes = try renderer.image(of: stress, value: 42, options: options)
      #expect(bytes == (try stress.svgBytes(value: 42, options: options.svg)))
    }
    #expect(renderer.prepared.count == 3)
  }

  @Test("prepared PNG renderers draw the one-call bytes, for every value and option")
  func pngExact() throws {
    let renderer = PNGImageRenderer(budget: 0)
    let stress = try BuiltinPresets.gauge(named: "stress")
    var titled = options(60, 40, scale: 2)
    titled.title = "Load"
    titled.theme = .dark
    let values: [Double?] = [0, 42, -5, 250, nil]
    for options in [options(60, 40), titled] {
      for value in values {
        let bytes = try renderer.image(of: stress, value: value, options: options)
        let scale = Double(options.scale)
        #expect(bytes == (try stress.png(value: value, options: options.svg, scale: scale)))
      }
    }
    #expect(renderer.prepared.count == 2)
    #expect(renderer.prepared.weight == 60 * 40 + 120 * 80)
  }

  @Test("the PNG cache is bounded by output pixels, by entries, and by the size it prepares")
  func pngBounds() throws {
    let renderer = PNGImageRenderer(
      budget: 0, preparedPixelLimit: 3_000, preparedPixels: 5_000, preparedCount: 3)
    let stress = try BuiltinPresets.gauge(named: "stress")
    func draw(_ options: ImageOptions) throws -> (count: Int, weight: Int) {
      let bytes = try renderer.image(of: stress, value: 7, options: options)
      #expect(
        bytes == (try stress.png(value: 7, options: options.svg, scale: Double(options.scale))))
      return (renderer.prepared.count, renderer.prepared.weight)
    }
    #expect(try draw(options(50, 40)) == (1, 2_000))
    #expect(try draw(options(30, 20, scale: 2)) == (2, 4_400))
    #expect(try draw(options(50, 40)) == (2, 4_400))  // found
    // 1,000 more pixels would pass 5,000: it starts afresh.
    #expect(try draw(options(25, 40)) == (1, 1_000))
    #expect(try draw(options(10, 10)) == (2, 1_100))
    #expect(try draw(options(20, 10)) == (3, 1_300))
    // A fourth renderer would pass 3 entries: it starts afresh.
    #expect(try draw(options(10, 20)) == (1, 200))
    // Exactly the limit is prepared; one pixel over takes the one-call path, kept nowhere.
    #expect(try draw(options(60, 50)) == (2, 3_200))
    #expect(try draw(options(61, 50)) == (2, 3_200))
    #expect(try draw(options(31, 25, scale: 2)) == (2, 3_200))
  }

  @Test("a gauge the library refuses is thrown, and nothing is kept")
  func refused() throws {
    let prepared = PreparedRenderers<Int, GaugeSVGRenderer>(capacity: 2)
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(throws: GaugeError.self) {
      try prepared.renderer(for: 1, weight: 1) { () throws(GaugeError) in
        try GaugeSVGRenderer(gauge: stress, options: RenderOptions(width: 0, height: 10))
      }
    }
    #expect(prepared.count == 0)
    #expect(prepared.weight == 0)
  }
}
