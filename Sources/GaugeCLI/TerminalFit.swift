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
  /// Blank columns between gauges side by side: `TerminalChoices.gap`, less only where
  /// that is what lets `across` gauges of the smallest width share the window's width
  /// (each gauge's frame keeps a blank margin of its own round the ring).
  var gap = TerminalChoices.gap

  /// The width to tile `across` gauges to.
  var bandWidth: Int { across * columns + gap * (across - 1) }

  /// The widest gap, at most `TerminalChoices.gap`, that leaves `across` gauges of the
  /// smallest width room in `width` columns; `TerminalChoices.gap` when none does (the
  /// caller then puts fewer side by side).
  ///
  /// Edge cases: one gauge has no gap to shrink: `TerminalChoices.gap`.
  static func gap(across: Int, width: Int) -> Int {
    guard across > 1 else { return TerminalChoices.gap }
    for gap in stride(from: TerminalChoices.gap, through: 0, by: -1)
    where across * TerminalOptions.minimumColumns + gap * (across - 1) <= width {
      return gap
    }
    return TerminalChoices.gap
  }

  /// The widest gauges that fit `window`, trying every number side by side: the grid whose
  /// gauges come out widest wins, and of two as wide, the one with more side by side. The
  /// gap between gauges shrinks (2, 1, then 0 columns) only when that is what lets one more
  /// go side by side at the smallest width: four 20-column gauges share 80 columns.
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
    let smallest = TerminalOptions.minimumColumns
    let windowColumns = window.columns ?? TerminalChoices.pipedBand
    // A narrower gap only for gauges of the smallest width.
    func gapFor(_ columns: Int, across: Int) -> Int {
      columns == smallest
        ? TerminalFit.gap(across: across, width: windowColumns) : TerminalChoices.gap
    }
    func acrossFitting(_ columns: Int) -> Int {
      var across = 1
      while across < count,
        (across + 1) * columns + gapFor(columns, across: across + 1) * across <= windowColumns
      {
        across += 1
      }
      return across
    }
    func tallness(_ columns: Int, across: Int) throws(CLIError) -> Int {
      let bands = (count + across - 1) / across
      return bands * (try height(columns)) + bands - 1
    }
    func fit(_ columns: Int, across: Int) throws(CLIError) -> TerminalFit {
      let tall = try tallness(columns, across: across)
      let gap = gapFor(columns, across: across)
      let fits =
        across * columns + gap * (across - 1) <= windowColumns && tall <= (window.rows ?? .max)
      return TerminalFit(columns: columns, across: across, fits: fits, gap: gap)
    }
    if let fixedWidth { return try fit(fixedWidth, across: acrossFitting(fixedWidth)) }
    guard let columns = window.columns else {
      return try fit(TerminalChoices.pipedWidth, across: acrossFitting(TerminalChoices.pipedWidth))
    }
    var best: TerminalFit?
    for across in 1...count {
      var gap = TerminalChoices.gap
      var widest = Swift.min(TerminalChoices.widest, (columns - gap * (across - 1)) / across)
      if widest < smallest {
        // A narrower gap, at the smallest width, or no room for this many.
        gap = TerminalFit.gap(across: across, width: columns)
        widest = Swift.min(TerminalChoices.widest, (columns - gap * (across - 1)) / across)
      }
      guard widest >= smallest else { break }
      guard let rows = window.rows else {
        // No height: the most side by side wins.
        best = TerminalFit(columns: widest, across: across, fits: true, gap: gap)
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
        best = TerminalFit(columns: low, across: across, fits: true, gap: gap)
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
