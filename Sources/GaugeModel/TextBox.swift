import GaugeGeometry

/// A text's line box in pixels (y down): the rectangle that must stay clear of the pointer,
/// the ring, the other texts and the image's edges.
package struct TextBox: Sendable, Hashable {
  package var minX: Double
  package var minY: Double
  package var maxX: Double
  package var maxY: Double

  /// The box of a line `width` × `height` pixels whose centre is `center`.
  package init(center: Point, width: Double, height: Double) {
    minX = center.x - width / 2
    maxX = center.x + width / 2
    minY = center.y - height / 2
    maxY = center.y + height / 2
  }

  package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The same box moved `dx`, `dy` pixels.
  package func moved(by dx: Double, _ dy: Double) -> TextBox {
    var box = self
    box.minX += dx
    box.maxX += dx
    box.minY += dy
    box.maxY += dy
    return box
  }

  /// Whether the two boxes come closer than `margin` pixels.
  package func intersects(_ other: TextBox, margin: Double) -> Bool {
    minX - margin < other.maxX && other.minX < maxX + margin && minY - margin < other.maxY
      && other.minY < maxY + margin
  }

  /// Whether a convex polygon comes closer than `margin` pixels (measured along the axes the
  /// separating-axis test tries, so a corner may pass a little closer diagonally).
  ///
  /// Edge cases:
  /// - A degenerate polygon (a segment, a point) is tested as that segment or point.
  package func intersects(polygon: [Point], margin: Double) -> Bool {
    guard !polygon.isEmpty else { return false }
    // Separating axes, with nothing allocated: this runs for every candidate spot of every
    // label of every image. First the box's own axes, x and y.
    let x = Self.projection(of: polygon, on: Point(x: 1, y: 0))
    if maxX + margin <= x.min || x.max + margin <= minX { return false }
    let y = Self.projection(of: polygon, on: Point(x: 0, y: 1))
    if maxY + margin <= y.min || y.max + margin <= minY { return false }
    // Then each edge's normal.
    for index in polygon.indices {
      guard let axis = Self.unitNormal(of: polygon, edge: index) else { continue }
      let own = projection(on: axis)
      let theirs = Self.projection(of: polygon, on: axis)
      // Is there a gap of at least `margin` along this axis?
      if own.max + margin <= theirs.min || theirs.max + margin <= own.min { return false }
    }
    return true
  }

  /// The unit normal of a polygon's edge from point `edge` to the next; `nil` for an edge of
  /// no length.
  package static func unitNormal(of polygon: [Point], edge index: Int) -> Point? {
    let point = polygon[index]
    let next = polygon[(index + 1) % polygon.count]
    let normal = Point(x: point.y - next.y, y: next.x - point.x)
    let length = (normal.x * normal.x + normal.y * normal.y).squareRoot()
    guard length > 1e-9 else { return nil }
    return Point(x: normal.x / length, y: normal.y / length)
  }

  /// The box's extent along `axis`: the least and greatest of each coordinate's share, added.
  package func projection(on axis: Point) -> (min: Double, max: Double) {
    let (left, right) = (minX * axis.x, maxX * axis.x)
    let (top, bottom) = (minY * axis.y, maxY * axis.y)
    return (
      Swift.min(left, right) + Swift.min(top, bottom),
      Swift.max(left, right) + Swift.max(top, bottom)
    )
  }

  /// The distance from `point` to the farthest corner, in pixels.
  package func farthestDistance(from point: Point) -> Double {
    let dx = Swift.max(abs(minX - point.x), abs(maxX - point.x))
    let dy = Swift.max(abs(minY - point.y), abs(maxY - point.y))
    return (dx * dx + dy * dy).squareRoot()
  }

  /// Whether `point` lies inside or on the box.
  package func contains(_ point: Point) -> Bool {
    (minX...maxX).contains(point.x) && (minY...maxY).contains(point.y)
  }

  package static func projection(of points: [Point], on axis: Point) -> (min: Double, max: Double) {
    var low = Double.infinity
    var high = -Double.infinity
    for point in points {
      let value = point.x * axis.x + point.y * axis.y
      low = Swift.min(low, value)
      high = Swift.max(high, value)
    }
    return (low, high)
  }
}
