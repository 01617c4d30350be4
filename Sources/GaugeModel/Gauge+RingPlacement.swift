import GaugeGeometry
import GaugeSupport

extension Gauge {
  /// The share of the image's shorter side the ring's diameter takes when the gap holds
  /// labels: 90%, with 5% to spare on each side.
  static let ringShare = 0.9

  /// Whether nothing but the reading's status can sit in the gap: no title and no end
  /// labels (as with `--no-labels`). Then the ring is fitted to what it draws instead of
  /// being centred in the image.
  var isCompact: Bool { (title ?? "").isEmpty && !labels.showEnds }

  /// Where the ring goes in an image: its centre and outer radius, in pixels.
  ///
  /// With labels, the ring is centred with a radius of 45% of the shorter side. A compact
  /// gauge (`isCompact`) uses the room the labels would have taken: the box holding the
  /// arc, its ticks, the pointer pegged at either end, the off-scale markers and the
  /// readout's disc with a status line under it fills 90% of the image each way it can,
  /// and is centred.
  func ringPlacement(width: Int, height: Int, sectorLayout: SectorLayout) -> (
    center: Point, outerRadius: Double
  ) {
    let width = Double(width)
    let height = Double(height)
    guard isCompact else {
      // Marker labels stand outside the ring: the ring gives them room.
      return (
        Point(x: width / 2, y: height / 2),
        Gauge.ringShare / 2 * Swift.min(width, height) / outsideReach
      )
    }
    let bounds = unitBounds(sectorLayout)
    let radius = Swift.min(
      Gauge.ringShare * width / (bounds.maxX - bounds.minX),
      Gauge.ringShare * height / (bounds.maxY - bounds.minY))
    return (
      Point(
        x: width / 2 - radius * (bounds.minX + bounds.maxX) / 2,
        y: height / 2 - radius * (bounds.minY + bounds.maxY) / 2),
      radius
    )
  }

  /// The box around everything drawn for a ring of outer radius 1 centred at the origin.
  private func unitBounds(_ sectorLayout: SectorLayout) -> (
    minX: Double, maxX: Double, minY: Double, maxY: Double
  ) {
    let origin = Point(x: 0, y: 0)
    let reach = Swift.max(1, pointer.outer, outsideMarksReach, outsideReach)
    var points: [Point] = []
    // The arc's outside, every degree and at both ends, and the ends' inner corners.
    let steps = Int(sectorLayout.sweep.rounded(.up))
    for step in 0...steps {
      let bearing = sectorLayout.arcStart + Swift.min(Double(step), sectorLayout.sweep)
      points.append(Point(center: origin, radius: reach, degrees: bearing))
    }
    // The arc's extremes where it crosses 12, 3, 6 or 9 o'clock, exactly.
    for bearing in [0.0, 90, 180, 270]
    where normalizedDegrees(bearing - sectorLayout.arcStart) <= sectorLayout.sweep {
      points.append(Point(center: origin, radius: reach, degrees: bearing))
    }
    for bearing in [sectorLayout.arcStart, sectorLayout.arcEnd] {
      points.append(Point(center: origin, radius: ring.innerRadius, degrees: bearing))
      points += pointer.polygon(center: origin, radius: 1, angle: bearing).points
    }
    for state in [GaugeState.below, .above] {
      points +=
        offScaleMarker(
          state: state, sectorLayout: sectorLayout, center: origin, outerRadius: 1,
          innerRadius: ring.innerRadius, pixel: 0) ?? []
    }
    // The readout's disc, and a status line under it (9% of the radius, as placed).
    let disc = Swift.min(ring.innerRadius, pointer.inner)
    points += [
      Point(x: -disc, y: -disc), Point(x: disc, y: disc + 0.09 * LabelPlacement.lineHeight + 0.04),
    ]
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    return (xs.min() ?? -1, xs.max() ?? 1, ys.min() ?? -1, ys.max() ?? 1)
  }
}
