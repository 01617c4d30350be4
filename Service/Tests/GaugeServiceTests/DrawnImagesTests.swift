import GaugeKit
import Testing

@testable import GaugeService

@Suite("DrawnImages: PNGs kept for repeats within a byte budget")
struct DrawnImagesTests {
  struct Refused: Error, Equatable {}

  @Test("a repeat is not drawn again, and gets the same bytes")
  func repeats() {
    let store = DrawnImages<String>(budget: 1600)
    var draws = 0
    for _ in 0..<3 {
      let image = store.image(for: "a") { () -> [UInt8] in
        draws += 1
        return [1, 2, 3]
      }
      #expect(image == [1, 2, 3])
    }
    #expect(draws == 1)
    #expect(store.count == 1 && store.bytes == 3)
  }

  @Test("budget 0 keeps nothing; an image over a sixteenth of the budget is not kept")
  func notKept() {
    let none = DrawnImages<String>(budget: 0)
    #expect(none.image(for: "a") { [1] } == [1])
    #expect(none.count == 0)
    let small = DrawnImages<String>(budget: 160)
    #expect(small.image(for: "big") { Array(repeating: 7, count: 11) }.count == 11)
    #expect(small.image(for: "fits") { Array(repeating: 7, count: 10) }.count == 10)
    #expect(small.count == 1 && small.bytes == 10)
  }

  @Test("past the budget the store starts afresh")
  func startsAfresh() {
    let store = DrawnImages<Int>(budget: 160)
    for key in 0..<16 { _ = store.image(for: key) { Array(repeating: 0, count: 10) } }
    #expect(store.count == 16 && store.bytes == 160)
    _ = store.image(for: 16) { Array(repeating: 0, count: 4) }
    #expect(store.count == 1 && store.bytes == 4)
  }

  @Test("a drawing that throws keeps nothing")
  func throwing() {
    let store = DrawnImages<String>(budget: 1600)
    #expect(throws: Refused()) {
      try store.image(for: "a") { () throws(Refused) -> [UInt8] in throw Refused() }
    }
    #expect(store.count == 0)
  }

  @Test("the PNG renderer keeps by value bits and options: kept bytes equal fresh ones")
  func pngRenderer() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    var options = ImageOptions()
    options.width = 60
    options.height = 40
    let renderer = PNGImageRenderer()
    let fresh = try gauge.png(value: 0, options: options.svg)
    #expect(try renderer.image(of: gauge, value: 0, options: options) == fresh)
    #expect(try renderer.image(of: gauge, value: 0, options: options) == fresh)
    _ = try renderer.image(of: gauge, value: -0.0, options: options)
    options.scale = 2
    let doubled = try renderer.image(of: gauge, value: 0, options: options)
    #expect(doubled == (try gauge.png(value: 0, options: options.svg, scale: 2)))
    #expect(renderer.gauges.count == 3)
  }
}
