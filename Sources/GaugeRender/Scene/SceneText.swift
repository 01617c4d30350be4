import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// What a text is for, so a backend can treat each kind alike (a terminal draws the readout
/// in large digits; a check can find every title).
package enum TextRole: String, Sendable, Hashable, CaseIterable {
  case readout
  case title
  case start
  case end
  case zone
  /// A tick mark's value.
  case tick
  /// The readout's unit, under the number.
  case unit
  /// What an off-scale or empty reading means ("Above range", "No data").
  case status
  /// The value's zone's name under the readout ("Normal").
  case currentZone
  /// A marker's label, outside the ring at its value.
  case marker
  /// The change since the reference, beside the readout ("▲ 7").
  case delta
  /// A value or share written on a pie slice.
  case slice
  /// A line of a chart's legend.
  case legend
  /// A donut's centre caption ("Total").
  case caption
  /// A donut's centre value.
  case value
  /// What an empty chart says ("No data").
  case message
  /// One pointer's line of a stacked readout ("Systolic 120 mmHg").
  case readoutLine
}

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
