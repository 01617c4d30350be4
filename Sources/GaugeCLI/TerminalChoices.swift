import GaugeKit

/// How `show` and `watch` draw: the options they share.
struct TerminalChoices: Sendable, Equatable {
  var glyphs = TerminalOptions().glyphs
  var color = ColorChoice.auto
  /// Cells; `nil` fits the window.
  var width: Int?
  var showLabels = TerminalOptions().showLabels

  /// The widest a gauge fits itself to, in cells: a gauge grows with the window up to here.
  static let widest = 160
  /// A gauge's width when piped with neither COLUMNS nor LINES set, and the width such
  /// gauges wrap at.
  static let pipedWidth = 40
  static let pipedBand = 80
  /// Blank columns between gauges side by side (and a blank row between bands).
  static let gap = 2

  static let columns = ValueType.integer(
    TerminalOptions.minimumColumns...TerminalOptions.maximumColumns, placeholder: "COLS")

  /// What `--width` gives when it is absent, for help.
  static let fitted =
    "fill the window (the terminal; piped, COLUMNS × LINES), up to \(widest) each; "
    + "\(pipedWidth) when piped with neither set"

  /// The declarations, for a command that keeps its choices in `terminal`.
  static func options<Command>(
    glyphs: WritableKeyPath<Command, GlyphSet> & Sendable,
    color: WritableKeyPath<Command, ColorChoice> & Sendable,
    width: WritableKeyPath<Command, Int?> & Sendable,
    showLabels: WritableKeyPath<Command, Bool> & Sendable
  ) -> [Option<Command>] {
    [
      .glyphs(glyphs, help: "The characters that draw the ring."),
      .color(color),
      .value(
        width, name: "width", columns, absent: fitted,
        help: "Width of each gauge in cells."),
      .flag(
        showLabels, name: "no-labels", sets: false,
        help: "Leave out the title and the start and end labels."),
    ]
  }

  /// The renderer's options for `context`'s terminal.
  func options(context: CommandIO) -> TerminalOptions {
    var options = TerminalOptions()
    options.glyphs = glyphs
    options.depth = color.depth(
      environment: context.environment, isTerminal: context.stdoutIsTerminal)
    options.showLabels = showLabels
    return options
  }

  /// Each gauge's width and how many sit side by side, for `gauges` drawn with `options`
  /// in `context`'s window (see `TerminalWindow`); `--width` fixes the width.
  func fit(_ gauges: [Gauge], options: TerminalOptions, context: CommandIO) throws(CLIError)
    -> TerminalFit
  {
    let window = TerminalWindow(context: context)
    var tallest = TallestGauge(gauges, options: options)
    func height(columns: Int) throws(CLIError) -> Int { try tallest.rows(columns: columns) }
    return try TerminalFit.best(
      count: gauges.count, window: window, fixedWidth: width, height: height)
  }
}

/// The cells output may fill: on a terminal its size, less a line for the cursor; piped,
/// COLUMNS × LINES (a missing LINES sets no limit, a missing COLUMNS is 80); piped with
/// neither, `nil` columns: gauges keep `TerminalChoices.pipedWidth`.
struct TerminalWindow: Equatable {
  var columns: Int?
  var rows: Int?

  init(columns: Int?, rows: Int?) {
    self.columns = columns
    self.rows = rows
  }

  init(context: CommandIO) {
    let environment = TerminalWindow.environmentSize(context.environment)
    guard context.stdoutIsTerminal else {
      let known = environment.columns != nil || environment.rows != nil
      self.init(
        columns: known ? environment.columns ?? 80 : nil, rows: environment.rows)
      return
    }
    let size = TerminalChoices.terminalSize(context)
    self.init(columns: size.columns, rows: Swift.max(0, size.rows - 1))
  }

  /// COLUMNS and LINES, each when it is a whole number from 1 to 65,535; otherwise `nil`.
  static func environmentSize(_ environment: [String: String]) -> (columns: Int?, rows: Int?) {
    func read(_ name: String) -> Int? {
      guard let text = environment[name], let value = Int(text),
        (1...TerminalFrame.maximumSide).contains(value)
      else { return nil }
      return value
    }
    return (read("COLUMNS"), read("LINES"))
  }

  /// Whether `frame`, written with its lines in place, stays inside the window.
  func holds(_ frame: TerminalFrame) -> Bool {
    frame.columns <= (columns ?? .max) && frame.rows <= (rows ?? .max)
  }
}

extension TerminalChoices {
  /// The terminal's size: the terminal's own report, then COLUMNS and LINES, then 80 × 24.
  static func terminalSize(_ context: CommandIO) -> (columns: Int, rows: Int) {
    if let size = context.events.terminalSize() ?? context.terminalSize { return size }
    let environment = TerminalWindow.environmentSize(context.environment)
    return (environment.columns ?? 80, environment.rows ?? 24)
  }
}
