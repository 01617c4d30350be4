import GaugeKit

/// Draws gauges and pies in one image format. The routes ask `ImageRenderers` for one by
/// format and know nothing else of it, so a PNG backend is one more conformance.
protocol ImageRenderer: Sendable {
  var format: ImageFormat { get }

  /// - Throws: `GaugeError` for options the library refuses.
  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError) -> [UInt8]

  func image(of chart: PieChart, options: ImageOptions) throws(GaugeError) -> [UInt8]
}

/// SVG through the library's writer, gauges through prepared renderers; `scale` does not
/// apply.
struct SVGImageRenderer: ImageRenderer {
  var format: ImageFormat { .svg }
  let prepared = PreparedGauges()

  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    try prepared.renderer(for: gauge, options: options.svg).svgBytes(value: value)
  }

  func image(of chart: PieChart, options: ImageOptions) throws(GaugeError) -> [UInt8] {
    try chart.svgBytes(options: options.svg)
  }
}

/// The renderer for each format this build has.
struct ImageRenderers: Sendable {
  var svg: any ImageRenderer = SVGImageRenderer()
  /// `nil` until the library has a PNG backend: PNG requests are checked in full, then
  /// answered 501.
  var png: (any ImageRenderer)?

  /// - Throws: `Problem` 501 for a format this build cannot draw.
  func renderer(for format: ImageFormat) throws(Problem) -> any ImageRenderer {
    switch format {
    case .svg: return svg
    case .png:
      guard let png else {
        throw Problem(.notImplemented, "PNG output is not available in this build")
      }
      return png
    }
  }
}
