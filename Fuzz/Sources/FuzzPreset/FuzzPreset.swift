import FuzzSupport
import GaugeKit
@_spi(Service) import GaugePresets

/// A preset from the input: decoded and validated, then drawn at a value and size drawn from
/// the input, as SVG, terminal text and PNG. Invalid presets must throw, never trap; valid
/// ones must draw well-formed, finite output of the promised size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreset(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  guard let gauge = try? Gauge(presetJSON: input.bytes) else { return 0 }
  let value = input.pick(from: FuzzInput.values, salt: 1)
  let side = input.pick(from: FuzzInput.sides, salt: 2)
  let options = RenderOptions(width: side, height: input.pick(from: FuzzInput.sides, salt: 3))
  if let svg = try? gauge.svg(value: value, options: options) {
    Invariants.checkSVG(svg)
    Invariants.require(svg == (try? gauge.svg(value: value, options: options)), "SVG differs")
  }
  let columns = input.pick(from: FuzzInput.columns, salt: 4)
  if let frame = try? gauge.terminalFrame(value: value, options: TerminalOptions(columns: columns))
  {
    Invariants.require(
      frame.columns == columns, "frame is \(frame.columns) columns, not \(columns)")
    let lines = frame.plain().split(separator: "\n", omittingEmptySubsequences: false)
    Invariants.require(lines.count == frame.rows + 1, "frame is not \(frame.rows) lines")
    Invariants.checkTerminalText(frame.plain(), allowingEscapes: false)
    Invariants.checkTerminalText(frame.ansi(), allowingEscapes: true)
  }
  // PNG at small sizes only: the rasteriser's cost grows with pixels, not with the input.
  let small = RenderOptions(width: min(side, 120), height: min(side, 120))
  if let png = try? gauge.png(value: value, options: small, scale: 0.5) {
    Invariants.require(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "PNG signature")
  }
  return 0
}
