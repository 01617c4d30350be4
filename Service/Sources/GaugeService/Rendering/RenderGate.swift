import NIOConcurrencyHelpers

/// An async semaphore for renders, weighed twice: at most `limit` renders at once (cores),
/// and at most `pixelBudget` raster pixels drawn at once (memory: a PNG needs about 8 bytes
/// a pixel while it is drawn, 540 MB at 8192 px). A request that does not fit waits its turn
/// in order, for at most `wait`; then it is refused (503 with `Retry-After`) rather than
/// queued without bound. An image larger than the whole budget runs alone.
///
/// Waiters are admitted first come, first served: a large image at the head of the queue
/// holds back smaller ones behind it, so a stream of small images cannot starve it. Only a
/// render of no pixels (SVG) passes a waiter, when a render permit is free: it takes nothing
/// the waiter needs.
///
/// One timer serves every waiter: a task sleeping until the earliest waiter's end, which
/// refuses the waiters due and sleeps again until the next one's. (A task per waiter, each
/// asleep for the whole wait, cost every PNG request under load a task, a timer and a
/// wake-up a second later.)
final class RenderGate: Sendable {
  private struct Waiter {
    let pixels: Int
    /// When it gives up. Its timer may be late (renders can hold every thread), so a
    /// waiter past this is refused whenever the gate next looks at it, never admitted.
    let end: ContinuousClock.Instant
    let continuation: CheckedContinuation<Bool, Never>
  }

  /// A waiter's answer: admitted (`true`) or refused (`false`).
  private typealias Answer = (continuation: CheckedContinuation<Bool, Never>, admitted: Bool)

  private struct State {
    var renders = 0
    var pixels = 0
    var waiting: [Waiter] = []
    /// When the timer task wakes, if one sleeps: the earliest waiter's end when it was set.
    var timer: ContinuousClock.Instant?

    /// Whether a render of `cost` pixels may start now, leaving the queue aside.
    func fits(_ cost: Int, limit: Int, budget: Int) -> Bool {
      renders < limit && (renders == 0 || cost <= budget - pixels)
    }

    mutating func take(_ cost: Int) {
      renders += 1
      pixels += cost
    }

    /// Whether a render of `cost` pixels may start now, ahead of every waiter.
    func admitsAtOnce(_ cost: Int, limit: Int, budget: Int) -> Bool {
      (waiting.isEmpty || cost == 0) && fits(cost, limit: limit, budget: budget)
    }

    /// Refuses waiters past their end, then admits the rest in order while each fits, and
    /// any of no pixels that fits; returns them to resume.
    mutating func admitWaiting(limit: Int, budget: Int, now: ContinuousClock.Instant)
      -> [Answer]
    {
      var answers: [Answer] = []
      // In place: the waiters kept move to the front, in order, and the answered are cut off
      // the end. (Copying every waiter into a new queue at each release retained each one's
      // continuation, an atomic count, every queued request paid for every render.)
      var kept = 0
      for index in waiting.indices {
        let end = waiting[index].end
        let pixels = waiting[index].pixels
        if end <= now {
          answers.append((waiting[index].continuation, false))
        } else if kept == 0 || pixels == 0, fits(pixels, limit: limit, budget: budget) {
          take(pixels)
          answers.append((waiting[index].continuation, true))
        } else {
          waiting.swapAt(kept, index)
          kept += 1
        }
      }
      waiting.removeLast(waiting.count - kept)
      return answers
    }
  }

  let limit: Int
  let pixelBudget: Int
  let wait: Duration
  /// The time now; tests move it to show what a late timer would miss.
  private let now: @Sendable () -> ContinuousClock.Instant
  private let state: NIOLockedValueBox<State>

  init(
    limit: Int, pixelBudget: Int = .max, wait: Duration,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    precondition(limit > 0, "a render gate needs at least one permit")
    precondition(pixelBudget > 0, "a render gate needs a budget of at least one pixel")
    self.limit = limit
    self.pixelBudget = pixelBudget
    self.wait = wait
    self.now = now
    state = NIOLockedValueBox(State())
  }

  /// The answer to a request shed for want of a render permit in time.
  static var busy: Problem {
    Problem(
      .serviceUnavailable, "the server is busy drawing other images; try again in a second",
      headers: [.retryAfter: "1"])
  }

  /// Renders in progress now.
  var inUse: Int { state.withLockedValue { $0.renders } }

  /// Raster pixels being drawn now.
  var pixelsInUse: Int { state.withLockedValue { $0.pixels } }

  /// Requests waiting for a permit now.
  var waiting: Int { state.withLockedValue { $0.waiting.count } }

  /// Runs `body` holding a permit for a render of `pixels` raster pixels (0 for a vector
  /// image, whose memory does not grow with its size).
  ///
  /// - Throws: `Problem` 503 when no permit came within `wait` (or `deadline`, if sooner).
  func withPermit<T: Sendable>(
    pixels: Int = 0, until deadline: ContinuousClock.Instant? = nil,
    _ body: () async throws(Problem) -> T
  ) async throws(Problem) -> T {
    let cost = max(pixels, 0)
    guard await acquire(cost, until: deadline) else { throw RenderGate.busy }
    defer { release(cost) }
    return try await body()
  }

  private func acquire(_ cost: Int, until deadline: ContinuousClock.Instant?) async -> Bool {
    if takeAtOnce(cost) { return true }
    var giveUp = now().advanced(by: wait)
    if let deadline, deadline < giveUp { giveUp = deadline }
    let end = giveUp
    return await withCheckedContinuation { continuation in
      let (queued, setsTimer) = state.withLockedValue { state in
        // Renders may have finished between the two locks.
        if state.admitsAtOnce(cost, limit: limit, budget: pixelBudget) {
          state.take(cost)
          return (false, false)
        }
        state.waiting.append(Waiter(pixels: cost, end: end, continuation: continuation))
        if let timer = state.timer, timer <= end { return (true, false) }
        state.timer = end
        return (true, true)
      }
      guard queued else {
        continuation.resume(returning: true)
        return
      }
      if setsTimer { startTimer(until: end) }
    }
  }

  /// Sleeps until `end`, then refuses the waiters due.
  private func startTimer(until end: ContinuousClock.Instant) {
    Task { [self] in
      try? await Task.sleep(until: end, clock: .continuous)
      expire(upTo: end)
    }
  }

  /// Takes a permit when the render fits and need not wait its turn.
  private func takeAtOnce(_ cost: Int) -> Bool {
    state.withLockedValue { state in
      guard state.admitsAtOnce(cost, limit: limit, budget: pixelBudget) else { return false }
      state.take(cost)
      return true
    }
  }

  private func release(_ cost: Int) {
    let now = now()
    let answers = state.withLockedValue { state in
      state.renders -= 1
      state.pixels -= cost
      return state.admitWaiting(limit: limit, budget: pixelBudget, now: now)
    }
    for answer in answers { answer.continuation.resume(returning: answer.admitted) }
  }

  /// Refuses the waiters whose time is up at `end` (a timer's), whatever the clock says, and
  /// those past it by the clock; the waiters behind them may fit now. If the timer that woke
  /// is the one in use, it sleeps again until the next waiter's end.
  private func expire(upTo end: ContinuousClock.Instant) {
    let now = now()
    let (answers, next) = state.withLockedValue { state in
      var answers: [Answer] = []
      state.waiting.removeAll { waiter in
        guard waiter.end <= end else { return false }
        answers.append((waiter.continuation, false))
        return true
      }
      answers += state.admitWaiting(limit: limit, budget: pixelBudget, now: now)
      guard state.timer == end else { return (answers, nil as ContinuousClock.Instant?) }
      state.timer = state.waiting.lazy.map(\.end).min()
      return (answers, state.timer)
    }
    for answer in answers { answer.continuation.resume(returning: answer.admitted) }
    if let next { startTimer(until: next) }
  }
}
