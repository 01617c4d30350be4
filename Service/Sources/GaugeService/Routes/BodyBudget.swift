import NIOConcurrencyHelpers

/// Bytes of request bodies held at once, across every connection, as `RenderGate` budgets
/// PNG pixels: a body is read only while its bytes fit, and a request whose body does not is
/// refused (503 with `Retry-After`) instead of the server's memory growing with the number of
/// clients. 800 connections each holding most of a 1.1 MB body raised the server by 1.2 GB
/// before; now they hold at most `limit` bytes together.
///
/// Nothing waits: a body that does not fit is refused at once, and its connection lingers and
/// closes (`LingeringClose`), so the bytes it still sends are discarded, never held.
final class BodyBudget: Sendable {
  /// Bytes that may be held at once.
  let limit: Int
  private let held = NIOLockedValueBox(0)

  init(limit: Int) {
    precondition(limit > 0, "a body budget needs at least one byte")
    self.limit = limit
  }

  /// Bytes held now.
  var inUse: Int { held.withLockedValue { $0 } }

  /// Takes `bytes` of the budget if they fit.
  func reserve(_ bytes: Int) -> Bool {
    held.withLockedValue { held in
      guard bytes <= limit - held else { return false }
      held += bytes
      return true
    }
  }

  /// Gives back what `reserve` took.
  func release(_ bytes: Int) {
    held.withLockedValue { $0 -= bytes }
  }

  /// The refusal for a body that does not fit.
  static let busy = Problem(
    .serviceUnavailable,
    "the server is holding as many request bodies as it can; try again in a second",
    headers: [.retryAfter: "1"])
}
