import GaugeKit

/// `gauge show`: gauges drawn in the terminal.
enum ShowCommand: Subcommand {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Draw a gauge, or several side by side, in the terminal.",
    discussion:
      "On a terminal the pointer sweeps, the readout counts and the sectors appear, then the "
      + "final frame stays. Piped or redirected, it prints one plain frame with no cursor "
      + "movement (and no colour unless asked for). Several PRESET=VALUE pairs make a small "
      + "dashboard that wraps to the terminal's width.",
    arguments: [
      ArgumentSpec(name: "preset|file.json", help: Inputs.presetArgument.help),
      ArgumentSpec(
        name: "value", help: "The value; or give PRESET=VALUE pairs instead of both.",
        isOptional: true, isVariadic: true),
    ],
    options: TerminalInputs.options + [
      .flag("no-animate", "Draw the final frame only."),
      .value("title", "TEXT", "Replace the preset's title (one gauge only)."),
    ],
    examples: [
      "gauge show stress 42",
      "gauge show cpu=37 memory=62 battery=88",
      "gauge show stress 42 --glyphs braille --color 256 > frame.txt",
    ])

  struct Entry {
    var gauge: Gauge
    var value: Double?
  }

  static func run(_ arguments: ParsedArguments, context: Context) throws(CLIError) {
    let entries = try self.entries(arguments.positionals, arguments: arguments, context: context)
    var options = try TerminalInputs.options(arguments, context: context)
    options.columns = try TerminalInputs.width(
      arguments, context: context, count: entries.count, command: spec.name)
    if let title = arguments.value("title") {
      guard entries.count == 1 else {
        throw .usage("--title applies to one gauge, not a dashboard", command: spec.name)
      }
      options.title = title
    }
    let width = TerminalInputs.terminalSize(context).columns
    let animate = context.stdoutIsTerminal && !arguments.has("no-animate")
    guard animate else {
      let frame = try frame(entries, options: options, width: width, at: nil)
      context.output.write(options.depth == .none ? frame.plain() : frame.ansi())
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
    var view = LiveView(context: context)
    let start = context.events.now()
    let duration = timelines.map(\.duration).max() ?? 0
    while true {
      let time = context.events.now() - start
      let frames = zip(entries, zip(renderers, timelines)).map { entry, pair in
        pair.0.frame(value: entry.value, moment: pair.1.frame(at: time))
      }
      view.draw(frames.count == 1 ? frames[0] : TerminalFrame.tiled(frames, width: width))
      if time >= duration { break }
      if let signal = view.pendingSignal(), signal != .resize { try view.stop(for: signal) }
      context.events.sleep(milliseconds: LiveView.frameMilliseconds)
    }
    view.finish()
  }

  /// The gauges' frames at one moment (`nil`: the final state), tiled to `width`.
  static func frame(
    _ entries: [Entry], options: TerminalOptions, width: Int, at moments: [GaugeFrame]?
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
    return frames.count == 1 ? frames[0] : TerminalFrame.tiled(frames, width: width)
  }

  /// `PRESET VALUE`, or one or more `PRESET=VALUE`.
  static func entries(_ positionals: [String], arguments: ParsedArguments, context: Context)
    throws(CLIError) -> [Entry]
  {
    if positionals.allSatisfy({ $0.contains("=") }) {
      var entries: [Entry] = []
      for pair in positionals {
        guard let equals = pair.lastIndex(of: "=") else { continue }
        let name = String(pair[..<equals])
        let text = String(pair[pair.index(after: equals)...])
        guard !name.isEmpty else {
          throw .usage("'\(pair)' has no preset before '='; write PRESET=VALUE", command: spec.name)
        }
        entries.append(
          Entry(
            gauge: try Inputs.gauge(name, arguments: arguments, context: context),
            value: try Inputs.value(text, command: spec.name)))
      }
      return entries
    }
    guard positionals.count == 2 else {
      if positionals.count == 1 {
        throw .usage("missing argument <value> (or write PRESET=VALUE)", command: spec.name)
      }
      throw .usage(
        "give <preset|file.json> <value>, or PRESET=VALUE pairs; '\(positionals[2])' is one too many",
        command: spec.name)
    }
    return [
      Entry(
        gauge: try Inputs.gauge(positionals[0], arguments: arguments, context: context),
        value: try Inputs.value(positionals[1], command: spec.name))
    ]
  }
}
