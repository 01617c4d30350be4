import GaugeCharts
import GaugeModel
import GaugeSupport

extension PieChart {
  /// The chart as an SVG image; the options work as for `scene(options:)`.
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or data and options that break a rule.
  public func svg(options: RenderOptions = RenderOptions()) throws(GaugeError) -> String {
    String(decoding: try svgBytes(options: options), as: UTF8.self)
  }

  /// The same image as UTF-8 bytes.
  public func svgBytes(options: RenderOptions = RenderOptions()) throws(GaugeError) -> [UInt8] {
    var renderer = SVGSceneRenderer(scene: try scene(options: options))
    return renderer.render()
  }
}
