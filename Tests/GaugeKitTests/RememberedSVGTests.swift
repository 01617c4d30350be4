import Testing

@testable import GaugeKit

/// `gauge.svg(value:)` keeps a prepared renderer on the gauge once the same options come a
/// second time. These tests hold it to the same bytes as an image drawn from scratch, for
/// copies changed afterwards and for callers on many threads.
@Suite struct RememberedSVGTests {
  let stress: Gauge

  init() throws {
    stress = try BuiltinPresets.gauge(named: "stress")
  }

  func fromScratch(_ gauge: Gauge, _ value: Double?, _ options: RenderOptions = RenderOptions())
    throws -> String
  {
    try gauge.svgFromScratch(value: value, options: options)
  }

  func remembered(_ gauge: Gauge) -> RememberedSVG? {
    gauge.derived.entry as? RememberedSVG
  }

  @Test func repeatedCallsDrawWhatAnImageFromScratchDraws() throws {
    let optionSets = [
      RenderOptions(),
      RenderOptions(width: 120, height: 90, theme: .dark),
      RenderOptions(theme: .auto, animation: SVGAnimation(from: 10, duration: 0.8)),
    ]
    var progress = stress
    progress.fill = .progressZone
    let gauges = try BuiltinPresets.names.map { try BuiltinPresets.gauge(named: $0) } + [progress]
    for gauge in gauges {
      let name = gauge.name ?? "unnamed"
      for options in optionSets {
        for value in [42, nil, .nan, -7, 0, 12.5, 75.5, 100, 130, 42] as [Double?] {
          #expect(
            try gauge.svg(value: value, options: options) == fromScratch(gauge, value, options),
            "\(name) \(String(describing: value)) \(options)")
        }
        #expect(remembered(gauge)?.renderer != nil)
      }
    }
  }

  @Test func theSecondCallWithTheSameOptionsPrepares() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    #expect(remembered(gauge) == nil)
    _ = try gauge.svg(value: 1)
    #expect(remembered(gauge)?.options == RenderOptions())
    #expect(remembered(gauge)?.renderer == nil)
    _ = try gauge.svg(value: 2)
    #expect(remembered(gauge)?.renderer != nil)
    // Other options start over: remembered, not yet prepared.
    let small = RenderOptions(width: 100, height: 100)
    _ = try gauge.svg(value: 3, options: small)
    #expect(remembered(gauge)?.options == small)
    #expect(remembered(gauge)?.renderer == nil)
    // An entry never holds the slot it is stored in.
    #expect(remembered(gauge)?.gauge.derived.entry == nil)
  }

  @Test func aFailedCallRemembersNothing() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    #expect(throws: GaugeError.self) { try gauge.svg(value: 1, options: RenderOptions(width: 0)) }
    #expect(remembered(gauge) == nil)
  }

  @Test func aCopyChangedAfterwardsDrawsItself() throws {
    let original = stress
    _ = try original.svg(value: 42)
    _ = try original.svg(value: 42)
    var copy = original
    copy.title = "Load"
    copy.zones[1].color = Color(red: 0, green: 0x66, blue: 0xCC)
    for value in [42.0, 42, 80] {
      let image = try copy.svg(value: value)
      #expect(image == (try fromScratch(copy, value)))
      #expect(image.contains("aria-label=\"Load 42 of 0–100: Normal\"") == (value == 42))
      #expect(image.contains("fill=\"#0066CC\""))
      #expect(try original.svg(value: value) == fromScratch(original, value))
    }
  }

  @Test func equalityAndHashingIgnoreWhatIsRemembered() throws {
    let drawn = try BuiltinPresets.gauge(named: "stress")
    _ = try drawn.svg(value: 42)
    _ = try drawn.svg(value: 42)
    let fresh = try BuiltinPresets.gauge(named: "stress")
    #expect(drawn == fresh)
    #expect(drawn.hashValue == fresh.hashValue)
    #expect(Set([drawn, fresh]).count == 1)
  }

  @Test func callersOnManyThreadsGetTheSameBytes() async throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let expected = try (0...100).map { try fromScratch(gauge, Double($0)) }
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var mismatches = 0
          for call in 0..<100 {
            let value = (task * 37 + call * 11) % 101
            if try gauge.svg(value: Double(value)) != expected[value] { mismatches += 1 }
          }
          return mismatches
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

extension Gauge {
  /// The image drawn from the scene with nothing prepared or remembered: what the one-call
  /// and prepared paths are both held to.
  func svgFromScratch(value: Double?, options: RenderOptions = RenderOptions()) throws -> String {
    var renderer = SVGSceneRenderer(scene: try scene(value: value, options: options))
    return String(decoding: renderer.render(), as: UTF8.self)
  }
}
