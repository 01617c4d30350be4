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
  struct PreparedKey: Hashable, Sendable {
    let gauge: Gauge
    let options: RenderOptions
  }

  var format: ImageFormat { .svg }
  let prepared = PreparedRenderers<PreparedKey, GaugeSVGRenderer>(capacity: 256)

  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    let svg = options.svg
    let renderer = try prepared.renderer(for: PreparedKey(gauge: gauge, options: svg)) {
      () throws(GaugeError) in try GaugeSVGRenderer(gauge: gauge, options: svg)
    }
    return try renderer.svgBytes(value: value)
  }

  func image(of chart: PieChart, options: ImageOptions) throws(GaugeError) -> [UInt8] {
    try chart.svgBytes(options: options.svg)
  }
}

/// PNG through the library's rasteriser: the SVG's picture at `scale` output pixels per
/// drawing pixel, an APNG when animated. A raster cannot follow the viewer's colour scheme,
/// so `theme=auto` draws the light theme, as the library does. Drawn images are kept within
/// a byte budget (`DrawnImages`), since a PNG costs milliseconds where an SVG costs
/// microseconds. Gauges are drawn through prepared renderers (`PreparedRenderers`) up to
/// `preparedPixelLimit` output pixels, larger ones in one call: the bytes are the same.
struct PNGImageRenderer: ImageRenderer {
  /// A drawn gauge: its value, and the drawing it shares with every other value, hashed once
  /// (`Prehashed`) for all of a request's lookups.
  struct GaugeKey: Hashable, Sendable {
    /// The value's bits: -0 and 0 are one `Double` but need not be one image. Declared
    /// first, so `==` tells two values apart before it compares their gauges.
    let value: UInt64?
    let drawing: Prehashed<PreparedKey>
  }

  struct ChartKey: Hashable, Sendable {
    let chart: PieChart
    let options: ImageOptions
  }

  /// What a prepared renderer is made for.
  struct PreparedKey: Hashable, Sendable {
    let gauge: Gauge
    let options: ImageOptions
  }

  /// A prepared renderer behind one reference, so that a lookup hands out a pointer rather
  /// than copying the renderer's fields out of the cache's lock.
  final class Prepared: Sendable {
    let renderer: GaugePNGRenderer

    init(_ renderer: GaugePNGRenderer) {
      self.renderer = renderer
    }
  }

  var format: ImageFormat { .png }
  let gauges: DrawnImages<GaugeKey>
  let charts: DrawnImages<ChartKey>
  let prepared: PreparedRenderers<Prehashed<PreparedKey>, Prepared>
  /// Output pixels of the largest image drawn through a prepared renderer.
  let preparedPixelLimit: Int

  /// - Parameters:
  ///   - budget: bytes of drawn images kept, shared by gauges and charts; 0 keeps none.
  ///   - preparedPixelLimit: 1024² unless told, about 12 MB held ready by its renderer and
  ///     up to 13 MB more that it keeps from two images drawn at once (at 400 px the
  ///     library's 1.9 and 2.6 MB, growing with the pixels); a larger image is rare, and its
  ///     drawing costs far more than what preparing saves.
  ///   - preparedPixels: output pixels of prepared renderers kept, 4 M unless told (about
  ///     50 MB ready, and up to 70 MB more kept from images drawn at once): 26 gauges of
  ///     400 px, or four of the largest prepared.
  ///   - preparedCount: prepared renderers kept at most.
  init(
    budget: Int = 32 << 20, preparedPixelLimit: Int = 1 << 20, preparedPixels: Int = 1 << 22,
    preparedCount: Int = 64
  ) {
    gauges = DrawnImages(budget: budget - budget / 4)
    charts = DrawnImages(budget: budget / 4)
    prepared = PreparedRenderers(capacity: preparedCount, weightBudget: preparedPixels)
    self.preparedPixelLimit = preparedPixelLimit
  }

  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    let drawing = Prehashed(PreparedKey(gauge: gauge, options: options))
    let key = GaugeKey(value: value?.bitPattern, drawing: drawing)
    return try gauges.image(for: key) { () throws(GaugeError) in
      try draw(drawing, value: value)
    }
  }

  private func draw(_ drawing: Prehashed<PreparedKey>, value: Double?) throws(GaugeError)
    -> [UInt8]
  {
    let (gauge, options) = (drawing.value.gauge, drawing.value.options)
    let svg = options.svg
    let scale = Double(options.scale)
    let pixels = options.pixelsPerImage(for: .png)
    guard pixels <= preparedPixelLimit else {
      return try gauge.png(value: value, options: svg, scale: scale)
    }
    let ready = try prepared.renderer(for: drawing, weight: pixels) { () throws(GaugeError) in
      Prepared(try GaugePNGRenderer(gauge: gauge, options: svg, scale: scale))
    }
    return try ready.renderer.png(value: value)
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
