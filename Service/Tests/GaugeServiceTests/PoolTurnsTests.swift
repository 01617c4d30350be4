import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

@testable import GaugeService

/// A job waiting for a pool thread is refused at its start-by time, not when a thread
/// reaches it, and the thread that reaches it then skips it. Each test has a pool of one
/// thread of its own, held busy by a job that waits for the test to let it go.
@Suite("PoolTurns: a render no thread takes up in time is refused then")
struct PoolTurnsTests {
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

    /// Lets the held job go, waits for every job queued behind it, and stops the pool.
    func finish() async throws {
      release()
      try await drain()
      try await stop()
    }
  }

  @Test("a job on an idle thread runs and answers its value")
  func runs() async throws {
    let pool = NIOThreadPool(numberOfThreads: 1)
    pool.start()
    let outcome = await PoolTurns<Int>(pool: pool).run(startBy: .now.advanced(by: .seconds(600))) {
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
    let outcome = await PoolTurns<Void>(pool: held.pool).run(
      startBy: start.advanced(by: .milliseconds(20))
    ) {
      ran.withLockedValue { $0 += 1 }
    }
    guard case .late = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    try await held.finish()
    #expect(ran.withLockedValue { $0 } == 0)
  }

  /// One timer serves them all: jobs with start-by times out of order are each answered at
  /// their own, and jobs taken up are forgotten when the timer next wakes.
  @Test(
    "jobs behind a busy thread are each late at their own time; those run are forgotten",
    .timeLimit(.minutes(1)))
  func oneTimer() async throws {
    let held = await HeldPool()
    let turns = PoolTurns<Int>(pool: held.pool)
    let start = ContinuousClock.now
    let answers = await withTaskGroup(of: (Int, Duration, Bool).self) { group in
      for (index, milliseconds) in [60, 20, 40].enumerated() {
        group.addTask {
          let outcome = await turns.run(startBy: start.advanced(by: .milliseconds(milliseconds))) {
            index
          }
          guard case .late = outcome else { return (milliseconds, .zero, false) }
          return (milliseconds, ContinuousClock.now - start, true)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(answers.count == 3)
    for (milliseconds, elapsed, late) in answers {
      #expect(late, "the job due at \(milliseconds) ms ran")
      #expect(elapsed >= .milliseconds(milliseconds))
    }
    // A job due sooner than the one the timer sleeps for is answered at its own time, not
    // the other's: the timer is set again for it.
    let later = Task { await turns.run(startBy: .now.advanced(by: .seconds(600))) { 1 } }
    while turns.tracked == 0 { await Task.yield() }
    let sooner = ContinuousClock.now
    let outcome = await turns.run(startBy: sooner.advanced(by: .milliseconds(20))) { 2 }
    guard case .late = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(ContinuousClock.now - sooner < .seconds(300))
    // Cancelled while its job waits in the pool: answered at once.
    later.cancel()
    guard case .cancelled = await later.value else {
      Issue.record("the cancelled job was not answered as cancelled")
      return
    }
    try await held.finish()
    // On a fresh pool: a job taken up at once is answered by its thread, and forgotten
    // when the timer it set (due in 2 s, long after the job is done) wakes.
    let fresh = PoolTurns<Int>(pool: NIOThreadPool(numberOfThreads: 1))
    fresh.pool.start()
    let first = await fresh.run(startBy: .now.advanced(by: .seconds(2))) { 7 }
    guard case .done(7) = first else {
      Issue.record("\(first)")
      return
    }
    #expect(fresh.tracked == 1)
    while fresh.tracked > 0 { try await Task.sleep(for: .milliseconds(5)) }
    try await fresh.pool.shutdownGracefully()
  }

  @Test(
    "a task cancelled while its job waits for a thread is answered at once",
    .timeLimit(.minutes(1)))
  func cancelled() async throws {
    let held = await HeldPool()
    let ran = NIOLockedValueBox(0)
    let turns = PoolTurns<Void>(pool: held.pool)
    let waiter = Task {
      await turns.run(startBy: .now.advanced(by: .seconds(600))) {
        ran.withLockedValue { $0 += 1 }
      }
    }
    // Cancelled once its job is in the pool's queue, not before it gets there.
    while turns.tracked == 0 { await Task.yield() }
    waiter.cancel()
    let outcome = await waiter.value
    guard case .cancelled = outcome else {
      Issue.record("\(outcome)")
      return
    }
    try await held.finish()
    #expect(ran.withLockedValue { $0 } == 0)
  }

  @Test("the time left: none once it is past, at most a day, in nanoseconds otherwise")
  func timeLeft() {
    #expect(PoolTurns<Int>.timeAmount(until: .now.advanced(by: .seconds(-1))) == .zero)
    // A day at most: a later instant is slept towards a day at a time.
    #expect(
      PoolTurns<Int>.timeAmount(until: .now.advanced(by: .seconds(400 * 365 * 86_400)))
        == .seconds(86_400))
    let left = PoolTurns<Int>.timeAmount(until: .now.advanced(by: .seconds(2)))
    #expect(left <= .seconds(2))
    #expect(left > .milliseconds(1900))
  }
}
