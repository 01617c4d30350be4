import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugePresets
import GaugeSupport

extension PieChart {
  /// The chart as terminal cells: the pie `options.columns` cells wide (about half as many
  /// rows tall), with the legend as text below it (unless `showLabels` is false):
  /// a swatch, the label, the value and the share, one item a line.
  ///
  /// - Parameters:
  ///   - legendWidth: how wide legend lines may run, in cells (a terminal's width); `nil`
  ///     keeps them within the pie's width. Labels too long are cut with "…".
  ///   - sweptAngle: for an animation, how far round the ring has been drawn, 0...360.
  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidChart` when the data or options break a rule.
  public func terminalFrame(
    options: TerminalOptions = TerminalOptions(), legendWidth: Int? = nil,
    sweptAngle: Double = 360
  ) throws(GaugeError) -> TerminalFrame {
    try options.checkColumns("chart")
    var ring = self
    if let title = options.title { ring.title = title }
    let title = options.showLabels ? ring.title.map(TerminalText.sanitized) : nil
    // The ring alone: texts in cells are placed here, not by the image layout.
    ring.title = nil
    ring.legend = .none
    ring.sliceLabels = .none
    let rows = TerminalOptions.rows(forColumns: options.columns)
    let size = SVGOptions(width: options.columns, height: rows * 2)
    let layout = try ring.layout(width: size.width, height: size.height)
    var sampler = SceneSampler(scene: try ring.scene(options: size), minimumGap: 0)
    sampler.sweptAngle = sweptAngle.isNaN ? 360 : Swift.min(360, Swift.max(0, sweptAngle))
    let drawer = PieTerminalDrawer(layout: layout, options: options, rows: rows, sampler: sampler)
    return drawer.draw(
      title: title, legend: options.showLabels && legend != .none,
      width: Swift.max(options.columns, Swift.min(legendWidth ?? 0, TerminalOptions.maximumColumns))
    )
  }
}

/// Draws a chart's scene on the cell grid and writes its legend as text.
package struct PieTerminalDrawer {
  package let layout: PieLayout
  package let options: TerminalOptions
  package let rows: Int
  package let sampler: SceneSampler
  package let painter: TerminalPainter

  package init(layout: PieLayout, options: TerminalOptions, rows: Int, sampler: SceneSampler) {
    self.layout = layout
    self.options = options
    self.rows = rows
    self.sampler = sampler
    painter = TerminalPainter(options: options, palette: sampler.palette)
  }

  package func draw(title: String?, legend: Bool, width: Int) -> TerminalFrame {
    let top = title == nil ? 0 : 1
    let legendRows = legend ? legendLines(width: width) : []
    // Rows down to the ring's lowest point (a highlighted slice reaches further), then a
    // blank line before the legend.
    let reach = layout.slices.map(\.sector.outerRadius).max() ?? layout.outerRadius
    let firstPixel = 1 / Double(TerminalSampling(glyphs: options.glyphs).down)
    let rows = Swift.min(
      self.rows, Int(((layout.center.y + reach - firstPixel) / 2).rounded(.down)) + 1)
    let gap = legendRows.isEmpty ? 0 : 1
    var frame = TerminalFrame(columns: width, rows: top + rows + gap + legendRows.count)
    if let title {
      let textWidth = TerminalText.width(title)
      frame.write(
        title, row: 0, column: Swift.max(0, (options.columns - textWidth) / 2),
        bold: options.depth != .none)
    }
    let sampling = painter.sampling
    let box = sampler.inkBox
    var pixels = [TerminalPixel](repeating: .empty, count: sampling.across * sampling.down)
    for row in 0..<rows {
      for column in 0..<options.columns {
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            pixels[j * sampling.across + i] = sampler.pixel(at: point, box: box)
          }
        }
        frame[top + row, column] = painter.cell(for: pixels)
      }
    }
    centerText(into: &frame, top: top)
    for (offset, line) in legendRows.enumerated() {
      var column = 0
      for part in line {
        frame.write(
          part.text, row: top + rows + gap + offset, column: column, foreground: part.color,
          bold: part.bold)
        column += TerminalText.width(part.text)
      }
    }
    return frame
  }

  /// A donut's total (or highlighted item) in its hole, when it fits; an empty chart's
  /// message in the middle.
  private func centerText(into frame: inout TerminalFrame, top: Int) {
    let lines: [String]
    if let message = layout.emptyMessage {
      lines = [message.text]
    } else if let content = layout.centerContent {
      lines = [TerminalText.sanitized(content.value), TerminalText.sanitized(content.caption)]
    } else {
      return
    }
    // The hole's width in cells at the centre row; a pie's message sits on the disc.
    let room = Int(
      2
        * (layout.isEmpty && layout.innerRadius == 0
          ? layout.outerRadius * 0.8 : layout.innerRadius * 0.9))
    let centerRow = top + Int(layout.center.y / 2)
    for (offset, line) in lines.enumerated() {
      let width = TerminalText.width(line)
      guard width <= room, offset == 0 || layout.innerRadius >= 4 else { continue }
      let column = Int((layout.center.x - Double(width) / 2).rounded())
      frame.write(
        line, row: centerRow - offset, column: column, bold: offset == 0 && options.depth != .none)
    }
  }

  private struct Part {
    var text: String
    var color: TerminalColor?
    var bold = false
  }

  /// One line per item in drawing order: swatch, label, value and share, in columns; the
  /// highlighted item's line ends in "◀" ("<" in ASCII) and is bold where the terminal can.
  private func legendLines(width: Int) -> [[Part]] {
    let chart = layout.chart
    let total = layout.total
    let sliceIndex = Dictionary(
      uniqueKeysWithValues: layout.slices.enumerated().map { ($1.itemIndex, $0) })
    let values = layout.order.map { layout.valueText(chart.items[$0].value) }
    let shares = layout.order.map {
      total > 0 ? PieChart.preciseShareText(chart.items[$0].value / total) : "–"
    }
    let valueWidth = values.map(TerminalText.width).max() ?? 0
    let shareWidth = shares.map(TerminalText.width).max() ?? 0
    let labels = layout.order.map { TerminalText.sanitized(chart.items[$0].label) }
    // The highlighted row ends in an arrow, so it stands out without colour or bold.
    let marker = options.glyphs == .ascii ? " <" : " ◀"
    let hasHighlight = layout.order.contains { chart.items[$0].label == chart.highlighted }
    // Swatch "██ ", then the label, two spaces, the value and the share right-aligned.
    let fixed = 3 + 2 + valueWidth + 2 + shareWidth + (hasHighlight ? 2 : 0)
    let labelWidth = Swift.min(
      labels.map(TerminalText.width).max() ?? 0, Swift.max(4, width - fixed))
    var lines: [[Part]] = []
    for (row, index) in layout.order.enumerated() {
      let slice = sliceIndex[index]
      let swatch: Part
      if let slice {
        let pixel = TerminalPixel.data(slice)
        let text =
          options.depth == .none ? String(repeating: painter.glyph(of: pixel), count: 2) : "██"
        swatch = Part(text: text, color: painter.color(of: pixel))
      } else {
        swatch = Part(text: "  ")
      }
      let label = TerminalText.fitted(labels[row], width: labelWidth)
      let padding = String(repeating: " ", count: labelWidth - TerminalText.width(label))
      let value = values[row]
      let share = shares[row]
      let isHighlighted = chart.highlighted == chart.items[index].label
      let bold = isHighlighted && options.depth != .none
      lines.append([
        swatch,
        Part(text: " " + label + padding + "  ", bold: bold),
        Part(
          text: String(repeating: " ", count: valueWidth - TerminalText.width(value)) + value
            + "  " + String(repeating: " ", count: shareWidth - TerminalText.width(share)) + share),
        Part(text: isHighlighted ? marker : "", bold: bold),
      ])
    }
    return lines
  }
}
