import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender

/// `gauge layout`: the exact layout contract as JSON.
struct LayoutCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "layout",
    abstract: "Print a gauge's exact layout for a value as JSON.",
    discussion:
      "Angles are degrees from 12 o'clock, clockwise, normalised to [0, 360); coordinates are "
      + "pixels with y down. docs/layout.md describes every field.",
    examples: ["gauge layout stress 42", "gauge layout my-gauge.json 7.5 --size 200"])

  static let arguments: [Argument<LayoutCommand>] = [
    .required(
      \.preset, name: "preset|file.json", .text(placeholder: "PRESET"),
      help: Inputs.presetOrFieldsHelp),
    .required(
      \.values, name: "value", .gaugeValues,
      help: Inputs.valueHelp
        + " VALUE,VALUE… gives a preset of several \"pointers\" one value each: the layout is "
        + "the first value's, the scene draws them all."),
  ]

  static let options: [Option<LayoutCommand>] =
    Option.imageSize(size: \.image.size, width: \.image.width, height: \.image.height)
    + [.locale(\.locale), .showZone(\.showZone), .presetFolders(\.presetFolders)]
    + Option.gaugeFields(
      min: \.fields.min, max: \.fields.max, zones: \.fields.zones, title: \.fields.title,
      unit: \.fields.unit)
    + Option.fonts(\.fonts, noSystemFonts: \.noSystemFonts)
    + MarkChoices.options(
      markers: \.marks.markers, reference: \.marks.reference, range: \.marks.range,
      ticks: \.marks.ticks, noTicks: \.marks.noTicks)

  var preset = ""
  /// One value, or one a pointer (`120,80`).
  var values: [Double?] = [nil]
  var image = ImageSize()
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var fonts: [String] = []
  var noSystemFonts = false
  var fields = PresetOverrides()
  var marks = MarkChoices()

  /// No preset when the options describe the gauge and only the value is given.
  func omits(argument name: String, words: Int) -> Bool {
    name == "preset|file.json" && fields.describesGauge && words < 2
  }

  /// The preset named, or nil for a gauge the options describe alone.
  var presetArgument: String? { preset.isEmpty && fields.describesGauge ? nil : preset }

  func validate() throws(CLIError) {
    try marks.validate()
  }

  func run(context: CommandIO) throws(CLIError) {
    let gauge = try marks.applied(
      to: try Inputs.gauge(
        presetArgument, folders: presetFolders, overrides: fields, context: context
      )
      .choosing(locale: locale, showsZone: showZone))
    let size = image.resolved
    let fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    let values = self.values
    if values.count > 1 {
      do {
        try gauge.checkValueCount(values.count)
      } catch {
        throw .input(
          "<value> '\(ValueType<[Double?]>.gaugeValues.format(values))': \(error.description)")
      }
    }
    let (layout, scene) = try Inputs.converting { () throws(GaugeError) in
      let options = marks.applied(
        to: RenderOptions(width: size.width, height: size.height, fonts: fonts))
      return (
        try gauge.layout(
          value: values.first ?? nil, width: size.width, height: size.height, fonts: fonts),
        values.count > 1
          ? try gauge.scene(values: values, options: options)
          : try gauge.scene(value: values.first ?? nil, options: options)
      )
    }
    context.output.write(layout.json(scene: scene))
  }
}
