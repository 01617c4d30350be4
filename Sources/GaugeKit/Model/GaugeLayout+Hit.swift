/// What lies under a point of a laid-out gauge.
public enum GaugeHit: Sendable, Hashable {
  case nothing
  /// A visible sector, by visible index; `nil` in the gap between two sectors.
  case sector(Int)
  case pointer
  /// The off-scale arrowhead.
  case offScaleMarker
}

extension GaugeLayout {
  /// What is drawn at `point` (pixels, y down): the pointer and marker above the ring.
  ///
  /// Sector outlines are the padded annular sectors without rounded corners (a corner radius
  /// only trims a few pixels at the corners).
  ///
  /// Edge cases:
  /// - Points exactly on the inner or outer circle belong to the ring.
  /// - Points inside the constant-width gap between neighbours hit nothing.
  /// - Non-finite points hit nothing.
  public func hit(at point: Point) -> GaugeHit {
    hit(at: point, padWidth: padWidth)
  }

  /// `hit(at:)` with another gap width: a raster whose pixels are larger than the gap
  /// leaves it out (0) rather than sample it into noise.
  public func hit(at point: Point, padWidth: Double) -> GaugeHit {
    guard point.x.isFinite, point.y.isFinite else { return .nothing }
    if let pointer,
      Self.contains(
        [pointer.innerLeft, pointer.outerLeft, pointer.outerRight, pointer.innerRight], point)
    {
      return .pointer
    }
    if let marker = offScaleMarker, Self.contains(marker, point) {
      return .offScaleMarker
    }
    let dx = point.x - center.x
    let dy = point.y - center.y
    let radius = (dx * dx + dy * dy).squareRoot()
    guard radius >= innerRadius, radius <= outerRadius, radius > 0 else { return .nothing }
    let offset = normalizedDegrees(bearingDegrees(dx: dx, dy: dy) - sectorLayout.arcStart)
    guard offset < sectorLayout.sweep || sectorLayout.sweep >= 360 else { return .nothing }
    let index = Swift.min(sectorLayout.visibleCount - 1, Int(offset / sectorLayout.step))
    // Is it in the gap? The distance to each edge's radial line must be at least half the pad.
    let within = offset - Double(index) * sectorLayout.step
    let half = padWidth / 2
    if half > 0 {
      let toStart = radius * sinCos(degrees: Swift.min(within, 90)).sin
      let toEnd = radius * sinCos(degrees: Swift.min(sectorLayout.step - within, 90)).sin
      if toStart < half || toEnd < half { return .nothing }
    }
    return .sector(index)
  }

  /// Whether a convex polygon (either winding) contains `point`, edges included.
  static func contains(_ polygon: [Point], _ point: Point) -> Bool {
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
    return true
  }
}
