import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Runs blocking jobs on NIO's thread pool, each if a pool thread takes it up by its
/// start-by time, and otherwise answers it `.late` at that time itself, not when a thread
/// reaches it: a request shed for want of a thread hears so at once, however long the renders
/// queued ahead of it take. The thread that reaches a late job skips it.
///
/// The pool has a thread a core while the render gate admits more renders than that (SVGs
/// are drawn elsewhere), and other servers in the process (tests) share the pool, so a job
/// holding a render permit may still wait for a thread.
///
/// One timer serves every waiting job, like the render gate's: it wakes at the earliest
/// start-by time, answers the jobs due, forgets those a thread took up, and sleeps again
/// until the next one's. (A timer per job, armed on an event loop and cancelled by the pool
/// thread, woke the event loop twice a request and cost the service 6 to 8% of its fresh
/// PNGs a second.)
///
/// Edge cases:
/// - A start-by time already past: the job is late unless a thread takes it up first.
/// - A task cancelled before a thread takes its job up (the server is stopping):
///   `.cancelled` at once, and the job is skipped; a job already running is finished.
/// - A thread that takes a job up after its start-by time but before the timer: the job
///   runs; `body` itself may check the time (the image responder's does).
final class PoolTurns<Value: Sendable>: Sendable {
  enum Outcome: Sendable {
    case done(Value)
    case late
    case cancelled
  }

  private struct Waiting {
    let claim: Claim<Outcome>
    let startBy: ContinuousClock.Instant
  }

  private struct State {
    /// Jobs handed to the pool since the timer last looked, in no order; some taken up.
    /// At most what arrives in the longest wait (at 2,000 a second and 100 ms, 200).
    var waiting: [Waiting] = []
    /// When the timer wakes, if one sleeps.
    var timer: ContinuousClock.Instant?
  }

  let pool: NIOThreadPool
  private let timers: any EventLoop
  private let state = NIOLockedValueBox(State())

  init(
    pool: NIOThreadPool = .singleton,
    timers: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()
  ) {
    self.pool = pool
    self.timers = timers
  }

  /// Jobs handed to the pool and not yet looked at by the timer (taken up or not).
  var tracked: Int { state.withLockedValue { $0.waiting.count } }

  /// `body` on a pool thread, if one takes it up by `startBy`.
  func run(startBy: ContinuousClock.Instant, _ body: @escaping @Sendable () -> Value) async
    -> Outcome
  {
    let claim = Claim<Outcome>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard claim.wait(continuation) else {
          continuation.resume(returning: .cancelled)
          return
        }
        let setsTimer = state.withLockedValue { state in
          state.waiting.append(Waiting(claim: claim, startBy: startBy))
          if let timer = state.timer, timer <= startBy { return false }
          state.timer = startBy
          return true
        }
        if setsTimer { startTimer(until: startBy) }
        pool.submit { work in
          guard let waiter = claim.take() else { return }
          guard case .active = work else {
            waiter.resume(returning: .cancelled)
            return
          }
          waiter.resume(returning: .done(body()))
        }
      }
    } onCancel: {
      claim.take()?.resume(returning: .cancelled)
    }
  }

  private func startTimer(until instant: ContinuousClock.Instant) {
    timers.scheduleTask(in: PoolTurns.timeAmount(until: instant)) { [self] in
      wake(armedFor: instant)
    }
  }

  /// Answers the jobs due `.late`, forgets those already answered, and sleeps again until
  /// the earliest start-by time left, unless a timer for it sleeps already.
  private func wake(armedFor instant: ContinuousClock.Instant) {
    let now = ContinuousClock.now
    let (due, next) = state.withLockedValue {
      state -> ([Claim<Outcome>], ContinuousClock.Instant?) in
      if state.timer == instant { state.timer = nil }
      var due: [Claim<Outcome>] = []
      var earliest: ContinuousClock.Instant?
      state.waiting.removeAll { waiting in
        if waiting.claim.isTaken { return true }
        if waiting.startBy <= now {
          due.append(waiting.claim)
          return true
        }
        if earliest.map({ waiting.startBy < $0 }) ?? true { earliest = waiting.startBy }
        return false
      }
      guard let earliest, state.timer.map({ earliest < $0 }) ?? true else { return (due, nil) }
      state.timer = earliest
      return (due, earliest)
    }
    for claim in due { claim.take()?.resume(returning: .late) }
    if let next { startTimer(until: next) }
  }

  /// The time from now until `instant`, none if it is past, and at most a day: a timer for
  /// a later instant wakes after a day and sleeps again (nanoseconds in an `Int64` end
  /// after 292 years, and `--max-queue-ms` is not the only way to set a wait).
  static func timeAmount(until instant: ContinuousClock.Instant) -> TimeAmount {
    let left = ContinuousClock.now.duration(to: instant)
    guard left > .zero else { return .zero }
    guard left < .seconds(86_400) else { return .seconds(86_400) }
    let (seconds, attoseconds) = left.components
    return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}

/// The continuation of a request waiting for a pool thread, resumed once by whichever comes
/// first: the thread that takes the job up, the timer, or the task's cancellation.
private final class Claim<Value: Sendable>: Sendable {
  private enum State {
    /// The continuation is not stored yet.
    case unset
    case waiting(CheckedContinuation<Value, Never>)
    /// Taken by the first claimant (or cancelled before the continuation was stored).
    case taken
  }

  private let state = NIOLockedValueBox(State.unset)

  /// Stores `continuation` for a claimant; `false` if the task was cancelled first.
  func wait(_ continuation: CheckedContinuation<Value, Never>) -> Bool {
    state.withLockedValue { state in
      guard case .unset = state else { return false }
      state = .waiting(continuation)
      return true
    }
  }

  /// The continuation to resume, to the first claimant only.
  func take() -> CheckedContinuation<Value, Never>? {
    state.withLockedValue { state in
      defer { state = .taken }
      guard case .waiting(let continuation) = state else { return nil }
      return continuation
    }
  }

  /// Whether a claimant has taken the continuation.
  var isTaken: Bool {
    state.withLockedValue { state in
      if case .taken = state { return true }
      return false
    }
  }
}
