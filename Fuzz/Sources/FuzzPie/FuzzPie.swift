import FuzzSupport
import GaugeKit

/// Pie data from the input, read as CSV and as JSON; each chart that reads is drawn as SVG
/// and terminal text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPie(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  for chart in [try? PieChart(csv: input.bytes), try? PieChart(json: input.bytes)] {
    guard let chart else { continue }
    let side = input.pick(from: FuzzInput.sides, salt: 5)
    if let svg = try? chart.svg(options: RenderOptions(width: side, height: side)) {
      Invariants.checkSVG(svg)
    }
    let columns = input.pick(from: FuzzInput.columns, salt: 6)
    if let frame = try? chart.terminalFrame(options: TerminalOptions(columns: columns)) {
      Invariants.checkTerminalText(frame.plain(), allowingEscapes: false)
      Invariants.checkTerminalText(frame.ansi(), allowingEscapes: true)
    }
  }
  return 0
}
