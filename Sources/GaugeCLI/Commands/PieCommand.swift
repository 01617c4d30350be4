@_spi(Service) import GaugeCharts
import GaugeKit
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `gauge pie`: a pie or donut chart, as SVG or in the terminal.
struct PieCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "pie",
    abstract: "Draw a pie or donut chart, as SVG or in the terminal.",
    discussion:
      "Items come from LABEL=VALUE or LABEL:VALUE arguments, --csv FILE (label,value[,color] per line) or "
      + "--json FILE ('-' reads standard input). Slices start at 12 o'clock and go clockwise. "
      + "With -o, or when standard output is not a terminal, it writes SVG; on a terminal it "
      + "draws the chart there with the legend as text (--format chooses). --duration "
      + "implies --animate.",
    examples: [
      "gauge pie \"Legacies=2.4\" \"Individual giving=3.2\" \"Daffodil Day=4.7\" --donut 0.6",
      "gauge pie --csv donations.csv --sort --donut 0.6 --inset 3 --corner-radius 4 "
        + "-o donations.svg",
      "gauge pie --json spending.json --legend right --highlight Rent --animate > spending.svg",
    ])

  static let arguments: [Argument<PieCommand>] = [
    .variadic(
      \.items, name: "label=value", .text(placeholder: "ITEM"),
      help: "An item, such as \"Daffodil Day=4.7\" or \"Daffodil Day:4.7\".")
  ]

  static let options: [Option<PieCommand>] =
    [
      .value(
        \.csv, name: "csv", .path(placeholder: "FILE"),
        help: "Read items from a CSV file: label,value[,color] per line."),
      .value(
        \.json, name: "json", .path(placeholder: "FILE"),
        help: "Read items from JSON: [{\"label\", \"value\", \"color\"}, ...]."),
      .value(
        \.output, name: "output", short: "o", .output, absent: "standard output",
        help: "Write the image to FILE (a PNG if it ends in .png); - is standard output."),
      .value(
        \.format, name: "format", .choice(placeholder: "FORMAT"),
        absent: "text on a terminal, png for an -o file ending in .png, svg otherwise",
        help: "Draw as an SVG or PNG image, or as text."),
      .value(
        \.scale, name: "scale", .number(0.25...8, placeholder: "FACTOR"), absent: "1",
        help: "PNG only: pixels per layout pixel (2 for HiDPI: twice the pixels each way)."),
      .value(
        \.chart.innerRadiusRatio, name: "donut", .number(0...0.95, placeholder: "RATIO"),
        help: "A hole of RATIO × the radius; 0 is a pie."),
      .value(
        \.chart.angularInset, name: "inset", .number(0...100, unit: "px", placeholder: "PX"),
        help: "A gap of PX pixels between slices."),
      .value(
        \.chart.cornerRadius, name: "corner-radius",
        .number(0...1000, unit: "px", placeholder: "PX"), help: "Round the slices' corners."),
      .flag(\.chart.sortsByValue, name: "sort", help: "Largest slice first."),
      .value(
        \.chart.sliceLabels, name: "labels", .choice(placeholder: "WHAT"),
        help: "What the slices show."),
      .value(
        \.chart.legend, name: "legend", .choice(placeholder: "WHERE"),
        help: "Where the legend goes."),
      .value(
        \.chart.highlighted, name: "highlight", .text(placeholder: "LABEL"),
        help: "Pull out one slice; a donut shows it in the centre."),
      .value(
        \.palette, name: "palette", .palette,
        absent: "\(PieChart.defaultPalette.count) colours, 3:1 on both themes",
        help: "Comma-separated colours for items without their own."),
      .value(
        \.sliceLimit, name: "slices", .integer(0...PieChart.maximumItemCount, placeholder: "N"),
        absent: "the JSON file's, else 12",
        help: "Draw at most N slices: the smallest items share one \"Other\" slice; 0 draws all."),
      .value(
        \.title, name: "title", .text(placeholder: "TEXT"), absent: "the JSON file's, if any",
        help: "A title above the chart (at most 200 characters)."),
      .value(
        \.chart.valueFormat.prefix, name: "prefix", .text(placeholder: "TEXT"),
        help: "Text before each value, such as '€'."),
      .value(
        \.chart.valueFormat.suffix, name: "suffix", .text(placeholder: "TEXT"),
        help: "Text after each value, such as ' m'."),
      .value(
        \.chart.valueFormat.decimals, name: "decimals", .integer(0...6, placeholder: "N"),
        help: "Values' decimals at most."),
      .locale(\.chart.valueFormat.locale, absent: "none: English, as before locales"),
      .flag(
        \.animate, name: "animate",
        help: "Sweep the slices in, each taking time in proportion to its share."),
      .value(
        \.duration, name: "duration",
        .number(RenderLimits.durations, unit: "seconds", placeholder: "SECONDS"),
        absent: ValueType<Double>.number(placeholder: "SECONDS").format(
          PieChart.defaultSweepDuration),
        help: "Length of the sweep."),
    ]
    + Option.imageSize(size: \.image.size, width: \.image.width, height: \.image.height)
    + [
      .theme(\.svg.theme),
      .background(\.svg.background),
      .value(
        \.columns, name: "columns", TerminalChoices.columns,
        absent: "fit the terminal, at most \(widestChart)",
        help: "Width of the chart in the terminal, in cells."),
      .glyphs(\.glyphs, help: "The characters that draw the chart in the terminal."),
      .color(\.color),
      .flag(
        \.animates, name: "no-animate", sets: false,
        help: "In the terminal, draw the final chart only."),
    ]
    + Option.fonts(\.fonts, noSystemFonts: \.noSystemFonts)

  /// The widest a chart fits itself to in the terminal, in cells.
  static let widestChart = 40

  /// How the chart is drawn.
  enum Format: String, Sendable, CaseIterable {
    case svg
    case png
    case text
  }

  var items: [String] = []
  var csv: String?
  var json: String?
  var output: OutputTarget?
  var format: Format?
  var scale: Double?
  var fonts: [String] = []
  var noSystemFonts = false
  /// Everything but the items, which come in `run`.
  var chart = PieChart(items: [])
  var palette: [Color]?
  /// `--slices`: 0 draws every item.
  var sliceLimit: Int?
  var title: String?
  var animate = false
  /// Seconds; given, it implies --animate.
  var duration: Double?
  var image = ImageSize()
  var svg = RenderOptions()
  var columns: Int?
  var glyphs = TerminalOptions().glyphs
  var color = ColorChoice.auto
  var animates = true

  mutating func validate() throws(CLIError) {
    let sources = [
      items.isEmpty ? nil : "LABEL=VALUE arguments", csv.map { _ in "--csv" },
      json.map { _ in "--json" },
    ].compactMap { $0 }
    guard sources.count <= 1 else {
      throw .usage("give the items one way; found \(sources.joined(separator: " and "))")
    }
    if output != nil && format == .text {
      throw .usage("--format text draws in the terminal; it cannot be written with -o")
    }
    if let output {
      try ImageFormat.checkOutput(
        output, format: format.flatMap { ImageFormat(rawValue: $0.rawValue) })
    }
    if scale != nil && imageFormat != .png { throw .scaleNeedsPNG() }
    if sliceLimit == 1 {
      throw .usage(
        "--slices: 1 is out of range; allowed: 0 (every item) or 2...\(PieChart.maximumItemCount)")
    }
    if let palette { chart.palette = palette }
    (svg.width, svg.height) = image.resolved
    if animate || duration != nil {
      svg.animation = SVGAnimation(duration: duration ?? PieChart.defaultSweepDuration)
    }
  }

  /// The image format when the chart is written as an image.
  private var imageFormat: ImageFormat {
    switch format {
    case .png?: return .png
    case .svg?: return .svg
    case .text?, nil: return .implied(by: output ?? .standardOutput)
    }
  }

  func run(context: CommandIO) throws(CLIError) {
    var chart = self.chart
    let source = try readItems(context: context)
    chart.items = source.items
    chart.title = title ?? source.title
    chart.sliceLimit = sliceLimit.map { $0 == 0 ? nil : $0 } ?? source.sliceLimit
    try PieCommand.checkRules(chart, fromArguments: csv == nil && json == nil)
    let asText =
      format == .text || (format == nil && output == nil && context.stdoutIsTerminal)
    if asText {
      try drawInTerminal(chart, context: context)
      return
    }
    var options = svg
    options.fonts = try Inputs.fontSet(fonts, noSystemFonts: noSystemFonts, context: context)
    if imageFormat == .png,
      let misfit = CLIError.scaleMisfits(
        scale ?? 1, width: options.width, height: options.height)
    {
      throw misfit
    }
    let bytes = try Inputs.converting { () throws(GaugeError) in
      imageFormat == .png
        ? try chart.png(options: options, scale: scale ?? 1)
        : try chart.svgBytes(options: options)
    }
    try PieCommand.reportTiny(chart, options: options, context: context)
    Inputs.warnSkippedSystemFonts(options.fonts, context: context)
    try (output ?? .standardOutput).write(bytes, through: context)
  }

  /// The chart's rules, with each problem placed where the user wrote it: an argument, or
  /// the option that set it.
  private static func checkRules(_ chart: PieChart, fromArguments: Bool) throws(CLIError) {
    let found = chart.problems { "of argument \($0 + 1)" }
    guard !found.isEmpty else { return }
    // The model's field names mean nothing on the command line: name the option instead.
    let options = [
      "highlighted": "--highlight", "title": "--title", "sliceLimit": "--slices",
      "valueFormat.prefix": "--prefix",
      "valueFormat.suffix": "--suffix", "valueFormat.decimals": "--decimals",
    ]
    let placed = found.map { problem in
      var problem = problem
      if let option = options[problem.path] {
        problem.path = option
      } else if fromArguments, problem.path.hasPrefix("items["),
        let index = Int(problem.path.dropFirst(6).prefix { $0.isNumber })
      {
        problem.path = "argument \(index + 1)"
      }
      return problem
    }
    throw .input(Inputs.message(for: .invalidChart(placed)))
  }

  /// Items from the one source given (arguments, --csv or --json), and a JSON file's title.
  private func readItems(context: CommandIO) throws(CLIError) -> (
    items: [PieItem], title: String?, sliceLimit: Int?
  ) {
    if let path = csv ?? json {
      let bytes = try PieCommand.read(path, context: context)
      let file = path == "-" ? "<stdin>" : path
      let isCSV = csv != nil
      let loaded = try Inputs.converting { () throws(GaugeError) in
        try isCSV ? PieChart(csv: bytes, file: file) : PieChart(json: bytes, file: file)
      }
      return (loaded.items, loaded.title, loaded.sliceLimit)
    }
    var parsed: [PieItem] = []
    for word in items {
      do {
        parsed.append(try PieItem(argument: word))
      } catch {
        throw .usage(error.description)
      }
    }
    return (parsed, nil, chart.sliceLimit)
  }

  private static func read(_ path: String, context: CommandIO) throws(CLIError) -> [UInt8] {
    if path == "-" {
      var bytes: [UInt8] = []
      while let chunk = context.input.read() {
        bytes += chunk
        if bytes.count > PieChart.maximumDataSize { break }
      }
      return bytes
    }
    do {
      return try context.files.read(path, limit: PieChart.maximumDataSize)
    } catch {
      throw .input("cannot read '\(error.path)': \(error.reason)")
    }
  }

  /// Slices too thin to see are named on standard error, so none vanishes silently.
  private static func reportTiny(_ chart: PieChart, options: RenderOptions, context: CommandIO)
    throws(CLIError)
  {
    let layout = try Inputs.converting { () throws(GaugeError) in
      try chart.layout(width: options.width, height: options.height)
    }
    let tiny = layout.tinySlices
    guard !tiny.isEmpty else { return }
    let names = tiny.prefix(5).map { slice in
      JSONText.quoted(layout.chart.items[slice.itemIndex].label) + " ("
        + chart.percentText(slice.share) + ")"
    }
    var text = names.joined(separator: ", ")
    if tiny.count > 5 { text += " and \(tiny.count - 5) more" }
    context.errors.write(
      "Note: \(tiny.count == 1 ? "1 slice is" : "\(tiny.count) slices are") too thin to see at "
        + "\(options.width)×\(options.height): \(TerminalSafe.escaped(text)); they are in the "
        + "legend and the image's description.\n")
  }

  private func drawInTerminal(_ chart: PieChart, context: CommandIO) throws(CLIError) {
    var options = TerminalOptions()
    options.glyphs = glyphs
    options.depth = color.depth(
      environment: context.environment, isTerminal: context.stdoutIsTerminal)
    let size = TerminalChoices.terminalSize(context)
    if let columns {
      options.columns = columns
    } else {
      // A pie about half as tall as wide, with its legend below: keep it to the screen.
      let legendRows = chart.legend == .none ? 0 : chart.items.count
      let byRows = 2 * Swift.max(0, size.rows - 2 - (chart.title == nil ? 0 : 1) - legendRows)
      options.columns = Swift.max(
        TerminalOptions.minimumColumns, Swift.min(PieCommand.widestChart, size.columns, byRows))
    }
    let width = Swift.max(options.columns, size.columns)
    func frame(_ angle: Double) throws(CLIError) -> TerminalFrame {
      try Inputs.converting { () throws(GaugeError) in
        try chart.terminalFrame(
          options: options, legendWidth: chart.legend == .none ? nil : width, sweptAngle: angle)
      }
    }
    var view = LiveView(context: context)
    let final = try frame(360)
    // Piped, asked not to, or too big to redraw in place: the final chart, once.
    guard context.stdoutIsTerminal && animates && view.fits(final) else {
      context.output.write(options.depth == .none ? final.plain() : final.ansi())
      return
    }
    // The same sweep as the SVG's, so both say what help says.
    let duration = duration ?? PieChart.defaultSweepDuration
    try view.play(for: duration) { time throws(CLIError) in
      try frame(duration > 0 ? Swift.min(360, time / duration * 360) : 360)
    }
  }
}
