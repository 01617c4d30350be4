import GaugeKit

/// `gauge layout`: the exact layout contract as JSON.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "layout",
    abstract: "Print a gauge's exact layout for a value as JSON.",
    discussion:
      "Angles are degrees from 12 o'clock, clockwise, normalised to [0, 360); coordinates are "
      + "pixels with y down. docs/layout.md describes every field.",
    examples: ["gauge layout stress 42", "gauge layout my-gauge.json 7.5 --size 200"])

  static let arguments: [Argument<LayoutCommand>] = [
    .required(
      \.preset, name: "preset|file.json", .text(placeholder: "PRESET"), help: Inputs.presetHelp),
    .required(\.value, name: "value", .gaugeValue, help: Inputs.valueHelp),
  ]

  static let options: [Option<LayoutCommand>] =
    Option.imageSize(size: \.image.size, width: \.image.width, height: \.image.height)
    + [.locale(\.locale), .showZone(\.showZone), .presetFolders(\.presetFolders)]
    + Option.fonts(\.fonts, noSystemFonts: \.noSystemFonts)
    + MarkChoices.options(
      markers: \.marks.markers, reference: \.marks.reference, range: \.marks.range,
      ticks: \.marks.ticks, noTicks: \.marks.noTicks)

  var preset = ""
  var value: Double?
  var image = ImageSize()
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var fonts: [String] = []
  var noSystemFonts = false
  var marks = MarkChoices()

  func validate() throws(CLIError) {
    try marks.validate()
  }

  func run(context: Context) throws(CLIError) {
    let gauge = marks.applied(
      to: try Inputs.gauge(preset, folders: presetFolders, context: context)
        .choosing(locale: locale, showsZone: showZone))
    let size = image.resolved
    let fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    let (layout, scene) = try Inputs.converting { () throws(GaugeError) in
      (
        try gauge.layout(value: value, width: size.width, height: size.height, fonts: fonts),
        try gauge.scene(
          value: value,
          options: marks.applied(
            to: RenderOptions(width: size.width, height: size.height, fonts: fonts)))
      )
    }
    context.output.write(layout.json(scene: scene))
  }
}
