import GaugeGeometry
import GaugeSupport
import GaugeText

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
  ///
  /// From 120 px to under `gapRoomSide` pixels (an image's texts only; an icon keeps its
  /// ring and its readout, and shows the captions that fit), where the centred ring leaves the
  /// gap no room for a status line above both end labels at the captions' minimum size,
  /// the ring moves up to a 2% margin and shrinks in 2% steps, to 70% at most, until it
  /// does, the status above the ends as in larger images where some step allows it: at 120
  /// px the scale's ends stay when the status shows, as they matter most then.
  func ringPlacement(
    width: Int, height: Int, sectorLayout: SectorLayout, measure: TextMeasure, fonts: FontSet
  ) -> (center: Point, outerRadius: Double) {
    let width = Double(width)
    let height = Double(height)
    guard isCompact else {
      // Marker labels stand outside the ring: the ring gives them room.
      let side = Swift.min(width, height)
      let centred = (
        center: Point(x: width / 2, y: height / 2),
        outerRadius: Gauge.ringShare / 2 * side / outsideReach
      )
      // Only a gap at the bottom gains from moving the ring up.
      guard measure == .font, side >= 120, side < Gauge.gapRoomSide, statusText(.below) != nil,
        abs(normalizedDegrees(sectorLayout.gapCenter) - 180) <= 45,
        !holdsGapTexts(
          centred, width: width, height: height, sectorLayout: sectorLayout, fonts: fonts,
          inOrder: true)
      else { return centred }
      let top = (height - side) / 2 + Swift.max(1, 0.02 * side)
      // Tick marks and marker bars above the ring keep their length, 2 px from the edge.
      let reach = Swift.max(outsideReach, outsideMarksReach)
      let ticks = outsideMarksReach > 1 ? 2.0 : 0
      let candidates =
        [centred]
        + (0...15).map { step in
          let radius = centred.outerRadius * (1 - 0.02 * Double(step))
          return (center: Point(x: width / 2, y: top + ticks + radius * reach), outerRadius: radius)
        }
      // The status above the ends, as in larger images, where some ring allows it; else
      // both in any order.
      for inOrder in [true, false] {
        for candidate in candidates.dropFirst(inOrder ? 1 : 0)
        where holdsGapTexts(
          candidate, width: width, height: height, sectorLayout: sectorLayout, fonts: fonts,
          inOrder: inOrder)
        {
          return candidate
        }
      }
      return centred
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

  /// The shorter side, in pixels, from which a centred ring's gap holds its texts at the
  /// captions' minimum size (every built-in preset does at 200 px).
  static let gapRoomSide = 200.0

  /// Whether a ring placed there leaves room in the gap for the status and both end labels
  /// (`LabelPlacement.holdsStatusAndEnds`), with the pointer an image of that size draws.
  private func holdsGapTexts(
    _ placement: (center: Point, outerRadius: Double), width: Double, height: Double,
    sectorLayout: SectorLayout, fonts: FontSet, inOrder: Bool
  ) -> Bool {
    let gauge = fittingPointer(outerRadius: placement.outerRadius, measure: .font, fonts: fonts)
    return LabelPlacement(
      gauge: gauge, sectorLayout: sectorLayout, center: placement.center,
      outerRadius: placement.outerRadius, innerRadius: placement.outerRadius * ring.innerRadius,
      width: width, height: height, measure: .font, fonts: fonts
    ).holdsStatusAndEnds(inOrder: inOrder)
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
