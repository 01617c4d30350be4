import GaugeKit
import Testing

/// Every public entry point takes any argument value without trapping: extreme sizes, counts
/// and floating-point values are clamped or thrown as documented. A trap ends this test run,
/// so each call here is a check that it returns.
@Suite struct PublicEntryPointTests {
  static let extremeInts = [Int.min, -1_000_000, -1, 0, 1, 2, 65_535, 65_536, 1 << 40, Int.max]
  static let extremeDoubles: [Double] = [
    .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .leastNonzeroMagnitude, -0.0, 0, 1e-9, 1e12, -1e308, 42,
  ]

  @Test func framesOfAnySizeAreClampedNotTrapped() {
    for columns in Self.extremeInts {
      for rows in Self.extremeInts {
        let frame = TerminalFrame(columns: columns, rows: rows)
        #expect(frame.columns >= 0 && frame.columns <= TerminalFrame.maximumSide)
        #expect(frame.rows >= 0 && frame.rows <= TerminalFrame.maximumSide)
        #expect(frame.columns * frame.rows <= TerminalFrame.maximumCells)
        #expect(frame.cells.count == frame.columns * frame.rows)
      }
    }
    #expect(TerminalFrame(columns: -3, rows: 5).columns == 0)
    #expect(TerminalFrame(columns: 70_000, rows: 1).columns == 65_535)
    let tall = TerminalFrame(columns: 65_535, rows: 65_535)
    #expect(tall.rows == (1 << 22) / 65_535)
  }

  @Test func cellsOutsideTheFrameReadBlankAndIgnoreWrites() {
    var frame = TerminalFrame(columns: 2, rows: 2)
    let cell = TerminalCell(text: "x")
    for index in Self.extremeInts + [-2, 3] {
      frame[index, 0] = cell
      frame[0, index] = cell
      #expect(index == 0 || index == 1 || frame[index, 0] == .blank)
    }
    #expect(frame[1, 1] == .blank)
    #expect(frame.cells.filter { $0 == cell }.count == 3)
  }

  @Test func tilingTakesAnyWidthAndGap() {
    let frames = [TerminalFrame(columns: 3, rows: 2), TerminalFrame(columns: 4, rows: 1)]
    for width in Self.extremeInts {
      for gap in Self.extremeInts {
        let tiled = TerminalFrame.tiled(frames, width: width, gap: gap)
        #expect(tiled.columns <= TerminalFrame.maximumSide)
      }
    }
    #expect(TerminalFrame.tiled(frames, width: 100, gap: -5).columns == 7)
    #expect(TerminalFrame.tiled(frames, width: 100, gap: 1).columns == 8)
  }

  @Test func countsAndWidthsOfAnySize() {
    for columns in Self.extremeInts {
      #expect(TerminalOptions.rows(forColumns: columns) >= 0)
      _ = TerminalEscapes.cursorUp(columns) + TerminalEscapes.cursorDown(columns)
      _ = TerminalEscapes.cursorColumn(columns) + TerminalEscapes.erase(rows: columns)
    }
    #expect(TerminalOptions.rows(forColumns: Int.max) == Int.max / 2 + 1)
    #expect(TerminalOptions.rows(forColumns: -7) == 0)
  }

  @Test func chartsAndGaugesTakeAnyNumber() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let chart = PieChart(items: [PieItem(label: "a", value: 1), PieItem(label: "b", value: 2)])
    for value in Self.extremeDoubles {
      #expect(normalizedDegrees(value).isFinite)
      _ = chart.percentText(value) + chart.preciseShareText(value)
      _ = try? gauge.svg(value: value)
      _ = try? gauge.terminalFrame(value: value)
      _ = try? chart.terminalFrame(sweptAngle: value)
      for decimals in Self.extremeInts {
        _ = chart.valueText(value, decimals: decimals)
      }
      let layout = try chart.layout()
      _ = layout.slice(at: Point(x: value, y: value))
      _ = layout.slice(atCumulativeValue: value)
      _ = layout.valueText(value)
    }
    for size in Self.extremeInts {
      _ = try? chart.layout(width: size, height: size)
      _ = try? gauge.terminalFrame(value: 1, options: TerminalOptions(columns: size))
      _ = try? chart.terminalFrame(options: TerminalOptions(columns: size), legendWidth: size)
    }
  }

  @Test func layoutsScenesAndImagesTakeAnySizeValueAndScale() throws {
    let gauge = try BuiltinPresets.gauge(named: "aqi")
    let chart = PieChart(items: [PieItem(label: "a", value: 1e308), PieItem(label: "b", value: 1)])
    for size in Self.extremeInts {
      _ = try? gauge.layout(value: 42, width: size, height: size)
      let options = RenderOptions(width: size, height: 2)
      _ = try? gauge.scene(value: 42, options: options)
      _ = try? gauge.svg(value: 42, options: options)
      _ = try? GaugeSVGRenderer(gauge: gauge, options: options)
      _ = try? chart.scene(options: options)
      _ = try? chart.svg(options: options)
    }
    for value in Self.extremeDoubles {
      _ = try? gauge.layout(value: value)
      _ = try? gauge.scene(value: value, options: RenderOptions(width: 1, height: 1))
      _ = try? gauge.png(value: value, options: RenderOptions(width: 8, height: 8), scale: value)
      _ = try? gauge.svg(
        value: 1, options: RenderOptions(animation: SVGAnimation(from: value, duration: value)))
      if let timeline = try? GaugeTimeline(gauge: gauge, from: value, to: value) {
        _ = timeline.frame(at: value)
      }
      _ = try? chart.png(options: RenderOptions(width: 8, height: 8), scale: value)
    }
  }
}
