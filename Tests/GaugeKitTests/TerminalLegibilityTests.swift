import GaugeTestSupport
import Testing

@testable import GaugeKit

/// Digits stay digits, colours stay apart and texts keep clear of the pointer, in every
/// glyph set and colour depth.
@Suite struct TerminalLegibilityTests {
  /// Characters the readout's large digits are drawn with, and blank.
  static let digitCells: Set<String> = [" ", "▀", "▄", "█"]

  @Test(arguments: ColorDepth.allCases)
  func brailleDrawsTheReadoutInHalfBlocks(depth: ColorDepth) throws {
    var drawn = 0
    for name in ["stress", "cpu", "glucose"] {
      let gauge = try BuiltinPresets.gauge(named: name)
      for columns in [40, 60, 80] {
        let options = TerminalOptions(columns: columns, glyphs: .braille, depth: depth)
        let renderer = try TerminalGaugeRenderer(gauge: gauge, options: options)
        // Where the domain's widest number fits in large digits (not "100" at 40 columns).
        guard let digits = renderer.inkAndReadout(value: gauge.min + 37).readout?.digits else {
          continue
        }
        drawn += 1
        let frame = renderer.frame(value: gauge.min + 37)
        let cells = digits.cells
        var lit = 0
        for row in cells.rows {
          for column in cells.columns {
            let text = frame[row, column].text
            #expect(
              TerminalLegibilityTests.digitCells.contains(text), "\(name) \(columns): \(text)")
            if text != " " { lit += 1 }
          }
        }
        #expect(lit > 0)
      }
    }
    #expect(drawn >= 6)
  }

  @Test func brailleDigitsGolden() throws {
    let frame = try BuiltinPresets.gauge(named: "stress").terminalFrame(
      value: 42, options: TerminalOptions(columns: 40, glyphs: .braille, depth: .none))
    try assertGolden(frame.plain(), named: "stress-42-braille-none.txt", test: "TerminalTests")
  }

  @Test func sixteenColoursMatchTheAQIByHue() throws {
    let aqi = try BuiltinPresets.gauge(named: "aqi")
    // Green, yellow, orange, red, purple, maroon: the purple is magenta, not grey.
    #expect(
      ColorQuantizer.distinct(aqi.zones.map(\.color), depth: .ansi16)
        == [.ansi16(2), .ansi16(11), .ansi16(3), .ansi16(9), .ansi16(5), .ansi16(1)])
  }

  @Test func sixteenColoursKeepEveryZoneApartAndOffTheTrack() throws {
    for name in BuiltinPresets.names {
      let colors = try BuiltinPresets.gauge(named: name).zones.map(\.color)
      let mapped = ColorQuantizer.distinct(colors, depth: .ansi16)
      #expect(Set(mapped).count == Set(colors).count, "\(name)")
      // Not the track's grey, and not black or white (each vanishes on one background).
      #expect(!mapped.contains(.ansi16(8)) && !mapped.contains(.ansi16(0)), "\(name)")
      #expect(!mapped.contains(.ansi16(15)), "\(name)")
    }
    // Thirteen colours are there for data; a fourteenth shares its best match.
    let grey = Color(red: 0x80, green: 0x80, blue: 0x80)
    #expect(ColorQuantizer.distinct([grey], depth: .ansi16) == [.ansi16(7)])
  }

  @Test(arguments: [GlyphSet.halfBlocks, .braille, .ascii])
  func twelvePatternsWithoutColour(glyphs: GlyphSet) {
    let palette = (0..<12).map { Color(red: UInt8($0 * 20), green: 0, blue: 0) }
    let painter = TerminalPainter(
      options: TerminalOptions(glyphs: glyphs, depth: .none), palette: palette)
    let patterns = (0..<12).map { painter.glyph(of: .data($0)) }
    #expect(Set(patterns).count == 12)
    #expect(!patterns.contains(painter.glyph(of: .track)))
    #expect(!patterns.contains(painter.glyph(of: .ink)))
    #expect(!patterns.contains(" "))
  }

  /// Off the scale at either end, at many widths: the status words and the end labels keep
  /// a blank cell (diagonals too) from the marker and the pointer, read from the cells.
  @Test func textsKeepACellFromTheMarkerAndThePointer() throws {
    let ink: Set<String> = ["▀", "▄", "█"]
    var checked = 0
    for name in BuiltinPresets.names {
      let gauge = try BuiltinPresets.gauge(named: name)
      let span = gauge.max - gauge.min
      for value in [gauge.min - span / 3, gauge.max + span / 3, gauge.min, gauge.max] {
        for columns in [20, 24, 30, 40, 52, 60, 80] {
          let frame = try gauge.terminalFrame(
            value: value, options: TerminalOptions(columns: columns, depth: .none))
          let square = TerminalOptions.rows(forColumns: columns)
          let texts = gauge.checkedLayout(
            value: value, width: columns, height: square * 2, measure: .cells
          ).labels.filter { [.start, .end, .status].contains($0.role) }.map(\.text)
          for text in texts {
            guard let (row, column) = find(text, in: frame) else { continue }
            checked += 1
            for y in (row - 1)...(row + 1) {
              for x in (column - 1)...(column + text.count) {
                #expect(
                  !ink.contains(frame[y, x].text),
                  "\(name) \(value) at \(columns): '\(text)' touches ink at \(y), \(x)")
              }
            }
          }
        }
      }
    }
    #expect(checked > 200)
  }

  /// The first place `text` is written in the frame, as whole cells with a blank each side.
  private func find(_ text: String, in frame: TerminalFrame) -> (Int, Int)? {
    let characters = text.map(String.init)
    for row in 0..<frame.rows {
      let line = (0..<frame.columns).map { frame[row, $0].text }
      guard line.count >= characters.count else { continue }
      for start in 0...(line.count - characters.count)
      where Array(line[start..<(start + characters.count)]) == characters
        && (start == 0 || line[start - 1] == " ")
        && (start + characters.count == line.count || line[start + characters.count] == " ")
      {
        return (row, start)
      }
    }
    return nil
  }
}
