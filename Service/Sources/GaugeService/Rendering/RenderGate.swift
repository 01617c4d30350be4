import Synchronization

/// An async semaphore for renders: at most `limit` at once, so a burst of large images
/// cannot take every core and all the memory. A request beyond the limit waits its turn in
/// order, for at most `wait`; then it is refused (503 with `Retry-After`) rather than queued
/// without bound.
final class RenderGate: Sendable {
  private struct State {
    var available: Int
    var nextTicket = 0
    var waiting: [(ticket: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  }

  let limit: Int
  let wait: Duration
  private let state: Mutex<State>

  init(limit: Int, wait: Duration) {
    precondition(limit > 0, "a render gate needs at least one permit")
    self.limit = limit
    self.wait = wait
    state = Mutex(State(available: limit))
  }

  /// Renders in progress now.
  var inUse: Int { state.withLock { limit - $0.available } }

  /// Requests waiting for a permit now.
  var waiting: Int { state.withLock { $0.waiting.count } }

  /// Runs `body` holding a permit.
  ///
  /// - Throws: `Problem` 503 when no permit came within `wait` (or `deadline`, if sooner).
  func withPermit<T: Sendable>(
    until deadline: ContinuousClock.Instant? = nil, _ body: () async throws(Problem) -> T
  ) async throws(Problem) -> T {
    guard await acquire(until: deadline) else {
      throw Problem(
        .serviceUnavailable, "the server is busy drawing other images; try again in a second",
        headers: [.retryAfter: "1"])
    }
    defer { release() }
    return try await body()
  }

  private func acquire(until deadline: ContinuousClock.Instant?) async -> Bool {
    let ticket: Int? = state.withLock { state in
      if state.available > 0 {
        state.available -= 1
        return nil
      }
      state.nextTicket += 1
      return state.nextTicket
    }
    guard let ticket else { return true }
    var giveUp = ContinuousClock.now.advanced(by: wait)
    if let deadline, deadline < giveUp { giveUp = deadline }
    let end = giveUp
    return await withCheckedContinuation { continuation in
      let admitted: Bool? = state.withLock { state in
        // A permit may have come back between the two locks.
        if state.available > 0 {
          state.available -= 1
          return true
        }
        state.waiting.append((ticket, continuation))
        return nil
      }
      if let admitted {
        continuation.resume(returning: admitted)
        return
      }
      Task { [self] in
        try? await Task.sleep(until: end, clock: .continuous)
        expire(ticket)
      }
    }
  }

  private func release() {
    let next = state.withLock { state in
      if state.waiting.isEmpty {
        state.available += 1
        return nil as CheckedContinuation<Bool, Never>?
      }
      return state.waiting.removeFirst().continuation
    }
    next?.resume(returning: true)
  }

  private func expire(_ ticket: Int) {
    let expired = state.withLock { state in
      state.waiting.firstIndex { $0.ticket == ticket }.map { state.waiting.remove(at: $0) }
    }
    expired?.continuation.resume(returning: false)
  }
}
