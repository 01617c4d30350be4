import GaugeCharts
import GaugeModel
import GaugePNG
import GaugeRaster
import GaugeSupport
import GaugeText

extension Gauge {
  /// The gauge as a PNG image for `value`: the same picture as `svg(value:options:)`, drawn
  /// by GaugeKit itself with the bundled DejaVu Sans, for places that do not take SVG
  /// (e-mail, push notifications, PDFs, chat). With an animation, an animated PNG whose
  /// default image (what viewers without APNG show) is the final state.
  ///
  /// - Parameters:
  ///   - scale: pixels per layout pixel, 0.25...8 (2 for HiDPI: the same picture with twice
  ///     the pixels each way).
  ///   - font: the bytes of a TrueType font file (`.ttf`, `glyf` outlines) to draw every text
  ///     in, instead of the bundled DejaVu Sans. Texts keep the places and boxes measured
  ///     with DejaVu Sans, so a wider or taller font is drawn a little smaller; a character
  ///     the font lacks draws as its `.notdef` box.
  /// - Throws: `GaugeError` for a size that, scaled, falls outside 1...8192 pixels, options
  ///   out of range, a font that is not a TrueType font with outlines, or a gauge that
  ///   breaks a rule.
  public func png(
    value: Double?, options: RenderOptions = RenderOptions(), scale: Double = 1,
    font: [UInt8]? = nil
  ) throws(GaugeError) -> [UInt8] {
    try PNGSceneRenderer(
      scene: scene(value: value, options: options), scale: scale, font: FontFace.caller(font)
    ).png()
  }
}

extension PieChart {
  /// The chart as a PNG image; see `Gauge.png(value:options:scale:font:)`.
  public func png(options: RenderOptions = RenderOptions(), scale: Double = 1, font: [UInt8]? = nil)
    throws(GaugeError) -> [UInt8]
  {
    try PNGSceneRenderer(
      scene: scene(options: options), scale: scale, font: FontFace.caller(font)
    ).png()
  }
}

extension PNGSceneRenderer {
  /// The PNG file: the still picture, or with a timeline an APNG of its frames; `prepared`,
  /// made for this size and scale, saves work without changing a byte.
  package func png(prepared: PreparedRaster? = nil) throws(GaugeError) -> [UInt8] {
    // Checked before anything is drawn: a long animation at a large size would otherwise
    // hold gigabytes of frames.
    let steps = try scene.timeline.map { timeline throws(GaugeError) in
      try frameSteps(for: timeline.duration)
    }
    var cache = prepared?.glyphs ?? GlyphCache()
    let still = canvas(cache: &cache, prepared: prepared)
    do {
      guard let steps else {
        let opaque: Bool? = still.isOpaque ? true : nil
        // The canvas's pixels, no longer shared, become the encoder's rows.
        return try PNGImage.encode(
          premultipliedRGBA: still.takePixels(), width: pixelWidth, height: pixelHeight,
          opaque: opaque)
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

extension FontFace {
  /// The caller's font file read, or `nil` for none.
  ///
  /// - Throws: `GaugeError.invalidOption` naming what is wrong with the file.
  package static func caller(_ data: [UInt8]?) throws(GaugeError) -> FontFace? {
    guard let data else { return nil }
    do {
      return try FontFace(data: data)
    } catch {
      throw .invalidOption(
        "the font cannot be read (\(error)); give a TrueType file (.ttf) with glyf outlines")
    }
  }
}
