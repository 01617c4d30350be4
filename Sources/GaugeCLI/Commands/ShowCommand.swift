import GaugeKit
@_spi(Service) import GaugePresets
@_spi(Service) import GaugeRender
@_spi(Service) import GaugeSupport

/// `gauge show`: gauges drawn in the terminal.
struct ShowCommand: DeclaredCommand {
  static let configuration = CommandSummary(
    name: "show",
    abstract: "Draw a gauge, or several side by side, in the terminal.",
    discussion:
      "On a terminal the pointer sweeps, the readout counts and the sectors appear, then the "
      + "final frame stays. Piped or redirected, it prints one plain frame with no cursor "
      + "movement (and no colour unless asked for). Several PRESET=VALUE pairs make a "
      + "dashboard: a grid of gauges as large as the window allows. Output that would not fit "
      + "the window, even with the smallest gauges, is printed once, without animating.",
    examples: [
      "gauge show stress 42",
      "gauge show cpu=37 memory=62 battery=88",
      "gauge show stress 42 --glyphs braille --color 256 > frame.txt",
    ])

  static let arguments: [Argument<ShowCommand>] = [
    .required(
      \.first, name: "preset|file.json", .text(placeholder: "PRESET"), help: Inputs.presetHelp),
    .variadic(
      \.rest, name: "value", .text(placeholder: "VALUE"),
      help:
        "The value (VALUE,VALUE… for a preset of several \"pointers\", drawn still); or give "
        + "PRESET=VALUE pairs instead of both, up to \(GaugeGrid.maximumGaugeCount)."),
  ]

  static let options: [Option<ShowCommand>] =
    TerminalChoices.options(
      glyphs: \.terminal.glyphs, color: \.terminal.color, width: \.terminal.width,
      showLabels: \.terminal.showLabels)
    + [
      .locale(\.locale),
      .showZone(\.showZone),
      .presetFolders(\.presetFolders),
      .flag(\.animates, name: "no-animate", sets: false, help: "Draw the final frame only."),
    ]
    + Option.gaugeFields(
      min: \.fields.min, max: \.fields.max, zones: \.fields.zones, title: \.fields.title,
      unit: \.fields.unit)
    + MarkChoices.options(
      markers: \.marks.markers, reference: \.marks.reference, range: \.marks.range,
      ticks: \.marks.ticks, noTicks: \.marks.noTicks)

  var first = ""
  var rest: [String] = []
  var terminal = TerminalChoices()
  var locale: GaugeLocale?
  var showZone = false
  var presetFolders: String?
  var animates = true
  /// `--min`, `--max`, `--zone`, `--title`, `--unit`: one gauge's fields.
  var fields = PresetOverrides()
  /// The gauges to draw, from the positional words: `PRESET VALUE` or `PRESET=VALUE`...; a
  /// nil preset is the gauge the options describe.
  private(set) var requests: [(preset: String?, value: Double?)] = []
  /// The values of one gauge of several pointers (`120,80`); empty for one value.
  private(set) var values: [Double?] = []
  var marks = MarkChoices()

  struct Entry {
    var gauge: Gauge
    var value: Double?
  }

  mutating func validate() throws(CLIError) {
    (requests, values) = try ShowCommand.gauges(
      first: first, rest: rest, describedByOptions: fields.describesGauge)
    if !fields.isEmpty && requests.count != 1 {
      let given = fields.givenOptions
      let verb = given.count == 1 ? " applies" : " apply"
      throw .usage(given.joined(separator: ", ") + verb + " to one gauge, not a dashboard")
    }
    try marks.validate()
    try marks.checkOneGauge(count: requests.count, whole: "a dashboard")
    // As many as an image of several gauges may hold: each costs a gauge's checks and a
    // frame's cells, checked before any is made.
    guard requests.count <= GaugeGrid.maximumGaugeCount else {
      throw .usage(
        "\(requests.count) gauges is too many for one dashboard; at most "
          + "\(GaugeGrid.maximumGaugeCount) allowed")
    }
  }

  func run(context: CommandIO) throws(CLIError) {
    var entries: [Entry] = []
    for request in requests {
      let gauge = try marks.applied(
        to: try Inputs.gauge(
          request.preset, folders: presetFolders, overrides: fields, context: context
        )
        .choosing(locale: locale, showsZone: showZone))
      entries.append(Entry(gauge: gauge, value: request.value))
    }
    var options = terminal.options(context: context)
    options.reference = marks.drawnReference
    options.range = marks.range
    let fit = try terminal.fit(entries.map(\.gauge), options: options, context: context)
    options.columns = fit.columns
    if entries.count > 1 {
      // One readout size for the set: the smallest any of them fits.
      let gauges = entries.map(\.gauge)
      let sized = options
      options.readoutSize = try Inputs.converting { () throws(GaugeError) in
        try TerminalGaugeRenderer.readoutSize(of: gauges, options: sized)
      }
    }
    let width = fit.bandWidth
    if values.count > 1 {
      try showValues(entries[0].gauge, options: options, context: context)
      return
    }
    var view = LiveView(context: context)
    let final = try ShowCommand.frame(
      entries, options: options, width: width, gap: fit.gap, at: nil)
    // Piped, asked not to, or too big to redraw in place: the final frame, once.
    guard context.stdoutIsTerminal && animates && view.fits(final) else {
      context.output.write(options.depth == .none ? final.plain() : final.ansi())
      return
    }
    let timelines = try Inputs.converting { () throws(GaugeError) -> [GaugeTimeline] in
      try entries.map { entry throws(GaugeError) in
        try GaugeTimeline(gauge: entry.gauge, to: entry.value)
      }
    }
    // Prepared once: each frame only looks the ring up.
    let renderers = try Inputs.converting { () throws(GaugeError) -> [TerminalGaugeRenderer] in
      try entries.map { entry throws(GaugeError) in
        try TerminalGaugeRenderer(gauge: entry.gauge, options: options)
      }
    }
    try view.play(for: timelines.map(\.duration).max() ?? 0) { time in
      let frames = zip(entries, zip(renderers, timelines)).map { entry, pair in
        pair.0.frame(value: entry.value, timeline: pair.1, at: time)
      }
      return frames.count == 1
        ? frames[0] : TerminalFrame.tiled(frames, width: width, gap: fit.gap)
    }
  }

  /// Several values on one gauge's pointers: on a terminal each pointer sweeps and each
  /// line counts, as one value does; piped, asked not to, or too big to redraw in place,
  /// the final frame, once.
  private func showValues(_ gauge: Gauge, options: TerminalOptions, context: CommandIO)
    throws(CLIError)
  {
    do {
      try gauge.checkValueCount(values.count)
    } catch {
      throw .input("<value> '\(rest.last ?? first)': \(error.description)")
    }
    let values = self.values
    let renderer = try Inputs.converting { () throws(GaugeError) in
      try TerminalGaugeRenderer(gauge: gauge, options: options)
    }
    let final = try Inputs.converting { () throws(GaugeError) in
      try renderer.frame(values: values)
    }
    var view = LiveView(context: context)
    guard context.stdoutIsTerminal && animates && view.fits(final) else {
      context.output.write(options.depth == .none ? final.plain() : final.ansi())
      return
    }
    let scene = try Inputs.converting { () throws(GaugeError) -> Scene in
      let timelines = try values.map { value throws(GaugeError) -> GaugeTimeline? in
        try GaugeTimeline(gauge: renderer.gauge, to: value)
      }
      return try renderer.scene(values: values, timelines: timelines)
    }
    try view.play(for: scene.timeline?.duration ?? 0) { renderer.frame(scene, at: $0) }
  }

  /// The gauges' frames at one moment (`nil`: the final state), tiled to `width`, `gap`
  /// columns apart.
  static func frame(
    _ entries: [Entry], options: TerminalOptions, width: Int, gap: Int = TerminalChoices.gap,
    at moments: [GaugeMoment]?
  )
    throws(CLIError) -> TerminalFrame
  {
    var frames: [TerminalFrame] = []
    for (index, entry) in entries.enumerated() {
      let moment = moments?[index]
      frames.append(
        try Inputs.converting { () throws(GaugeError) in
          try entry.gauge.terminalFrame(value: entry.value, options: options, frame: moment)
        })
    }
    return frames.count == 1 ? frames[0] : TerminalFrame.tiled(frames, width: width, gap: gap)
  }

  /// A value word.
  static func value(_ text: String, in pair: String? = nil) throws(CLIError) -> Double? {
    do {
      return try ValueType<Double?>.gaugeValue.parse(text)
    } catch {
      throw .usage("\(pair.map { "'\($0)'" } ?? "<value>"): \(error.message)")
    }
  }

  /// Whether `word` is a `PRESET=VALUE` pair: an `=` among its scalars (a combining mark
  /// written after the `=` makes one character of the two).
  private static func isPair(_ word: String) -> Bool {
    word.unicodeScalars.contains("=")
  }

  /// `PRESET VALUE`, or one or more `PRESET=VALUE`.
  /// The gauges the positional words name, as render and show read them: one gauge of
  /// several pointers (`bp 120,80`, or `120,80` when the options describe the gauge), one
  /// gauge the options describe (`72`), or `PRESET VALUE` / `PRESET=VALUE`... pairs; `values`
  /// holds the several pointers' values, empty otherwise.
  ///
  /// - Throws: `CLIError.usage` for a word that is not a value, or, with `strictValues`, for
  ///   comma-separated values anywhere but in the last of one gauge's words.
  static func gauges(
    first: String, rest: [String], describedByOptions: Bool, strictValues: Bool = false
  ) throws(CLIError) -> (requests: [(preset: String?, value: Double?)], values: [Double?]) {
    let words = [first] + rest
    if !isPair(first), let last = words.last, last.contains(",") {
      if rest.count == (describedByOptions ? 0 : 1) {
        let values = try last.split(separator: ",", omittingEmptySubsequences: false).map {
          word throws(CLIError) in try ShowCommand.value(String(word))
        }
        return ([(rest.isEmpty ? nil : first, values.first ?? nil)], values)
      }
      if strictValues {
        throw .usage("give <preset|file.json> VALUE,VALUE… for a gauge of several pointers")
      }
    }
    if describedByOptions && rest.isEmpty && !isPair(first) {
      return ([(nil, try ShowCommand.value(first))], [])
    }
    return (try ShowCommand.requests(words), [])
  }

  static func requests(_ words: [String]) throws(CLIError) -> [(preset: String?, value: Double?)] {
    if words.allSatisfy(isPair) {
      var requests: [(preset: String?, value: Double?)] = []
      for pair in words {
        guard let (name, text) = pair.split(atLast: "=") else { continue }
        guard !name.isEmpty else {
          throw .usage("'\(pair)' has no preset before '='; write PRESET=VALUE")
        }
        requests.append((name, try value(text, in: pair)))
      }
      return requests
    }
    guard words.count == 2 else {
      if words.count == 1 {
        throw .usage("missing argument <value> (or write PRESET=VALUE)")
      }
      throw .usage(
        "give <preset|file.json> <value>, or PRESET=VALUE pairs; '\(words[2])' is one too many")
    }
    return [(words[0], try value(words[1]))]
  }
}
