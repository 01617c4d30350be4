import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Runs a blocking job on NIO's thread pool if a pool thread takes it up by a start-by time,
/// and otherwise answers `.late` at that time itself, not when a thread reaches the job: a
/// request shed for want of a thread hears so at once, however long the renders queued ahead
/// of it take. The thread that reaches a late job skips it.
///
/// The pool has a thread a core while the render gate admits more renders than that (SVGs
/// are drawn elsewhere), and other servers in the process (tests) share the pool, so a job
/// holding a render permit may still wait for a thread.
///
/// Edge cases:
/// - A start-by time already past: the job is late unless a thread takes it up first.
/// - A task cancelled before a thread takes the job up (the server is stopping): `.cancelled`
///   at once, and the job is skipped; a job already running is finished, not cancelled.
/// - A thread that takes the job up after the start-by time but before a late timer: the
///   job runs; `body` itself may check the time (the image responder's does).
enum PoolTurn {
  enum Outcome<T: Sendable>: Sendable {
    case done(T)
    case late
    case cancelled
  }

  static func run<T: Sendable>(
    startBy: ContinuousClock.Instant, pool: NIOThreadPool = .singleton,
    timers: any EventLoop = MultiThreadedEventLoopGroup.singleton.next(),
    _ body: @escaping @Sendable () -> T
  ) async -> Outcome<T> {
    let claim = Claim<Outcome<T>>()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard claim.wait(continuation) else {
          continuation.resume(returning: .cancelled)
          return
        }
        let timer = timers.scheduleTask(in: timeAmount(until: startBy)) {
          claim.take()?.resume(returning: .late)
        }
        pool.submit { state in
          guard let waiter = claim.take() else { return }
          timer.cancel()
          guard case .active = state else {
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

  /// The time from now until `instant`, none if it is past.
  static func timeAmount(until instant: ContinuousClock.Instant) -> TimeAmount {
    let left = ContinuousClock.now.duration(to: instant)
    guard left > .zero else { return .zero }
    let (seconds, attoseconds) = left.components
    return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}

/// The continuation of a request waiting for a pool thread, resumed once by whichever comes
/// first: the thread that takes the job up, the start-by timer, or the task's cancellation.
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
}
