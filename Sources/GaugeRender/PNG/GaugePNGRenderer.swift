import GaugeModel
import GaugeRaster
import GaugeSupport
import GaugeText

/// Draws one gauge as PNG images again and again, for a value each: the gauge and options are
/// checked once, and the background, the ring's coverage and the glyph outlines are prepared
/// once, as are the ring drawn and the compressed rows that no pointer or readout touches,
/// so each image pays for the pointer, the texts and the encoding of the rows they touch.
///
/// ```swift
/// let renderer = try GaugePNGRenderer(gauge: stress, scale: 2)
/// for user in users { try send(renderer.png(value: user.stress), to: user) }
/// ```
///
/// Share one across threads freely: its only changing state, the canvas and encoder memory
/// it keeps from images for the next ones (two at most), is behind a lock and never changes
/// a byte. Its images are byte for byte those of `Gauge.png(value:options:scale:)`. Memory:
/// about 3 MB at 400 px, plus about 1.4 MB for each of two images drawn at once, growing
/// with the square of the size times `scale`.
public struct GaugePNGRenderer: Sendable {
  let scenes: GaugeScenes
  let scale: Double
  let prepared: PreparedRaster

  /// - Parameters:
  ///   - scale: pixels per layout pixel, 0.25...8 (2 for HiDPI).
  /// - Throws: `GaugeError` for a gauge that breaks a rule, options out of range, or a size
  ///   that, scaled, falls outside 1...8192 pixels.
  public init(
    gauge: Gauge, options: RenderOptions = RenderOptions(), scale: Double = 1
  ) throws(GaugeError) {
    let scenes = try GaugeScenes(gauge: gauge, options: options, repeated: true)
    let gauge = scenes.gauge
    // A value in the domain for the ring's geometry; each state for the texts' sizes.
    let template = try PNGSceneRenderer(
      scene: scenes.scene(value: gauge.min), scale: scale)
    let states = [gauge.min, gauge.max, nil, gauge.min - 1, gauge.max + 1].compactMap {
      value in try? scenes.scene(value: value)
    }
    // The domain's ends and middle: what all of them draw, every value is likely to draw.
    let shared = [gauge.min, gauge.max, (gauge.min + gauge.max) / 2].compactMap {
      value in try? scenes.scene(value: value)
    }
    self.scenes = scenes
    self.scale = scale
    prepared = PreparedRaster(renderer: template, scenes: states, shared: shared)
  }

  /// The image for `value`: a PNG file, or with the options' animation an animated PNG.
  ///
  /// - Throws: `GaugeError` only for what the one-call path would throw for the same value.
  public func png(value: Double?) throws(GaugeError) -> [UInt8] {
    try PNGSceneRenderer(scene: scenes.scene(value: value), scale: scale)
      .png(prepared: prepared)
  }
}
