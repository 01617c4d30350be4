import GaugeKit

/// `gauge render`: the gauge as an SVG image.
enum RenderCommand: Subcommand {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render a gauge as an SVG image.",
    discussion:
      "Writes SVG to standard output, or to FILE with -o (written whole or not at all). "
      + "--from and --duration imply --animate. Animated images show their final state in "
      + "viewers that do not animate and for readers who prefer reduced motion.",
    arguments: [Inputs.presetArgument, Inputs.valueArgument],
    options: [
      .value("output", short: "o", "FILE", "Write the image to FILE instead of standard output.")
    ] + Inputs.sizeOptions + [
      .value("theme", "THEME", "light, dark, or auto (follows the viewer's colour scheme)."),
      .value("background", "COLOR", "A colour (#RGB, #RRGGBB, #RRGGBBAA, a name) or none."),
      .value("title", "TEXT", "Replace the preset's title (at most 200 characters)."),
      .flag("no-labels", "Leave out the title, start, end and zone labels."),
      .flag("animate", "Sweep the pointer, count the readout and reveal the sectors."),
      .value("from", "VALUE", "Where the animated sweep starts (default: the domain's min)."),
      .value("duration", "SECONDS", "Length of the sweep, 0...60 (default: the preset's)."),
      PresetLibrary.option,
    ],
    examples: [
      "gauge render stress 42 -o stress.svg",
      "gauge render stress 42 --animate --from 0 --duration 1.5 --theme auto > stress.svg",
    ])

  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError) {
    let gauge = try Inputs.gauge(arguments.positionals[0], arguments: arguments, context: context)
    let value = try Inputs.value(arguments.positionals[1], command: spec.name)
    let options = try svgOptions(arguments)
    let svg = try Inputs.converting { () throws(GaugeError) in
      try gauge.svg(value: value, options: options)
    }
    try Inputs.write(Array(svg.utf8), to: arguments.value("output"), context: context)
  }

  static func svgOptions(_ arguments: ParsedArguments) throws(CLIError) -> SVGOptions {
    var options = SVGOptions()
    (options.width, options.height) = try Inputs.size(arguments)
    try Inputs.appearance(arguments, into: &options)
    if let title = arguments.value("title") {
      guard title.count <= Gauge.maximumTextLength else {
        throw .usage(
          "--title: is \(title.count) characters long; at most \(Gauge.maximumTextLength) allowed",
          command: spec.name)
      }
      options.title = title
    }
    options.showLabels = !arguments.has("no-labels")
    let duration = try arguments.number("duration", in: 0...60, unit: " seconds")
    var from: Double?
    if let text = arguments.value("from") {
      guard let number = Double(text), number.isFinite else {
        throw .usage("--from: '\(text)' is not a number", command: spec.name)
      }
      from = number
    }
    if arguments.has("animate") || duration != nil || from != nil {
      options.animation = SVGAnimation(from: from, duration: duration)
    }
    return options
  }
}
