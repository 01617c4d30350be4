import GaugeGeometry
import GaugeSupport

/// How text sits on its anchor point horizontally.
package enum TextAnchor: String, Sendable, Hashable {
  case start
  case middle
  case end
}

/// A text placed by the layout. `position` is the centre of the text's line box
/// (renderers centre vertically on it); `fontSize` is in pixels.
package struct GaugeLabel: Sendable, Hashable {
  package var role: TextRole
  package var text: String
  package var position: Point
  package var fontSize: Double
  package var anchor: TextAnchor
  /// For zone labels, which zone.
  package var zoneIndex: Int?
}

/// A tick mark outside the ring, as a radial segment.
package struct Tick: Sendable, Hashable {
  /// The value it marks.
  package var value: Double
  /// Its bearing in degrees, not normalised.
  package var angle: Double
  package var from: Point
  package var to: Point
}

/// A layout's texts: the texts placed for its state, with this reading's own texts set in
/// by role (`reading`), or, where nothing was placed beforehand, the texts placed for it.
///
/// A renderer drawing many images places each state's texts once; an image then differs
/// only in its readout, its unit and the current zone's name. Keeping those apart shares
/// the state's array instead of copying it (and retaining every text in it) for each image.
/// Two are equal when their texts are, however they are kept.
package struct LayoutLabels: Sendable, Hashable {
  /// The texts as placed: the state's, shared, where `reading` is set.
  let placed: [GaugeLabel]
  /// This reading's texts, each standing in for the placed text of its role.
  let reading: ReadingLabels?

  package init(_ labels: [GaugeLabel]) {
    placed = labels
    reading = nil
  }

  package init(state labels: [GaugeLabel], reading: ReadingLabels) {
    placed = labels
    self.reading = reading
  }

  package var count: Int { placed.count }
  package var indices: Range<Int> { placed.indices }

  /// The text at `index`, this reading's where it has one for the role.
  package subscript(index: Int) -> GaugeLabel {
    guard let reading else { return placed[index] }
    return reading.standingIn(for: placed[index])
  }

  /// The role of the text at `index` (the same placed or read).
  package func role(at index: Int) -> TextRole { placed[index].role }

  /// Every text, in order.
  package var all: [GaugeLabel] {
    guard let reading else { return placed }
    return placed.map { reading.standingIn(for: $0) }
  }

  package static func == (lhs: LayoutLabels, rhs: LayoutLabels) -> Bool { lhs.all == rhs.all }

  package func hash(into hasher: inout Hasher) { hasher.combine(all) }
}

/// A reading's own texts in a state whose texts were placed once: the readout's number, its
/// unit, and the current zone's name.
package struct ReadingLabels: Sendable {
  let readout: GaugeLabel
  /// `nil`: the placed unit stays.
  let unit: GaugeLabel?
  /// The value's zone and its name; `nil`: the placed zone text stays.
  let zone: (index: Int, name: String)?

  package init(readout: GaugeLabel, unit: GaugeLabel?, zone: (index: Int, name: String)?) {
    self.readout = readout
    self.unit = unit
    self.zone = zone
  }

  /// `label`, or this reading's text in its place.
  func standingIn(for label: GaugeLabel) -> GaugeLabel {
    switch label.role {
    case .readout:
      return readout
    case .unit:
      return unit ?? label
    case .currentZone:
      guard let zone else { return label }
      var named = label
      named.text = zone.name
      named.zoneIndex = zone.index
      return named
    default:
      return label
    }
  }
}
