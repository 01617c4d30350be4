import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

extension PieLayout {
  /// The slice under `point` (pixels, y down), as an index into `slices`: how an app wires
  /// a touch to a slice.
  ///
  /// Slices are their padded annular sectors without rounded corners (a corner radius
  /// trims a few pixels only); a highlighted slice is hit over its grown outline.
  ///
  /// Edge cases:
  /// - Outside the ring, in a donut's hole, and in the gap between two slices: `nil`.
  /// - Points exactly on a circle belong to the slice.
  /// - An empty chart and non-finite points hit nothing.
  package func slice(at point: Point) -> Int? {
    guard point.x.isFinite, point.y.isFinite, !slices.isEmpty else { return nil }
    // Which slice's bearings hold the point? A binary search: charts may have 1000 slices.
    let bearing = bearingDegrees(dx: point.x - center.x, dy: point.y - center.y)
    var low = 0
    var high = slices.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if slices[middle].startAngle <= bearing { low = middle } else { high = middle - 1 }
    }
    return PieLayout.contains(point, in: slices[low], padWidth: padWidth) ? low : nil
  }

  /// The slice whose part of the running total holds `value`, as Swift Charts' angle
  /// selection reports it: with slices of 2 and 3, values in [0, 2) select the first and
  /// [2, 5] the second.
  ///
  /// Edge cases:
  /// - Below 0, above the total, NaN, or an empty chart: `nil`.
  /// - The total itself selects the last slice.
  package func slice(atCumulativeValue value: Double) -> Int? {
    guard value.isFinite, value >= 0, value <= total, !slices.isEmpty else { return nil }
    var running = 0.0
    for (index, slice) in slices.enumerated() {
      running += slice.value
      if value < running { return index }
    }
    return slices.count - 1
  }

  /// Whether `point` lies in `slice`'s padded sector.
  package static func contains(_ point: Point, in slice: PieSlice, padWidth: Double) -> Bool {
    slice.sector.contains(point, padWidth: padWidth)
  }
}

extension PieChart {
  /// The item drawn under `point` in a `width` × `height` image (pixels, y down): how an app
  /// wires a touch to a slice. Slices are hit as `PieLayout.slice(at:)` describes.
  ///
  /// Edge cases:
  /// - Outside the ring, in a donut's hole, between two slices, or a non-finite point: `nil`.
  /// - Past `sliceLimit`, the smallest items share one slice: its item is the "Other" item
  ///   drawn, whose value is their sum.
  ///
  /// - Throws: what `svg(options:)` throws for the same chart and size.
  public func item(at point: Point, width: Int = 400, height: Int = 400, fonts: FontSet = .standard)
    throws(GaugeError) -> PieItem?
  {
    let drawn = try layout(width: width, height: height, fonts: fonts)
    return drawn.slice(at: point).map { drawn.chart.items[drawn.slices[$0].itemIndex] }
  }
}
