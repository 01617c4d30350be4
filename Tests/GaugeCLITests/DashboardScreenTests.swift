import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

/// The dashboard's screen: the grid for the window, the header, status lines, faults in
/// words, stale values greyed, sparklines, the one-line list for small windows, zoom; and
/// the keys and alerts.
@Suite struct DashboardScreenTests {
  static func entry(_ name: String, _ preset: String, alert: AlertRule? = nil) throws
    -> DashboardGauge
  {
    DashboardGauge(
      name: name, gauge: try BuiltinPresets.gauge(named: preset),
      source: DashboardSource(kind: .exec("true"), every: 1), alert: alert)
  }

  /// Four gauges: one fine, one with history, one failed after a value, one never answered.
  static func slots(history: Int = 0) throws -> [GaugeSlot] {
    var slots = [
      GaugeSlot(entry: try entry("cpu", "cpu"), historyLength: history),
      GaugeSlot(entry: try entry("mem", "memory"), historyLength: history),
      GaugeSlot(entry: try entry("disk", "disk"), historyLength: history),
      GaugeSlot(entry: try entry("uv", "uv"), historyLength: history),
    ]
    _ = slots[0].take(.success(37), at: 0, animate: false)
    for (time, value) in [(0.0, 20.0), (1, 40), (2, 95), (3, nil), (4, 62)] {
      _ = slots[1].take(.success(value), at: time, animate: false)
    }
    _ = slots[2].take(.success(85), at: 0, animate: false)
    _ = slots[2].take(.failure(SourceFault("connection refused")), at: 2, animate: false)
    _ = slots[3].take(.failure(SourceFault("not a number: 'abc'")), at: 0, animate: false)
    return slots
  }

  static func screen(
    _ slots: [GaugeSlot], columns: Int?, rows: Int?, depth: ColorDepth = .none,
    history: Bool = false, zoomed: Int? = nil, header: DashboardScreen.Header = .init(),
    selected: Int? = nil
  ) throws -> TerminalFrame {
    var screen = DashboardScreen(
      title: "Servers", base: TerminalOptions(columns: 20, depth: depth), history: history)
    try screen.prepare(
      window: TerminalWindow(columns: columns, rows: rows), gauges: slots.map(\.entry.gauge),
      zoomed: zoomed)
    return screen.frame(slots: slots, now: 14, header: header, selected: selected)
  }

  @Test func aGridFillsTheWindow() throws {
    let frame = try DashboardScreenTests.screen(
      try DashboardScreenTests.slots(), columns: 100, rows: 29,
      header: .init(clock: "12:00:00", paused: true, keys: true), selected: 1)
    #expect(frame.columns == 100)
    #expect(frame.rows == 29)
    try assertGolden(frame.plain(), named: "grid-100x29.txt", test: "DashboardScreenTests")
  }

  @Test func historyDrawsASparklineInZoneColours() throws {
    let slots = try DashboardScreenTests.slots(history: 10)
    let frame = try DashboardScreenTests.screen(
      slots, columns: 120, rows: 40, depth: .trueColor, history: true)
    try assertGolden(frame.plain(), named: "history-120x40.txt", test: "DashboardScreenTests")
    let text = frame.ansi()
    // Memory's zones: 62 is Normal (green), 95 Very high (red); the bars carry them.
    #expect(text.contains("\u{1B}[0;38;2;52;199;89m▅"))
    #expect(frame.plain().contains("▂▄█ ▅\n"))
  }

  @Test func aFailedSourceIsGreyedWithItsAgeAndItsFault() throws {
    let slots = try DashboardScreenTests.slots()
    #expect(slots[2].status(at: 14)?.text == "connection refused · stale 14 s")
    #expect(slots[3].status(at: 14)?.text == "not a number: 'abc'")
    #expect(slots[0].status(at: 2) == nil)
    // Older than three intervals, with no fault: stale, and says so.
    #expect(slots[0].status(at: 14)?.text == "stale 14 s")
    let frame = try DashboardScreenTests.screen(slots, columns: 100, rows: 29, depth: .trueColor)
    #expect(frame.plain().contains("   connection refused · sta…\n"))
    // Disk's ring is drawn in greys only: no colour of its zones is left (the terminal's own
    // colour, for the pointer, becomes its grey).
    let ansi = frame.ansi()
    #expect(ansi.contains("\u{1B}[0;31m  connection refused · sta…\u{1B}[0m"))
    let greyed = DashboardScreen.dimmed(
      try BuiltinPresets.gauge(named: "disk").terminalFrame(
        value: 85, options: TerminalOptions(columns: 20)), depth: .trueColor)
    for cell in greyed.cells {
      for color in [cell.foreground, cell.background].compactMap({ $0 }) where color != .ansi16(8) {
        guard case .rgb(let r, let g, let b) = color else {
          Issue.record("not a grey: \(color)")
          continue
        }
        #expect(r == g && g == b)
      }
    }
  }

  @Test func aSmallWindowShowsOneLinePerGauge() throws {
    let frame = try DashboardScreenTests.screen(
      try DashboardScreenTests.slots(), columns: 40, rows: 11, selected: 0)
    #expect(
      frame.plain() == """
        Servers
        ▸ CPU       37%  Normal · stale 14 s
          Memory    62%  Normal · stale 10 s
          Disk      85%  Warning · connection r…
          UV index  …  not a number: 'abc'







        """)
  }

  @Test func zoomShowsOneGaugeAsLargeAsTheWindowAllows() throws {
    let slots = try DashboardScreenTests.slots()
    let frame = try DashboardScreenTests.screen(slots, columns: 80, rows: 23, zoomed: 0)
    let lines = frame.plain().split(separator: "\n")
    #expect(lines.contains { $0.contains("CPU") })
    #expect(!lines.contains { $0.contains("Memory") })
    let widest = lines.dropFirst().map { $0.count }.max() ?? 0
    #expect(widest > 40)
  }

  @Test func everyWindowFrom40x12UpIsFilledExactly() throws {
    let slots = try DashboardScreenTests.slots()
    for (columns, rows) in [(40, 11), (41, 12), (60, 20), (80, 23), (132, 43), (200, 60)] {
      let frame = try DashboardScreenTests.screen(slots, columns: columns, rows: rows)
      #expect(frame.columns == columns && frame.rows == rows, "\(columns)x\(rows)")
      #expect(frame.plain().hasPrefix("Servers\n"))
    }
  }

  @Test func keys() {
    #expect(
      DashboardKey.parse(Array("qpr\t\r\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[Zx".utf8)).keys
        == [.quit, .pause, .refresh, .next, .zoom, .up, .down, .right, .left, .previous])
    // An arrow cut between two reads waits for its end.
    let cut = DashboardKey.parse(Array("p\u{1B}[".utf8))
    #expect(cut.keys == [.pause])
    #expect(cut.rest == Array("\u{1B}[".utf8))
    #expect(DashboardKey.parse(cut.rest + Array("B".utf8)).keys == [.down])
    #expect(DashboardKey.parse([0x1B]).keys == [.back])
  }

  @Test func enteringAnAlertZoneAlertsOnce() throws {
    var slot = GaugeSlot(
      entry: try DashboardScreenTests.entry(
        "cpu", "cpu", alert: AlertRule(warning: [1], critical: [2])), historyLength: 0)
    let alerts = [10.0, 80, 85, 95, 95, 50, 91].enumerated().map { time, value in
      slot.take(.success(value), at: Double(time), animate: false)
    }
    #expect(alerts == [false, true, false, true, false, false, true])
    #expect(slot.level == .critical)
  }
}
