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
  public var glyphs: GlyphSet
  public var depth: ColorDepth
  /// Title and start/end labels; the readout always shows.
  public var showLabels: Bool
  /// Replaces the preset's title.
  public var title: String?

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
  public static func rows(forColumns columns: Int) -> Int { (columns + 1) / 2 }
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
  public let gauge: Gauge
  public let options: TerminalOptions
  /// Rows down to the lowest thing drawn (the same for every value and every moment).
  public let rows: Int
  /// The layout's height in layout units (a cell is 1 wide and 2 tall).
  package let layoutHeight: Int
  /// For each pixel, row by row, the visible index of the sector covering it, or -1.
  package let ring: [Int32]

  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  public init(gauge: Gauge, options: TerminalOptions = TerminalOptions()) throws(GaugeError) {
    try options.checkColumns("gauge")
    var gauge = gauge
    if let title = options.title { gauge.title = title }
    if !options.showLabels {
      gauge.title = nil
      gauge.labels.showEnds = false
    }
    let square = TerminalOptions.rows(forColumns: options.columns)
    let reference = try gauge.layout(value: nil, width: options.columns, height: square * 2)
    var rows = Int((reference.ringBottom / 2).rounded(.up))
    for label in reference.labels {
      rows = Swift.max(rows, Int((label.position.y / 2).rounded(.down)) + 1)
    }
    self.gauge = gauge
    self.options = options
    self.rows = Swift.min(square, rows)
    layoutHeight = square * 2
    let sampling = TerminalSampling(glyphs: options.glyphs)
    let padWidth = reference.padWidth >= 1 / Double(sampling.across) ? reference.padWidth : 0
    var ring: [Int32] = []
    ring.reserveCapacity(self.rows * options.columns * sampling.across * sampling.down)
    for row in 0..<self.rows {
      for column in 0..<options.columns {
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            if case .sector(let index) = reference.hit(at: point, padWidth: padWidth) {
              ring.append(Int32(index))
            } else {
              ring.append(-1)
            }
          }
        }
      }
    }
    self.ring = ring
  }

  /// The frame for `value`, or for a moment of an animation.
  public func frame(value: Double?, moment: GaugeFrame? = nil) -> TerminalFrame {
    let shown = moment.map { $0.value } ?? value
    let layout = gauge.checkedLayout(value: shown, width: options.columns, height: layoutHeight)
    let rasterizer = TerminalRasterizer(
      layout: layout, options: options, rows: rows,
      appearedSectors: moment?.appearedSectors ?? layout.sectors.count, ring: ring)
    return rasterizer.draw()
  }
}

/// Where a cell's pixels sample the layout.
package struct TerminalSampling {
  package let across: Int
  package let down: Int

  package init(glyphs: GlyphSet) {
    switch glyphs {
    case .halfBlocks: (across, down) = (1, 2)
    case .braille: (across, down) = (2, 4)
    case .ascii: (across, down) = (1, 1)
    }
  }

  /// The centre of pixel (i, j) of a cell, in layout units.
  @inline(__always)
  package func point(row: Int, column: Int, i: Int, j: Int) -> Point {
    Point(
      x: Double(column) + (Double(i) + 0.5) / Double(across),
      y: 2 * (Double(row) + (Double(j) + 0.5) / Double(down)))
  }
}

/// What one pixel shows.
private enum Pixel: Hashable {
  case empty
  case sector(zone: Int, lit: Bool)
  case pointer
  case readout
}

/// Samples the layout's hit test on a pixel grid and turns pixels into glyphs.
package struct TerminalRasterizer {
  package let layout: GaugeLayout
  package let options: TerminalOptions
  package let rows: Int
  package let appearedSectors: Int
  package let zoneColors: [TerminalColor]
  package let trackColor: TerminalColor?
  /// Pixels per cell across and down.
  package let pixelsAcross: Int
  package let pixelsDown: Int

  /// The ring sampled ahead of time: each pixel's sector, or -1.
  package let ring: [Int32]

  package init(
    layout: GaugeLayout, options: TerminalOptions, rows: Int, appearedSectors: Int, ring: [Int32]
  ) {
    self.layout = layout
    self.options = options
    self.rows = rows
    self.appearedSectors = appearedSectors
    self.ring = ring
    zoneColors = ColorQuantizer.distinct(layout.gauge.zones.map(\.color), depth: options.depth)
    // The track is the terminal's own dim grey, so it suits light and dark themes.
    trackColor = options.depth == .none ? nil : .ansi16(8)
    switch options.glyphs {
    case .halfBlocks: (pixelsAcross, pixelsDown) = (1, 2)
    case .braille: (pixelsAcross, pixelsDown) = (2, 4)
    case .ascii: (pixelsAcross, pixelsDown) = (1, 1)
    }
  }

  package func draw() -> TerminalFrame {
    var frame = TerminalFrame(columns: options.columns, rows: rows)
    let readout = bigReadout()
    // Unwrapped once: a pixel loop over an optional struct copies it for every pixel.
    let digits = readout ?? BigText.none
    let sampling = TerminalSampling(glyphs: options.glyphs)
    let box = pointerBox
    var pixels = [Pixel](repeating: .empty, count: pixelsAcross * pixelsDown)
    var index = 0
    // The common case, half blocks in colour: two pixels a cell, no array.
    if options.glyphs == .halfBlocks && options.depth != .none {
      for row in 0..<rows {
        for column in 0..<options.columns {
          let topPoint = sampling.point(row: row, column: column, i: 0, j: 0)
          let bottomPoint = sampling.point(row: row, column: column, i: 0, j: 1)
          let top =
            digits.covers(topPoint)
            ? .readout : pixel(at: topPoint, sector: Int(ring[index]), box: box)
          let bottom =
            digits.covers(bottomPoint)
            ? .readout : pixel(at: bottomPoint, sector: Int(ring[index + 1]), box: box)
          index += 2
          frame.cells[row * options.columns + column] = halfBlockCell(top: top, bottom: bottom)
        }
      }
      texts(into: &frame, bigReadout: readout != nil)
      return frame
    }
    // No closures in this loop: one capturing `self` would copy the layout per call.
    for row in 0..<rows {
      for column in 0..<options.columns {
        for j in 0..<pixelsDown {
          for i in 0..<pixelsAcross {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            pixels[j * pixelsAcross + i] =
              digits.covers(point) ? .readout : pixel(at: point, sector: Int(ring[index]), box: box)
            index += 1
          }
        }
        frame.cells[row * options.columns + column] = cell(for: pixels)
      }
    }
    texts(into: &frame, bigReadout: readout != nil)
    return frame
  }

  /// The box around the pointer and the off-scale marker: only points inside it need the
  /// polygon tests.
  private var pointerBox: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
    var corners: [Point] = layout.pointer?.points ?? []
    corners += layout.offScaleMarker ?? []
    guard !corners.isEmpty else { return (.infinity, -.infinity, .infinity, -.infinity) }
    return (
      corners.map(\.x).min()!, corners.map(\.x).max()!, corners.map(\.y).min()!,
      corners.map(\.y).max()!
    )
  }

  /// The pixel at `point`: the pointer or marker if they cover it, else the ring's sector.
  @inline(__always)
  private func pixel(
    at point: Point, sector index: Int,
    box: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) -> Pixel {
    if point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY,
      layout.pointerHit(at: point) != nil
    {
      return .pointer
    }
    guard index >= 0, index < appearedSectors, index < layout.sectors.count else { return .empty }
    let sector = layout.sectors[index]
    return .sector(zone: sector.zoneIndex, lit: sector.lit)
  }

  private func color(of pixel: Pixel) -> TerminalColor? {
    guard options.depth != .none else { return nil }
    switch pixel {
    case .empty: return nil
    case .sector(let zone, let lit): return lit ? zoneColors[zone] : trackColor
    case .pointer, .readout: return .terminalDefault
    }
  }

  /// Without colour, zones show as different glyphs.
  private func glyph(of pixel: Pixel) -> String {
    let ascii = options.glyphs == .ascii
    switch pixel {
    case .empty: return " "
    case .pointer, .readout: return ascii ? "@" : "█"
    case .sector(let zone, let lit):
      guard lit else { return ascii ? "-" : "·" }
      let shades = ascii ? [".", "o", "#", "%", "=", "+"] : ["░", "▒", "▓", "▚", "▞", "▙"]
      return shades[zone % shades.count]
    }
  }

  private func cell(for pixels: [Pixel]) -> TerminalCell {
    if options.glyphs == .ascii {
      let pixel = pixels[0]
      return TerminalCell(text: glyph(of: pixel), foreground: color(of: pixel))
    }
    if options.depth == .none {
      // Ink alone (pointer, readout) keeps its shape in half blocks, which need no colour.
      let ink: (Pixel) -> Bool = { $0 == .pointer || $0 == .readout }
      if options.glyphs == .halfBlocks, pixels.allSatisfy({ $0 == .empty || ink($0) }) {
        switch (ink(pixels[0]), ink(pixels[1])) {
        case (true, true): return TerminalCell(text: "█")
        case (true, false): return TerminalCell(text: "▀")
        case (false, true): return TerminalCell(text: "▄")
        case (false, false): return .blank
        }
      }
      // Otherwise one glyph per cell: the most common non-empty pixel, ink winning ties.
      guard let pixel = dominant(pixels) else { return .blank }
      return TerminalCell(text: glyph(of: pixel))
    }
    if options.glyphs == .braille {
      return brailleCell(pixels)
    }
    return halfBlockCell(top: pixels[0], bottom: pixels[1])
  }

  private func dominant(_ pixels: [Pixel]) -> Pixel? {
    var best: (Pixel, Int)?
    for pixel in pixels where pixel != .empty {
      // Counted in place: this runs for every cell of every frame.
      var count = pixel == .pointer || pixel == .readout ? 1 : 0
      for other in pixels where other == pixel { count += 1 }
      if count > (best?.1 ?? 0) { best = (pixel, count) }
    }
    return best?.0
  }

  private func halfBlockCell(top: Pixel, bottom: Pixel) -> TerminalCell {
    TerminalCell.halfBlock(upper: color(of: top), lower: color(of: bottom))
  }

  private func brailleCell(_ pixels: [Pixel]) -> TerminalCell {
    var pattern: UInt32 = 0
    for (index, pixel) in pixels.enumerated() where pixel != .empty {
      pattern |= TerminalCell.brailleDots[index]
    }
    guard pattern != 0, let pixel = dominant(pixels) else { return .blank }
    return TerminalCell.braille(pattern, color: color(of: pixel))
  }

  // MARK: - Text

  /// The readout drawn in large digits, when it has only characters the font knows and a
  /// size that fits the ring's hole; otherwise `nil` and it is written as text.
  private func bigReadout() -> BigText? {
    guard options.glyphs != .ascii, let label = layout.labels.first(where: { $0.role == .readout })
    else { return nil }
    return BigText(text: label.text, center: layout.center, fitting: layout.innerRadius)
  }

  private func texts(into frame: inout TerminalFrame, bigReadout: Bool) {
    for label in layout.labels {
      let text = TerminalText.sanitized(label.text)
      switch label.role {
      case .readout:
        guard !bigReadout else { continue }
        place(text, at: label.position, into: &frame, bold: options.depth != .none)
      case .title, .start, .end:
        guard options.showLabels else { continue }
        place(text, at: label.position, into: &frame, bold: false)
      case .zone:
        continue
      }
    }
  }

  /// Centres `text` on `position` (layout units), clipped to the frame.
  private func place(
    _ text: String, at position: Point, into frame: inout TerminalFrame, bold: Bool
  ) {
    let width = TerminalText.width(text)
    var row = Int((position.y / 2).rounded(.down))
    row = Swift.min(Swift.max(row, 0), rows - 1)
    let column = Int((position.x - Double(width) / 2).rounded())
    let clamped = Swift.min(Swift.max(column, 0), Swift.max(0, options.columns - width))
    frame.write(text, row: row, column: clamped, bold: bold)
  }
}
