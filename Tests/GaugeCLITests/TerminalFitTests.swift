import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

/// Gauges fill the window they are given, and what cannot fit is printed once.
@Suite struct TerminalFitTests {
  /// A gauge half as many rows as columns wide, as a round ring in 1 × 2 cells is.
  private static func halfHeight(_ columns: Int) -> Int { columns / 2 }

  @Test(
    arguments: [
      // One gauge: as wide as the rows allow (29 rows hold 59 columns), at most 160.
      (1, 100, 29, nil, TerminalFit(columns: 59, across: 1, fits: true)),
      (1, 400, 300, nil, TerminalFit(columns: 160, across: 1, fits: true)),
      (1, 30, 7, nil, TerminalFit(columns: 20, across: 1, fits: false)),
      // Four in 40 × 19: none fits even at 20 columns, so they are printed, two across.
      (4, 40, 19, nil, TerminalFit(columns: 20, across: 2, fits: false, gap: 0)),
      // Four in 80 × 23: two bands of 23-column gauges; three across beats two as wide.
      (4, 80, 23, nil, TerminalFit(columns: 23, across: 3, fits: true)),
      // Four in 80 × 19 (an 80 × 20 terminal less the cursor's line): four 20-column gauges
      // across, with no gap (each frame keeps its own margin), rather than nothing.
      (4, 80, 19, nil, TerminalFit(columns: 20, across: 4, fits: true, gap: 0)),
      (3, 61, 19, nil, TerminalFit(columns: 20, across: 3, fits: true, gap: 0)),
      (3, 62, 19, nil, TerminalFit(columns: 20, across: 3, fits: true, gap: 1)),
      (4, 86, 19, nil, TerminalFit(columns: 20, across: 4, fits: true)),
      // --width 20 takes the narrower gap too.
      (4, 80, 30, 20, TerminalFit(columns: 20, across: 4, fits: true, gap: 0)),
      (6, 120, 29, nil, TerminalFit(columns: 29, across: 3, fits: true)),
      // No height (piped without LINES): as many side by side as fit at 20 columns.
      (3, 120, nil, nil, TerminalFit(columns: 38, across: 3, fits: true)),
      (1, 100, nil, nil, TerminalFit(columns: 100, across: 1, fits: true)),
      // --width is kept; as many side by side as the width allows.
      (3, 100, 20, 30, TerminalFit(columns: 30, across: 3, fits: true)),
      (1, 50, 40, 60, TerminalFit(columns: 60, across: 1, fits: false)),
    ] as [(Int, Int, Int?, Int?, TerminalFit)])
  func gridsFillTheWindow(
    count: Int, columns: Int, rows: Int?, fixedWidth: Int?, expected: TerminalFit
  ) throws {
    let fit = try TerminalFit.best(
      count: count, window: TerminalWindow(columns: columns, rows: rows), fixedWidth: fixedWidth,
      height: TerminalFitTests.halfHeight)
    #expect(fit == expected)
  }

  @Test func pipedWithNeitherColumnsNorLinesKeepsTheDefaultWidth() throws {
    let fit = try TerminalFit.best(
      count: 2, window: TerminalWindow(columns: nil, rows: nil), fixedWidth: nil,
      height: TerminalFitTests.halfHeight)
    #expect(fit == TerminalFit(columns: 40, across: 1, fits: true))
  }

  @Test(
    arguments: [
      ([:], TerminalWindow(columns: nil, rows: nil)),
      (["COLUMNS": "100"], TerminalWindow(columns: 100, rows: nil)),
      (["COLUMNS": "100", "LINES": "20"], TerminalWindow(columns: 100, rows: 20)),
      (["LINES": "20"], TerminalWindow(columns: 80, rows: 20)),
      // Not a whole number from 1 up: as if unset.
      (["COLUMNS": "wide", "LINES": "0"], TerminalWindow(columns: nil, rows: nil)),
      (["COLUMNS": "-5", "LINES": "30"], TerminalWindow(columns: 80, rows: 30)),
    ] as [([String: String], TerminalWindow)])
  func pipedWindowComesFromColumnsAndLines(
    environment: [String: String], expected: TerminalWindow
  ) {
    let context = CommandIO(
      environment: environment, stdoutIsTerminal: false, stderrIsTerminal: false,
      terminalSize: nil, output: Capture(), errors: Capture(), files: DiskFiles(),
      input: FixedInput(nil), events: QuietEvents())
    #expect(TerminalWindow(context: context) == expected)
  }

  private func plainFrame(_ preset: String, _ value: Double, columns: Int) throws -> String {
    try BuiltinPresets.gauge(named: preset).terminalFrame(
      value: value, options: TerminalOptions(columns: columns, depth: .none)
    ).plain()
  }

  @Test func pipedOutputHonoursColumnsAndLines() throws {
    #expect(
      gauge(["show", "stress", "42"], environment: ["COLUMNS": "100"]).output
        == (try plainFrame("stress", 42, columns: 100)))
    // 20 lines hold a 47-column stress gauge (20 rows) but not a 48-column one (21 rows).
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(try TerminalGaugeRenderer.rows(of: stress, options: TerminalOptions(columns: 47)) == 20)
    #expect(try TerminalGaugeRenderer.rows(of: stress, options: TerminalOptions(columns: 48)) == 21)
    #expect(
      gauge(["show", "stress", "42"], environment: ["COLUMNS": "100", "LINES": "20"]).output
        == (try plainFrame("stress", 42, columns: 47)))
    // --width wins; a COLUMNS that is not a number is ignored.
    #expect(
      gauge(["show", "stress", "42", "--width", "30"], environment: ["COLUMNS": "100"]).output
        == (try plainFrame("stress", 42, columns: 30)))
    #expect(
      gauge(["show", "stress", "42"], environment: ["COLUMNS": "wide"]).output
        == (try plainFrame("stress", 42, columns: 40)))
    // watch too.
    #expect(
      gauge(["watch", "stress"], environment: ["COLUMNS": "90"], input: "42\n").output
        == (try plainFrame("stress", 42, columns: 90)))
  }

  @Test func aPipedDashboardFillsColumns() throws {
    let run = gauge(["show", "cpu=37", "memory=62", "battery=88"], environment: ["COLUMNS": "120"])
    let pairs = try [("cpu", 37.0), ("memory", 62), ("battery", 88)].map { name, value in
      (try BuiltinPresets.gauge(named: name), value)
    }
    // At the smallest readout size of the three.
    var options = TerminalOptions(columns: 38, depth: .none)
    options.readoutSize = try TerminalGaugeRenderer.readoutSize(
      of: pairs.map(\.0), options: options)
    let frames = try pairs.map { gauge, value in
      try gauge.terminalFrame(value: value, options: options)
    }
    #expect(run.output == TerminalFrame.tiled(frames, width: 118).plain())
    #expect(run.output.split(separator: "\n").allSatisfy { $0.count <= 120 })
  }
}

@Suite struct DashboardGoldenTests {
  /// Five gauges in a 100 × 29 window: three 29-column gauges a band, two bands.
  @Test func fiveGaugesFill100x29() throws {
    let run = gauge(
      ["show", "cpu=37", "memory=62", "battery=88", "stress=130", "aqi=180"],
      environment: ["COLUMNS": "100", "LINES": "29"])
    #expect(run.code == 0)
    try assertGolden(run.output, named: "dashboard-100x29.txt", test: "TerminalFitTests")
  }

  /// Six in 120 × 24, two in 60 × 40 (stacked: side by side they would be 29 wide), and
  /// four in 80 × 20 (four across, 20 columns each, no gap).
  @Test(arguments: [
    (["cpu=37", "memory=62", "battery=88", "disk=71"], "80", "20"),
    (["cpu=37", "memory=62", "battery=88", "disk=12", "spo2=97", "glucose=-5"], "120", "24"),
    (["heart-rate=72", "uv=9"], "60", "40"),
  ])
  func gridsForOtherWindows(pairs: [String], columns: String, lines: String) throws {
    let run = gauge(["show"] + pairs, environment: ["COLUMNS": columns, "LINES": lines])
    #expect(run.code == 0)
    try assertGolden(
      run.output, named: "dashboard-\(columns)x\(lines).txt", test: "TerminalFitTests")
  }
}

@Suite struct DashboardTitleTests {
  /// A long title in a dashboard ends in "…" after whole characters: no accent parted from
  /// its letter, no half of a wide character, nothing of an escape sequence.
  @Test func longTitlesAreCutBetweenWholeCharacters() throws {
    let folder = try temporaryFolder()
    let title = "Ste\u{301}ss 語語語 \u{1B}[31mlevels of today"
    let json = #"{"extends": "stress", "title": "Ste\u0301ss 語語語 \u001b[31mlevels of today"}"#
    try Data(json.utf8).write(to: folder.appendingPathComponent("long.json"))
    let path = folder.appendingPathComponent("long.json").path
    let run = gauge(
      ["show", "\(path)=42", "cpu=37", "memory=5"], environment: ["COLUMNS": "80"])
    #expect(run.code == 0)
    #expect(!run.output.contains("\u{1B}"))
    let line = try #require(run.output.split(separator: "\n").first { $0.contains("…") })
    let start = try #require(line.range(of: "Ste\u{301}"))
    let cut = try #require(line[start.lowerBound...].split(separator: "…").first)
    let sanitized = "Ste\u{301}ss 語語語 [31mlevels of today"
    #expect(sanitized.hasPrefix(cut))
    #expect(cut.count >= 3)
    #expect(title.count > cut.count)
  }
}

@Suite struct WideTitleTests {
  /// A title cut short keeps at least three cells: three letters, or two wide characters
  /// (CJK, emoji), which say as much. (It kept three characters whatever their width, so at
  /// the narrowest width a CJK or emoji title did not fit and was left out.)
  @Test(arguments: [
    ("中文中文中文", "20", "  ░░░░  中文… ▓▓▓▓"),
    ("😀😀😀😀", "20", "  ░░░░  😀😀… ▓▓▓▓"),
    ("A very long title", "20", "  ░░░░ A ver… ▓▓▓▓"),
    ("中文中文中文", "24", "  ░░░░░  中文中… ▓▓▓▓▓"),
  ])
  func wideTitlesAreCutToTheirCells(title: String, width: String, row: String) throws {
    let run = gauge([
      "show", "stress", "42", "--width", width, "--title", title, "--color", "never",
    ])
    #expect(run.code == 0)
    #expect(run.output.split(separator: "\n").contains { $0 == row }, "\(run.output)")
  }
}

@Suite struct DashboardWholeTitleTests {
  /// The 80 × 20 four-across grid: each title is measured against the cells free on its row,
  /// so "Battery" and "Memory" show whole where the ring's gap test alone cut "Batte…".
  @Test func titlesThatFitTheirRowsFreeCellsAreWhole() throws {
    let run = gauge(
      ["show", "cpu=37", "memory=62", "battery=88", "disk=71"],
      environment: ["COLUMNS": "80", "LINES": "20"])
    #expect(run.code == 0)
    #expect(
      run.output == """
               ······              ░░░░░░              ▓▓▓▓▓▓              ░░░░░░
            ░█··········        ░░░░░░░░░░█·        ▓▓▓▓▓▓▓▓▓▓▓▓        ░░░░░░░░░░░░
          ░░░░▀      ·····    ░░░░░     ▄▀····    ▓▓▓▓▓      ▓▓▓▓▓    ░░░░░      ░░░█·
         ░░░░          ····  ░░░░          ····  ▓▓▓▓          ▓▓▓▓  ░░░░          ▀···
         ░░░     37     ···  ░░░     62     ···  ▓▓▓     88     ▓▓▓  ░░░     71     ···
         ░░░      %     ···  ░░░      %     ···  ▓▓▓      %     ███  ░░░      %     ···
         ░░░░    CPU   ····  ░░░░          ····  ▓▓▓▓          ····  ░░░░   Disk   ····
          ░░░          ···    ░░░  Memory  ···    ▓▓▓  Battery ···    ░░░          ···
              0     100           0     100           0     100           0     100
        """ + "\n")
    for title in ["CPU", "Memory", "Battery", "Disk"] {
      #expect(run.output.contains(" \(title) "), "\(title) is not whole")
    }
    #expect(!run.output.contains("…"))
  }

  /// A title too long for its row's free cells is still cut, with "…", to what they hold:
  /// a blank cell from the ring's cells on either side, on no other text's cells.
  @Test func aTitleThatDoesNotFitIsCutToItsRow() throws {
    let folder = try temporaryFolder()
    let json = #"{"extends": "battery", "title": "Battery charge level"}"#
    try Data(json.utf8).write(to: folder.appendingPathComponent("long.json"))
    let path = folder.appendingPathComponent("long.json").path
    let run = gauge(
      ["show", "cpu=37", "memory=62", "\(path)=88", "disk=71"],
      environment: ["COLUMNS": "80", "LINES": "20"])
    #expect(run.code == 0)
    #expect(
      run.output == """
               ······              ░░░░░░              ▓▓▓▓▓▓              ░░░░░░
            ░█··········        ░░░░░░░░░░█·        ▓▓▓▓▓▓▓▓▓▓▓▓        ░░░░░░░░░░░░
          ░░░░▀      ·····    ░░░░░     ▄▀····    ▓▓▓▓▓      ▓▓▓▓▓    ░░░░░      ░░░█·
         ░░░░          ····  ░░░░          ····  ▓▓▓▓          ▓▓▓▓  ░░░░          ▀···
         ░░░     37     ···  ░░░     62     ···  ▓▓▓     88     ▓▓▓  ░░░     71     ···
         ░░░      %     ···  ░░░      %     ···  ▓▓▓      %     ███  ░░░      %     ···
         ░░░░    CPU   ····  ░░░░          ····  ▓▓▓▓          ····  ░░░░   Disk   ····
          ░░░          ···    ░░░  Memory  ···    ▓▓▓ Battery… ···    ░░░          ···
              0     100           0     100           0     100           0     100
        """ + "\n")
  }
}
