import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugePresets
import GaugeSupport

/// Which characters draw the ring.
public enum GlyphSet: String, Sendable, Hashable, CaseIterable {
  /// `▀▄█`: two square pixels per cell, each its own colour. The default.
  case halfBlocks = "half"
  /// Braille dots: 2 × 4 pixels per cell, one colour per cell.
  case braille
  /// Plain ASCII, one character per cell, for terminals and fonts without block glyphs.
  case ascii
}

/// How a terminal frame is drawn.
public struct TerminalOptions: Sendable, Hashable {
  /// The gauge's width in cells, 20...400; it is about half as many rows tall.
  public var columns: Int
  /// Which characters draw the ring.
  public var glyphs: GlyphSet
  /// How many colours to use.
  public var depth: ColorDepth
  /// Title and start/end labels; the readout always shows.
  public var showLabels: Bool
  /// Replaces the preset's title.
  public var title: String?

  /// Creates options; drawing checks the width.
  public init(
    columns: Int = 40, glyphs: GlyphSet = .halfBlocks, depth: ColorDepth = .trueColor,
    showLabels: Bool = true, title: String? = nil
  ) {
    self.columns = columns
    self.glyphs = glyphs
    self.depth = depth
    self.showLabels = showLabels
    self.title = title
  }

  /// The narrowest gauge that still reads: the ring, the readout and the end labels.
  public static let minimumColumns = 20
  /// The widest gauge drawn, in cells.
  public static let maximumColumns = 400

  /// Throws unless `columns` is within the allowed width; `what` names the drawing.
  package func checkColumns(_ what: String) throws(GaugeError) {
    let range = TerminalOptions.minimumColumns...TerminalOptions.maximumColumns
    guard range.contains(columns) else {
      throw .invalidSize(
        "a terminal \(what) \(columns) cells wide cannot be drawn; the width must be "
          + "\(range.lowerBound)...\(range.upperBound) cells")
    }
  }

  /// Rows a gauge of `columns` cells takes (cells are about twice as tall as wide).
  ///
  /// Edge cases: a negative width takes 0 rows.
  package static func rows(forColumns columns: Int) -> Int {
    columns <= 0 ? 0 : columns / 2 + columns % 2
  }
}

extension Gauge {
  /// The gauge for `value` as terminal cells; with `frame`, the given moment of an animation
  /// (its pointer, readout and appeared sectors) instead of the final state.
  ///
  /// To draw many frames of one gauge, prepare a `TerminalGaugeRenderer` once instead.
  ///
  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  public func terminalFrame(
    value: Double?, options: TerminalOptions = TerminalOptions(), frame: GaugeFrame? = nil
  ) throws(GaugeError) -> TerminalFrame {
    try TerminalGaugeRenderer(gauge: self, options: options).frame(value: value, moment: frame)
  }
}

/// Draws many terminal frames of one gauge at one size, as an animation does: the ring is
/// sampled once (which sector covers each pixel), so a frame only looks pixels up and adds
/// the pointer, the readout and the labels. A value with no mutable state.
public struct TerminalGaugeRenderer: Sendable {
  /// The gauge it draws (with the options' title and labels applied).
  public let gauge: Gauge
  /// The options every frame is drawn with.
  public let options: TerminalOptions
  /// Rows down to the lowest thing drawn (the same for every value and every moment).
  package let rows: Int
  /// The scenes, at a size where a cell is 1 unit wide and 2 tall.
  package let scenes: GaugeScenes
  /// For each pixel, row by row, the index of the ring sector covering it, or -1.
  let ring: [Int32]

  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  public init(gauge: Gauge, options: TerminalOptions = TerminalOptions()) throws(GaugeError) {
    let gauge = try TerminalGaugeRenderer.labelled(gauge, options: options)
    let square = TerminalOptions.rows(forColumns: options.columns)
    let rows = TerminalGaugeRenderer.rows(of: gauge, columns: options.columns)
    var sceneOptions = SVGOptions(
      width: options.columns, height: square * 2, showLabels: options.showLabels)
    sceneOptions.textMeasure = .cells
    let scenes = try GaugeScenes(gauge: gauge, options: sceneOptions, repeated: true)
    let sampling = TerminalSampling(glyphs: options.glyphs)
    let sampler = SceneSampler(
      scene: try scenes.scene(value: nil), minimumGap: 1 / Double(sampling.across))
    var ring: [Int32] = []
    let count = rows
    ring.reserveCapacity(count * options.columns * sampling.across * sampling.down)
    for row in 0..<count {
      for column in 0..<options.columns {
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            ring.append(Int32(sampler.ringSector(at: point) ?? -1))
          }
        }
      }
    }
    self.gauge = gauge
    self.options = options
    self.rows = count
    self.scenes = scenes
    self.ring = ring
  }

  /// The rows a frame of `gauge` takes at `options`' width (the same for every value), for
  /// fitting gauges to a window without drawing them.
  ///
  /// - Throws: what `init(gauge:options:)` throws.
  package static func rows(of gauge: Gauge, options: TerminalOptions) throws(GaugeError) -> Int {
    rows(of: try labelled(gauge, options: options), columns: options.columns)
  }

  /// `gauge` with the options' title and labels, checked at the options' width.
  private static func labelled(_ gauge: Gauge, options: TerminalOptions) throws(GaugeError)
    -> Gauge
  {
    try options.checkColumns("gauge")
    var gauge = gauge
    if let title = options.title { gauge.title = title }
    if !options.showLabels {
      gauge.title = nil
      gauge.labels.showEnds = false
    }
    let square = TerminalOptions.rows(forColumns: options.columns)
    _ = try gauge.layout(value: nil, width: options.columns, height: square * 2)
    return gauge
  }

  /// Rows down to the lowest thing drawn: the ring's bottom or the lowest label.
  private static func rows(of gauge: Gauge, columns: Int) -> Int {
    let square = TerminalOptions.rows(forColumns: columns)
    let reference = gauge.checkedLayout(
      value: nil, width: columns, height: square * 2, measure: .cells)
    var rows = Int((reference.ringBottom / 2).rounded(.up))
    for label in reference.labels {
      rows = Swift.max(rows, Int((label.position.y / 2).rounded(.down)) + 1)
    }
    return Swift.min(square, rows)
  }

  /// The frame for `value`, or for a moment of an animation.
  public func frame(value: Double?, moment: GaugeFrame? = nil) -> TerminalFrame {
    let shown = moment.map { $0.value } ?? value
    // The scenes were checked when this renderer was made: a still scene cannot fail.
    guard let scene = try? scenes.scene(value: shown) else {
      return TerminalFrame(columns: options.columns, rows: rows)
    }
    var sampler = SceneSampler(scene: scene, minimumGap: 1)
    sampler.appearedSectors = moment?.appearedSectors ?? Int.max
    let painter = TerminalPainter(options: options, palette: sampler.palette)
    var frame = TerminalFrame(columns: options.columns, rows: rows)
    let bigReadout = readoutDigits(scene)
    sampler.digits = bigReadout ?? .none
    draw(sampler, painter, into: &frame)
    let ink = sampler.polygonCells(
      rows: rows, columns: options.columns, sampling: painter.sampling)
    TerminalTexts.place(
      scene, into: &frame, bold: options.depth != .none, digitRows: bigReadout?.cells.rows,
      ink: ink)
    return frame
  }

  private func draw(
    _ sampler: SceneSampler, _ painter: TerminalPainter, into frame: inout TerminalFrame
  ) {
    let sampling = painter.sampling
    let box = sampler.inkBox
    var index = 0
    // The common case, half blocks in colour: two pixels a cell, no array.
    if options.glyphs == .halfBlocks && options.depth != .none {
      for row in 0..<rows {
        for column in 0..<options.columns {
          let top = sampler.pixel(
            at: sampling.point(row: row, column: column, i: 0, j: 0), ringSector: ring[index],
            box: box)
          let bottom = sampler.pixel(
            at: sampling.point(row: row, column: column, i: 0, j: 1),
            ringSector: ring[index + 1], box: box)
          index += 2
          frame.cells[row * options.columns + column] = painter.halfBlockCell(
            top: top, bottom: bottom)
        }
      }
      return
    }
    var pixels = [TerminalPixel](repeating: .empty, count: sampling.across * sampling.down)
    // Braille dots would blur the large digits into blocks: their cells are half blocks.
    let digitCells = options.glyphs == .braille ? sampler.digits.cells : nil
    let halves = TerminalSampling(glyphs: .halfBlocks)
    for row in 0..<rows {
      for column in 0..<options.columns {
        if let digitCells, digitCells.rows.contains(row), digitCells.columns.contains(column) {
          index += sampling.across * sampling.down
          frame.cells[row * options.columns + column] = painter.inkCell(
            upper: sampler.digits.covers(halves.point(row: row, column: column, i: 0, j: 0)),
            lower: sampler.digits.covers(halves.point(row: row, column: column, i: 0, j: 1)))
          continue
        }
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            pixels[j * sampling.across + i] = sampler.pixel(
              at: sampling.point(row: row, column: column, i: i, j: j), ringSector: ring[index],
              box: box)
            index += 1
          }
        }
        frame.cells[row * options.columns + column] = painter.cell(for: pixels)
      }
    }
  }

  /// The readout drawn in large digits, when it has only characters the font knows and a
  /// size that fits the disc the pointer never enters; otherwise `nil` and it is written as
  /// text.
  private func readoutDigits(_ scene: Scene) -> BigText? {
    guard options.glyphs != .ascii else { return nil }
    for case .text(let text) in scene.items where text.role == .readout {
      for case .ring(let ring) in scene.items {
        // Inside the pointer's inner end, so the pointer never runs through the digits.
        return BigText(text: text.text, center: ring.center, fitting: ring.clearRadius)
      }
    }
    return nil
  }
}
