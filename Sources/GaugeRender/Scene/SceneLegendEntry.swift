import GaugeGeometry
import GaugeSupport

/// One item of a chart's legend, as content rather than positions: what a backend that lays
/// the legend out itself needs (a terminal sizes its columns in cells).
package struct SceneLegendEntry: Sendable, Hashable {
  /// The item's label, as the data names it (a terminal still makes it safe to print).
  package var label: String
  /// The value as the chart prints it ("1,200.00", with the chart's prefix and suffix).
  package var value: String
  /// The share of the total ("60%", "0.4%"), or "–" when the total is 0.
  package var share: String
  /// The index of the item's slice among the scene's chart sectors (in paint order, so also
  /// its index in a palette of their colours); `nil` for an item with no slice (a value of
  /// 0, or an empty chart).
  package var sector: Int?
  /// The slice's paint, shown by the swatch; `nil` with `sector`.
  package var swatch: Paint?
  /// Whether this is the chart's highlighted item.
  package var isHighlighted: Bool

  /// Creates an entry.
  package init(
    label: String, value: String, share: String, sector: Int?, swatch: Paint?,
    isHighlighted: Bool
  ) {
    self.label = label
    self.value = value
    self.share = share
    self.sector = sector
    self.swatch = swatch
    self.isHighlighted = isHighlighted
  }
}
