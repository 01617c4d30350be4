import GaugeKit

/// How gauges fill a window: each gauge's width, how many sit side by side, and whether the
/// whole picture fits (when it does not, it is printed once, never redrawn in place).
struct TerminalFit: Equatable {
  /// Each gauge's width in cells.
  var columns: Int
  /// Gauges side by side in a band; bands are one blank row apart.
  var across: Int
  /// Whether the tiled frame fits the window.
  var fits: Bool

  /// The width to tile `across` gauges to.
  var bandWidth: Int { across * columns + TerminalChoices.gap * (across - 1) }

  /// The widest gauges that fit `window`, trying every number side by side: the grid whose
  /// gauges come out widest wins, and of two as wide, the one with more side by side.
  ///
  /// `height(columns)` is the rows the tallest gauge takes at that width; it grows with the
  /// width, so each grid's width is found by bisection.
  ///
  /// Edge cases:
  /// - `fixedWidth` (`--width`) is kept; as many go side by side as the window's width allows
  ///   (at least one), and `fits` says whether the result fits.
  /// - A window with no height (piped without LINES) puts as many side by side as fit at
  ///   the minimum width, each as wide as that leaves.
  /// - When no grid fits even at the minimum width, the gauges are that wide, as many side by
  ///   side as the width allows, and `fits` is false.
  static func best(
    count: Int, window: TerminalWindow, fixedWidth: Int?,
    height: (Int) throws(CLIError) -> Int
  ) throws(CLIError) -> TerminalFit {
    let count = Swift.max(1, count)
    let gap = TerminalChoices.gap
    let smallest = TerminalOptions.minimumColumns
    let windowColumns = window.columns ?? TerminalChoices.pipedBand
    func acrossFitting(_ columns: Int) -> Int {
      Swift.max(1, Swift.min(count, (windowColumns + gap) / (columns + gap)))
    }
    func tallness(_ columns: Int, across: Int) throws(CLIError) -> Int {
      let bands = (count + across - 1) / across
      return bands * (try height(columns)) + bands - 1
    }
    func fit(_ columns: Int, across: Int) throws(CLIError) -> TerminalFit {
      let tall = try tallness(columns, across: across)
      let fits =
        across * columns + gap * (across - 1) <= windowColumns && tall <= (window.rows ?? .max)
      return TerminalFit(columns: columns, across: across, fits: fits)
    }
    if let fixedWidth { return try fit(fixedWidth, across: acrossFitting(fixedWidth)) }
    guard let columns = window.columns else {
      return try fit(TerminalChoices.pipedWidth, across: acrossFitting(TerminalChoices.pipedWidth))
    }
    var best: TerminalFit?
    for across in 1...count {
      let widest = Swift.min(TerminalChoices.widest, (columns - gap * (across - 1)) / across)
      guard widest >= smallest else { break }
      guard let rows = window.rows else {
        // No height: the most side by side wins.
        best = TerminalFit(columns: widest, across: across, fits: true)
        continue
      }
      guard try tallness(smallest, across: across) <= rows else { continue }
      // The widest that fits: `low` always fits, `high + 1` never does.
      var (low, high) = (smallest, widest)
      while low < high {
        let middle = (low + high + 1) / 2
        if try tallness(middle, across: across) <= rows { low = middle } else { high = middle - 1 }
      }
      if low >= (best?.columns ?? 0) {
        best = TerminalFit(columns: low, across: across, fits: true)
      }
    }
    if let best { return best }
    return try fit(smallest, across: acrossFitting(smallest))
  }
}

/// The rows the tallest of some gauges takes at a width, each width measured once: what
/// `TerminalFit.best` asks while it tries widths.
struct TallestGauge {
  let gauges: [Gauge]
  let options: TerminalOptions
  private var known: [Int: Int] = [:]

  init(_ gauges: [Gauge], options: TerminalOptions) {
    self.gauges = gauges
    self.options = options
  }

  /// The tallest gauge's rows at `columns`.
  mutating func rows(columns: Int) throws(CLIError) -> Int {
    if let rows = known[columns] { return rows }
    var sized = options
    sized.columns = columns
    var tallest = 0
    for gauge in gauges {
      let rows = try Inputs.converting { () throws(GaugeError) in
        try TerminalGaugeRenderer.rows(of: gauge, options: sized)
      }
      tallest = Swift.max(tallest, rows)
    }
    known[columns] = tallest
    return tallest
  }
}
