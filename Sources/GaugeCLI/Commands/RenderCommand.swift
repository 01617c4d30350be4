import GaugeKit

/// `gauge render`: the gauge as an SVG or PNG image.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
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
      "gauge render stress 42 --animate --from 0 --duration 1.5 --theme auto > stress.svg",
    ])

  static let arguments: [Argument<RenderCommand>] = [
    .required(
      \.preset, name: "preset|file.json", .text(placeholder: "PRESET"), help: Inputs.presetHelp),
    .required(\.value, name: "value", .gaugeValue, help: Inputs.valueHelp),
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
    + [
      .theme(\.svg.theme),
      .background(\.svg.background),
      .value(
        \.svg.title, name: "title",
        .text(placeholder: "TEXT", maximumLength: Gauge.maximumTextLength),
        absent: "the preset's", help: "The title under the readout, and the image's name."),
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
    ]
    + MarkChoices.options(
      markers: \.marks.markers, reference: \.marks.reference, range: \.marks.range,
      ticks: \.marks.ticks, noTicks: \.marks.noTicks)

  var preset = ""
  var value: Double?
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
  var marks = MarkChoices()

  mutating func validate() throws(CLIError) {
    if scale != nil && (format ?? .implied(by: output)) != .png { throw .scaleNeedsPNG() }
    try marks.validate()
    (svg.width, svg.height) = image.resolved
    if animate || duration != nil || from != nil {
      svg.animation = SVGAnimation(from: from, duration: duration)
    }
  }

  func run(context: Context) throws(CLIError) {
    let chosen = try Inputs.gauge(preset, folders: presetFolders, context: context)
      .choosing(locale: locale, showsZone: showZone)
    let gauge = marks.applied(to: chosen)
    var svg = marks.applied(to: self.svg)
    svg.fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    let bytes = try Inputs.converting { () throws(GaugeError) in
      switch format ?? .implied(by: output) {
      case .svg: return try gauge.svgBytes(value: value, options: svg)
      case .png:
        return try gauge.png(value: value, options: svg, scale: scale ?? 1)
      }
    }
    Inputs.warnSkippedSystemFonts(svg.fonts, context: context)
    try Inputs.write(bytes, to: output, context: context)
  }
}
