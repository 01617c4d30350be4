import GaugeGeometry
import GaugeSupport

/// Writes a scene's texts into a frame as characters.
package enum TerminalTexts {
  /// How far a text may move along its row to keep a cell clear of the pointer, the marker
  /// and everything already drawn.
  static let widestNudge = 3

  /// Every text but zone labels, centred on its position (scene units: a cell is 1 wide and
  /// 2 tall), clipped to the frame.
  ///
  /// `readout`, the readout's block, places the number (left out when drawn in large
  /// digits), the unit (beside large digits, or under the number) and the value's zone under
  /// them, centred on the ring: the scene sizes and stacks them for images, not for cells.
  /// The title is bold, as the readout is.
  ///
  /// `ink` marks, row by row, the cells showing the pointer or the off-scale marker. A text
  /// keeps one blank cell from them on every side (diagonals too), a blank column from
  /// another text (and from the ring, where there is such a place), and writes over nothing
  /// already drawn: when its own place breaks one of these, it moves along its row, towards
  /// the middle first, by up to `widestNudge` cells.
  /// With no clear place, an end label is left out (the readout and the status say more);
  /// any other text stays where the scene put it.
  ///
  /// A title the layout cut to its gap (`SceneText.whole`) is measured against the cells
  /// actually free on its row instead (`Placer.placeTitle`), clear of `reserved` too: the
  /// cells the pointer and the marker show at either end of the scale.
  package static func place(
    _ scene: Scene, into frame: inout TerminalFrame, bold: Bool,
    readout: TerminalReadoutBlock?, ink: [Bool] = [], reserved: [Bool] = []
  ) {
    var placer = Placer(ink: ink, texts: [Bool](repeating: false, count: frame.cells.count))
    for case .text(var text) in scene.items {
      switch text.role {
      case .readout:
        // A text readout stays where the scene stacked it.
        if readout?.digits != nil { continue }
        placer.place(text, into: &frame, bold: bold, droppable: false)
      case .unit:
        if let readout { text.position = readout.unitPosition }
        placer.place(text, into: &frame, bold: false, droppable: false)
      case .currentZone:
        if let readout {
          text.position =
            readout.digits == nil
            ? Point(x: text.position.x, y: Double(2 * readout.zoneRow) + 1)
            : readout.position(row: readout.zoneRow)
        }
        placer.place(text, into: &frame, bold: false, droppable: false)
      case .title:
        if let whole = text.whole,
          placer.placeTitle(text, whole: whole, into: &frame, bold: bold, reserved: reserved)
        {
          continue
        }
        placer.place(text, into: &frame, bold: bold, droppable: false)
      case .zone:
        continue
      case .start, .end:
        placer.place(text, into: &frame, bold: false, droppable: true)
      default:
        placer.place(text, into: &frame, bold: false, droppable: false)
      }
    }
  }

  /// Places texts one by one, remembering which cells hold text.
  private struct Placer {
    let ink: [Bool]
    var texts: [Bool]

    mutating func place(
      _ text: SceneText, into frame: inout TerminalFrame, bold: Bool, droppable: Bool
    ) {
      let string = TerminalText.sanitized(text.text)
      let width = TerminalText.width(string)
      let position = text.position
      var row = Int((position.y / 2).rounded(.down))
      row = Swift.min(Swift.max(row, 0), frame.rows - 1)
      let column = Int((position.x - Double(width) / 2).rounded())
      let highest = Swift.max(0, frame.columns - width)
      let clamped = Swift.min(Swift.max(column, 0), highest)
      let inward = Double(clamped) + Double(width) / 2 <= Double(frame.columns) / 2 ? 1 : -1
      var offsets = [0]
      for step in 1...TerminalTexts.widestNudge { offsets += [inward * step, -inward * step] }
      // A blank column each side first; then next to the ring, but never to ink or text.
      var clear: Int?
      for strict in [true, false] where clear == nil {
        clear = offsets.map { clamped + $0 }.first { candidate in
          (0...highest).contains(candidate)
            && isClear(row: row, from: candidate, width: width, in: frame, strict: strict)
        }
      }
      guard let start = clear ?? (droppable ? nil : clamped) else { return }
      frame.write(string, row: row, column: start, bold: bold)
      for x in start..<(start + width) where row >= 0 && x >= 0 && x < frame.columns {
        texts[row * frame.columns + x] = true
      }
    }

    /// A cut title drawn from `whole`: as much as the run of free cells around its place
    /// holds (whole where it fits, else cut by characters with "…"), keeping a blank cell
    /// from the ring and from other texts (none needed at the frame's edge), clear of the
    /// pointer and of `reserved` with a cell between, diagonals included. `false`, drawing
    /// nothing, where that is no longer than the layout's own cut.
    mutating func placeTitle(
      _ text: SceneText, whole: String, into frame: inout TerminalFrame, bold: Bool,
      reserved: [Bool]
    ) -> Bool {
      guard frame.rows > 0, frame.columns > 0 else { return false }
      let row = Swift.min(Swift.max(Int((text.position.y / 2).rounded(.down)), 0), frame.rows - 1)
      let middle = Swift.min(
        Swift.max(Int(text.position.x.rounded(.down)), 0), frame.columns - 1)
      func inked(_ x: Int) -> Bool {
        for y in (row - 1)...(row + 1) where y >= 0 && y < frame.rows {
          for column in (x - 1)...(x + 1) where column >= 0 && column < frame.columns {
            let index = y * frame.columns + column
            if (index < ink.count && ink[index]) || (index < reserved.count && reserved[index]) {
              return true
            }
          }
        }
        return false
      }
      func free(_ x: Int) -> Bool {
        frame[row, x] == .blank && !texts[row * frame.columns + x] && !inked(x)
      }
      guard free(middle) else { return false }
      var low = middle
      var high = middle
      while low > 0 && free(low - 1) { low -= 1 }
      while high < frame.columns - 1 && free(high + 1) { high += 1 }
      // A blank cell between the title and the ring's cells or another text.
      func drawn(_ x: Int) -> Bool { frame[row, x] != .blank || texts[row * frame.columns + x] }
      if low > 0 && drawn(low - 1) { low += 1 }
      if high < frame.columns - 1 && drawn(high + 1) { high -= 1 }
      let room = high - low + 1
      let cut = TerminalText.width(TerminalText.sanitized(text.text))
      guard room > cut else { return false }
      let shown = TerminalText.fitted(TerminalText.sanitized(whole), width: room)
      let width = TerminalText.width(shown)
      guard width > cut, width <= room else { return false }
      // Centred where the layout centred it, moved in to stay in the run.
      let start = Swift.min(
        Swift.max(Int((text.position.x - Double(width) / 2).rounded()), low), high - width + 1)
      frame.write(shown, row: row, column: start, bold: bold)
      for x in start..<(start + width) { texts[row * frame.columns + x] = true }
      return true
    }

    /// Whether `width` cells from `column` on `row` are blank, with no text just before or
    /// after them (`strict`: nothing at all) and no pointer or marker cell touching them,
    /// diagonals included.
    private func isClear(
      row: Int, from column: Int, width: Int, in frame: TerminalFrame, strict: Bool
    ) -> Bool {
      for x in (column - 1)...(column + width) where x >= 0 && x < frame.columns {
        let inside = x >= column && x < column + width
        if (inside || strict) && frame[row, x] != .blank { return false }
        if !inside && texts[row * frame.columns + x] { return false }
        for y in (row - 1)...(row + 1) where y >= 0 && y < frame.rows {
          let index = y * frame.columns + x
          if index < ink.count && ink[index] { return false }
        }
      }
      return true
    }
  }
}
