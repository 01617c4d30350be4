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
  package static func place(
    _ scene: Scene, into frame: inout TerminalFrame, bold: Bool,
    readout: TerminalReadoutBlock?, ink: [Bool] = []
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
