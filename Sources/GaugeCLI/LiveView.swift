import GaugeKit

/// Draws frames in place on a terminal: the first whole, then only the cells that change,
/// with the cursor hidden until `finish`.
struct LiveView {
  let context: Context
  private(set) var previous: TerminalFrame?
  private var started = false

  init(context: Context) {
    self.context = context
  }

  /// About 60 frames a second.
  static let frameMilliseconds: Int32 = 16

  mutating func draw(_ frame: TerminalFrame) {
    if !started {
      context.events.blockSignals()
      context.output.write(TerminalEscapes.hideCursor)
      started = true
    }
    context.output.write(frame.redraw(from: previous))
    previous = frame
  }

  /// Erases the frame, so something can be printed where it was; the next draw is whole.
  mutating func erase() {
    guard let previous else { return }
    context.output.write(TerminalEscapes.erase(rows: previous.rows))
    self.previous = nil
  }

  /// Leaves the last frame on screen and gives the cursor back.
  func finish() {
    if started { context.output.write(TerminalEscapes.showCursor) }
  }

  /// The signal waiting, if any. On a resize the terminal may have reflowed the old frame,
  /// so the screen is cleared and the next draw is whole, at the top.
  mutating func pendingSignal() -> LiveSignal? {
    guard started, let signal = context.events.takeSignal() else { return nil }
    if signal == .resize {
      context.output.write(TerminalEscapes.clearScreen)
      previous = nil
    }
    return signal
  }

  /// Ends the process for an interrupt or terminate signal: cursor back, then exit 130/143.
  func stop(for signal: LiveSignal) throws(CLIError) {
    finish()
    switch signal {
    case .interrupt: throw .signal(2)
    case .terminate: throw .signal(15)
    case .resize: return
    }
  }
}

/// Terminal options shared by `show` and `watch`.
enum TerminalInputs {
  static let options: [OptionSpec] = [
    .value("glyphs", "SET", "half (default), braille or ascii."),
    .value(
      "color", "WHEN",
      "auto (default), always, never, truecolor, 256 or 16. Auto honours NO_COLOR, FORCE_COLOR, "
        + "COLORTERM and TERM."),
    .value("width", "COLS", "Width of each gauge in cells, 20...400 (default: fit the terminal)."),
    .flag("no-labels", "Leave out the title and the start and end labels."),
    PresetLibrary.option,
  ]

  static func options(_ arguments: ParsedArguments, context: Context) throws(CLIError)
    -> TerminalOptions
  {
    var options = TerminalOptions()
    if let glyphs = try arguments.choice("glyphs", from: GlyphSet.allCases.map(\.rawValue)) {
      options.glyphs = GlyphSet(rawValue: glyphs) ?? .halfBlocks
    }
    let choice = try arguments.choice("color", from: ColorChoice.allCases.map(\.rawValue))
    options.depth = ColorDepth.detect(
      choice: choice.flatMap(ColorChoice.init(rawValue:)) ?? .auto,
      environment: context.environment, isTerminal: context.stdoutIsTerminal)
    options.showLabels = !arguments.has("no-labels")
    return options
  }

  /// The terminal's size: the terminal's own report, then COLUMNS and LINES, then 80 × 24.
  static func terminalSize(_ context: Context) -> (columns: Int, rows: Int) {
    if let size = context.events.terminalSize() ?? context.terminalSize { return size }
    let columns = context.environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = context.environment["LINES"].flatMap(Int.init) ?? 24
    return (columns, rows)
  }

  /// The width of each of `count` gauges: `--width`, or what fits the terminal (at most 60
  /// cells each; side by side, wrapping, when there are several).
  static func width(_ arguments: ParsedArguments, context: Context, count: Int, command: String)
    throws(CLIError) -> Int
  {
    if let width = try arguments.integer(
      "width", in: TerminalOptions.minimumColumns...TerminalOptions.maximumColumns)
    {
      return width
    }
    guard context.stdoutIsTerminal else { return 40 }
    let size = terminalSize(context)
    // Rows: the gauge is about half as tall as wide; keep a line for the prompt.
    let byRows = 2 * (size.rows - 1)
    let perGauge =
      count == 1
      ? size.columns
      : Swift.max(TerminalOptions.minimumColumns, (size.columns - 2 * (count - 1)) / count)
    let width = Swift.min(perGauge, byRows, count == 1 ? 60 : 40)
    guard width >= TerminalOptions.minimumColumns else {
      throw .failure(
        "the terminal is \(size.columns)×\(size.rows) cells; a gauge needs at least "
          + "\(TerminalOptions.minimumColumns) columns and "
          + "\(TerminalOptions.minimumColumns / 2 + 1) rows. Enlarge the terminal or pass --width")
    }
    return width
  }
}
