import GaugeGeometry
import GaugeSupport

/// What lies under a point of a laid-out gauge.
package enum GaugeHit: Sendable, Hashable {
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
  package func hit(at point: Point) -> GaugeHit {
    hit(at: point, padWidth: padWidth)
  }

  /// `hit(at:)` with another gap width: a raster whose pixels are larger than the gap
  /// leaves it out (0) rather than sample it into noise.
  package func hit(at point: Point, padWidth: Double) -> GaugeHit {
    guard point.x.isFinite, point.y.isFinite else { return .nothing }
    if let above = pointerHit(at: point) { return above }
    let index = SectorHit.ringIndex(
      at: point, center: center, innerRadius: innerRadius, outerRadius: outerRadius,
      start: sectorLayout.arcStart, step: sectorLayout.step, count: sectorLayout.visibleCount,
      padWidth: padWidth)
    return index.map { .sector($0) } ?? .nothing
  }

  /// The pointer or the off-scale marker at `point`, if either covers it.
  package func pointerHit(at point: Point) -> GaugeHit? {
    // Most points lie outside the pointer's bounding box and skip the polygon test.
    if let pointer {
      let a = pointer.innerLeft
      let b = pointer.outerLeft
      let c = pointer.outerRight
      let d = pointer.innerRight
      let inBox =
        point.x >= Swift.min(a.x, b.x, c.x, d.x) && point.x <= Swift.max(a.x, b.x, c.x, d.x)
        && point.y >= Swift.min(a.y, b.y, c.y, d.y) && point.y <= Swift.max(a.y, b.y, c.y, d.y)
      if inBox && Self.contains(a, b, c, d, point) { return .pointer }
    }
    if let marker = offScaleMarker, convexPolygon(marker, contains: point) {
      return .offScaleMarker
    }
    return nil
  }

  /// `contains` for a quadrilateral, without building an array.
  package static func contains(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ point: Point)
    -> Bool
  {
    func side(_ p: Point, _ q: Point) -> Double {
      (q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x)
    }
    let sides = (side(a, b), side(b, c), side(c, d), side(d, a))
    let allPositive = sides.0 >= 0 && sides.1 >= 0 && sides.2 >= 0 && sides.3 >= 0
    let allNegative = sides.0 <= 0 && sides.1 <= 0 && sides.2 <= 0 && sides.3 <= 0
    return allPositive || allNegative
  }
}
