import GaugeKit
@_spi(Service) import GaugeModel
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `GET /gauge/{preset}.{svg|png}?value=…`, `GET /gauge.{svg|png}?min=…&max=…&zones=…` and
/// `POST /gauge`, checked into an `ImageJob`.
enum GaugeImageRequest {
  /// A preset's fields in a query, over the preset's (or alone, for `/gauge.svg`); `title`
  /// is one of the image options.
  static let fieldNames = ["min", "max", "zones", "unit"]
  static let queryNames =
    ["value"] + fieldNames + ImageOptions.parameterNames + GaugeMarkParameters.names
  static let bodyNames =
    ["preset", "value", "values", "format"] + fieldNames + ImageOptions.parameterNames
    + GaugeMarkParameters.names

  /// A built-in (or `--preset-dir`) preset named in the path.
  ///
  /// - Throws: `Problem` 400 for a bad parameter, 404 for an unknown preset.
  static func job(
    preset name: String, format: ImageFormat, query: Parameters, catalog: PresetCatalog
  ) throws(Problem) -> ImageJob {
    try query.check(allowed: queryNames)
    let entry = try catalog.entry(named: name)
    let fields = try GaugeImageRequest.fields(query)
    guard !fields.isEmpty else {
      return try job(
        gauge: entry.gauge, presetFingerprint: entry.fingerprint, format: format,
        parameters: query)
    }
    let gauge = try GaugeImageRequest.gauge(entry.canonicalJSON, overriddenBy: fields)
    return try job(
      gauge: gauge, presetFingerprint: EntityTag(canonical: gauge.presetJSON()).opaque,
      format: format, parameters: query)
  }

  /// `GET /gauge.{svg|png}?min=0&max=200&zones=Low:60:%2334C759,…`: a gauge without a
  /// preset, the one a preset of only those fields describes.
  ///
  /// - Throws: `Problem` 400 naming the parameter at fault, in a preset's words.
  static func job(format: ImageFormat, query: Parameters) throws(Problem) -> ImageJob {
    try query.check(allowed: queryNames)
    return try job(
      describedBy: GaugeImageRequest.fields(query), summary: "the gauge's parameters have",
      format: format, parameters: query)
  }

  /// The image of the gauge `fields` describe without a preset, as a preset of only those
  /// fields would; `summary` begins a problem's detail ("the gauge's parameters have").
  private static func job(
    describedBy fields: PresetOverrides, summary: String, format: ImageFormat,
    parameters: Parameters
  ) throws(Problem) -> ImageJob {
    let gauge: Gauge
    do {
      gauge = try Gauge(overrides: fields)
    } catch {
      throw Problem(error, summary: summary)
    }
    return try job(
      gauge: gauge, presetFingerprint: EntityTag(canonical: gauge.presetJSON()).opaque,
      format: format, parameters: parameters)
  }

  /// The fields laid over a preset as it was decoded (`presetJSON`, as the server writes it
  /// back), and checked with it. The library places a problem the fields cause at the field
  /// (`min: the preset's zones start at 0, so min must be 0; give zones to replace them`).
  /// One it leaves in the preset's text is at a line of JSON the client never saw: it keeps
  /// its path, under `pathPrefix` (`preset`, for a preset object in the body), and loses
  /// its line and column.
  private static func gauge(
    _ presetJSON: String, overriddenBy fields: PresetOverrides, pathPrefix: String = ""
  ) throws(Problem) -> Gauge {
    do {
      return try Gauge(presetJSON: Array(presetJSON.utf8), overrides: fields)
    } catch .invalidGauge(let problems) {
      let items = problems.map { problem in
        problem.line == nil
          ? Problem.Item(problem)
          : Problem.Item(path: Problem.join(pathPrefix, problem.path), message: problem.message)
      }
      throw Problem(items, summary: "the preset has")
    } catch {
      throw Problem(error)
    }
  }

  /// A query's `value=120,80` or a body's `"values": [120, 80]`, one a pointer; empty for a
  /// single value (read as before).
  ///
  /// - Throws: `Problem` 400 for a word that is not a number, or more values than pointers.
  static func values(_ parameters: Parameters, gauge: Gauge) throws(Problem) -> [Double?] {
    if let body = parameters.body {
      guard body.has("values") else { return [] }
      if body.has("value") {
        throw Problem(body.problem("values", #"give "value" or "values", not both"#))
      }
      let values = try Problem.from { () throws(GaugeError) in
        try body.numbersOrNull("values", maximumCount: Gauge.maximumPointerCount) ?? []
      }
      do {
        try gauge.checkValueCount(values.count)
      } catch {
        throw Problem(body.problem("values", error.description))
      }
      return values
    }
    guard let text = try parameters.text("value"), text.contains("," as Character) else {
      return []
    }
    var values: [Double?] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      do {
        values.append(try GaugeValueText.read(word))
      } catch {
        throw .badParameter("value", error.message)
      }
    }
    do {
      try gauge.checkValueCount(values.count)
    } catch {
      throw .badParameter("value", error.description)
    }
    return values
  }

  /// The request's image options, with its reference and range, the gauge with its markers
  /// and ticks and in the request's locale, and the marks as read (for the ETag).
  private static func prepared(_ gauge: Gauge, format: ImageFormat, parameters: Parameters)
    throws(Problem) -> (gauge: Gauge, options: ImageOptions, marks: GaugeMarkParameters)
  {
    var options = try ImageOptions(parameters, format: format)
    let marks = try GaugeMarkParameters(parameters)
    options.reference = marks.reference
    options.range = marks.range
    var gauge = marks.applied(to: gauge)
    if let locale = options.locale { gauge.readout.locale = locale }
    return (gauge, options, marks)
  }

  /// A gauge of several pointers at `values`; animated, every pointer sweeps on one timeline.
  private static func job(
    gauge: Gauge, presetFingerprint: String, format: ImageFormat, parameters: Parameters,
    values: [Double?]
  ) throws(Problem) -> ImageJob {
    let (localized, options, marks) = try prepared(
      gauge, format: format, parameters: parameters)
    let canonical =
      "preset=" + presetFingerprint + "\nvalues="
      + values.map { $0.map { String($0) } ?? "none" }.joined(separator: ",") + "\n"
      + options.canonical(for: format) + marks.canonical
    var job = ImageJob(
      route: "gauge", format: format, canonical: canonical,
      images: options.rasterImages(for: format) {
        // As for one value: the sweep's length, or until the last sector has appeared.
        if values.contains(where: { $0?.isFinite ?? false }), gauge.animation.duration > 0 {
          return gauge.animation.duration
        }
        return (try? gauge.animationDuration(to: values.first ?? nil)) ?? 0
      },
      pixelsPerImage: options.pixelsPerImage(for: format)
    ) { renderer throws(GaugeError) in
      try renderer.image(of: localized, values: values, options: options)
    }
    job.variesByLanguage = options.variesByLanguage
    job.animated = options.animate
    return job
  }

  /// `min`, `max`, `zones` (`LABEL:UPTO:COLOR`, separated by commas) and `unit`; each is
  /// checked when the gauge is decoded, except what is not a number or not a zone at all.
  ///
  /// A JSON body holds the same: `min` and `max` as numbers, `unit` as a string, and `zones`
  /// as the query's string or an array of `LABEL:UPTO:COLOR` strings, whose problems are then
  /// placed at `zones[i]`, as a batch line's are.
  static func fields(_ query: Parameters) throws(Problem) -> PresetOverrides {
    let zonesArray = query.body?.kind(of: "zones") == "an array"
    var fields = PresetOverrides(syntax: zonesArray ? .jsonLine : .query)
    fields.min = try query.anyNumber("min")
    fields.max = try query.anyNumber("max")
    fields.unit = try query.text("unit")
    // As many zones as a preset may have, each up to a label's length and a bound's.
    let zonesLimit = Gauge.maximumZoneCount * (Gauge.maximumTextLength + 64)
    let parts: [String]
    if zonesArray {
      parts = try query.texts("zones", limit: Gauge.maximumTextLength + 64)
      // Given but empty: not the preset's zones kept, nor "missing" without a preset.
      guard !parts.isEmpty else {
        throw .badParameter(
          "zones", "is empty; a gauge needs at least one zone, such as \"Low:60:#34C759\"")
      }
    } else if let list = try query.text("zones", limit: zonesLimit) {
      parts = list.fields(separatedBy: ",")
    } else {
      parts = []
    }
    for (index, part) in parts.enumerated() {
      guard index < Gauge.maximumZoneCount else {
        throw .badParameter(
          "zones",
          "has more than \(Gauge.maximumZoneCount) zones; at most "
            + "\(Gauge.maximumZoneCount) allowed")
      }
      guard let zone = PresetOverrides.ZoneText(parsing: part) else {
        if zonesArray {
          throw .badParameter(
            "zones[\(index)]",
            "'\(part)' is not a zone; write "
              + PresetOverrides.ZoneText.form)
        }
        throw .badParameter(
          "zones",
          "zone \(index + 1), '\(part)', is not a zone; write "
            + PresetOverrides.ZoneText.form + " (# as %23), separated by commas")
      }
      fields.zones.append(zone)
    }
    return fields
  }

  /// A JSON body: `{"preset": "stress" | {…}, "value": 42, "format": "svg", …}`.
  static func job(body: Parameters, catalog: PresetCatalog) throws(Problem) -> ImageJob {
    try body.check(allowed: bodyNames)
    let format =
      try body.choice("format", from: ImageFormat.allCases.map(\.rawValue))
      .flatMap(ImageFormat.init(rawValue:)) ?? .svg
    var gauge: Gauge
    var fingerprint: String
    guard let document = body.body else {
      throw .badParameter("preset", "is missing; give a preset's name or a preset object")
    }
    let fields = try GaugeImageRequest.fields(body)
    if !document.has("preset") && fields.describesGauge {
      // No preset: the gauge the fields describe, as on GET /gauge.svg.
      return try job(
        describedBy: fields, summary: "the gauge's fields have", format: format,
        parameters: body)
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
        document.problem(
          "preset",
          "is missing; required: a preset's name or a preset object, or min, max and zones"))
    }
    if !fields.isEmpty {
      gauge = try GaugeImageRequest.gauge(
        gauge.presetJSON(), overriddenBy: fields,
        pathPrefix: document.kind(of: "preset") == "an object" ? "preset" : "")
      fingerprint = EntityTag(canonical: gauge.presetJSON()).opaque
    }
    return try job(gauge: gauge, presetFingerprint: fingerprint, format: format, parameters: body)
  }

  private static func job(
    gauge: Gauge, presetFingerprint: String, format: ImageFormat, parameters: Parameters
  ) throws(Problem) -> ImageJob {
    let values = try GaugeImageRequest.values(parameters, gauge: gauge)
    guard values.count < 2 else {
      return try job(
        gauge: gauge, presetFingerprint: presetFingerprint, format: format,
        parameters: parameters, values: values)
    }
    // A body's `"values": [42]` is one value.
    let value = values.count == 1 ? values[0] : try parameters.value()
    let (localized, options, marks) = try prepared(
      gauge, format: format, parameters: parameters)
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
      return (try? gauge.animationDuration(to: value)) ?? 0
    }
    var job = ImageJob(
      route: "gauge", format: format, canonical: canonical, images: images,
      pixelsPerImage: options.pixelsPerImage(for: format)
    ) {
      renderer throws(GaugeError) in
      try renderer.image(of: localized, value: value, options: options)
    }
    job.variesByLanguage = options.variesByLanguage
    job.animated = options.animate
    return job
  }
}
