import GaugeKit

extension ImageRenderer {
  /// Several gauges in one image, drawn in one call (a dashboard is rarely drawn twice alike).
  ///
  /// - Throws: `GaugeError` for a grid or options the library refuses.
  func image(of grid: GaugeGrid, values: [Double?], options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    switch format {
    case .svg: try grid.svgBytes(values: values, options: options.svg)
    case .png: try grid.png(values: values, options: options.svg, scale: Double(options.scale))
    }
  }

  /// A gauge of several pointers, one a value, drawn in one call.
  ///
  /// - Throws: `GaugeError` for values or options the library refuses.
  func image(of gauge: Gauge, values: [Double?], options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    switch format {
    case .svg: try gauge.svgBytes(values: values, options: options.svg)
    case .png: try gauge.png(values: values, options: options.svg, scale: Double(options.scale))
    }
  }
}
