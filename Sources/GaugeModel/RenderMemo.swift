import GaugeSupport
import GaugeText

/// What a gauge remembers between images: one renderer's entry (the SVG writer keeps its last
/// options and, once they repeat, a prepared renderer), so `gauge.svg(value:)` called again
/// and again on one gauge pays what `GaugeSVGRenderer` pays.
///
/// Copies of a gauge share their memo; an entry is used only for a gauge equal to the one it
/// was made for, so a copy changed afterwards never gets another gauge's image. It is not
/// part of the gauge's value: every memo is equal to every other, and hashes to nothing.
package struct RenderMemo: Sendable, Hashable {
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

  package static func == (_: RenderMemo, _: RenderMemo) -> Bool { true }

  package func hash(into _: inout Hasher) {}
}
