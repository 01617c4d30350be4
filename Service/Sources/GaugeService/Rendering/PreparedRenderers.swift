import NIOConcurrencyHelpers

/// The library's prepared renderers (`GaugeSVGRenderer`, `GaugePNGRenderer`), by everything
/// that decides their bytes: a prepared renderer checks its gauge and draws what every value
/// shares once, so a repeat of a popular preset and size draws faster (docs/performance.md),
/// with the same bytes.
///
/// Bounded by entries and by weight (for PNG renderers, the output pixels they hold ready):
/// past `capacity` entries or `weightBudget` it starts afresh, so a stream of one-off sizes
/// or titles cannot grow it, and a server's output never depends on what it holds.
final class PreparedRenderers<Key: Hashable & Sendable, Renderer: Sendable>: Sendable {
  private struct Store {
    var renderers: [Key: Renderer] = [:]
    var weight = 0
  }

  /// Renderers kept at most.
  let capacity: Int
  /// Total weight kept at most; a renderer heavier than this alone is made but not kept.
  let weightBudget: Int
  private let store = NIOLockedValueBox(Store())

  init(capacity: Int, weightBudget: Int = .max) {
    precondition(capacity > 0 && weightBudget >= 0, "a renderer cache needs room")
    self.capacity = capacity
    self.weightBudget = weightBudget
  }

  var count: Int { store.withLockedValue { $0.renderers.count } }
  /// The weight of the renderers kept now.
  var weight: Int { store.withLockedValue { $0.weight } }

  /// The prepared renderer for `key`, made by `make` on first use.
  ///
  /// - Parameter weight: what the renderer counts against `weightBudget`.
  /// - Throws: what `make` throws; nothing is kept then.
  func renderer<Failure: Error>(
    for key: Key, weight: Int = 0, make: () throws(Failure) -> Renderer
  ) throws(Failure) -> Renderer {
    if let found = store.withLockedValue({ $0.renderers[key] }) { return found }
    let made = try make()
    guard weight <= weightBudget else { return made }
    store.withLockedValue { store in
      // Another request may have made it meanwhile; either draws the same bytes.
      guard store.renderers[key] == nil else { return }
      if store.renderers.count >= capacity || store.weight + weight > weightBudget {
        store.renderers.removeAll(keepingCapacity: true)
        store.weight = 0
      }
      store.renderers[key] = made
      store.weight += weight
    }
    return made
  }
}
