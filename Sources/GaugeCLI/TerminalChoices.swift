import GaugeKit

/// How `show` and `watch` draw: the options they share.
struct TerminalChoices: Sendable, Equatable {
  var glyphs = TerminalOptions().glyphs
  var color = ColorChoice.auto
  /// Cells; `nil` fits the terminal.
  var width: Int?
  var showLabels = TerminalOptions().showLabels

  /// The widest a gauge fits itself to, alone and side by side; and its width when piped.
  static let widestAlone = 60
  static let widestSideBySide = 40
  static let pipedWidth = 40

  static let columns = ValueType.integer(
    TerminalOptions.minimumColumns...TerminalOptions.maximumColumns, placeholder: "COLS")

  /// The declarations, for a command that keeps its choices in `terminal`; `fitted` says
  /// what width `width` gives without `--width`.
  static func options<Command>(
    glyphs: WritableKeyPath<Command, GlyphSet> & Sendable,
    color: WritableKeyPath<Command, ColorChoice> & Sendable,
    width: WritableKeyPath<Command, Int?> & Sendable,
    showLabels: WritableKeyPath<Command, Bool> & Sendable, fitted: String
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
  func options(context: Context) -> TerminalOptions {
    var options = TerminalOptions()
    options.glyphs = glyphs
    options.depth = color.depth(
      environment: context.environment, isTerminal: context.stdoutIsTerminal)
    options.showLabels = showLabels
    return options
  }

  /// The width of each of `count` gauges: `--width`, or what fits the terminal (at most 60
  /// cells each; side by side, wrapping, when there are several).
  func width(context: Context, count: Int) throws(CLIError) -> Int {
    if let width { return width }
    guard context.stdoutIsTerminal else { return TerminalChoices.pipedWidth }
    let size = TerminalChoices.terminalSize(context)
    // Rows: the gauge is about half as tall as wide; keep a line for the prompt.
    let byRows = 2 * (size.rows - 1)
    let perGauge =
      count == 1
      ? size.columns
      : Swift.max(TerminalOptions.minimumColumns, (size.columns - 2 * (count - 1)) / count)
    let width = Swift.min(
      perGauge, byRows,
      count == 1 ? TerminalChoices.widestAlone : TerminalChoices.widestSideBySide)
    guard width >= TerminalOptions.minimumColumns else {
      throw .failure(
        "the terminal is \(size.columns)×\(size.rows) cells; a gauge needs at least "
          + "\(TerminalOptions.minimumColumns) columns and "
          + "\(TerminalOptions.minimumColumns / 2 + 1) rows. Enlarge the terminal or pass --width")
    }
    return width
  }

  /// The terminal's size: the terminal's own report, then COLUMNS and LINES, then 80 × 24.
  static func terminalSize(_ context: Context) -> (columns: Int, rows: Int) {
    if let size = context.events.terminalSize() ?? context.terminalSize { return size }
    let columns = context.environment["COLUMNS"].flatMap(Int.init) ?? 80
    let rows = context.environment["LINES"].flatMap(Int.init) ?? 24
    return (columns, rows)
  }
}
