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
