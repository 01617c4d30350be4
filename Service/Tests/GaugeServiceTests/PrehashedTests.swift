import GaugeKit
import Testing

@testable import GaugeService

@Suite("Prehashed: keys hashed once, compared in full")
struct PrehashedTests {
  /// Values that all hash alike, as two gauges might by chance.
  struct Colliding: Hashable, Sendable {
    let name: String

    func hash(into hasher: inout Hasher) {
      hasher.combine(0)
    }
  }

  @Test("equal values make equal keys with equal hashes; colliding values stay apart")
  func equality() {
    let a = Prehashed(Colliding(name: "a"))
    #expect(a == Prehashed(Colliding(name: "a")))
    #expect(a.hashValue == Prehashed(Colliding(name: "a")).hashValue)
    let b = Prehashed(Colliding(name: "b"))
    #expect(a.hashValue == b.hashValue)
    #expect(a != b)
    #expect(Set([a, b, a]).count == 2)
  }

  @Test("keys whose hashes collide never share a drawn image or a prepared renderer")
  func collidingKeysKeptApart() {
    let images = DrawnImages<Prehashed<Colliding>>(budget: 1600)
    let renderers = PreparedRenderers<Prehashed<Colliding>, String>(capacity: 4)
    for name in ["a", "b", "a", "b"] {
      let key = Prehashed(Colliding(name: name))
      #expect(images.image(for: key) { Array(name.utf8) } == Array(name.utf8))
      #expect(renderers.renderer(for: key) { name } == name)
    }
    #expect(images.count == 2)
    #expect(renderers.count == 2)
  }

  @Test("two gauges drawn with one value and one set of options get each their own image")
  func gaugesApart() throws {
    let renderer = PNGImageRenderer()
    var options = ImageOptions()
    options.width = 60
    options.height = 40
    for name in ["stress", "cpu", "stress", "cpu"] {
      let gauge = try BuiltinPresets.gauge(named: name)
      let bytes = try renderer.image(of: gauge, value: 42, options: options)
      #expect(bytes == (try gauge.png(value: 42, options: options.svg)))
    }
    #expect(renderer.gauges.count == 2)
    #expect(renderer.prepared.count == 2)
  }
}
