import GaugeKit
@_spi(Service) import GaugeSupport

/// `GET /gauge/{preset}.{svg|png}?value=…` and `POST /gauge`, checked into an `ImageJob`.
enum GaugeImageRequest {
  static let queryNames = ["value"] + ImageOptions.parameterNames + GaugeMarkParameters.names
  static let bodyNames =
    ["preset", "value", "format"] + ImageOptions.parameterNames + GaugeMarkParameters.names

  /// A built-in (or `--preset-dir`) preset named in the path.
  ///
  /// - Throws: `Problem` 400 for a bad parameter, 404 for an unknown preset.
  static func job(
    preset name: String, format: ImageFormat, query: Parameters, catalog: PresetCatalog
  ) throws(Problem) -> ImageJob {
    try query.check(allowed: queryNames)
    let entry = try catalog.entry(named: name)
    return try job(
      gauge: entry.gauge, presetFingerprint: entry.fingerprint, format: format,
      parameters: query)
  }

  /// A JSON body: `{"preset": "stress" | {…}, "value": 42, "format": "svg", …}`.
  static func job(body: Parameters, catalog: PresetCatalog) throws(Problem) -> ImageJob {
    try body.check(allowed: bodyNames)
    let format =
      try body.choice("format", from: ImageFormat.allCases.map(\.rawValue))
      .flatMap(ImageFormat.init(rawValue:)) ?? .svg
    let gauge: Gauge
    let fingerprint: String
    guard let document = body.body else {
      throw .badParameter("preset", "is missing; give a preset's name or a preset object")
    }
    if let name = document.stringValue("preset") {
      let entry = try catalog.entry(named: name)
      (gauge, fingerprint) = (entry.gauge, entry.fingerprint)
    } else if document.kind(of: "preset") == "an object" {
      gauge = try catalog.gauge(inline: "preset", in: document)
      fingerprint = EntityTag(canonical: gauge.presetJSON()).opaque
    } else if let kind = document.kind(of: "preset") {
      throw Problem(
        document.problem("preset", "expected a preset's name or a preset object, found \(kind)"))
    } else {
      throw Problem(
        document.problem("preset", "is missing; required: a preset's name or a preset object"))
    }
    return try job(gauge: gauge, presetFingerprint: fingerprint, format: format, parameters: body)
  }

  private static func job(
    gauge: Gauge, presetFingerprint: String, format: ImageFormat, parameters: Parameters
  ) throws(Problem) -> ImageJob {
    let value = try parameters.value()
    var checked = try ImageOptions(parameters, format: format)
    let marks = try GaugeMarkParameters(parameters)
    checked.reference = marks.reference
    checked.range = marks.range
    let options = checked
    var gauge = gauge
    if let locale = options.locale { gauge.readout.locale = locale }
    gauge.markers += marks.markers
    let localized = gauge
    let canonical =
      "preset=" + presetFingerprint + "\nvalue=" + (value.map { String($0) } ?? "none") + "\n"
      + options.canonical(for: format) + marks.canonical
    let images = options.rasterImages(for: format) {
      // The library's animation lasts the pointer's sweep when there is a value to sweep
      // to; without one, until the last sector has appeared (the stagger times the sectors,
      // up to an hour). A gauge that cannot animate fails when drawn, in the library's words.
      if let value, value.isFinite, gauge.animation.duration > 0 {
        return gauge.animation.duration
      }
      return (try? GaugeTimeline(gauge: gauge, to: value).duration) ?? 0
    }
    var job = ImageJob(
      route: "gauge", format: format, canonical: canonical, images: images,
      pixelsPerImage: options.pixelsPerImage(for: format)
    ) {
      renderer throws(GaugeError) in
      try renderer.image(of: localized, value: value, options: options)
    }
    job.variesByLanguage = options.variesByLanguage
    return job
  }
}
