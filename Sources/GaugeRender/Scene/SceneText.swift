import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// When an animated text shows.
package enum TextWindow: Sendable, Hashable {
  /// From `start` for `length` seconds: one frame of a counting readout.
  case during(start: Double, length: Double)
  /// From this many seconds on: the final readout, or a slice's label once it is drawn.
  case from(Double)
}

/// A text placed in the picture. `position` is the centre of the text's line box on the
/// side `anchor` names; `fontSize` is in pixels.
package struct SceneText: Sendable, Hashable {
  package var role: TextRole
  package var text: String
  package var position: Point
  package var fontSize: Double
  package var anchor: TextAnchor
  package var weight: FontWeight
  package var paint: Paint
  /// When it shows in an animation; `nil` for always.
  package var window: TextWindow?
  /// The whole text, for a title the layout cut to fit its gap in a terminal's cells
  /// ("Batte…"): the terminal draws as much of it as the cells free on its row hold.
  /// `nil` for a text drawn as it is.
  package var whole: String?

  /// Creates a text.
  package init(
    role: TextRole, text: String, position: Point, fontSize: Double, anchor: TextAnchor = .middle,
    weight: FontWeight = .regular, paint: Paint, window: TextWindow? = nil
  ) {
    self.role = role
    self.text = text
    self.position = position
    self.fontSize = fontSize
    self.anchor = anchor
    self.weight = weight
    self.paint = paint
    self.window = window
  }
}
