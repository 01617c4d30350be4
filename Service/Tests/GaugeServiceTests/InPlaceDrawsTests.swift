import NIOCore
import Synchronization
import Testing

@testable import GaugeService

/// At most `limit` small PNGs are drawn in place at once; the rest go to NIO's pool, so a
/// cooperative thread is always left for everything else.
@Suite("InPlaceDraws")
struct InPlaceDrawsTests {
  @Test("places up to the limit, then none until one is given back")
  func limit() {
    let draws = InPlaceDraws(limit: 2)
    #expect(draws.enter())
    #expect(draws.enter())
    #expect(!draws.enter())
    draws.leave()
    #expect(draws.enter())
    #expect(!draws.enter())
  }

  @Test("the responder leaves one cooperative thread a core free, and always draws one in place")
  func responderLimit() {
    #expect(InPlaceDraws(limit: 1).enter())
    let responder = ImageResponder(
      renderers: ImageRenderers(png: PNGImageRenderer(budget: 0)),
      gate: RenderGate(limit: 1, wait: .zero), metrics: ServiceMetrics())
    #expect(responder.inPlace.limit == max(1, System.coreCount - 1))
  }

  @Test("sixteen tasks racing for four places: never more than four at once")
  func race() async {
    let draws = InPlaceDraws(limit: 4)
    let counts = Counts()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<2000 where draws.enter() {
            let now = counts.inside.wrappingAdd(1, ordering: .relaxed).newValue
            var seen = counts.most.load(ordering: .relaxed)
            while now > seen {
              let (exchanged, original) = counts.most.compareExchange(
                expected: seen, desired: now, ordering: .relaxed)
              if exchanged { break }
              seen = original
            }
            counts.inside.wrappingSubtract(1, ordering: .relaxed)
            draws.leave()
          }
        }
      }
    }
    #expect(counts.most.load(ordering: .relaxed) <= 4)
    // Every place taken was given back: all four are free again.
    #expect((0..<4).allSatisfy { _ in draws.enter() })
    #expect(!draws.enter())
  }

  /// Places held at once, and the most seen.
  final class Counts: Sendable {
    let inside = Atomic<Int>(0)
    let most = Atomic<Int>(0)
  }
}
