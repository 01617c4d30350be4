import GaugeModel

/// The accessible name's parts (`SummaryParts`) by state and the value's zone, what the
/// name depends on besides the readout: a plain array, as every image looks its parts up
/// (hashing a key for a dictionary cost more than the rest of the lookup).
package struct SummaryTable: Sendable {
  /// Per state (in `index(_:_:)`'s order), the parts without a zone, then each zone's.
  private var parts: [SummaryParts?]
  private let zoneSlots: Int

  /// An empty table: every lookup finds nothing.
  init() {
    parts = []
    zoneSlots = 0
  }

  /// A table with room for every state and each of `zoneCount` zones, all empty.
  init(zoneCount: Int) {
    zoneSlots = zoneCount + 1
    parts = Array(repeating: nil, count: 4 * zoneSlots)
  }

  /// The parts for `state` and `zone`; `nil` where none were set or the zone is not one of
  /// the table's.
  subscript(state: GaugeState, zone: Int?) -> SummaryParts? {
    get {
      guard let index = index(state, zone) else { return nil }
      return parts[index]
    }
    set {
      guard let index = index(state, zone) else { return }
      parts[index] = newValue
    }
  }

  private func index(_ state: GaugeState, _ zone: Int?) -> Int? {
    // An empty table has no slots; a zone is one of the table's, 0..<zoneSlots - 1, and
    // none takes slot 0.
    guard zoneSlots > 0 else { return nil }
    if let zone, zone < 0 || zone >= zoneSlots - 1 { return nil }
    let zoneSlot = zone.map { $0 + 1 } ?? 0
    let stateSlot: Int
    switch state {
    case .normal: stateSlot = 0
    case .noData: stateSlot = 1
    case .below: stateSlot = 2
    case .above: stateSlot = 3
    }
    return stateSlot * zoneSlots + zoneSlot
  }
}

/// The accessible name on either side of the readout; `after` is `nil` when the name does
/// not hold the readout (no data).
package struct SummaryParts: Sendable {
  package var before: String
  package var after: String?
}

/// An image's summary left out of its scene's label: the parts around the readout, and the
/// readout. The name is `before`, then (with an `after`) the readout and `after`.
struct SummarySlot: Sendable {
  let parts: SummaryParts
  let readout: String
}
