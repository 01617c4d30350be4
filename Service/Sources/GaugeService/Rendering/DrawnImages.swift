import NIOConcurrencyHelpers

/// Images already drawn, by everything that decides their bytes: a PNG takes about 2 ms to
/// draw at 400 px, a repeat of one URL (a dashboard's refresh, an e-mail opened by many)
/// takes microseconds.
///
/// The key is the drawing's own inputs (gauge, value, options, scale), compared in full, not
/// a hash of them, so no request can be served another's image. Bounded by `budget` bytes:
/// an image over a sixteenth of it is not kept, and past the budget the store starts afresh,
/// so a stream of one-off images cannot grow it. Output never depends on what it holds.
final class DrawnImages<Key: Hashable & Sendable>: Sendable {
  private struct Store {
    var images: [Key: [UInt8]] = [:]
    var bytes = 0
  }

  /// Bytes of images kept at most; 0 keeps none.
  let budget: Int
  private let store = NIOLockedValueBox(Store())

  init(budget: Int) {
    precondition(budget >= 0, "an image budget cannot be negative")
    self.budget = budget
  }

  /// Bytes of images kept now.
  var bytes: Int { store.withLockedValue { $0.bytes } }
  var count: Int { store.withLockedValue { $0.images.count } }

  /// The image for `key`, drawn by `draw` unless kept.
  ///
  /// - Throws: what `draw` throws; nothing is kept then.
  func image<Failure: Error>(for key: Key, draw: () throws(Failure) -> [UInt8])
    throws(Failure) -> [UInt8]
  {
    guard budget > 0 else { return try draw() }
    if let kept = store.withLockedValue({ $0.images[key] }) { return kept }
    let drawn = try draw()
    guard drawn.count <= budget / 16 else { return drawn }
    store.withLockedValue { store in
      // Another request may have drawn it meanwhile; the bytes are the same.
      guard store.images[key] == nil else { return }
      if store.bytes + drawn.count > budget {
        store.images.removeAll(keepingCapacity: true)
        store.bytes = 0
      }
      store.images[key] = drawn
      store.bytes += drawn.count
    }
    return drawn
  }
}
