import GaugeKit
import Testing

@testable import GaugeService

@Suite("PreparedGauges")
struct PreparedGaugesTests {
  @Test("prepared renderers draw the one-call bytes, and the cache stays within capacity")
  func boundedAndExact() throws {
    let prepared = PreparedGauges(capacity: 2)
    let stress = try BuiltinPresets.gauge(named: "stress")
    for side in [100, 200, 100, 300] {
      let options = SVGOptions(width: side, height: side)
      let bytes = try prepared.renderer(for: stress, options: options).svgBytes(value: 42)
      #expect(bytes == (try stress.svgBytes(value: 42, options: options)))
      #expect(prepared.count <= 2)
    }
    // 100 and 200, then 100 again (found), then 300 starts afresh.
    #expect(prepared.count == 1)
  }

  @Test("options the library refuses are thrown and not kept")
  func refused() throws {
    let prepared = PreparedGauges()
    let stress = try BuiltinPresets.gauge(named: "stress")
    #expect(throws: GaugeError.self) {
      try prepared.renderer(for: stress, options: SVGOptions(width: 0, height: 10))
    }
    #expect(prepared.count == 0)
  }
}
