import GaugeKit

/// Draws gauges and pies in one image format. The routes ask `ImageRenderers` for one by
/// format and know nothing else of it.
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

/// PNG through the library's rasteriser: the SVG's picture at `scale` output pixels per
/// drawing pixel, an APNG when animated. A raster cannot follow the viewer's colour scheme,
/// so `theme=auto` draws the light theme, as the library does. Drawn images are kept within
/// a byte budget (`DrawnImages`), since a PNG costs milliseconds where an SVG costs
/// microseconds.
struct PNGImageRenderer: ImageRenderer {
  struct GaugeKey: Hashable, Sendable {
    let gauge: Gauge
    /// The value's bits: -0 and 0 are one `Double` but need not be one image.
    let value: UInt64?
    let options: ImageOptions
  }

  struct ChartKey: Hashable, Sendable {
    let chart: PieChart
    let options: ImageOptions
  }

  var format: ImageFormat { .png }
  let gauges: DrawnImages<GaugeKey>
  let charts: DrawnImages<ChartKey>

  /// - Parameter budget: bytes of drawn images kept, shared by gauges and charts; 0 keeps none.
  init(budget: Int = 32 << 20) {
    gauges = DrawnImages(budget: budget - budget / 4)
    charts = DrawnImages(budget: budget / 4)
  }

  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    let key = GaugeKey(gauge: gauge, value: value?.bitPattern, options: options)
    return try gauges.image(for: key) { () throws(GaugeError) in
      try gauge.png(value: value, options: options.svg, scale: Double(options.scale))
    }
  }

  func image(of chart: PieChart, options: ImageOptions) throws(GaugeError) -> [UInt8] {
    try charts.image(for: ChartKey(chart: chart, options: options)) { () throws(GaugeError) in
      try chart.png(options: options.svg, scale: Double(options.scale))
    }
  }
}

/// The renderer for each format; tests may put their own in.
struct ImageRenderers: Sendable {
  var svg: any ImageRenderer = SVGImageRenderer()
  var png: any ImageRenderer = PNGImageRenderer()

  func renderer(for format: ImageFormat) -> any ImageRenderer {
    switch format {
    case .svg: svg
    case .png: png
    }
  }
}
