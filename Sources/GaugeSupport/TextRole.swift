/// What a text is for, in the layout and in the scene, so a backend can treat each kind
/// alike (a terminal draws the readout in large digits; a check can find every title).
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
