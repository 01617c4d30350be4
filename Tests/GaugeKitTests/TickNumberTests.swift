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

  @Test func everyTickIsNumberedOnOneRingWhereThereIsRoom() throws {
    // The pointer crosses only the ring (it starts at the ring's inner edge): at 96 km/h it
    // covers no number, 100 included; 0 and 240 are the end labels, in the same style.
    let expected = ["20", "40", "60", "80", "100", "120", "140", "160", "180", "200", "220"]
    #expect(try numbers(96, size: 400) == expected)
    #expect(try numbers(101, size: 400) == expected)
    #expect(try numbers(nil, size: 400) == expected)
    // Pegged at either end, the pointer hides neither end's number.
    for (value, size) in [(-10.0, 240), (260, 240), (-10, 400), (260, 400)] {
      let pegged = try BuiltinPresets.gauge(named: "speed").layout(
        value: value, width: size, height: size)
      #expect(pegged.labels.filter { $0.role == .start || $0.role == .end }.count == 2)
    }
    let layout = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: 400, height: 400)
    let scale = layout.labels.filter { [.tick, .start, .end].contains($0.role) }
    #expect(scale.first?.role == .start && scale.first?.text == "0")
    #expect(scale.last?.role == .end && scale.last?.text == "240")
    #expect(scale.allSatisfy { $0.fontSize == 180 * 0.065 && $0.anchor == .middle })
    // One ring: every number sits in the hole, its box as close to the ring as it goes.
    for label in scale {
      let dx = label.position.x - layout.center.x
      let dy = label.position.y - layout.center.y
      #expect((dx * dx + dy * dy).squareRoot() < layout.innerRadius)
    }
  }

  @Test func smallSizesKeepTheReadoutLargerAndTheEndsInTheGap() throws {
    // At 120 px numbers would leave the readout under twice their size: none, and the end
    // labels in the gap.
    #expect(try numbers(96, size: 120) == [])
    let small = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: 120, height: 120)
    #expect(
      small.labels.filter { $0.role == .start || $0.role == .end }.map(\.text) == ["0", "240"])
    // At 200 px they are back, evenly spaced, at the minimum caption size, 11 px.
    let numbers = try numbers(96, size: 200)
    #expect(!numbers.isEmpty)
    let layout = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: 200, height: 200)
    #expect(layout.labels.filter { $0.role == .tick }.allSatisfy { $0.fontSize == 11 })
  }

  /// Side ticks end at least 2 px inside the image at every size.
  @Test(arguments: [64, 120, 200, 400]) func ticksStayInsideTheImage(side: Int) throws {
    let layout = try BuiltinPresets.gauge(named: "speed").layout(
      value: 96, width: side, height: side)
    for tick in layout.ticks {
      for point in [tick.from, tick.to] {
        #expect(point.x >= 2 && point.y >= 2)
        #expect(point.x <= Double(side) - 2 && point.y <= Double(side) - 2)
      }
    }
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
