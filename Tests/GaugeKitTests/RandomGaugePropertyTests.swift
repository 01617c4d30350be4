import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Seeded random gauges and values, from the ordinary to the hostile: whatever the model, a
/// valid gauge lays out finite and contiguous, its SVG is XML, its frames have the promised
/// size, its readout never says nan or inf, and drawing twice gives the same bytes. A failure
/// names its seed, so it can be replayed.
@Suite struct RandomGaugePropertyTests {
  static let hostile: [Double] = [
    .nan, .infinity, -.infinity, 1e308, -1e308, .leastNonzeroMagnitude, -0.0, 1e-9, 1e12,
  ]

  static func domain(_ random: inout SeededGenerator) -> (Double, Double) {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return (0, 100)
    case 1:
      let low = Double.random(in: -1...1, using: &random)
      return (low, low + 1e-9)
    case 2: return (-1e12, 1e12)
    default:
      let low = Double.random(in: -1e6...1e6, using: &random)
      return (low, low + Double.random(in: 1e-3...1e6, using: &random))
    }
  }

  /// A random gauge, or nil where the random choices break a rule.
  static func gauge(_ random: inout SeededGenerator) -> Gauge? {
    let (low, high) = domain(&random)
    let count = Int.random(in: 1...5, using: &random)
    let zones = (1...count).map { index in
      Zone(
        label: "Z\(index)", color: Color(red: UInt8(index * 40), green: 90, blue: 160),
        upperBound: index == count ? high : low + (high - low) * Double(index) / Double(count))
    }
    let ring = Ring(
      sectorCount: Int.random(in: 1...400, using: &random),
      bufferAngle: Double.random(in: 0...120, using: &random),
      gapCenter: Double.random(in: 0...360, using: &random),
      innerRadius: Double.random(in: 0...0.95, using: &random),
      sectorGap: Double.random(in: 0...0.05, using: &random),
      cornerRadius: Double.random(in: 0...0.05, using: &random))
    return try? Gauge(
      title: "T", min: low, max: high, zones: zones, ring: ring,
      fill: Bool.random(using: &random) ? .zones : .progress,
      readout: ReadoutFormat(decimals: Int.random(in: 0...3, using: &random)))
  }

  @Test(arguments: 0..<40)
  func validGaugesDrawFiniteWellFormedAndStableOutput(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    guard let gauge = Self.gauge(&random), (try? gauge.validate()) != nil else { return }
    let (low, high) = (gauge.min, gauge.max)
    let values: [Double?] =
      [nil, low, high, Double.random(in: low...high, using: &random)]
      + Self.hostile.map { $0 }
    for value in values {
      let layout = try gauge.layout(value: value, width: 240, height: 200)
      #expect(
        !layout.readout.lowercased().contains("nan"), "seed \(seed) \(String(describing: value))")
      #expect(
        !layout.readout.lowercased().contains("inf"), "seed \(seed) \(String(describing: value))")
      for (sector, next) in zip(layout.sectors, layout.sectors.dropFirst()) {
        #expect(sector.startAngle.isFinite && sector.endAngle.isFinite, "seed \(seed)")
        #expect(sector.endAngle <= next.startAngle + 1e-9 || next.startAngle < sector.startAngle)
      }
      if let angle = layout.pointerAngle { #expect(angle.isFinite, "seed \(seed)") }
      let svg = try gauge.svg(value: value, options: RenderOptions(width: 240, height: 200))
      #expect(svg == (try gauge.svg(value: value, options: RenderOptions(width: 240, height: 200))))
      let parser = XMLParser(data: Data(svg.utf8))
      #expect(parser.parse(), "seed \(seed): SVG is not XML")
      #expect(!svg.contains("NaN") && !svg.contains("nan\"") && !svg.contains("inf\""))
      let frame = try gauge.terminalFrame(value: value, options: TerminalOptions(columns: 30))
      #expect(frame.columns == 30, "seed \(seed)")
      #expect(frame.cells.count == frame.columns * frame.rows)
    }
  }

  /// The property test above checks something: most seeds give a valid gauge.
  @Test func mostSeedsGiveAValidGauge() {
    let valid = (0..<40).filter { seed in
      var random = SeededGenerator(seed: UInt64(seed))
      return Self.gauge(&random).map { (try? $0.validate()) != nil } ?? false
    }
    #expect(valid.count >= 30)
  }
}
