import GaugeText

/// What a prepared PNG renderer's images were drawn and encoded with, kept for the next
/// images: canvases made its first canvas again (`RasterCanvas.restore(_:)`), so an image
/// copies back only the rows the last one drew on, where a fresh copy copies every row
/// (640 KB at 400 px) and grows its coverage cells afresh; and the encoder's tables
/// (`PNGEncoderScratch`), which would otherwise be allocated and cleared per image. Images
/// drawn at once take one each; past the ones kept, an image makes its own as before. Which
/// one an image gets never changes its bytes.
///
/// Memory: at most `limit` items.
final class Spares<Item: Sendable>: @unchecked Sendable {
  /// Items kept at most.
  let limit: Int
  // A pthread lock (GaugeText's `Lock`), not Synchronization's `Mutex`: ThreadSanitizer
  // cannot see the ordering of `Mutex`'s futex in the uninstrumented standard library, and
  // reported a `take` and a `give` on two threads, both under the lock, as a race in CI.
  private let lock = Lock()
  /// Guarded by `lock`.
  private var items: [Item] = []

  init(limit: Int) {
    self.limit = limit
  }

  /// A kept item, if there is one.
  func take() -> Item? {
    guard limit > 0 else { return nil }
    return lock.withLock { items.popLast() }
  }

  /// Keeps `item` (ready for the next image) unless `limit` are kept.
  func give(_ item: Item) {
    guard limit > 0 else { return }
    lock.withLock {
      if items.count < limit { items.append(item) }
    }
  }
}
