/// Hit testing for annular sectors, shared by gauges, charts and the terminal rasteriser:
/// one answer to "which sector is under this point?".
///
/// Sectors are tested as drawn without corner rounding (a corner radius trims only a few
/// pixels). Units: pixels and degrees, 0° at 12 o'clock, clockwise.
extension AnnularSector {
  /// Whether `point` lies in the sector: between its circles and clear of its padded edges.
  ///
  /// Edge cases:
  /// - Points exactly on either circle are inside.
  /// - A sweep of 360° or more has no edges, so no gaps.
  /// - Non-finite points are outside.
  public func contains(_ point: Point) -> Bool {
    contains(point, padWidth: padWidth)
  }

  /// `contains(_:)` with another gap width (0 for a raster too coarse to show the gap).
  package func contains(_ point: Point, padWidth: Double) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    let dx = point.x - center.x
    let dy = point.y - center.y
    let squared = dx * dx + dy * dy
    guard squared >= innerRadius * innerRadius, squared <= outerRadius * outerRadius else {
      return false
    }
    let sweep = endAngle - startAngle
    guard sweep < 360 else { return true }
    guard squared > 0 else { return false }
    let offset = normalizedDegrees(bearingDegrees(dx: dx, dy: dy) - startAngle)
    guard offset <= sweep else { return false }
    return SectorHit.clearOfPadding(
      radius: squared.squareRoot(), offset: offset, sweep: sweep, padWidth: padWidth)
  }
}

/// The arithmetic every sector hit test shares.
package enum SectorHit {
  /// Is a point `radius` from the centre and `offset` degrees into a sector of `sweep`
  /// degrees at least half the pad width from both edges' radial lines?
  @inline(__always)
  package static func clearOfPadding(
    radius: Double, offset: Double, sweep: Double, padWidth: Double
  ) -> Bool {
    let half = padWidth / 2
    guard half > 0 else { return true }
    let toStart = radius * sinCos(degrees: Swift.min(offset, 90)).sin
    let toEnd = radius * sinCos(degrees: Swift.min(sweep - offset, 90)).sin
    return toStart >= half && toEnd >= half
  }

  /// The index of the equal sector under `point` in a ring of `count` sectors of `step`
  /// degrees from bearing `start`, or `nil` outside the ring, beyond its arc, or in a gap.
  ///
  /// Edge cases: a point at the centre, or not finite, hits nothing.
  package static func ringIndex(
    at point: Point, center: Point, innerRadius: Double, outerRadius: Double, start: Double,
    step: Double, count: Int, padWidth: Double
  ) -> Int? {
    guard point.x.isFinite, point.y.isFinite, count > 0 else { return nil }
    let dx = point.x - center.x
    let dy = point.y - center.y
    let squared = dx * dx + dy * dy
    guard squared >= innerRadius * innerRadius, squared <= outerRadius * outerRadius, squared > 0
    else { return nil }
    let sweep = Double(count) * step
    let offset = normalizedDegrees(bearingDegrees(dx: dx, dy: dy) - start)
    guard offset < sweep || sweep >= 360 else { return nil }
    let index = Swift.min(count - 1, Int(offset / step))
    let within = offset - Double(index) * step
    guard
      clearOfPadding(
        radius: squared.squareRoot(), offset: within, sweep: step, padWidth: padWidth)
    else { return nil }
    return index
  }
}

/// Whether a convex polygon (either winding) contains `point`, edges included.
package func convexPolygon(_ polygon: [Point], contains point: Point) -> Bool {
  var sign = 0.0
  for index in polygon.indices {
    let a = polygon[index]
    let b = polygon[(index + 1) % polygon.count]
    let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
    if cross == 0 { continue }
    if sign == 0 {
      sign = cross
    } else if (cross > 0) != (sign > 0) {
      return false
    }
  }
  return !polygon.isEmpty
}
