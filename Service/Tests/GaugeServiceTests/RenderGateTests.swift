import Synchronization
import Testing

@testable import GaugeService

@Suite("RenderGate")
struct RenderGateTests {
  @Test("with every permit taken and no time to wait, a request is refused with 503")
  func refuses() async throws {
    let gate = RenderGate(limit: 1, wait: .zero)
    let inner: Result<Int, Problem> = try await gate.withPermit { () throws(Problem) in
      #expect(gate.inUse == 1)
      do throws(Problem) {
        return .success(try await gate.withPermit { () throws(Problem) in 2 })
      } catch {
        return .failure(error)
      }
    }
    guard case .failure(let problem) = inner else {
      Issue.record("the second request got a permit")
      return
    }
    #expect(problem.status == .serviceUnavailable)
    #expect(problem.headers[.retryAfter] == "1")
    #expect(problem.detail == "the server is busy drawing other images; try again in a second")
    #expect(gate.inUse == 0)
    #expect(gate.waiting == 0)
  }

  @Test("a waiting request gets the permit when it comes back")
  func admitsInOrder() async throws {
    let gate = RenderGate(limit: 1, wait: .seconds(600))
    let waiter = try await gate.withPermit { () throws(Problem) in
      let waiter = Task { try await gate.withPermit { () throws(Problem) in 7 } }
      while gate.waiting == 0 { await Task.yield() }
      return waiter
    }
    #expect(try await waiter.value == 7)
    #expect(gate.inUse == 0)
  }

  @Test("five waiters at one permit start in the order they came, one at each release")
  func manyWaitersKeepTheirOrder() async throws {
    let gate = RenderGate(limit: 1, pixelBudget: 100, wait: .seconds(600))
    let started = StartOrder()
    let waiters = try await gate.withPermit(pixels: 1) { () throws(Problem) in
      var waiters: [Task<Void, any Error>] = []
      for number in 1...5 {
        waiters.append(
          Task {
            try await gate.withPermit(pixels: 1) { () throws(Problem) in
              started.numbers.withLock { $0.append(number) }
            }
          })
        while gate.waiting < number { await Task.yield() }
      }
      return waiters
    }
    for waiter in waiters { try await waiter.value }
    #expect(started.numbers.withLock { $0 } == [1, 2, 3, 4, 5])
    #expect(gate.inUse == 0)
    #expect(gate.waiting == 0)
  }

  /// The numbers of the renders that started, in the order they started.
  final class StartOrder: Sendable {
    let numbers = Mutex<[Int]>([])
  }

  @Test("permits are returned when the body throws")
  func releasesOnError() async {
    let gate = RenderGate(limit: 2, wait: .zero)
    await #expect(throws: Problem.self) {
      try await gate.withPermit { () throws(Problem) -> Int in throw Problem(.badRequest, "x") }
    }
    #expect(gate.inUse == 0)
  }

  @Test("a render waits while others hold the pixel budget, and starts when it frees")
  func waitsForPixels() async throws {
    let gate = RenderGate(limit: 8, pixelBudget: 100, wait: .seconds(600))
    let waiter = try await gate.withPermit(pixels: 60) { () throws(Problem) in
      let waiter = Task {
        try await gate.withPermit(pixels: 50) { () throws(Problem) in gate.pixelsInUse }
      }
      while gate.waiting == 0 { await Task.yield() }
      #expect(gate.inUse == 1)
      #expect(gate.pixelsInUse == 60)
      return waiter
    }
    #expect(try await waiter.value == 50)
    #expect(gate.pixelsInUse == 0)
    #expect(gate.inUse == 0)
  }

  @Test("an image larger than the whole budget runs alone, and nothing else meanwhile")
  func largerThanBudgetRunsAlone() async throws {
    let gate = RenderGate(limit: 8, pixelBudget: 100, wait: .zero)
    let inner: Result<Int, Problem> = try await gate.withPermit(pixels: 500) {
      () throws(Problem) in
      #expect(gate.pixelsInUse == 500)
      do throws(Problem) {
        return .success(try await gate.withPermit(pixels: 1) { () throws(Problem) in 1 })
      } catch {
        return .failure(error)
      }
    }
    #expect(throws: Problem.self) { try inner.get() }
    #expect(gate.pixelsInUse == 0)
  }

  /// A gate of 100 pixels with 60 drawn and a render of 50 waiting: `body` runs meanwhile.
  /// Returns the waiting render (it returns 50) and what `body` returned.
  private func withLargeWaiting<T: Sendable>(
    _ body: (RenderGate) async throws(Problem) -> T
  ) async throws -> (large: Task<Int, any Error>, result: T) {
    let gate = RenderGate(limit: 8, pixelBudget: 100, wait: .seconds(600))
    return try await gate.withPermit(pixels: 60) { () throws(Problem) in
      let large = Task { try await gate.withPermit(pixels: 50) { () throws(Problem) in 50 } }
      while gate.waiting == 0 { await Task.yield() }
      return (large, try await body(gate))
    }
  }

  @Test("first come, first served: a small render waits behind a large one that waits")
  func smallWaitsBehindLarge() async throws {
    let (large, small) = try await withLargeWaiting { gate throws(Problem) in
      // 10 more pixels would fit, but the 50 came first.
      let small = Task { try await gate.withPermit(pixels: 10) { () throws(Problem) in 10 } }
      while gate.waiting == 1 { await Task.yield() }
      #expect(gate.pixelsInUse == 60)
      return small
    }
    #expect(try await large.value == 50)
    #expect(try await small.value == 10)
  }

  @Test("a render of no pixels passes a render waiting for pixels, while permits are free")
  func vectorPassesPixelWaiter() async throws {
    let (large, inner) = try await withLargeWaiting { gate throws(Problem) in
      try await gate.withPermit(pixels: 0) { () throws(Problem) in gate.inUse }
    }
    #expect(inner == 2)
    #expect(try await large.value == 50)
  }

  @Test("when the waiter at the head gives up, those behind it that fit start")
  func expiryAdmitsTheRest() async throws {
    let gate = RenderGate(limit: 8, pixelBudget: 100, wait: .seconds(600))
    let (large, small) = try await gate.withPermit(pixels: 60) { () throws(Problem) in
      let giveUp = ContinuousClock.now.advanced(by: .milliseconds(500))
      let large = Task { () throws(Problem) -> Int in
        try await gate.withPermit(pixels: 50, until: giveUp) { () throws(Problem) in 50 }
      }
      while gate.waiting == 0 { await Task.yield() }
      let small = Task { () throws(Problem) -> Int in
        try await gate.withPermit(pixels: 10) { () throws(Problem) in gate.pixelsInUse }
      }
      // The small render starts while the 60 are still held: the large one left the queue.
      return (large, await small.result)
    }
    await #expect(throws: Problem.self) { try await large.value }
    #expect(try small.get() == 70)
  }

  /// One timer serves the queue: a waiter whose deadline comes before the earlier waiters'
  /// ends is refused on time, and the waiter before it keeps waiting.
  @Test("a waiter with an earlier deadline than those before it is refused on its deadline")
  func earlierDeadlineBehindLaterEnds() async throws {
    let gate = RenderGate(limit: 1, wait: .seconds(600))
    let (first, second, refusedAfter) = try await gate.withPermit {
      () throws(Problem) -> (Task<Int, any Error>, Task<Int, any Error>, Duration) in
      let first = Task { try await gate.withPermit { () throws(Problem) in 1 } }
      while gate.waiting == 0 { await Task.yield() }
      let start = ContinuousClock.now
      let second = Task {
        try await gate.withPermit(until: start.advanced(by: .milliseconds(50))) {
          () throws(Problem) in 2
        }
      }
      while gate.waiting < 2 { await Task.yield() }
      // Five seconds at most: without its own timer it would wait for the first's, 600 s.
      while gate.waiting == 2 && ContinuousClock.now - start < .seconds(5) {
        try? await Task.sleep(for: .milliseconds(5))
      }
      let refusedAfter = ContinuousClock.now - start
      #expect(gate.waiting == 1)
      return (first, second, refusedAfter)
    }
    await #expect(throws: Problem.self) { try await second.value }
    #expect(refusedAfter < .seconds(5))
    #expect(try await first.value == 1)
    #expect(gate.waiting == 0 && gate.inUse == 0)
  }

  @Test("a waiter past its time is refused when a permit comes back, though its timer is late")
  func lateTimer() async throws {
    // The timers sleep on the real clock for 600 s; the gate's clock jumps past that.
    let skip = Mutex(Duration.zero)
    let gate = RenderGate(limit: 1, wait: .seconds(600)) {
      ContinuousClock.now.advanced(by: skip.withLock { $0 })
    }
    let waiter = try await gate.withPermit { () throws(Problem) in
      let waiter = Task { try await gate.withPermit { () throws(Problem) in 7 } }
      while gate.waiting == 0 { await Task.yield() }
      skip.withLock { $0 = .seconds(601) }
      return waiter
    }
    await #expect(throws: Problem.self) { try await waiter.value }
    #expect(gate.waiting == 0)
    #expect(gate.inUse == 0)
  }
}
