import GaugeGeometry
import GaugeSupport

/// What one terminal pixel shows.
package enum TerminalPixel: Hashable {
  case empty
  /// An unlit sector or an empty chart's ring.
  case track
  /// A zone's or a slice's colour, by its index in the scene's palette.
  case data(Int)
  /// The pointer, the off-scale marker and the readout's digits: the terminal's own colour.
  case ink
}

/// Turns pixels into cells, the same way for every scene: half blocks (two pixels a cell),
/// braille (eight) or ASCII (one), at every colour depth.
package struct TerminalPainter {
  package let glyphs: GlyphSet
  package let depth: ColorDepth
  /// By palette index, each as distinct from the others as the depth allows.
  package let colors: [TerminalColor]

  /// Without colour, data takes turns of these patterns, twelve before one repeats.
  package static let shades = [
    "░", "▒", "▓", "▚", "▞", "▙", "▛", "▜", "▟", "▖", "▗", "▝",
  ]
  package static let asciiShades = [".", "o", "#", "%", "=", "+", ":", "x", "*", "~", "&", "$"]

  package init(options: TerminalOptions, palette: [Color]) {
    glyphs = options.glyphs
    depth = options.depth
    colors = ColorQuantizer.distinct(palette, depth: options.depth)
  }

  /// Pixels per cell across and down.
  package var sampling: TerminalSampling { TerminalSampling(glyphs: glyphs) }

  package func color(of pixel: TerminalPixel) -> TerminalColor? {
    guard depth != .none else { return nil }
    switch pixel {
    case .empty: return nil
    case .data(let index): return colors[index]
    // The track is the terminal's own dim grey, so it suits light and dark themes.
    case .track: return .ansi16(8)
    case .ink: return .terminalDefault
    }
  }

  /// Without colour, each palette entry shows as its own pattern.
  package func glyph(of pixel: TerminalPixel) -> String {
    let ascii = glyphs == .ascii
    switch pixel {
    case .empty: return " "
    case .ink: return ascii ? "@" : "█"
    case .track: return ascii ? "-" : "·"
    case .data(let index):
      let shades = ascii ? TerminalPainter.asciiShades : TerminalPainter.shades
      var shade = index % shades.count
      // A pie's last slice touches its first: when the cycle would give both one pattern,
      // step on.
      if index > 0, index == colors.count - 1, shade == 0 { shade = 1 }
      return shades[shade]
    }
  }

  /// The cell for one cell's pixels, row by row.
  package func cell(for pixels: [TerminalPixel]) -> TerminalCell {
    if glyphs == .ascii {
      let pixel = pixels[0]
      return TerminalCell(text: glyph(of: pixel), foreground: color(of: pixel))
    }
    if depth == .none {
      // Ink alone keeps its shape in half blocks, which need no colour.
      if glyphs == .halfBlocks, pixels.allSatisfy({ $0 == .empty || $0 == .ink }) {
        switch (pixels[0] == .ink, pixels[1] == .ink) {
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
    if glyphs == .braille {
      var pattern: UInt32 = 0
      for (index, pixel) in pixels.enumerated() where pixel != .empty {
        pattern |= TerminalCell.brailleDots[index]
      }
      guard pattern != 0, let pixel = dominant(pixels) else { return .blank }
      return TerminalCell.braille(pattern, color: color(of: pixel))
    }
    return halfBlockCell(top: pixels[0], bottom: pixels[1])
  }

  /// A cell of ink alone in half blocks (the readout's large digits, whatever the glyphs):
  /// `▀`, `▄`, `█` or blank, in the terminal's own colour.
  package func inkCell(upper: Bool, lower: Bool) -> TerminalCell {
    let text: String
    switch (upper, lower) {
    case (true, true): text = "█"
    case (true, false): text = "▀"
    case (false, true): text = "▄"
    case (false, false): return .blank
    }
    return TerminalCell(text: text, foreground: depth == .none ? nil : .terminalDefault)
  }

  @inline(__always)
  package func halfBlockCell(top: TerminalPixel, bottom: TerminalPixel) -> TerminalCell {
    TerminalCell.halfBlock(upper: color(of: top), lower: color(of: bottom))
  }

  /// The most common non-empty pixel; ink counts once more, and the first wins a tie.
  private func dominant(_ pixels: [TerminalPixel]) -> TerminalPixel? {
    var best: (TerminalPixel, Int)?
    for pixel in pixels where pixel != .empty {
      // Counted in place: this runs for every cell of every frame.
      var count = pixel == .ink ? 1 : 0
      for other in pixels where other == pixel { count += 1 }
      if count > (best?.1 ?? 0) { best = (pixel, count) }
    }
    return best?.0
  }
}

/// Where a cell's pixels sample the picture.
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

  /// The centre of pixel (i, j) of a cell, in scene units (a cell is 1 wide and 2 tall).
  @inline(__always)
  package func point(row: Int, column: Int, i: Int, j: Int) -> Point {
    Point(
      x: Double(column) + (Double(i) + 0.5) / Double(across),
      y: 2 * (Double(row) + (Double(j) + 0.5) / Double(down)))
  }
}
