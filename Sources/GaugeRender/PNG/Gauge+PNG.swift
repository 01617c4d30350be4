import GaugeCharts
import GaugeModel
import GaugePNG
import GaugeRaster
import GaugeSupport
import GaugeText

extension Gauge {
  /// The gauge as a PNG image for `value`: the same picture as `svg(value:options:)`, drawn
  /// by GaugeKit itself in the options' font set, for places that do not take SVG
  /// (e-mail, push notifications, PDFs, chat). With an animation, an animated PNG whose
  /// default image (what viewers without APNG show) is the final state.
  ///
  /// - Parameters:
  ///   - scale: pixels per layout pixel, 0.25...8 (2 for HiDPI: the same picture with twice
  ///     the pixels each way).
  ///   Texts are drawn in `options.fonts`, the faces the layout measured them with: a
  ///   caller's `FontSet(faces:)` first, then the bundled DejaVu Sans, then system fonts for
  ///   whatever neither covers.
  /// - Throws: `GaugeError` for a size that, scaled, falls outside 1...8192 pixels, options
  ///   out of range, or a gauge that breaks a rule.
  public func png(
    value: Double?, options: RenderOptions = RenderOptions(), scale: Double = 1
  ) throws(GaugeError) -> [UInt8] {
    try PNGSceneRenderer(scene: scene(value: value, options: options), scale: scale).png()
  }
}

extension PieChart {
  /// The chart as a PNG image; see `Gauge.png(value:options:scale:)`.
  public func png(options: RenderOptions = RenderOptions(), scale: Double = 1)
    throws(GaugeError) -> [UInt8]
  {
    try PNGSceneRenderer(scene: scene(options: options), scale: scale).png()
  }
}

extension PNGSceneRenderer {
  /// The PNG file: the still picture, or with a timeline an APNG of its frames; `prepared`,
  /// made for this size and scale, saves work without changing a byte. A still picture's
  /// rows are deflated in bands (`PNGBands`), so that a prepared template's bands serve
  /// every image that shares them.
  package func png(prepared: PreparedRaster? = nil) throws(GaugeError) -> [UInt8] {
    // Checked before anything is drawn: a long animation at a large size would otherwise
    // hold gigabytes of frames.
    let steps = try scene.timeline.map { timeline throws(GaugeError) in
      try frameSteps(for: timeline.duration)
    }
    var cache = prepared?.glyphs ?? GlyphCache()
    let (still, changed) = self.still(cache: &cache, prepared: prepared, leavingOut: steps == nil)
    do {
      guard let steps else {
        let opaque: Bool? = still.isOpaque ? true : nil
        // Bands of rows the prepared template shares are taken as they were encoded.
        let encoder = prepared?.takeEncoder()
        let file = try PNGImage.encodeInBands(
          premultipliedRGBA: still.pixels, width: pixelWidth, height: pixelHeight,
          opaque: opaque, template: prepared?.template, changedRows: changed, encoder: encoder)
        if let prepared {
          prepared.keep(consume still, of: scene)
          if let encoder { prepared.keep(encoder) }
        }
        return file
      }
      let frames = animationFrames(steps: steps, cache: &cache, prepared: prepared)
      return try APNGImage.encode(
        frames: frames.map(\.pixels), width: pixelWidth, height: pixelHeight,
        delays: frames.map(\.delay), defaultImage: still.rgba())
    } catch {
      // Sizes and buffers were checked above; an encoder error here is a GaugeKit bug.
      throw .invalidOption("the PNG encoder refused the image: \(error)")
    }
  }
}
