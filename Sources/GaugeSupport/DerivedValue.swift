import GaugeText

/// A slot where a higher layer keeps one value it derived from the value holding the slot,
/// to use again: a gauge holds one, and the SVG backend keeps its last options and a
/// prepared renderer there (`RememberedSVG`), so `gauge.svg(value:)` called again and again
/// pays what a prepared renderer pays. The holder neither reads nor knows what is kept.
///
/// Copies of the holder share the slot; whoever stores an entry also records what it was
/// derived from, and uses it only for a holder equal to that. It is not part of the holder's
/// value: every slot is equal to every other, and hashes to nothing.
package struct DerivedValue: Sendable, Hashable {
  private final class Box: @unchecked Sendable {
    let lock = Lock()
    var entry: (any Sendable)?
  }

  private let box = Box()

  package init() {}

  /// The entry stored last, if any.
  package var entry: (any Sendable)? {
    box.lock.withLock { box.entry }
  }

  /// Replaces the entry.
  package func store(_ entry: any Sendable) {
    box.lock.withLock { box.entry = entry }
  }

  package static func == (_: DerivedValue, _: DerivedValue) -> Bool { true }

  package func hash(into _: inout Hasher) {}
}
