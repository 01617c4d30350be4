import GaugeTestSupport
import Testing

@testable import GaugeKit

@Suite struct TerminalTests {
  let stress: Gauge

  init() throws {
    stress = try BuiltinPresets.gauge(named: "stress")
  }

  @Test(
    arguments: [
      ("stress-42-half-truecolor.ans", "stress", 42.0, GlyphSet.halfBlocks, ColorDepth.trueColor),
      ("stress-nodata-half-256.ans", "stress", nil, .halfBlocks, .ansi256),
      ("stress-above-braille-16.ans", "stress", 130, .braille, .ansi16),
      ("stress-below-ascii-none.txt", "stress", -5, .ascii, .none),
      ("stress-42-half-none.txt", "stress", 42, .halfBlocks, .none),
      ("cpu-37-half-truecolor.ans", "cpu", 37, .halfBlocks, .trueColor),
    ] as [(String, String, Double?, GlyphSet, ColorDepth)])
  func goldens(name: String, preset: String, value: Double?, glyphs: GlyphSet, depth: ColorDepth)
    throws
  {
    let gauge = try BuiltinPresets.gauge(named: preset)
    let frame = try gauge.terminalFrame(
      value: value, options: TerminalOptions(columns: 40, glyphs: glyphs, depth: depth))
    let text = depth == .none ? frame.plain() : frame.ansi()
    try assertGolden(text, named: name, test: "TerminalTests")
    // The plain form never has an escape; without colour neither has the full one.
    #expect(!frame.plain().contains("\u{1B}"))
    if depth == .none { #expect(!frame.ansi().contains("\u{1B}")) }
  }

  @Test func theRingIsRoundInEveryGlyphSet() throws {
    for glyphs in GlyphSet.allCases {
      let frame = try stress.terminalFrame(
        value: 42, options: TerminalOptions(columns: 40, glyphs: glyphs, depth: .none))
      // Widest row of the ring in cells, against its height in rows: a circle is twice as
      // many cells wide as rows tall.
      let drawn = (0..<frame.rows).map { row in
        (0..<frame.columns).filter { frame[row, $0].text != " " }
      }
      let left = drawn.compactMap(\.first).min() ?? 0
      let right = drawn.compactMap(\.last).max() ?? 0
      let top = drawn.firstIndex { !$0.isEmpty } ?? 0
      let width = Double(right - left + 1)
      // The ring's top to its centre row, doubled, is its height in rows.
      let center = 40.0 / 4
      let height = 2 * (center - Double(top))
      #expect(abs(width / height - 2) < 0.25, "\(glyphs): \(width) × \(height)")
    }
  }

  @Test(
    arguments: [
      ("auto", [:], true, ColorDepth.ansi16),
      ("auto", ["COLORTERM": "truecolor"], true, .trueColor),
      ("auto", ["COLORTERM": "24bit", "TERM": "xterm-256color"], true, .trueColor),
      ("auto", ["TERM": "xterm-256color"], true, .ansi256),
      ("auto", ["TERM": "dumb", "COLORTERM": "truecolor"], true, .none),
      ("auto", ["COLORTERM": "truecolor"], false, .none),
      ("auto", ["NO_COLOR": "1", "COLORTERM": "truecolor"], true, .none),
      ("auto", ["NO_COLOR": "", "TERM": "xterm-256color"], true, .ansi256),
      ("auto", ["NO_COLOR": "1", "FORCE_COLOR": "1"], true, .none),
      ("auto", ["FORCE_COLOR": "1"], false, .ansi16),
      ("auto", ["FORCE_COLOR": "2"], false, .ansi256),
      ("auto", ["FORCE_COLOR": "3"], false, .trueColor),
      ("auto", ["FORCE_COLOR": "true", "TERM": "xterm-256color"], false, .ansi256),
      ("auto", ["FORCE_COLOR": "0", "COLORTERM": "truecolor"], true, .none),
      ("always", ["NO_COLOR": "1"], false, .ansi16),
      ("always", ["TERM": "dumb", "COLORTERM": "truecolor"], false, .trueColor),
    ] as [(String, [String: String], Bool, ColorDepth)])
  func colorDetection(
    choice: String, environment: [String: String], terminal: Bool, expected: ColorDepth
  ) throws {
    let depth = ColorDepth.detect(
      environment: environment, isTerminal: terminal, forcingColor: choice == "always")
    #expect(depth == expected)
  }

  @Test(arguments: [ColorDepth.ansi256, .ansi16])
  func zoneColorsStayDistinctAfterQuantizing(depth: ColorDepth) throws {
    for name in BuiltinPresets.names {
      let gauge = try BuiltinPresets.gauge(named: name)
      let colors = gauge.zones.map(\.color)
      let quantized = ColorQuantizer.distinct(colors, depth: depth)
      #expect(Set(quantized).count == Set(colors).count, "\(name) at \(depth)")
    }
  }

  @Test func quantizesToTheNearestColour() {
    #expect(
      ColorQuantizer.candidates(for: Color(red: 255, green: 0, blue: 0), depth: .ansi16).first
        == .ansi16(9))
    #expect(
      ColorQuantizer.candidates(for: Color(red: 0, green: 0, blue: 0), depth: .ansi256).first
        == .ansi256(16))
    #expect(
      ColorQuantizer.candidates(for: Color(red: 128, green: 128, blue: 128), depth: .ansi256).first
        == .ansi256(244))
    #expect(
      ColorQuantizer.candidates(for: Color(red: 0x34, green: 0xC7, blue: 0x59), depth: .ansi256)
        .first == .ansi256(77))
  }

  @Test func noControlCharacterFromAPresetReachesTheTerminal() throws {
    var gauge = stress
    gauge.title = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}txet"
    gauge.labels.start = "\u{1B}[31mred"
    gauge.readout.suffix = "\r\n"
    for depth in ColorDepth.allCases {
      let frame = try gauge.terminalFrame(
        value: 42, options: TerminalOptions(columns: 60, glyphs: .ascii, depth: depth))
      for cell in frame.cells {
        #expect(
          !cell.text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
          })
      }
      // Only our own SGR sequences remain.
      let escapes = frame.ansi().split(separator: "\u{1B}").dropFirst()
      #expect(escapes.allSatisfy { $0.hasPrefix("[0") })
    }
    let plain = try gauge.terminalFrame(
      value: 42, options: TerminalOptions(columns: 60, glyphs: .ascii, depth: .none)
    ).plain()
    #expect(plain.contains("Evil[2J]0;pwned31mtxet"))
  }

  @Test func tooNarrowIsAClearError() {
    #expect(
      throws: GaugeError.invalidSize(
        "a terminal gauge 19 cells wide cannot be drawn; the width must be 20...400 cells")
    ) {
      try stress.terminalFrame(value: 1, options: TerminalOptions(columns: 19))
    }
  }

  @Test func redrawWritesOnlyWhatChanged() throws {
    let options = TerminalOptions(columns: 60, depth: .trueColor)
    let a = try stress.terminalFrame(value: 42, options: options)
    let same = a.redraw(from: a)
    #expect(
      same == "\u{1B}[?2026h\u{1B}[\(a.rows)B\r\u{1B}[?2026l"
        || same == "\u{1B}[?2026h\r\u{1B}[?2026l")
    let b = try stress.terminalFrame(value: 43, options: options)
    let update = b.redraw(from: a)
    #expect(update.hasPrefix("\u{1B}[?2026h"))
    #expect(update.hasSuffix("\u{1B}[?2026l"))
    #expect(update.utf8.count < b.ansi().utf8.count / 4)
    // A different size is redrawn whole after erasing the old frame.
    let c = try stress.terminalFrame(value: 42, options: TerminalOptions(columns: 40))
    #expect(c.redraw(from: a).contains("\u{1B}[\(a.rows)A\r\u{1B}[J"))
  }

  /// The budget: over a one-second sweep at 60 frames a second, 60 × 30 cells in
  /// truecolor, the bytes written per frame average at most a quarter of a full redraw.
  @Test func aSweepWritesAQuarterOfAFullRedrawPerFrameAtMost() throws {
    let options = TerminalOptions(columns: 60, depth: .trueColor)
    let timeline = try GaugeTimeline(
      gauge: stress, from: 0, to: 80,
      options: AnimationOptions(duration: 1, easing: .easeOut, stagger: 0.012))
    var previous: TerminalFrame?
    var written = 0
    var full = 0
    for step in 0...60 {
      let frame = try stress.terminalFrame(
        value: 80, options: options, frame: timeline.frame(at: Double(step) / 60))
      written += frame.redraw(from: previous).utf8.count
      full += frame.ansi().utf8.count
      previous = frame
    }
    #expect(Double(written) / Double(full) <= 0.25, "\(written) of \(full) bytes")
  }

  @Test func hitTestFindsSectorsGapsAndThePointer() throws {
    let layout = try stress.layout(value: 42)
    let inRing = (layout.innerRadius + layout.outerRadius) / 2
    // The middle of the first sector, and of the last.
    let first = Point(
      center: layout.center, radius: inRing,
      degrees: layout.sectorLayout.arcStart + layout.sectorLayout.step / 2)
    #expect(layout.hit(at: first) == .sector(0))
    let last = Point(
      center: layout.center, radius: inRing,
      degrees: layout.sectorLayout.arcEnd - layout.sectorLayout.step / 2)
    #expect(layout.hit(at: last) == .sector(54))
    // On a boundary between two sectors: the gap.
    let boundary = Point(
      center: layout.center, radius: inRing, degrees: layout.sectorLayout.angle(ofBoundary: 10))
    #expect(layout.hit(at: boundary) == .nothing)
    #expect(layout.hit(at: boundary, padWidth: 0) != .nothing)
    // The hole, the gap at the bottom, outside, and the pointer.
    #expect(layout.hit(at: layout.center) == .nothing)
    #expect(layout.hit(at: Point(center: layout.center, radius: inRing, degrees: 180)) == .nothing)
    #expect(layout.hit(at: Point(x: 1, y: 1)) == .nothing)
    let onPointer = Point(
      center: layout.center, radius: layout.outerRadius * 0.6, degrees: layout.pointerAngle!)
    #expect(layout.hit(at: onPointer) == .pointer)
    #expect(layout.hit(at: Point(x: .nan, y: 3)) == .nothing)
  }

  @Test func tilesWrapToTheWidth() throws {
    let frame = try stress.terminalFrame(
      value: 1, options: TerminalOptions(columns: 20, depth: .none))
    let tiled = TerminalFrame.tiled([frame, frame, frame], width: 45, gap: 2)
    #expect(tiled.columns == 42)
    #expect(tiled.rows == 2 * frame.rows + 1)
    #expect(tiled[0, 20] == .blank)
  }

  @Test func wideAndCombiningCharactersTakeTheirCells() {
    var frame = TerminalFrame(columns: 10, rows: 1)
    frame.write("a語e\u{301}", row: 0, column: 0)
    #expect(frame.cells.map(\.text) == ["a", "語", "", "é", " ", " ", " ", " ", " ", " "])
    #expect(frame.plain() == "a語é\n")
  }
}
