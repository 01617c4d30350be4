import GaugeGeometry
import GaugeSupport

/// Draws a chart's scene on the cell grid: its sectors as pixels, its texts as characters
/// where the scene put them, and its legend as lines of text below. It reads nothing but the
/// scene and the terminal's own options.
///
/// Units: a scene laid out in cells, 1 unit wide and 2 tall. A text above the picture
/// (`position.y < 0`, a title) adds rows above it.
package struct TerminalChartDrawer {
  package let scene: Scene
  package let options: TerminalOptions
  package let sampler: SceneSampler
  package let painter: TerminalPainter

  /// - Parameter sweptAngle: how far round the chart's sweep has reached, 0...360 (NaN is
  ///   360).
  package init(scene: Scene, options: TerminalOptions, sweptAngle: Double = 360) {
    var sampler = SceneSampler(scene: scene, minimumGap: 0)
    sampler.sweptAngle = sweptAngle.isNaN ? 360 : Swift.min(360, Swift.max(0, sweptAngle))
    self.scene = scene
    self.options = options
    self.sampler = sampler
    painter = TerminalPainter(options: options, palette: sampler.palette)
  }

  /// The frame, `width` cells wide (at least the scene's width): the legend's lines may use
  /// all of it.
  package func draw(width: Int) -> TerminalFrame {
    let columns = scene.width
    let texts = scene.items.compactMap { item -> SceneText? in
      if case .text(let text) = item { return text }
      return nil
    }
    let top = Swift.max(0, -(texts.map { Self.row(of: $0) }.min() ?? 0))
    let legendRows = legendLines(width: width)
    let rows = pictureRows
    let gap = legendRows.isEmpty ? 0 : 1
    var frame = TerminalFrame(
      columns: Swift.max(width, columns), rows: top + rows + gap + legendRows.count)
    let sampling = painter.sampling
    let box = sampler.inkBox
    var pixels = [TerminalPixel](repeating: .empty, count: sampling.across * sampling.down)
    for row in 0..<rows {
      for column in 0..<columns {
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            pixels[j * sampling.across + i] = sampler.pixel(at: point, box: box)
          }
        }
        frame[top + row, column] = painter.cell(for: pixels)
      }
    }
    // A chart's texts sit where its scene put them (a donut's total in the hole, a title
    // above), over whatever is drawn there.
    for text in texts {
      let string = TerminalText.sanitized(text.text)
      let column = Int((text.position.x - Double(TerminalText.width(string)) / 2).rounded())
      frame.write(
        string, row: top + Self.row(of: text), column: column,
        bold: text.weight == .bold && options.depth != .none)
    }
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

  /// The row a text's line box is centred on (a row is 2 units tall).
  private static func row(of text: SceneText) -> Int {
    Int((text.position.y / 2).rounded(.down))
  }

  /// Rows down to the last whose first pixels reach a sector (a highlighted slice reaches
  /// further than the others), at most half the scene's height.
  private var pictureRows: Int {
    let square = scene.height / 2
    var bottom: Double?
    for item in scene.items {
      let sectors: [SceneSector]
      switch item {
      case .sectors(let found): sectors = found
      case .sector(let found): sectors = [found]
      default: continue
      }
      for sector in sectors {
        let reach = sector.sector.center.y + sector.sector.outerRadius
        bottom = Swift.max(bottom ?? reach, reach)
      }
    }
    guard let bottom else { return square }
    let firstPixel = 1 / Double(painter.sampling.down)
    return Swift.min(square, Int(((bottom - firstPixel) / 2).rounded(.down)) + 1)
  }

  private struct Part {
    var text: String
    var color: TerminalColor?
    var bold = false
  }

  /// One line per legend entry, in the scene's order: swatch, label, value and share, in
  /// columns; the highlighted item's line ends in "◀" ("<" in ASCII) and is bold where the
  /// terminal can. Labels too long for `width` are cut with "…".
  private func legendLines(width: Int) -> [[Part]] {
    let entries = scene.legend
    let values = entries.map(\.value)
    let shares = entries.map(\.share)
    let valueWidth = values.map(TerminalText.width).max() ?? 0
    let shareWidth = shares.map(TerminalText.width).max() ?? 0
    let labels = entries.map { TerminalText.sanitized($0.label) }
    // The highlighted row ends in an arrow, so it stands out without colour or bold.
    let marker = options.glyphs == .ascii ? " <" : " ◀"
    let hasHighlight = entries.contains(where: \.isHighlighted)
    // Swatch "██ ", then the label, two spaces, the value and the share right-aligned.
    let fixed = 3 + 2 + valueWidth + 2 + shareWidth + (hasHighlight ? 2 : 0)
    let labelWidth = Swift.min(
      labels.map(TerminalText.width).max() ?? 0, Swift.max(4, width - fixed))
    var lines: [[Part]] = []
    for (row, entry) in entries.enumerated() {
      let swatch: Part
      if let sector = entry.sector {
        let pixel = TerminalPixel.data(sector)
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
      let bold = entry.isHighlighted && options.depth != .none
      lines.append([
        swatch,
        Part(text: " " + label + padding + "  ", bold: bold),
        Part(
          text: String(repeating: " ", count: valueWidth - TerminalText.width(value)) + value
            + "  " + String(repeating: " ", count: shareWidth - TerminalText.width(share)) + share),
        Part(text: entry.isHighlighted ? marker : "", bold: bold),
      ])
    }
    return lines
  }
}
