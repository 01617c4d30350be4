import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import GaugeService

/// A job waiting for a pool thread is refused at its start-by time, not when a thread
/// reaches it, and the thread that reaches it then skips it. Each test has a pool of one
/// thread of its own, held busy by a job that waits for the test to let it go.
@Suite("PoolTurn: a render no thread takes up in time is refused then")
struct PoolTurnTests {
  /// A pool of one thread, and a job holding it until `release()`.
  final class HeldPool: Sendable {
    let pool = NIOThreadPool(numberOfThreads: 1)
    /// 0 until the job holds the thread, 1 while it does, 2 once it may let go.
    private let stage = ConditionLock(value: 0)

    init() async {
      pool.start()
      pool.submit { [stage] _ in
        stage.lock()
        stage.unlock(withValue: 1)
        stage.lock(whenValue: 2)
        stage.unlock()
      }
      while stage.value == 0 { await Task.yield() }
    }

    func release() {
      stage.lock()
      stage.unlock(withValue: 2)
    }

    /// Waits until every job submitted so far has been taken up.
    func drain() async throws {
      _ = try await pool.runIfActive { () }
    }

    func stop() async throws { try await pool.shutdownGracefully() }
  }

  @Test("a job on an idle thread runs and answers its value")
  func runs() async throws {
    let pool = NIOThreadPool(numberOfThreads: 1)
    pool.start()
    let outcome = await PoolTurn.run(startBy: .now.advanced(by: .seconds(600)), pool: pool) {
      6 * 7
    }
    guard case .done(let value) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(value == 42)
    try await pool.shutdownGracefully()
  }

  @Test(
    "a job behind a busy thread is late at its start-by time, and is never run",
    .timeLimit(.minutes(1)))
  func late() async throws {
    let held = await HeldPool()
    let ran = NIOLockedValueBox(0)
    let start = ContinuousClock.now
    // The thread stays held until the answer is in: only the timer can give it.
    let outcome = await PoolTurn.run(
      startBy: start.advanced(by: .milliseconds(20)), pool: held.pool
    ) {
      ran.withLockedValue { $0 += 1 }
    }
    guard case .late = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    held.release()
    try await held.drain()
    #expect(ran.withLockedValue { $0 } == 0)
    try await held.stop()
  }

  @Test(
    "a task cancelled while its job waits for a thread is answered at once",
    .timeLimit(.minutes(1)))
  func cancelled() async throws {
    let held = await HeldPool()
    let ran = NIOLockedValueBox(0)
    let waiter = Task {
      await PoolTurn.run(startBy: .now.advanced(by: .seconds(600)), pool: held.pool) {
        ran.withLockedValue { $0 += 1 }
      }
    }
    waiter.cancel()
    let outcome = await waiter.value
    guard case .cancelled = outcome else {
      Issue.record("\(outcome)")
      return
    }
    held.release()
    try await held.drain()
    #expect(ran.withLockedValue { $0 } == 0)
    try await held.stop()
  }

  @Test("the time left: none once it is past, in nanoseconds otherwise")
  func timeLeft() {
    #expect(PoolTurn.timeAmount(until: .now.advanced(by: .seconds(-1))) == .zero)
    let left = PoolTurn.timeAmount(until: .now.advanced(by: .seconds(2)))
    #expect(left <= .seconds(2))
    #expect(left > .milliseconds(1900))
  }
}
