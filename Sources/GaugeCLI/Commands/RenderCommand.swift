import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender

/// `gauge render`: the gauge as an SVG or PNG image.
struct RenderCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "render",
    abstract: "Render a gauge as an SVG or PNG image.",
    discussion:
      "Writes the image to standard output, or to FILE with -o (written whole or not at all); "
      + "a FILE ending in .png is a PNG unless --format says otherwise. "
      + "--from and --duration imply --animate. Animated images show their final state in "
      + "viewers that do not animate and for readers who prefer reduced motion.",
    examples: [
      "gauge render stress 42 -o stress.svg",
      "gauge render stress 42 -o stress.png --scale 2",
      "gauge render --min 0 --max 200 --zone Low:60:#34C759 --zone Normal:140:#FF9500 "
        + "--zone High:200:#FF3B30 --title 'Heart rate' --unit ' bpm' 72 -o heart.svg",
      "gauge render cpu=37 memory=62 battery=88 disk=71 --columns 2 -o dash.png",
      "gauge render stress 42 --animate --from 0 --duration 1.5 --theme auto > stress.svg",
    ])

  static let arguments: [Argument<RenderCommand>] = [
    .required(
      \.first, name: "preset|file.json", .text(placeholder: "PRESET"),
      help: Inputs.presetOrFieldsHelp),
    .variadic(
      \.rest, name: "value", .text(placeholder: "VALUE"),
      help:
        Inputs.valueHelp
        + " VALUE,VALUE… gives a preset of several \"pointers\" one value each. Or give "
        + "PRESET=VALUE pairs instead of both: one image of up to \(GaugeGrid.maximumGaugeCount) gauges "
        + "in a grid."),
  ]

  static let options: [Option<RenderCommand>] =
    [
      .value(
        \.output, name: "output", short: "o", .output,
        help: "Where to write the image; - is standard output.")
    ]
    + Option.imageFormat(\.format, scale: \.scale)
    + Option.fonts(\.fonts, noSystemFonts: \.noSystemFonts)
    + Option.imageSize(size: \.image.size, width: \.image.width, height: \.image.height)
    + Option.gaugeFields(
      min: \.fields.min, max: \.fields.max, zones: \.fields.zones, title: \.fields.title,
      unit: \.fields.unit)
    + [
      .theme(\.svg.theme),
      .background(\.svg.background),
      .flag(
        \.svg.showLabels, name: "no-labels", sets: false,
        help: "Leave out the title, start, end and zone labels."),
      .flag(
        \.animate, name: "animate",
        help: "Sweep the pointer, count the readout and reveal the sectors."),
      .value(
        \.from, name: "from", .number(placeholder: "VALUE"), absent: "the domain's min",
        help: "Where the animated sweep starts."),
      .value(
        \.duration, name: "duration",
        .number(RenderLimits.durations, unit: "seconds", placeholder: "SECONDS"),
        absent: "the preset's", help: "Length of the sweep."),
      .locale(\.locale),
      .showZone(\.showZone),
      .presetFolders(\.presetFolders),
      .value(
        \.columns, name: "columns", .integer(1...GaugeGrid.maximumGaugeCount, placeholder: "N"),
        absent: "as square a grid as the gauges allow",
        help: "Gauges a row, for several PRESET=VALUE pairs; --size is each gauge's."),
    ]
    + MarkChoices.options(
      markers: \.marks.markers, reference: \.marks.reference, range: \.marks.range,
      ticks: \.marks.ticks, noTicks: \.marks.noTicks)

  var first = ""
  var rest: [String] = []
  /// The gauges to draw: one, or several in a grid; a nil preset is the gauge the options
  /// describe.
  private(set) var requests: [(preset: String?, value: Double?)] = []
  var columns: Int?
  /// The values of a gauge of several pointers (`120,80`); empty for one value.
  private(set) var values: [Double?] = []
  var output = OutputTarget.standardOutput
  var format: ImageFormat?
  var scale: Double?
  var fonts: [String] = []
  var noSystemFonts = false
  var image = ImageSize()
  var svg = RenderOptions()
  var animate = false
  var from: Double?
  var duration: Double?
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var fields = PresetOverrides()
  var marks = MarkChoices()

  mutating func validate() throws(CLIError) {
    try ImageFormat.checkOutput(output, format: format)
    if scale != nil && (format ?? .implied(by: output)) != .png { throw .scaleNeedsPNG() }
    try marks.validate()
    (svg.width, svg.height) = image.resolved
    if animate || duration != nil || from != nil {
      svg.animation = SVGAnimation(from: from, duration: duration)
    }
    (requests, values) = try ShowCommand.gauges(
      first: first, rest: rest, describedByOptions: fields.describesGauge, strictValues: true)
    guard requests.count > 1 else {
      if columns != nil { throw .usage("--columns goes with several PRESET=VALUE pairs") }
      return
    }
    if let option = fields.givenOptions.first {
      throw .usage(option + " applies to one gauge, not an image of several")
    }
    try marks.checkOneGauge(count: requests.count, whole: "an image of several")
  }

  func run(context: CommandIO) throws(CLIError) {
    var gauges: [Gauge] = []
    for request in requests {
      let gauge = try Inputs.gauge(
        request.preset, folders: presetFolders, overrides: fields, context: context
      )
      .choosing(locale: locale, showsZone: showZone)
      gauges.append(try marks.applied(to: gauge))
    }
    var svg = marks.applied(to: self.svg)
    svg.fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    let format = format ?? .implied(by: output)
    let (scale, columns, values) = (scale ?? 1, self.columns, self.values)
    if values.count > 1 {
      do {
        try gauges[0].checkValueCount(values.count)
      } catch {
        throw .input("<value> '\(rest.last ?? first)': \(error.description)")
      }
    }
    if format == .png {
      let size = GaugeGrid(gauges, columns: columns).size(
        cellWidth: svg.width, cellHeight: svg.height)
      if let misfit = CLIError.scaleMisfits(scale, width: size.width, height: size.height) {
        throw misfit
      }
    }
    let bytes = try Inputs.converting { () throws(GaugeError) in
      guard gauges.count == 1 else {
        let grid = GaugeGrid(gauges, columns: columns)
        switch format {
        case .svg: return try grid.svgBytes(values: requests.map(\.value), options: svg)
        case .png: return try grid.png(values: requests.map(\.value), options: svg, scale: scale)
        }
      }
      if values.count > 1 {
        switch format {
        case .svg: return try gauges[0].svgBytes(values: values, options: svg)
        case .png: return try gauges[0].png(values: values, options: svg, scale: scale)
        }
      }
      switch format {
      case .svg: return try gauges[0].svgBytes(value: requests[0].value, options: svg)
      case .png: return try gauges[0].png(value: requests[0].value, options: svg, scale: scale)
      }
    }
    Inputs.warnSkippedSystemFonts(svg.fonts, context: context)
    try output.write(bytes, through: context)
  }
}
