import GaugeKit

/// `gauge render`: the gauge as an SVG image.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "render",
    abstract: "Render a gauge as an SVG image.",
    discussion:
      "Writes SVG to standard output, or to FILE with -o (written whole or not at all). "
      + "--from and --duration imply --animate. Animated images show their final state in "
      + "viewers that do not animate and for readers who prefer reduced motion.",
    examples: [
      "gauge render stress 42 -o stress.svg",
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
      .presetFolders(\.presetFolders),
    ]

  var preset = ""
  var value: Double?
  var output = OutputTarget.standardOutput
  var image = ImageSize()
  var svg = SVGOptions()
  var animate = false
  var from: Double?
  var duration: Double?
  var presetFolders: String?

  mutating func validate() throws(CLIError) {
    (svg.width, svg.height) = image.resolved
    if animate || duration != nil || from != nil {
      svg.animation = SVGAnimation(from: from, duration: duration)
    }
  }

  func run(context: Context) throws(CLIError) {
    let gauge = try Inputs.gauge(preset, folders: presetFolders, context: context)
    let svg = try Inputs.converting { () throws(GaugeError) in
      try gauge.svg(value: value, options: self.svg)
    }
    try Inputs.write(Array(svg.utf8), to: output, context: context)
  }
}
