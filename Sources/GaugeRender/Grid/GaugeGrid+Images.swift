import GaugeModel
import GaugeSupport

extension GaugeGrid {
  /// The grid as an SVG image with `values[i]` on `gauges[i]`; `options.width` and `height`
  /// are one gauge's size.
  ///
  /// - Throws: `GaugeError` as `scene(values:options:)` does.
  public func svgBytes(values: [Double?], options: RenderOptions = RenderOptions())
    throws(GaugeError) -> [UInt8]
  {
    var renderer = SVGSceneRenderer(scene: try scene(values: values, options: options))
    return renderer.render()
  }

  /// The grid as a PNG image with `values[i]` on `gauges[i]`, `scale` pixels per layout pixel (0.25...8).
  ///
  /// - Throws: `GaugeError` as `scene(values:options:)` does, or for a scaled size past 8192
  ///   pixels.
  public func png(values: [Double?], options: RenderOptions = RenderOptions(), scale: Double = 1)
    throws(GaugeError) -> [UInt8]
  {
    try PNGSceneRenderer(scene: scene(values: values, options: options), scale: scale).png()
  }
}
