import GaugeGeometry
import GaugeSupport

/// What a label is for.
package enum LabelRole: String, Sendable, Hashable {
  case readout
  case title
  case start
  case end
  case zone
  /// A tick mark's value, inside the ring at the tick.
  case tick
  /// The readout's unit, under the number in a smaller size.
  case unit
  /// What an off-scale or empty reading means, in words ("Above range", "No data").
  case status
  /// The value's zone's name, under the readout ("Normal"), when the readout shows it.
  case currentZone
  /// A marker's label, outside the ring at its value ("Goal").
  case marker
  /// The change since the reference, beside the readout ("▲ 7").
  case delta
}

/// How text sits on its anchor point horizontally.
package enum TextAnchor: String, Sendable, Hashable {
  case start
  case middle
  case end
}

/// A text placed by the layout. `position` is the centre of the text's line box
/// (renderers centre vertically on it); `fontSize` is in pixels.
package struct GaugeLabel: Sendable, Hashable {
  package var role: LabelRole
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
