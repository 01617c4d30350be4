import GaugeTestSupport
import Testing

@testable import GaugeKit

/// The pointer keeps a blank cell from the readout in the terminal, and the readout keeps
/// one size for every value of a domain and across a set of gauges.
@Suite struct TerminalReadoutClearanceTests {
  /// The values checked for `gauge`: its ends, its middle, no data, a tenth of the span off
  /// the scale at either end, and a sweep of 12 steps.
  static func values(_ gauge: Gauge) -> [Double?] {
    let span = gauge.max - gauge.min
    let sweep = (1..<12).map { gauge.min + span * Double($0) / 12 }
    return [
      gauge.min, gauge.min + span / 2, gauge.max, gauge.min - span / 10, gauge.max + span / 10, nil,
    ]
      + sweep
  }

  /// The size a block was drawn at.
  static func size(of block: TerminalReadoutBlock?) -> TerminalReadoutSize {
    guard let digits = block?.digits else { return .text }
    return .digits(scale: Int(digits.scale))
  }

  /// The cells the readout's number and unit take in `frame`: the large digits' box, or
  /// where the text rows hold the number and the unit.
  static func readoutCells(
    _ block: TerminalReadoutBlock, number: String, unit: String, in frame: TerminalFrame
  ) -> [(row: Int, column: Int)]? {
    var cells: [(row: Int, column: Int)] = []
    if block.digits != nil {
      for row in block.numberRows {
        for column in block.numberColumns { cells.append((row, column)) }
      }
    } else {
      guard let start = find(number, row: block.numberRows.lowerBound, in: frame) else {
        return nil
      }
      cells += (start..<(start + number.count)).map { (block.numberRows.lowerBound, $0) }
    }
    if !unit.isEmpty, let start = find(unit, row: block.unitRow, in: frame) {
      cells += (start..<(start + unit.count)).map { (block.unitRow, $0) }
    }
    return cells
  }

  /// The first column where `text` is written in `row`.
  static func find(_ text: String, row: Int, in frame: TerminalFrame) -> Int? {
    let characters = text.map(String.init)
    guard frame.columns >= characters.count else { return nil }
    return (0...(frame.columns - characters.count)).first { start in
      characters.indices.allSatisfy { frame[row, start + $0].text == characters[$0] }
    }
  }

  /// The widths checked: every one from 20 to 100 cells, where rings are small and texts
  /// crowd, then every fifth up to 200 (CI's sanitized runs leave this sweep out: `.ci/run`).
  static let widths = Array(20...100) + Array(stride(from: 105, through: 200, by: 5))

  /// Every built-in preset at those widths: no cell of the pointer (or
  /// the off-scale marker) is a cell of the readout's number or unit, or next to one,
  /// diagonals included.
  @Test(arguments: BuiltinPresets.names)
  func thePointerNeverTouchesTheReadout(name: String) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    var checked = 0
    for columns in Self.widths {
      let renderer = try TerminalGaugeRenderer(
        gauge: gauge, options: TerminalOptions(columns: columns, depth: .none))
      for value in Self.values(gauge) {
        let (ink, readout) = renderer.inkAndReadout(value: value)
        let block = try #require(readout, "\(name) \(String(describing: value)) at \(columns)")
        let number = gauge.readout.numberText(for: value)
        // The text's cells are read from the frame: drawn only when the readout is text.
        let frame =
          block.digits == nil
          ? renderer.frame(value: value) : TerminalFrame(columns: columns, rows: renderer.rows)
        let cells = try #require(
          Self.readoutCells(block, number: number, unit: gauge.readout.unit, in: frame),
          "\(name) \(String(describing: value)) at \(columns): '\(number)' not found")
        // One expectation a case, naming every inked cell (thousands of cases, each with
        // up to a few hundred cells to look at).
        var touched: [String] = []
        for (row, column) in cells {
          for y in (row - 1)...(row + 1) where y >= 0 && y < renderer.rows {
            for x in (column - 1)...(column + 1) where x >= 0 && x < columns {
              if ink[y * columns + x] { touched.append("\(y), \(x)") }
            }
          }
        }
        #expect(
          touched.isEmpty,
          "\(name) \(String(describing: value)) at \(columns): the pointer at \(touched)")
        checked += 1
      }
    }
    #expect(checked == Self.widths.count * Self.values(gauge).count)
  }

  /// `gauge show uv 14 --width 40` and 15.4 (off the scale): large digits, the pointer a
  /// cell or more away.
  @Test func theUVGaugeAt40Columns() throws {
    let uv = try BuiltinPresets.gauge(named: "uv")
    let renderer = try TerminalGaugeRenderer(
      gauge: uv, options: TerminalOptions(columns: 40, depth: .none))
    for value in [14, 15.4] {
      let block = try #require(renderer.inkAndReadout(value: value).readout)
      #expect(block.digits != nil, "\(value)")
    }
    try assertGolden(
      renderer.frame(value: 14).plain() + "\n" + renderer.frame(value: 15.4).plain(),
      named: "uv-14-and-15.4-half-none.txt", test: "TerminalTests")
  }

  /// Three digits get large digits when the ring has room, at the same scale as two.
  @Test func threeDigitsAreDigitsWhenThereIsRoom() throws {
    let battery = try BuiltinPresets.gauge(named: "battery")
    let renderer = try TerminalGaugeRenderer(
      gauge: battery, options: TerminalOptions(columns: 40, depth: .none))
    let hundred = try #require(renderer.inkAndReadout(value: 100).readout?.digits)
    let eightyEight = try #require(renderer.inkAndReadout(value: 88).readout?.digits)
    let seven = try #require(renderer.inkAndReadout(value: 7).readout?.digits)
    #expect(hundred.scale == eightyEight.scale && seven.scale == hundred.scale)
    #expect(hundred.width == 11 && eightyEight.width == 7 && seven.width == 3)
  }

  /// One size for a domain: the widest number of it decides, whatever the value.
  @Test(arguments: [20, 24, 30, 40, 60, 80, 97, 120, 160])
  func oneSizeForEveryValueOfTheDomain(columns: Int) throws {
    for name in BuiltinPresets.names {
      let gauge = try BuiltinPresets.gauge(named: name)
      let options = TerminalOptions(columns: columns, depth: .none)
      let size = try TerminalGaugeRenderer.readoutSize(of: gauge, options: options)
      let renderer = try TerminalGaugeRenderer(gauge: gauge, options: options)
      let span = gauge.max - gauge.min
      for step in 0...20 {
        let block = renderer.inkAndReadout(value: gauge.min + span * Double(step) / 20).readout
        #expect(Self.size(of: block) == size, "\(name) step \(step) at \(columns)")
      }
    }
  }

  /// A set passes its smallest size to each gauge: a larger one is drawn at it.
  @Test func aSetSharesTheSmallestSize() throws {
    let gauges = try ["stress", "battery", "uv"].map { try BuiltinPresets.gauge(named: $0) }
    // A width where their own sizes differ.
    var found: TerminalOptions?
    for columns in stride(from: 30, through: 160, by: 2) {
      let options = TerminalOptions(columns: columns, depth: .none)
      let sizes = try gauges.map { try TerminalGaugeRenderer.readoutSize(of: $0, options: options) }
      if Set(sizes).count > 1 {
        found = options
        break
      }
    }
    var options = try #require(found)
    let sizes = try gauges.map { try TerminalGaugeRenderer.readoutSize(of: $0, options: options) }
    let shared = try #require(try TerminalGaugeRenderer.readoutSize(of: gauges, options: options))
    #expect(shared == sizes.min())
    options.readoutSize = shared
    for gauge in gauges {
      #expect(try TerminalGaugeRenderer.readoutSize(of: gauge, options: options) == shared)
      let renderer = try TerminalGaugeRenderer(gauge: gauge, options: options)
      #expect(Self.size(of: renderer.inkAndReadout(value: gauge.min).readout) == shared)
    }
  }

  /// In a large ring (97 columns) the readout leads: digits 4 or more font pixels a side,
  /// above a bold title centred on the ring, clear of the ring's cells.
  @Test func inALargeRingTheReadoutLeadsAndTheTitleIsBold() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    let renderer = try TerminalGaugeRenderer(
      gauge: stress, options: TerminalOptions(columns: 97, depth: .trueColor))
    let digits = try #require(renderer.inkAndReadout(value: 42).readout?.digits)
    #expect(digits.scale >= 4)
    let frame = renderer.frame(value: 42)
    let found = (0..<frame.rows).compactMap { row in
      Self.find("Stress", row: row, in: frame).map { (row, $0) }
    }
    let (row, column) = try #require(found.first)
    #expect(found.count == 1)
    #expect(row >= digits.cells.rows.upperBound)
    #expect((column..<(column + 6)).allSatisfy { frame[row, $0].bold })
    #expect(abs(Double(column) + 3 - Double(frame.columns) / 2) <= 1)
    // A blank cell each side.
    #expect(frame[row, column - 1] == .blank && frame[row, column + 6] == .blank)
  }
}
