import GaugeModel
import GaugeSupport

extension GaugeGrid {
  /// The grid as an SVG image; `options.width` and `height` are one cell's size.
  ///
  /// - Throws: `GaugeError` as `scene(options:)` does.
  public func svgBytes(options: RenderOptions = RenderOptions()) throws(GaugeError) -> [UInt8] {
    var renderer = SVGSceneRenderer(scene: try scene(options: options))
    return renderer.render()
  }

  /// The grid as a PNG image, `scale` pixels per layout pixel (0.25...8).
  ///
  /// - Throws: `GaugeError` as `scene(options:)` does, or for a scaled size past 8192 pixels.
  public func png(options: RenderOptions = RenderOptions(), scale: Double = 1)
    throws(GaugeError) -> [UInt8]
  {
    try PNGSceneRenderer(scene: scene(options: options), scale: scale).png()
  }
}
