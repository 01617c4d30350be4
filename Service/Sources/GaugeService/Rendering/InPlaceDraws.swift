import Synchronization

/// Counts the small PNGs being drawn in place, on Swift's cooperative threads, so that at most
/// `limit` are (one fewer than the cores): the others go to NIO's pool, and a cooperative
/// thread is always left for requests' own work, the render gate's timers and `/healthz`.
///
/// With every cooperative thread drawing, requests queued where the gate cannot see them
/// (waiting to be read, to reach the gate): past capacity nothing was shed, `/healthz` took
/// up to a second and p99 passed 500 ms at 256 connections (docs/service.md, 2026-11-25).
final class InPlaceDraws: Sendable {
  let limit: Int
  private let count = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  /// Takes a place if one is free.
  func enter() -> Bool {
    var current = count.load(ordering: .relaxed)
    while current < limit {
      let (exchanged, original) = count.compareExchange(
        expected: current, desired: current + 1, ordering: .acquiring)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Gives back a place taken by `enter()`.
  func leave() {
    count.subtract(1, ordering: .releasing)
  }
}
