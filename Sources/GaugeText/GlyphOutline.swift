/// One glyph's outline in font units (y up): TrueType contours of on-curve points and
/// quadratic control points, composite glyphs already resolved into their components' points.
struct GlyphOutline: Sendable, Equatable {
  struct Point: Sendable, Equatable {
    var x: Double
    var y: Double
    var onCurve: Bool
  }

  var points: [Point] = []
  /// For each contour, the index in `points` one past its last point.
  var contourEnds: [Int] = []

  /// |dx| + |dy| of every step from point to point, each contour closed, in font units: the
  /// control polygon's length, which bounds the length of the curves drawn.
  var controlPolygonLength: Double {
    var total = 0.0
    var start = 0
    for end in contourEnds where end > start {
      var previous = points[end - 1]
      for point in points[start..<end] {
        total += abs(point.x - previous.x) + abs(point.y - previous.y)
        previous = point
      }
      start = end
    }
    return total
  }

  /// Sends the outline to `sink` at `scale` sink units per font unit, y flipped to point
  /// down, with the glyph origin (pen position on the baseline) at (0, 0).
  func emit(scale: Double, into sink: inout some OutlineSink) {
    var start = 0
    for end in contourEnds {
      addContour(points[start..<end], scale: scale, to: &sink)
      start = end
    }
  }

  private func addContour(
    _ contour: ArraySlice<Point>, scale: Double, to path: inout some OutlineSink
  ) {
    guard let first = contour.first, let last = contour.last, contour.count > 1 else { return }
    func pixel(_ point: Point) -> (x: Double, y: Double) {
      (point.x * scale, -point.y * scale)
    }
    func middle(_ a: Point, _ b: Point) -> (x: Double, y: Double) {
      pixel(Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, onCurve: true))
    }
    // A contour may start off the curve; then it starts at the previous on-curve point, or
    // between two control points, where TrueType implies one.
    let begin: (x: Double, y: Double)
    var rest: ArraySlice<Point>
    if first.onCurve {
      begin = pixel(first)
      rest = contour.dropFirst()
    } else if last.onCurve {
      begin = pixel(last)
      rest = contour.dropLast()
    } else {
      begin = middle(last, first)
      rest = contour
    }
    path.move(toX: begin.x, y: begin.y)
    var control: Point?
    for point in rest {
      switch (control, point.onCurve) {
      case (nil, true):
        path.line(toX: point.x * scale, y: -point.y * scale)
      case (let pending?, true):
        path.quad(pixel(pending), pixel(point))
        control = nil
      case (let pending?, false):
        path.quad(pixel(pending), middle(pending, point))
        control = point
      case (nil, false):
        control = point
      }
    }
    if let control {
      path.quad(pixel(control), begin)
    } else {
      path.line(toX: begin.x, y: begin.y)
    }
    path.close()
  }
}

extension OutlineSink {
  fileprivate mutating func quad(_ control: (x: Double, y: Double), _ end: (x: Double, y: Double)) {
    quad(controlX: control.x, controlY: control.y, toX: end.x, y: end.y)
  }
}
