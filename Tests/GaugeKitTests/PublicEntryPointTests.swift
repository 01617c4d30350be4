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

  /// What a value means on a domain from 0 to `max`, said without asking the library: no
  /// finite number is no data, and the ends are inclusive.
  static func state(of value: Double, max: Double) -> GaugeState {
    guard value.isFinite else { return .noData }
    return value < 0 ? .below : value > max ? .above : .normal
  }

  /// The one error a picture `width` × `height` pixels gets, or nil when it may be drawn.
  static func sizeError(_ width: Int, _ height: Int) -> GaugeError? {
    let sides = 1...maximumImageSide
    guard !sides.contains(width) || !sides.contains(height) else { return nil }
    return .invalidSize(
      "size \(width)×\(height) is out of range; width and height must be 1...\(maximumImageSide)")
  }

  /// The one error a terminal drawing `columns` cells wide gets, or nil when it may be drawn.
  static func columnsError(_ columns: Int, _ what: String) -> GaugeError? {
    let allowed = TerminalOptions.minimumColumns...TerminalOptions.maximumColumns
    guard !allowed.contains(columns) else { return nil }
    return .invalidSize(
      "a terminal \(what) \(columns) cells wide cannot be drawn; the width must be "
        + "\(allowed.lowerBound)...\(allowed.upperBound) cells")
  }

  /// Runs `body`: it must return when `expected` is nil, and otherwise throw exactly it.
  @discardableResult
  static func outcome<T>(
    _ expected: GaugeError?, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
  ) -> T? {
    do {
      let result = try body()
      #expect(expected == nil, "returned instead of throwing", sourceLocation: sourceLocation)
      return result
    } catch {
      #expect(error as? GaugeError == expected, sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Whether `svg` is a whole document: the root element opened first and closed last.
  static func isWholeSVG(_ svg: String) -> Bool {
    svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n")
  }

  @Test func chartsAndGaugesTakeAnyNumber() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let chart = PieChart(items: [PieItem(label: "a", value: 1), PieItem(label: "b", value: 2)])
    let layout = try chart.layout()
    for value in Self.extremeDoubles {
      let state = Self.state(of: value, max: 100)
      #expect(normalizedDegrees(value).isFinite)
      #expect(try gauge.layout(value: value).state == state, "\(value)")
      let svg = try gauge.svg(value: value)
      #expect(Self.isWholeSVG(svg), "\(value)")
      #expect(svg.contains(state == .noData ? "No data" : "Stress"), "\(value)")
      let frame = try gauge.terminalFrame(value: value)
      #expect(frame.columns == TerminalOptions().columns, "\(value)")
      #expect(frame.rows > 0, "\(value)")
      // However far round a chart is swept, its frame keeps the width it was asked for.
      #expect(try chart.terminalFrame(sweptAngle: value).columns == TerminalOptions().columns)
      for decimals in Self.extremeInts {
        #expect(!chart.valueText(value, decimals: decimals).isEmpty)
      }
      #expect(!(chart.percentText(value) + chart.preciseShareText(value)).isEmpty)
      // A point or a running total outside the ring hits no slice; inside, the first or last.
      let point = layout.slice(at: Point(x: value, y: value))
      #expect(point == nil || point.map { layout.slices.indices.contains($0) } == true)
      let slice = layout.slice(atCumulativeValue: value)
      #expect(slice == nil || slice.map { layout.slices.indices.contains($0) } == true)
      #expect(!layout.valueText(value).isEmpty)
    }
    for size in Self.extremeInts {
      let sizeError = Self.sizeError(size, size)
      Self.outcome(sizeError) { try chart.layout(width: size, height: size) }
      let columns = TerminalOptions(columns: size)
      Self.outcome(Self.columnsError(size, "gauge")) {
        try gauge.terminalFrame(value: 1, options: columns)
      }
      Self.outcome(Self.columnsError(size, "chart")) {
        try chart.terminalFrame(options: columns, legendWidth: size)
      }
    }
  }

  @Test func layoutsScenesAndImagesTakeAnySizeValueAndScale() throws {
    let gauge = try BuiltinPresets.gauge(named: "aqi")
    let chart = PieChart(items: [PieItem(label: "a", value: 1e308), PieItem(label: "b", value: 1)])
    for size in Self.extremeInts {
      let options = RenderOptions(width: size, height: 2)
      let expected = Self.sizeError(size, 2)
      Self.outcome(Self.sizeError(size, size)) {
        try gauge.layout(value: 42, width: size, height: size)
      }
      Self.outcome(expected) { try gauge.scene(value: 42, options: options) }
      Self.outcome(expected) { try GaugeSVGRenderer(gauge: gauge, options: options) }
      Self.outcome(expected) { try chart.scene(options: options) }
      if expected == nil {
        #expect(Self.isWholeSVG(try gauge.svg(value: 42, options: options)))
        #expect(Self.isWholeSVG(try chart.svg(options: options)))
      }
    }
    for value in Self.extremeDoubles {
      let state = Self.state(of: value, max: 500)
      #expect(try gauge.layout(value: value).state == state, "\(value)")
      let tiny = try gauge.scene(value: value, options: RenderOptions(width: 1, height: 1))
      #expect(tiny.width == 1 && tiny.height == 1)
      let small = RenderOptions(width: 8, height: 8)
      // A scale is a finite number in 0.25...8; an 8 px image stays within 8192 px at any.
      let scaleIsValid = value.isFinite && (0.25...8).contains(value)
      let pictures: [() throws -> [UInt8]] = [
        { try gauge.png(value: value, options: small, scale: value) },
        { try chart.png(options: small, scale: value) },
      ]
      for draw in pictures {
        do {
          let png = try draw()
          #expect(scaleIsValid, "\(value)")
          #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        } catch {
          #expect(!scaleIsValid, "\(value)")
          #expect("\(error)".hasPrefix("scale "))
          #expect("\(error)".hasSuffix(" is out of range; allowed: 0.25...8"))
        }
      }
      let animation = RenderOptions(animation: SVGAnimation(from: value, duration: value))
      do {
        #expect(Self.isWholeSVG(try gauge.svg(value: 1, options: animation)))
        #expect(value.isFinite && (0...60).contains(value), "\(value)")
      } catch {
        #expect(!(value.isFinite && (0...60).contains(value)), "\(value)")
        #expect("\(error)".hasPrefix("duration "))
      }
      let timeline = try GaugeTimeline(gauge: gauge, from: value, to: value)
      #expect(timeline.frame(at: value).readout.isEmpty == false)
    }
  }
}
