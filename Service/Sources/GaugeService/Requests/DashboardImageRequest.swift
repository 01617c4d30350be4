import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `GET /dashboard.{svg|png}?g=cpu:37&g=memory:62&columns=2`: the gauges of presets this
/// server has, in one image, as `gauge render cpu=37 memory=62` draws them.
enum DashboardImageRequest {
  /// `title` and `animate` are left out: a title would name every gauge alike, and the
  /// service draws its dashboards still (an animated grid is many gauges' frames in one
  /// image, past what one request's budget allows).
  static let queryNames =
    ["g", "columns"] + ImageOptions.parameterNames.filter { $0 != "title" && $0 != "animate" }

  /// - Throws: `Problem` 400 for a bad parameter, 404 at `g` for an unknown preset.
  static func job(format: ImageFormat, query: Parameters, catalog: PresetCatalog)
    throws(Problem) -> ImageJob
  {
    try query.check(allowed: queryNames)
    let pairs = query.all("g")
    guard !pairs.isEmpty else {
      throw .badParameter("g", "is missing; give g=PRESET:VALUE once for each gauge")
    }
    guard pairs.count <= GaugeGrid.maximumGaugeCount else {
      throw .badParameter(
        "g",
        "is given \(pairs.count) times; at most \(GaugeGrid.maximumGaugeCount) gauges an image")
    }
    let options = try ImageOptions(query, format: format)
    let columns = try query.integer("columns", in: 1...GaugeGrid.maximumGaugeCount)
    var gauges: [Gauge] = []
    var values: [Double?] = []
    var canonical = ""
    for (index, pair) in pairs.enumerated() {
      guard let (name, text) = pair.split(atLast: ":"), !name.isEmpty else {
        throw .badParameter(
          "g", "gauge \(index + 1), '\(pair)', is not PRESET:VALUE (such as cpu:37)")
      }
      let entry: PresetCatalog.Entry
      do {
        entry = try catalog.entry(named: name)
      } catch {
        // The catalog's words, placed at the `g` that named the preset.
        throw Problem.notFound("g", "gauge \(index + 1), '\(pair)': " + error.detail)
      }
      let value: Double?
      do {
        value = try GaugeValueText.read(text)
      } catch {
        throw .badParameter("g", "gauge \(index + 1), '\(pair)': " + error.message)
      }
      var gauge = entry.gauge
      if let locale = options.locale { gauge.readout.locale = locale }
      gauges.append(gauge)
      values.append(value)
      canonical += "g=" + entry.fingerprint + ":" + (value.map { String($0) } ?? "none") + "\n"
    }
    let grid = GaugeGrid(gauges, columns: columns)
    let size = grid.size(cellWidth: options.width, cellHeight: options.height)
    try checkSize(size, scale: format == .svg ? 1 : options.scale, query: query)
    canonical += "columns=\(size.columns)\n" + options.canonical(for: format)
    var job = ImageJob(
      route: "dashboard", format: format, canonical: canonical,
      images: options.rasterImages(for: format) { 0 },
      pixelsPerImage: options.pixelsPerImage(for: format) * size.columns * size.rows
    ) { [values] renderer throws(GaugeError) in
      try renderer.image(of: grid, values: values, options: options)
    }
    job.variesByLanguage = options.variesByLanguage
    return job
  }

  /// The whole grid within `maximumImageSide` a side, then times `scale` (1 for an SVG):
  /// checked here, before drawing, so the problem names the parameter to change (`width` or
  /// `height` when given, else `size`; `scale`). The grid's problem is the library's own
  /// (`GaugeGrid.Size.problem`), which it checks again as it draws.
  private static func checkSize(_ size: GaugeGrid.Size, scale: Int, query: Parameters)
    throws(Problem)
  {
    let (width, height) = (size.width, size.height)
    if let problem = size.problem {
      let side = width > maximumImageSide ? "width" : "height"
      throw .badParameter(query.has(side) ? side : "size", problem)
    }
    if let problem = ImageScale.problem(
      Double(scale), width: width, height: height, wholeScales: true)
    {
      throw .badParameter("scale", problem)
    }
  }
}
