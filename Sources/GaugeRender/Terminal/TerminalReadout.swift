import GaugeGeometry
import GaugeSupport

/// How large a terminal gauge draws its readout's number: in large digits at a whole scale,
/// or as a row of text. One size serves every value of a gauge's domain, and a set of gauges
/// shown together takes the smallest of theirs (`min`), so their readouts match.
package enum TerminalReadoutSize: Sendable, Hashable, Comparable {
  /// A row of bold text.
  case text
  /// Large digits (`BigText`), `scale` font pixels a side; 1 draws a font pixel as a half
  /// block.
  case digits(scale: Int)

  /// The largest scale tried: 5 draws a digit 15 cells wide and 12.5 rows tall, a third of
  /// the widest ring's diameter; larger would crowd the title out of the ring.
  package static let largestScale = 5

  /// Every size, largest first.
  package static let descending: [TerminalReadoutSize] =
    stride(from: largestScale, through: 1, by: -1).map { .digits(scale: $0) } + [.text]
}

/// Where a terminal readout's cells go, centred on the ring's centre: the number (large
/// digits about the centre, or a row of text on the centre's row), the unit (beside large
/// digits when it is short, else on the row under the number), then the value's zone on the
/// row under those.
///
/// Units: cells for rows and columns; layout units (a cell is 1 wide and 2 tall) for points
/// and `reach`.
package struct TerminalReadoutBlock: Sendable {
  /// The ring's centre, which the block is centred on.
  package let center: Point
  /// The number's large digits; `nil` when the number is a row of text.
  package let digits: BigText?
  /// The cells the number takes.
  package let numberRows: Range<Int>
  package let numberColumns: Range<Int>
  /// Where the unit is written (centred on it): beside large digits, else under the number.
  package private(set) var unitPosition: Point
  /// The zone's name's row, under the number (and a unit under it).
  package private(set) var zoneRow: Int
  /// How far from `center` the cells within one cell of the block reach (a pointer that
  /// starts this far out never touches the block, diagonals included).
  package let reach: Double
  /// The number's, the unit's and the zone's cells.
  private let boxes: [(rows: Range<Int>, columns: Range<Int>)]

  /// How much a reach may pass a radius and still count as inside it.
  package static let tolerance = 1e-9
  /// The widest unit written beside large digits, in cells ("%", "°C", "ms"); a wider one
  /// goes under them.
  package static let widestUnitBeside = 3

  /// The block of `number` at `size`, with a unit `unitWidth` cells wide and a zone's name
  /// `zoneWidth` wide (0: none). Beside large digits a short unit sits on their last row, a
  /// blank column after them, the two centred together, as a unit follows a number on one
  /// line; otherwise each goes on a row of its own under the number.
  ///
  /// A text readout keeps the places `texts` gives (the scene's, which stack the number,
  /// the unit and the zone about the centre as the gauge's layout does).
  ///
  /// Edge cases: `nil` for digits the font cannot draw (a character it lacks, an empty
  /// text); a text readout always has a block.
  package init?(
    number: String, unitWidth: Int, zoneWidth: Int, center: Point, size: TerminalReadoutSize,
    texts: (number: Point?, unit: Point?, zone: Point?) = (nil, nil, nil)
  ) {
    self.center = center
    var boxes: [(rows: Range<Int>, columns: Range<Int>)] = []
    let beside = unitWidth > 0 && unitWidth <= TerminalReadoutBlock.widestUnitBeside
    switch size {
    case .digits(let scale) where beside:
      let shifted = Point(x: center.x - Double(unitWidth + 1) / 2, y: center.y)
      guard let digits = BigText(text: number, center: shifted, scale: scale) else { return nil }
      self.digits = digits
      (numberRows, numberColumns) = digits.cells
      let row = numberRows.upperBound - 1
      let column = numberColumns.upperBound + 1
      unitPosition = Point(x: Double(column) + Double(unitWidth) / 2, y: Double(2 * row) + 1)
      boxes.append((row..<(row + 1), column..<(column + unitWidth)))
      zoneRow = numberRows.upperBound
    case .digits(let scale):
      guard let digits = BigText(text: number, center: center, scale: scale) else { return nil }
      self.digits = digits
      (numberRows, numberColumns) = digits.cells
      (unitPosition, zoneRow) = TerminalReadoutBlock.under(
        numberRows, unitWidth: unitWidth, center: center, boxes: &boxes)
    case .text:
      // Where the scene stacks them (`texts`), else the number on the centre's row.
      digits = nil
      let width = TerminalText.width(TerminalText.sanitized(number))
      let place = texts.number ?? Point(x: center.x, y: center.y)
      let row = Int((place.y / 2).rounded(.down))
      let column = Int((place.x - Double(width) / 2).rounded())
      numberRows = row..<(row + 1)
      numberColumns = column..<(column + width)
      (unitPosition, zoneRow) = TerminalReadoutBlock.under(
        numberRows, unitWidth: unitWidth, center: center, boxes: &boxes)
      // Each on a row of its own: in the narrowest gauges the scene's stacking may put the
      // unit on the number's row.
      if var unit = texts.unit, unitWidth > 0 {
        unit.y = Swift.max(unit.y, Double(2 * numberRows.upperBound) + 1)
        unitPosition = unit
        boxes.removeAll()
        boxes.append(TerminalReadoutBlock.box(at: unit, width: unitWidth))
        zoneRow = Int((unit.y / 2).rounded(.down)) + 1
      }
      if let zone = texts.zone {
        zoneRow = Swift.max(zoneRow, Int((zone.y / 2).rounded(.down)))
      }
    }
    boxes.append((numberRows, numberColumns))
    if zoneWidth > 0 {
      boxes.append(
        TerminalReadoutBlock.box(
          at: Point(x: texts.zone?.x ?? center.x, y: Double(2 * zoneRow) + 1), width: zoneWidth))
    }
    self.boxes = boxes
    var reach = 0.0
    for (rows, columns) in boxes {
      // The box and a cell round it: its farthest corner is the farthest point.
      for x in [columns.lowerBound - 1, columns.upperBound + 1] {
        for y in [rows.lowerBound - 1, rows.upperBound + 1] {
          let dx = Double(x) - center.x
          let dy = Double(2 * y) - center.y
          reach = Swift.max(reach, (dx * dx + dy * dy).squareRoot())
        }
      }
    }
    self.reach = reach
  }

  /// The cells of a text `width` cells wide centred on `position`, as `TerminalTexts`
  /// writes it.
  private static func box(at position: Point, width: Int) -> (rows: Range<Int>, columns: Range<Int>)
  {
    let row = Int((position.y / 2).rounded(.down))
    let column = Int((position.x - Double(width) / 2).rounded())
    return (row..<(row + 1), column..<(column + width))
  }

  /// The unit's row.
  package var unitRow: Int { Int((unitPosition.y / 2).rounded(.down)) }

  /// The unit's place on the row under `rows` (its cells added to `boxes`) and the zone's
  /// row under it; with no unit, the zone's row is the one under `rows`.
  private static func under(
    _ rows: Range<Int>, unitWidth: Int, center: Point,
    boxes: inout [(rows: Range<Int>, columns: Range<Int>)]
  ) -> (unit: Point, zoneRow: Int) {
    let row = rows.upperBound
    let unit = Point(x: center.x, y: Double(2 * row) + 1)
    guard unitWidth > 0 else { return (unit, row) }
    let column = Int((center.x - Double(unitWidth) / 2).rounded())
    boxes.append((row..<(row + 1), column..<(column + unitWidth)))
    return (unit, row + 1)
  }

  /// Whether a text of `role` is one the block keeps a cell from: any the terminal writes
  /// but the block's own (the number, the unit, the zone's name) and the zone labels, which
  /// it never writes.
  package static func isObstacle(_ role: TextRole) -> Bool {
    ![.readout, .unit, .currentZone, .zone].contains(role)
  }

  /// Whether no cell of `texts` (each centred on its position, as `TerminalTexts` writes
  /// it) is in the block or next to it, diagonals included.
  package func keepsClear(of texts: [(text: String, position: Point)]) -> Bool {
    for (text, position) in texts {
      let width = TerminalText.width(TerminalText.sanitized(text))
      let row = Int((position.y / 2).rounded(.down))
      let column = Int((position.x - Double(width) / 2).rounded())
      for box in boxes
      where (box.rows.lowerBound - 1...box.rows.upperBound).contains(row)
        && column <= box.columns.upperBound && column + width >= box.columns.lowerBound
      {
        return false
      }
    }
    return true
  }

  /// Where a text of the block is written: centred on the ring's centre, in the middle of
  /// `row`.
  package func position(row: Int) -> Point {
    Point(x: center.x, y: Double(2 * row) + 1)
  }
}
