import GaugeGeometry
import GaugeSupport

/// One character cell of a terminal frame.
package struct TerminalCell: Sendable, Hashable {
  /// The character shown; empty for the right half of a wide character.
  package var text: String
  /// `nil` leaves the terminal's own colour.
  package var foreground: TerminalColor?
  package var background: TerminalColor?
  package var bold: Bool

  package init(
    text: String, foreground: TerminalColor? = nil, background: TerminalColor? = nil,
    bold: Bool = false
  ) {
    self.text = text
    self.foreground = foreground
    self.background = background
    self.bold = bold
  }

  package static let blank = TerminalCell(text: " ")

  /// A cell showing two square pixels, upper and lower (`nil`: nothing there).
  package static func halfBlock(upper: TerminalColor?, lower: TerminalColor?) -> TerminalCell {
    switch (upper, lower) {
    case (nil, nil):
      return .blank
    case (let upper?, nil):
      return TerminalCell(text: "▀", foreground: upper)
    case (nil, let lower?):
      return TerminalCell(text: "▄", foreground: lower)
    case (let upper?, let lower?):
      if upper == lower { return TerminalCell(text: "█", foreground: upper) }
      // The terminal's default colour works as a foreground only.
      if upper == .terminalDefault {
        return TerminalCell(text: "▀", foreground: upper, background: lower)
      }
      return TerminalCell(text: "▄", foreground: lower, background: upper)
    }
  }

  /// Dot bits of U+2800 for a cell's 2 × 4 pixels, row by row.
  package static let brailleDots: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

  /// The braille character with `pattern`'s dots, in one colour.
  package static func braille(_ pattern: UInt32, color: TerminalColor?) -> TerminalCell {
    TerminalCell(text: String(Character(Unicode.Scalar(0x2800 + pattern)!)), foreground: color)
  }
}

/// A grid of cells: one frame of a terminal gauge.
public struct TerminalFrame: Sendable, Hashable {
  /// Cells across.
  public let columns: Int
  /// Cells down.
  public let rows: Int
  package var cells: [TerminalCell]

  /// The most columns or rows of a frame: a terminal counts its size in 16 bits.
  package static let maximumSide = 65_535
  /// The most cells of a frame (4 Mi, about 200 MB of cells).
  package static let maximumCells = 1 << 22

  /// A blank frame.
  ///
  /// Edge cases:
  /// - A negative side is 0; a side over `maximumSide` is `maximumSide`.
  /// - A frame that would pass `maximumCells` keeps its columns and loses rows.
  package init(columns: Int, rows: Int) {
    let columns = Swift.min(Swift.max(columns, 0), TerminalFrame.maximumSide)
    var rows = Swift.min(Swift.max(rows, 0), TerminalFrame.maximumSide)
    if columns > 0 { rows = Swift.min(rows, TerminalFrame.maximumCells / columns) }
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: .blank, count: columns * rows)
  }

  /// The cell at `row` and `column`, from 0 at the top left.
  ///
  /// Edge cases: outside the frame, reading gives a blank cell and writing does nothing.
  package subscript(row: Int, column: Int) -> TerminalCell {
    get {
      guard contains(row: row, column: column) else { return .blank }
      return cells[row * columns + column]
    }
    set {
      guard contains(row: row, column: column) else { return }
      cells[row * columns + column] = newValue
    }
  }

  private func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Writes `text` from `column` on `row`, clipped to the frame; wide characters take two
  /// cells and zero-width ones join the character before them.
  package mutating func write(
    _ text: String, row: Int, column: Int, foreground: TerminalColor? = nil, bold: Bool = false
  ) {
    guard row >= 0, row < rows else { return }
    var position = column
    for character in text {
      let width = TerminalText.cellWidth(character)
      if width == 0 {
        if position > 0, position - 1 < columns, position - 1 >= 0 {
          self[row, position - 1].text.append(character)
        }
        continue
      }
      if position >= 0 && position + width <= columns {
        self[row, position] = TerminalCell(
          text: String(character), foreground: foreground, bold: bold)
        // A cluster of more than one cell (wide, or old Hangul jamo of 3 or 4) covers the
        // cells after it, which print nothing.
        for covered in (position + 1)..<(position + Swift.max(1, width)) {
          self[row, covered] = TerminalCell(text: "", foreground: foreground, bold: bold)
        }
      }
      position += width
    }
  }

  /// The frame with colours and weight as escape sequences, one line per row, every line
  /// ending in a reset. No cursor movement: safe to print anywhere.
  public func ansi() -> String {
    var out: [UInt8] = []
    out.reserveCapacity(columns * rows * 8)
    for row in 0..<rows {
      appendRow(row, from: 0, to: columns, into: &out)
      out.append(UInt8(ascii: "\n"))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The characters alone: no escape sequences, trailing spaces trimmed.
  public func plain() -> String {
    var out = ""
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns { line += self[row, column].text }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }

  /// Writes cells `start..<end` of `row`, styled, ending with the style reset.
  private func appendRow(_ row: Int, from start: Int, to end: Int, into out: inout [UInt8]) {
    var current = Style()
    for column in start..<end {
      let cell = self[row, column]
      if cell.text.isEmpty { continue }
      let style = Style(foreground: cell.foreground, background: cell.background, bold: cell.bold)
      if style != current {
        style.appendSGR(to: &out)
        current = style
      }
      // Contiguous UTF-8 copies in one go; the general path goes byte by byte.
      var text = cell.text
      text.withUTF8 { out.append(contentsOf: $0) }
    }
    if current != Style() { out.append(contentsOf: TerminalEscapes.reset.utf8) }
  }

  private struct Style: Equatable {
    var foreground: TerminalColor?
    var background: TerminalColor?
    var bold = false

    /// `ESC[0;1;38;...m`: a full reset, then the style, so no state leaks between cells.
    func appendSGR(to out: inout [UInt8]) {
      out.append(contentsOf: "\u{1B}[0".utf8)
      if bold { out.append(contentsOf: ";1".utf8) }
      if let foreground {
        out.append(UInt8(ascii: ";"))
        foreground.appendSGR(background: false, to: &out)
      }
      if let background {
        out.append(UInt8(ascii: ";"))
        background.appendSGR(background: true, to: &out)
      }
      out.append(UInt8(ascii: "m"))
    }
  }

  /// What to write so a terminal showing `previous` (with the cursor on the line below it)
  /// shows this frame, with the cursor again on the line below. Only changed cells are
  /// written; a frame of another size is redrawn whole. Wrapped in synchronized output.
  public func redraw(from previous: TerminalFrame?) -> String {
    var out = TerminalEscapes.beginSynchronized
    guard let previous, previous.columns == columns, previous.rows == rows else {
      if let previous {
        out += TerminalEscapes.erase(rows: previous.rows)
      }
      return out + ansi() + TerminalEscapes.endSynchronized
    }
    var cursorRow = rows
    for row in 0..<rows {
      var column = 0
      while column < columns {
        guard self[row, column] != previous[row, column] else {
          column += 1
          continue
        }
        // A run of changed cells, widened to whole wide characters.
        var start = column
        while start > 0 && (self[row, start].text.isEmpty || previous[row, start].text.isEmpty) {
          start -= 1
        }
        var end = column + 1
        while end < columns && (self[row, end] != previous[row, end] || self[row, end].text.isEmpty)
        {
          end += 1
        }
        out +=
          row < cursorRow
          ? TerminalEscapes.cursorUp(cursorRow - row) : TerminalEscapes.cursorDown(row - cursorRow)
        cursorRow = row
        out += TerminalEscapes.cursorColumn(start + 1)
        var bytes: [UInt8] = []
        appendRow(row, from: start, to: end, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
        column = end
      }
    }
    out += TerminalEscapes.cursorDown(rows - cursorRow) + "\r"
    return out + TerminalEscapes.endSynchronized
  }
}

extension TerminalFrame {
  /// Frames side by side, `gap` blank columns apart, wrapping onto a new band of rows
  /// whenever the next would pass `width` columns; bands are one blank row apart.
  ///
  /// Edge cases: a frame wider than `width` gets a band of its own; no frames give an
  /// empty frame; a negative gap is 0 and one over `maximumSide` is `maximumSide`; what
  /// would pass the largest frame (see `init(columns:rows:)`) is cut off.
  package static func tiled(_ frames: [TerminalFrame], width: Int, gap: Int = 2) -> TerminalFrame {
    let gap = Swift.min(Swift.max(gap, 0), maximumSide)
    var bands: [[TerminalFrame]] = []
    var used = 0
    for frame in frames {
      if let last = bands.last, !last.isEmpty, used + gap + frame.columns <= width {
        bands[bands.count - 1].append(frame)
        used += gap + frame.columns
      } else {
        bands.append([frame])
        used = frame.columns
      }
    }
    let columns =
      bands.map { band in band.reduce(0) { $0 + $1.columns } + gap * (band.count - 1) }
      .max() ?? 0
    let rows =
      bands.map { band in band.map(\.rows).max() ?? 0 }.reduce(0, +) + Swift.max(0, bands.count - 1)
    var tiled = TerminalFrame(columns: columns, rows: rows)
    var top = 0
    for band in bands {
      var left = 0
      for frame in band {
        for row in 0..<frame.rows {
          for column in 0..<frame.columns {
            tiled[top + row, left + column] = frame[row, column]
          }
        }
        left += frame.columns + gap
      }
      top += (band.map(\.rows).max() ?? 0) + 1
    }
    return tiled
  }
}
