import Testing

@testable import GaugeKit

/// The speedometer's ticks carry their values, inside the ring, thinned at small sizes and
/// giving way to the pointer.
struct TickNumberTests {
  private func numbers(_ value: Double?, size: Int) throws -> [String] {
    let gauge = try BuiltinPresets.gauge(named: "speed")
    return try gauge.layout(value: value, width: size, height: size).labels
      .filter { $0.role == .tick }.map(\.text)
  }

  @Test func everyInnerTickIsNumberedWhereThereIsRoom() throws {
    // 0 and 240 are the end labels; the pointer at 96 covers 100.
    #expect(
      try numbers(96, size: 400) == [
        "20", "40", "60", "80", "120", "140", "160", "180", "200", "220",
      ])
    #expect(
      try numbers(nil, size: 400) == [
        "20", "40", "60", "80", "100", "120", "140", "160", "180", "200", "220",
      ])
    let layout = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: 400, height: 400)
    let twenty = try #require(layout.labels.first { $0.role == .tick })
    #expect(twenty.fontSize == 180 * 0.065)  // 6.5% of the outer radius
    #expect(twenty.anchor == .middle)
  }

  @Test func smallSizesKeepEvenlySpacedNumbersAtNinePixels() throws {
    #expect(try numbers(96, size: 120) == ["40", "120", "200"])
    let layout = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: 120, height: 120)
    #expect(layout.labels.filter { $0.role == .tick }.allSatisfy { $0.fontSize == 9 })
  }

  @Test func withoutEndLabelsTheEndsAreNumberedToo() throws {
    var gauge = try BuiltinPresets.gauge(named: "speed")
    gauge.labels.showEnds = false
    let texts = try gauge.layout(value: nil, width: 400, height: 400).labels
      .filter { $0.role == .tick }.map(\.text)
    #expect(texts.first == "0")
    #expect(texts.last == "240")
  }

  /// A renderer drawing many images places the numbers once and clears each image's
  /// pointer from them: the same bytes as placing them for that image alone.
  @Test func preparedImagesMatchOneCallImages() throws {
    let speed = try BuiltinPresets.gauge(named: "speed")
    var bare = speed
    bare.labels.showEnds = false
    for gauge in [speed, bare] {
      for size in [120, 400] {
        let options = RenderOptions(width: size, height: size)
        let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
        for value in [nil, -10, 0, 0.5, 20, 96, 100, 120, 200, 239, 240, 300] as [Double?] {
          #expect(
            try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options))
        }
      }
    }
  }

  @Test func aGaugeWithoutTicksHasNoNumbers() throws {
    #expect(
      try BuiltinPresets.gauge(named: "stress").layout(value: 42).labels
        .allSatisfy { $0.role != .tick })
  }

  @Test func theTerminalShowsNone() throws {
    let gauge = try BuiltinPresets.gauge(named: "speed")
    let layout = gauge.checkedLayout(value: 96, width: 60, height: 60, measure: .cells)
    #expect(layout.labels.allSatisfy { $0.role != .tick })
  }
}
