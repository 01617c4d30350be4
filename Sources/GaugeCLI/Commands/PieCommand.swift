import GaugeKit

/// `gauge pie`: a pie or donut chart, as SVG or in the terminal.
enum PieCommand: Subcommand {
  static let spec = CommandSpec(
    name: "pie",
    abstract: "Draw a pie or donut chart, as SVG or in the terminal.",
    discussion:
      "Items come from LABEL=VALUE arguments, --csv FILE (label,value[,color] per line) or "
      + "--json FILE ('-' reads standard input). Slices start at 12 o'clock and go clockwise. "
      + "With -o, or when standard output is not a terminal, it writes SVG; on a terminal it "
      + "draws the chart there with the legend as text (--format chooses). --duration "
      + "implies --animate.",
    arguments: [
      ArgumentSpec(
        name: "label=value", help: "An item, such as \"Daffodil Day=4.7\".", isOptional: true,
        isVariadic: true)
    ],
    options: [
      .value("csv", "FILE", "Read items from a CSV file: label,value[,color] per line."),
      .value("json", "FILE", "Read items from JSON: [{\"label\", \"value\", \"color\"}, ...]."),
      .value("output", short: "o", "FILE", "Write the SVG image to FILE."),
      .value("format", "FORMAT", "svg or text (default: text on a terminal, svg otherwise)."),
      .value("donut", "RATIO", "A hole of RATIO × the radius, 0...0.95 (default 0: a pie)."),
      .value("inset", "PX", "A gap of PX pixels between slices, 0...100 (default 0)."),
      .value("corner-radius", "PX", "Round the slices' corners, 0...1000 px (default 0)."),
      .flag("sort", "Largest slice first."),
      .value("labels", "WHAT", "On the slices: percent (default), value, name or none."),
      .value("legend", "WHERE", "bottom (default), top, right or none."),
      .value("highlight", "LABEL", "Pull out one slice; a donut shows it in the centre."),
      .value("palette", "COLORS", "Comma-separated colours for items without their own."),
      .value("title", "TEXT", "A title above the chart (at most 200 characters)."),
      .value("prefix", "TEXT", "Text before each value, such as '€'."),
      .value("suffix", "TEXT", "Text after each value, such as ' m'."),
      .value("decimals", "N", "Values' decimals at most, 0...6 (default 2)."),
      .flag("animate", "Sweep the slices in, each taking time in proportion to its share."),
      .value("duration", "SECONDS", "Length of the sweep, 0...60 (default 1)."),
    ] + Inputs.sizeOptions + [
      .value("theme", "THEME", "light, dark, or auto (follows the viewer's colour scheme)."),
      .value("background", "COLOR", "A colour (#RGB, #RRGGBB, #RRGGBBAA, a name) or none."),
      .value("columns", "COLS", "Width of the chart in the terminal, 20...400 cells."),
      .value("glyphs", "SET", "In the terminal: half (default), braille or ascii."),
      .value(
        "color", "WHEN",
        "In the terminal: auto (default), always, never, truecolor, 256 or 16. Auto honours "
          + "NO_COLOR, FORCE_COLOR, COLORTERM and TERM."),
      .flag("no-animate", "In the terminal, draw the final chart only."),
    ],
    examples: [
      "gauge pie \"Legacies=2.4\" \"Individual giving=3.2\" \"Daffodil Day=4.7\" --donut 0.6",
      "gauge pie --csv donations.csv --sort --donut 0.6 --inset 3 --corner-radius 4 "
        + "-o donations.svg",
      "gauge pie --json spending.json --legend right --highlight Rent --animate > spending.svg",
    ])

  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError) {
    var chart = try items(arguments, context: context)
    try configure(&chart, arguments)
    try validate(
      chart, fromArguments: arguments.value("csv") == nil && arguments.value("json") == nil)

    let format = try arguments.choice("format", from: ["svg", "text"])
    if arguments.value("output") != nil && format == "text" {
      throw .usage(
        "--format text draws in the terminal; it cannot be written with -o", command: spec.name)
    }
    let asText =
      format == "text"
      || (format == nil && arguments.value("output") == nil && context.stdoutIsTerminal)
    if asText {
      try drawInTerminal(chart, arguments: arguments, context: context)
      return
    }
    let options = try svgOptions(arguments)
    let bytes = try Inputs.converting { () throws(GaugeError) in
      try chart.svgBytes(options: options)
    }
    try reportTiny(chart, options: options, context: context)
    try Inputs.write(bytes, to: arguments.value("output"), context: context)
  }

  /// The chart's rules, with each problem placed where the user wrote it: an argument, or
  /// the option that set it.
  private static func validate(_ chart: PieChart, fromArguments: Bool) throws(CLIError) {
    let found = chart.problems { "of argument \($0 + 1)" }
    guard !found.isEmpty else { return }
    let options = ["highlighted": "--highlight", "title": "--title"]
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

  /// Items from exactly one source: arguments, --csv or --json.
  static func items(_ arguments: ParsedArguments, context: Context) throws(CLIError) -> PieChart {
    let sources = [
      arguments.positionals.isEmpty ? nil : "LABEL=VALUE arguments",
      arguments.value("csv").map { _ in "--csv" }, arguments.value("json").map { _ in "--json" },
    ].compactMap { $0 }
    guard sources.count <= 1 else {
      throw .usage(
        "give the items one way; found \(sources.joined(separator: " and "))", command: spec.name)
    }
    if let path = arguments.value("csv") {
      let bytes = try read(path, context: context)
      return try Inputs.converting { () throws(GaugeError) in
        try PieChart(csv: bytes, file: path == "-" ? "<stdin>" : path)
      }
    }
    if let path = arguments.value("json") {
      let bytes = try read(path, context: context)
      return try Inputs.converting { () throws(GaugeError) in
        try PieChart(json: bytes, file: path == "-" ? "<stdin>" : path)
      }
    }
    var items: [PieItem] = []
    for word in arguments.positionals {
      guard let equals = word.lastIndex(of: "=") else {
        throw .usage(
          "'\(word)' is not an item; write LABEL=VALUE, such as \"Daffodil Day=4.7\"",
          command: spec.name)
      }
      let label = String(word[..<equals])
      let text = String(word[word.index(after: equals)...])
      guard !label.isEmpty else {
        throw .usage("'\(word)' has no label before '='; write LABEL=VALUE", command: spec.name)
      }
      guard let value = numberOrNonFinite(text) else {
        throw .usage(
          "'\(word)': '\(text)' is not a number; write LABEL=VALUE with a number, 0 or more",
          command: spec.name)
      }
      items.append(PieItem(label: label, value: value))
    }
    return PieChart(items: items)
  }

  /// A number, keeping NaN and infinities so the chart's rules can name the item.
  private static func numberOrNonFinite(_ text: String) -> Double? {
    switch text.lowercased() {
    case "nan": return .nan
    case "inf", "infinity", "+inf": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: return Double(text)
    }
  }

  private static func read(_ path: String, context: Context) throws(CLIError) -> [UInt8] {
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

  static func configure(_ chart: inout PieChart, _ arguments: ParsedArguments) throws(CLIError) {
    if let ratio = try arguments.number("donut", in: 0...0.95) { chart.innerRadiusRatio = ratio }
    if let inset = try arguments.number("inset", in: 0...100, unit: " px") {
      chart.angularInset = inset
    }
    if let radius = try arguments.number("corner-radius", in: 0...1000, unit: " px") {
      chart.cornerRadius = radius
    }
    chart.sortsByValue = arguments.has("sort")
    if let labels = try arguments.choice("labels", from: SliceLabel.allCases.map(\.rawValue)) {
      chart.sliceLabels = SliceLabel(rawValue: labels) ?? .percent
    }
    if let legend = try arguments.choice("legend", from: LegendPosition.allCases.map(\.rawValue)) {
      chart.legend = LegendPosition(rawValue: legend) ?? .bottom
    }
    if let highlight = arguments.value("highlight") { chart.highlighted = highlight }
    if let title = arguments.value("title") { chart.title = title }
    if let prefix = arguments.value("prefix") { chart.valueFormat.prefix = prefix }
    if let suffix = arguments.value("suffix") { chart.valueFormat.suffix = suffix }
    if let decimals = try arguments.integer("decimals", in: 0...6) {
      chart.valueFormat.decimals = decimals
    }
    if let text = arguments.value("palette") {
      var palette: [Color] = []
      for (index, part) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated()
      {
        let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let color = Color(parsing: word) else {
          throw .usage(
            "--palette: colour \(index + 1), '\(word)', is not a colour; use \(Color.allowedForms)",
            command: spec.name)
        }
        palette.append(color)
      }
      chart.palette = palette
    }
  }

  private static func svgOptions(_ arguments: ParsedArguments) throws(CLIError) -> SVGOptions {
    var options = SVGOptions()
    (options.width, options.height) = try Inputs.size(arguments)
    try Inputs.appearance(arguments, into: &options)
    let duration = try arguments.number("duration", in: 0...60, unit: " seconds")
    if arguments.has("animate") || duration != nil {
      options.animation = SVGAnimation(duration: duration)
    }
    return options
  }

  /// Slices too thin to see are named on standard error, so none vanishes silently.
  private static func reportTiny(_ chart: PieChart, options: SVGOptions, context: Context)
    throws(CLIError)
  {
    let layout = try Inputs.converting { () throws(GaugeError) in
      try chart.layout(width: options.width, height: options.height)
    }
    let tiny = layout.tinySlices
    guard !tiny.isEmpty else { return }
    let names = tiny.prefix(5).map { slice in
      JSONText.quoted(chart.items[slice.itemIndex].label) + " ("
        + PieChart.percentText(slice.share) + ")"
    }
    var text = names.joined(separator: ", ")
    if tiny.count > 5 { text += " and \(tiny.count - 5) more" }
    context.errors.write(
      "Note: \(tiny.count == 1 ? "1 slice is" : "\(tiny.count) slices are") too thin to see at "
        + "\(options.width)×\(options.height): \(text); they are in the legend and the "
        + "image's description.\n")
  }

  private static func drawInTerminal(
    _ chart: PieChart, arguments: ParsedArguments, context: Context
  ) throws(CLIError) {
    var options = try TerminalInputs.options(arguments, context: context)
    let size = TerminalInputs.terminalSize(context)
    if let columns = try arguments.integer(
      "columns", in: TerminalOptions.minimumColumns...TerminalOptions.maximumColumns)
    {
      options.columns = columns
    } else {
      // A pie about half as tall as wide, with its legend below: keep it to the screen.
      let legendRows = chart.legend == .none ? 0 : chart.items.count
      let byRows = 2 * Swift.max(0, size.rows - 2 - (chart.title == nil ? 0 : 1) - legendRows)
      options.columns = Swift.max(
        TerminalOptions.minimumColumns, Swift.min(40, size.columns, byRows))
    }
    let width = Swift.max(options.columns, size.columns)
    func frame(_ angle: Double) throws(CLIError) -> TerminalFrame {
      try Inputs.converting { () throws(GaugeError) in
        try chart.terminalFrame(
          options: options, legendWidth: chart.legend == .none ? nil : width, sweptAngle: angle)
      }
    }
    let animate = context.stdoutIsTerminal && !arguments.has("no-animate")
    guard animate else {
      let final = try frame(360)
      context.output.write(options.depth == .none ? final.plain() : final.ansi())
      return
    }
    let duration = try arguments.number("duration", in: 0...60, unit: " seconds") ?? 0.8
    var view = LiveView(context: context)
    let start = context.events.now()
    while true {
      let time = context.events.now() - start
      let angle = duration > 0 ? Swift.min(360, time / duration * 360) : 360
      view.draw(try frame(angle))
      if angle >= 360 { break }
      if let signal = view.pendingSignal(), signal != .resize { try view.stop(for: signal) }
      context.events.sleep(milliseconds: LiveView.frameMilliseconds)
    }
    view.finish()
  }
}
