@_spi(Service) import GaugeCharts
import GaugeKit
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `GET /pie.{svg|png}?data=Rent:1200,Food:450` and `POST /pie`, checked into an `ImageJob`.
enum PieImageRequest {
  static let chartNames = ["donut", "sort", "labels", "legend", "highlight", "slices"]
  static let queryNames = ["data"] + chartNames + ImageOptions.parameterNames
  static let bodyNames = ["items", "format"] + chartNames + ImageOptions.parameterNames

  /// The query form: `data` is `LABEL:VALUE` items separated by commas.
  static func job(format: ImageFormat, query: Parameters) throws(Problem) -> ImageJob {
    try query.check(allowed: queryNames)
    guard let data = try query.text("data", limit: Int.max) else {
      throw .badParameter("data", "is missing; give items as LABEL:VALUE,…, such as Rent:1200")
    }
    var items: [PieItem] = []
    for word in data.fields(separatedBy: ",") {
      do {
        items.append(try PieItem(argument: word))
      } catch {
        throw .badParameter("data", error.description)
      }
    }
    // Problems name the query's items: data[0] is the first LABEL:VALUE.
    return try job(PieChart(items: items), itemsPath: "data", format: format, parameters: query)
  }

  /// The JSON form: `{"items": [{"label", "value", "color"}, …], "format": "svg", …}`.
  static func job(body: Parameters) throws(Problem) -> ImageJob {
    try body.check(allowed: bodyNames)
    let format =
      try body.choice("format", from: ImageFormat.allCases.map(\.rawValue))
      .flatMap(ImageFormat.init(rawValue:)) ?? .svg
    guard let document = body.body else {
      throw .badParameter("items", "is missing; give [{\"label\": \"Rent\", \"value\": 1200}, …]")
    }
    let chart: PieChart
    do {
      chart = try PieChart(items: "items", in: document)
    } catch {
      throw Problem(error, summary: "the chart has")
    }
    return try job(chart, itemsPath: "items", format: format, parameters: body)
  }

  private static func job(
    _ chart: PieChart, itemsPath: String, format: ImageFormat, parameters: Parameters
  ) throws(Problem) -> ImageJob {
    var chart = chart
    if let ratio = try parameters.number("donut", in: 0...0.95) { chart.innerRadiusRatio = ratio }
    chart.sortsByValue = try parameters.flag("sort") ?? false
    if let labels = try parameters.choice("labels", from: SliceLabel.allCases.map(\.rawValue)) {
      chart.sliceLabels = SliceLabel(rawValue: labels) ?? .percent
    }
    if let legend = try parameters.choice(
      "legend", from: LegendPosition.allCases.map(\.rawValue))
    {
      chart.legend = LegendPosition(rawValue: legend) ?? .bottom
    }
    chart.highlighted = try parameters.text("highlight")
    // As `gauge pie --slices`: 0 draws every item; past the limit the smallest share "Other".
    switch try parameters.integer("slices", in: 0...PieChart.maximumItemCount) {
    case nil: break
    case 0: chart.sliceLimit = nil
    case 1:
      throw .badParameter(
        "slices", "1 is out of range; allowed: 0 (every item) or 2...\(PieChart.maximumItemCount)")
    case let limit?: chart.sliceLimit = limit
    }
    let options = try ImageOptions(parameters, format: format)
    if let title = options.title { chart.title = title }
    if let locale = options.locale { chart.valueFormat.locale = locale }
    try validate(chart, itemsPath: itemsPath)

    let items = chart.items.map { item in
      JSONText.quoted(item.label) + ":" + String(item.value) + ":" + (item.color?.hex ?? "auto")
    }
    let canonical =
      "items=" + items.joined(separator: ",") + "\ndonut=" + String(chart.innerRadiusRatio)
      + "\nsort=\(chart.sortsByValue)\nlabels=\(chart.sliceLabels.rawValue)"
      + "\nlegend=\(chart.legend.rawValue)\nhighlight="
      + (chart.highlighted.map { JSONText.quoted($0) } ?? "none")
      + "\nslices=" + (chart.sliceLimit.map(String.init) ?? "all") + "\n"
      + options.canonical(for: format)
    let checked = chart
    let images = options.rasterImages(for: format) { PieChart.defaultSweepDuration }
    var job = ImageJob(
      route: "pie", format: format, canonical: canonical, images: images,
      pixelsPerImage: options.pixelsPerImage(for: format)
    ) {
      renderer throws(GaugeError) in
      try renderer.image(of: checked, options: options)
    }
    job.variesByLanguage = options.variesByLanguage
    job.animated = options.animate
    return job
  }

  /// The chart's rules, each problem at the parameter the client wrote.
  private static func validate(_ chart: PieChart, itemsPath: String) throws(Problem) {
    let found = chart.problems { "of \(itemsPath)[\($0)]" }
    guard !found.isEmpty else { return }
    let renamed = ["highlighted": "highlight"]
    let placed = found.map { problem in
      var problem = problem
      if let name = renamed[problem.path] {
        problem.path = name
      } else if problem.path.hasPrefix("items") {
        problem.path = itemsPath + problem.path.dropFirst(5)
      }
      return problem
    }
    throw Problem(GaugeError.invalidChart(placed), summary: "the chart has")
  }

}
