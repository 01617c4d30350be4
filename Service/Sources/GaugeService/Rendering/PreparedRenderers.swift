import GaugeKit
import Synchronization

/// The library's prepared SVG renderers, by gauge and options: a prepared renderer checks its
/// gauge and writes each sector's markup once, so a repeat of a popular preset and size
/// draws in about a fifth of the time (docs/performance.md), with the same bytes.
///
/// Bounded: past `capacity` entries it starts afresh, so a stream of one-off sizes or titles
/// cannot grow it, and a server's output never depends on what it holds.
final class PreparedGauges: Sendable {
  private struct Key: Hashable {
    let gauge: Gauge
    let options: SVGOptions
  }

  let capacity: Int
  private let renderers = Mutex<[Key: GaugeSVGRenderer]>([:])

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  var count: Int { renderers.withLock { $0.count } }

  /// The prepared renderer for `gauge` drawn with `options`, made on first use.
  ///
  /// - Throws: `GaugeError` for a gauge or options the library refuses (nothing is kept).
  func renderer(for gauge: Gauge, options: SVGOptions) throws(GaugeError) -> GaugeSVGRenderer {
    let key = Key(gauge: gauge, options: options)
    if let found = renderers.withLock({ $0[key] }) { return found }
    let made = try GaugeSVGRenderer(gauge: gauge, options: options)
    renderers.withLock { renderers in
      if renderers.count >= capacity { renderers.removeAll(keepingCapacity: true) }
      renderers[key] = made
    }
    return made
  }
}
