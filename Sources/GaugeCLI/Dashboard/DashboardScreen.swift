import GaugeKit

/// Draws a dashboard as one terminal frame: a header line, then the gauges in a grid as
/// large as the window allows, all at one width (so their texts are one size), each with a
/// status line under it and, if asked, a sparkline of its history. When even the smallest
/// grid would not fit, each gauge takes one line instead. It draws only from the gauges'
/// frames, never deciding geometry or colour of its own beyond the status texts.
struct DashboardScreen {
  let title: String
  /// Glyphs, colour depth and labels, as `show` and `watch` take them.
  let base: TerminalOptions
  /// Rows under each gauge: the status line, and the sparkline if there is one.
  let extraRows: Int
  let hasHistory: Bool

  /// The layout for the current window and view; `nil` until `prepare`.
  private(set) var layout: Layout?
  /// Each gauge's renderer at the layout's width (only the zoomed one when zoomed).
  private var renderers: [Int: TerminalGaugeRenderer] = [:]
  /// Each gauge's last frame and what it showed, so a gauge that is not moving is not drawn
  /// again.
  private var cache: [Int: (key: FrameKey, frame: TerminalFrame)] = [:]

  struct Layout: Equatable {
    var window: TerminalWindow
    /// The gauge shown alone, if zoomed.
    var zoomed: Int?
    var fit: TerminalFit
    /// One line per gauge: the window is too small for even the smallest grid.
    var compact: Bool
    /// The frame's size.
    var columns: Int
    var rows: Int
  }

  private struct FrameKey: Equatable {
    var value: Double?
    var dimmed: Bool
  }

  init(title: String, base: TerminalOptions, history: Bool) {
    self.title = title
    self.base = base
    self.hasHistory = history
    extraRows = history ? 2 : 1
  }

  /// Lays the gauges out for `window`: the widest grid that fits, or one line each; with
  /// `zoomed`, that gauge alone, as large as the window allows.
  mutating func prepare(window: TerminalWindow, gauges: [Gauge], zoomed: Int?) throws(CLIError) {
    var below = window
    below.rows = window.rows.map { Swift.max(0, $0 - 1) }
    let shown = zoomed.map { [gauges[$0]] } ?? gauges
    let extra = extraRows
    var tallest = TallestGauge(shown, options: base)
    func height(_ columns: Int) throws(CLIError) -> Int {
      try tallest.rows(columns: columns) + extra
    }
    let fit = try TerminalFit.best(
      count: shown.count, window: below, fixedWidth: nil, height: height)
    // Too small for even the smallest grid: one line per gauge (a zoomed gauge is cut).
    let compact = !fit.fits && window.rows != nil && zoomed == nil
    var next = Layout(
      window: window, zoomed: zoomed, fit: fit, compact: compact, columns: 0, rows: 0)
    if compact {
      next.columns = window.columns ?? TerminalChoices.pipedBand
      next.rows = window.rows ?? (1 + gauges.count)
    } else {
      let bands = (shown.count + fit.across - 1) / fit.across
      let gaugeRows = try height(fit.columns)
      next.columns = Swift.max(window.columns ?? fit.bandWidth, fit.bandWidth)
      next.rows = 1 + bands * gaugeRows + bands - 1
      if let rows = window.rows { next.rows = rows }
    }
    guard next != layout else { return }
    layout = next
    renderers = [:]
    cache = [:]
    guard !compact else { return }
    var sized = base
    sized.columns = fit.columns
    // One readout size for the grid: the smallest any of its gauges fits.
    let width = sized
    sized.readoutSize = try Inputs.converting { () throws(GaugeError) in
      try TerminalGaugeRenderer.readoutSize(of: shown, options: width)
    }
    for index in zoomed.map({ [$0] }) ?? Array(gauges.indices) {
      let gauge = gauges[index]
      renderers[index] = try Inputs.converting { () throws(GaugeError) in
        try TerminalGaugeRenderer(gauge: gauge, options: sized)
      }
    }
  }

  /// What the header shows besides the title.
  struct Header {
    /// The time of day; `nil` leaves it out (a frame printed once stays the same).
    var clock: String?
    var paused = false
    /// Whether to show the keys.
    var keys = false
  }

  /// The whole screen at `now`.
  mutating func frame(
    slots: [GaugeSlot], now: Double, header: Header, selected: Int?
  ) -> TerminalFrame {
    guard let layout else { return TerminalFrame(columns: 0, rows: 0) }
    var screen = TerminalFrame(columns: layout.columns, rows: layout.rows)
    drawHeader(header, into: &screen)
    if layout.compact {
      drawList(slots: slots, now: now, selected: selected, into: &screen)
      return screen
    }
    let shown = layout.zoomed.map { [$0] } ?? Array(slots.indices)
    let fit = layout.fit
    let gaugeRows = renderers.values.first.map { $0.rows } ?? 0
    let slotRows = (layout.zoomed == nil ? tallest() : gaugeRows) + extraRows
    let left = Swift.max(0, (layout.columns - fit.bandWidth) / 2)
    for (position, index) in shown.enumerated() {
      let band = position / fit.across
      let column = left + (position % fit.across) * (fit.columns + fit.gap)
      let top = 1 + band * (slotRows + 1)
      let slot = slots[index]
      if let frame = gaugeFrame(index, slot: slot, now: now) {
        blit(frame, into: &screen, row: top, column: column)
      }
      var line = top + slotRows - extraRows
      drawStatus(
        slot, now: now, selected: selected == index, width: fit.columns, row: line,
        column: column, into: &screen)
      if hasHistory {
        line += 1
        drawSparkline(slot, width: fit.columns, row: line, column: column, into: &screen)
      }
    }
    return screen
  }

  /// The tallest gauge at the layout's width.
  private func tallest() -> Int {
    renderers.values.map(\.rows).max() ?? 0
  }

  private mutating func gaugeFrame(_ index: Int, slot: GaugeSlot, now: Double) -> TerminalFrame? {
    guard let renderer = renderers[index] else { return nil }
    let dimmed = slot.dimmed(at: now)
    if let frame = slot.animatedFrame(renderer, at: now) {
      cache[index] = nil
      return dimmed ? DashboardScreen.dimmed(frame, depth: base.depth) : frame
    }
    let key = FrameKey(value: slot.value, dimmed: dimmed)
    if let cached = cache[index], cached.key == key { return cached.frame }
    var frame = renderer.frame(value: slot.value)
    if dimmed { frame = DashboardScreen.dimmed(frame, depth: base.depth) }
    cache[index] = (key, frame)
    return frame
  }

  private func blit(_ frame: TerminalFrame, into screen: inout TerminalFrame, row: Int, column: Int)
  {
    for y in 0..<frame.rows {
      for x in 0..<frame.columns {
        screen[row + y, column + x] = frame[y, x]
      }
    }
  }

  // MARK: - Texts

  private var colored: Bool { base.depth != .none }

  private func drawHeader(_ header: Header, into screen: inout TerminalFrame) {
    var right = header.paused ? "paused" : ""
    if let clock = header.clock { right += (right.isEmpty ? "" : "  ") + clock }
    let keys = "q quit  p pause  r refresh  ⇥ select  ⏎ zoom"
    let titleText = DashboardScreen.clipped(title, to: screen.columns - right.count - 1)
    screen.write(titleText, row: 0, column: 0, bold: true)
    let used = TerminalText.width(titleText)
    if header.keys, used + 3 + keys.count + 2 + right.count <= screen.columns {
      let start = (screen.columns - keys.count) / 2
      if start > used + 2 {
        screen.write(
          keys, row: 0, column: start, foreground: colored ? .ansi16(8) : nil)
      }
    }
    if !right.isEmpty {
      screen.write(
        right, row: 0, column: screen.columns - right.count,
        foreground: header.paused && colored ? .ansi16(3) : nil, bold: header.paused)
    }
  }

  private func drawStatus(
    _ slot: GaugeSlot, now: Double, selected: Bool, width: Int, row: Int, column: Int,
    into screen: inout TerminalFrame
  ) {
    let marker = selected ? "▸ " : "  "
    let status = slot.status(at: now)
    let text = marker + (status?.text ?? slot.entry.name)
    let color: TerminalColor? =
      switch status?.kind {
      case .fault?: colored ? .ansi16(1) : nil
      case .stale?: colored ? .ansi16(8) : nil
      default: nil
      }
    let clipped = DashboardScreen.clipped(text, to: width)
    // Centred under the gauge, as its title is.
    let start = column + Swift.max(0, (width - TerminalText.width(clipped)) / 2)
    screen.write(clipped, row: row, column: start, foreground: color, bold: selected)
  }

  /// `▁▂▃▄▅▆▇█`, one cell per value (newest on the right), each in its zone's colour.
  private func drawSparkline(
    _ slot: GaugeSlot, width: Int, row: Int, column: Int, into screen: inout TerminalFrame
  ) {
    let gauge = slot.entry.gauge
    let bars = Array("▁▂▃▄▅▆▇█")
    let values = slot.history.suffix(width)
    var x = column + width - values.count
    for value in values {
      defer { x += 1 }
      guard let value else { continue }
      let fraction = Swift.min(1, Swift.max(0, (value - gauge.min) / (gauge.max - gauge.min)))
      let bar = bars[Swift.min(bars.count - 1, Int(fraction * Double(bars.count - 1) + 0.5))]
      screen.write(String(bar), row: row, column: x, foreground: zoneColor(gauge, value))
    }
  }

  private func zoneColor(_ gauge: Gauge, _ value: Double) -> TerminalColor? {
    guard colored, let zone = gauge.zoneIndex(containing: value) else { return nil }
    return ColorQuantizer.candidates(for: gauge.zones[zone].color, depth: base.depth).first
  }

  /// One line per gauge: marker, title, readout in its zone's colour, zone, status.
  private func drawList(
    slots: [GaugeSlot], now: Double, selected: Int?, into screen: inout TerminalFrame
  ) {
    let titles = slots.map { $0.entry.gauge.title ?? $0.entry.name }
    let titleWidth = Swift.min(
      titles.map { TerminalText.width($0) }.max() ?? 0, Swift.max(8, screen.columns / 3))
    for (index, slot) in slots.enumerated() where index + 1 < screen.rows {
      let row = index + 1
      var column = 0
      screen.write(selected == index ? "▸" : " ", row: row, column: 0, bold: true)
      column = 2
      screen.write(DashboardScreen.clipped(titles[index], to: titleWidth), row: row, column: column)
      column += titleWidth + 2
      let gauge = slot.entry.gauge
      let readout = slot.hasValue ? gauge.readout.text(for: slot.value) : "…"
      let dimmed = slot.dimmed(at: now)
      let color =
        dimmed
        ? (colored ? TerminalColor.ansi16(8) : nil) : slot.value.flatMap { zoneColor(gauge, $0) }
      screen.write(readout, row: row, column: column, foreground: color, bold: !dimmed)
      column += TerminalText.width(readout) + 2
      var rest = slot.zone.map { gauge.zones[$0].label } ?? ""
      if let status = slot.status(at: now) {
        rest += (rest.isEmpty ? "" : " · ") + status.text
      }
      screen.write(
        DashboardScreen.clipped(rest, to: screen.columns - column), row: row, column: column,
        foreground: slot.status(at: now)?.kind == .fault && colored ? .ansi16(1) : nil)
    }
  }

  /// The alternate screen, as full-screen programs use, with the cursor hidden; and back.
  static let enterScreen = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l"
  static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"

  /// `text` cut to `width` cells, ending in `…` when cut.
  static func clipped(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard TerminalText.width(text) > width else { return text }
    var out = ""
    var used = 0
    for character in text {
      let cell = TerminalText.cellWidth(character)
      if used + cell > width - 1 { break }
      out.append(character)
      used += cell
    }
    return out + "…"
  }

  /// The frame in grey: a stale value's gauge. Without colour it stays as it is; its status
  /// line says it is stale.
  static func dimmed(_ frame: TerminalFrame, depth: ColorDepth) -> TerminalFrame {
    guard depth != .none else { return frame }
    var out = frame
    for index in out.cells.indices {
      out.cells[index].foreground = out.cells[index].foreground.map { grey($0, depth: depth) }
      out.cells[index].background = out.cells[index].background.map { grey($0, depth: depth) }
      out.cells[index].bold = false
    }
    return out
  }

  private static func grey(_ color: TerminalColor, depth: ColorDepth) -> TerminalColor {
    switch color {
    case .rgb(let r, let g, let b):
      let luma = (Int(r) * 3 + Int(g) * 6 + Int(b)) / 10
      let level = UInt8(60 + luma / 3)
      return .rgb(level, level, level)
    case .ansi256: return .ansi256(243)
    case .ansi16, .terminalDefault: return .ansi16(8)
    }
  }
}
