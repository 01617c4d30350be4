import GaugeSupport

extension RasterCanvas {
  /// Fills `path` with `color` under the non-zero winding rule, closing every contour.
  ///
  /// Coverage is the exact area of each pixel inside the path (no supersampling), composited
  /// source-over. Only the rows and columns of the path's bounds are visited.
  ///
  /// Edge cases:
  /// - Parts outside the canvas are cut off; a path wholly outside changes nothing.
  /// - An empty path, or one with no area, changes nothing.
  /// - Where edges of overlapping contours cross inside one pixel, that pixel's coverage is
  ///   the sum of the contours' coverages clamped to 1, so it can be slightly too high;
  ///   whole pixels inside overlaps are exact.
  public mutating func fill(_ path: RasterPath, color: Color) {
    guard let rows = rows(of: path, dx: 0, dy: 0) else { return }
    for strip in Self.strips(rows) {
      accumulator.begin(rows: strip)
      accumulate(path, dx: 0, dy: 0)
      composite(color)
    }
  }

  /// Shapes taller than this many rows are filled in bands of it, each band adding only the
  /// edges that reach it, so that the coverage cells stay small (16 MiB at 8192 px wide).
  static let stripHeight = 512

  /// `rows` cut into bands of at most ``stripHeight`` rows.
  static func strips(_ rows: Range<Int>) -> some Sequence<Range<Int>> {
    stride(from: rows.lowerBound, to: rows.upperBound, by: stripHeight).lazy.map {
      $0..<min($0 + stripHeight, rows.upperBound)
    }
  }

  /// The canvas rows that `path`, moved by (dx, dy), reaches; nil if none.
  func rows(of path: RasterPath, dx: Double, dy: Double) -> Range<Int>? {
    guard var top = path.points.first?.y else { return nil }
    var bottom = top
    for point in path.points {
      top = min(top, point.y)
      bottom = max(bottom, point.y)
    }
    return rows(top: top + dy, bottom: bottom + dy)
  }

  /// The canvas rows between `top` and `bottom` pixels; nil if none.
  func rows(top: Double, bottom: Double) -> Range<Int>? {
    guard top.isFinite, bottom.isFinite else { return nil }
    let first = Int(min(max(top.rounded(.down), 0), Double(height)))
    let end = Int(min(max(bottom.rounded(.up), 0), Double(height)))
    return first < end ? first..<end : nil
  }

  /// Adds the edges of every contour of `path`, moved by (dx, dy), to the coverage cells.
  mutating func accumulate(_ path: RasterPath, dx: Double, dy: Double) {
    let points = path.points
    var start = 0
    // The contours one by one, the last one possibly unclosed, without building a list.
    for index in 0...path.contourEnds.count {
      let end = index < path.contourEnds.count ? path.contourEnds[index] : points.count
      defer { start = end }
      guard end - start > 1 else { continue }
      var previous = points[end - 1]
      for point in points[start..<end] {
        accumulator.addEdge(previous.x + dx, previous.y + dy, point.x + dx, point.y + dy)
        previous = point
      }
    }
  }

  /// Composites `color` through the accumulated coverage and clears it.
  mutating func composite(_ color: Color) {
    let width = width
    let paint = CompositePaint(color)
    let rows = accumulator.rowsToResolve
    // The columns blended, for the canvas's drawn rows.
    var left = Int.max
    var right = Int.min
    pixels.withUnsafeMutableBytes { pixels in
      accumulator.resolve { row, column, count, coverage in
        left = min(left, column)
        right = max(right, column + count)
        paint.blend(coverage, into: pixels, at: (row * width + column) * 4, count: count)
      }
    }
    if let rows, left < right {
      touch(rowsFrom: rows.lowerBound, through: rows.upperBound, columns: left..<right)
    }
  }

  /// Each pixel's coverage by `path` (0...1), row by row, leaving the canvas unchanged: what
  /// the tests measure areas with.
  package mutating func coverage(of path: RasterPath) -> [Float] {
    var coverage = [Float](repeating: 0, count: width * height)
    let width = width
    forEachRun(of: path) { row, column, count, value in
      for offset in 0..<count { coverage[row * width + column + offset] = value }
    }
    return coverage
  }

  /// Calls `body(row, column, count, coverage)` for each run of pixels along a row that
  /// `path` covers alike (coverage above zero), band by band, leaving the canvas unchanged.
  mutating func forEachRun(of path: RasterPath, _ body: (Int, Int, Int, Float) -> Void) {
    guard let rows = rows(of: path, dx: 0, dy: 0) else { return }
    for strip in Self.strips(rows) {
      accumulator.begin(rows: strip)
      accumulate(path, dx: 0, dy: 0)
      accumulator.resolve(body)
    }
  }
}
