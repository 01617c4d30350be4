/// A point in device pixels: x grows to the right, y grows down.
public struct RasterPoint: Sendable, Hashable {
  /// Horizontal position in pixels from the canvas's left edge.
  public var x: Double
  /// Vertical position in pixels from the canvas's top edge.
  public var y: Double

  /// A point at `x`, `y` pixels.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A shape to fill, in device pixels (y down), already flattened into straight edges.
///
/// Curves are flattened as they are added, so that no chord strays more than
/// ``flatteningTolerance`` from the curve: the number of edges follows the curve's size in
/// pixels, never a fixed count. Every contour is closed when filled, whether or not
/// ``close()`` was called.
///
/// Edge cases:
/// - A point with a NaN or infinite coordinate is skipped; an arc or curve with one is skipped
///   whole. Finite coordinates beyond ±1,000,000 px are clamped to it.
/// - Drawing before any ``move(to:y:)`` starts a contour at the first point given.
/// - Contours of fewer than two distinct points cover nothing.
public struct RasterPath: Sendable, Equatable {
  /// The largest distance, in pixels, between a flattened curve and its edges.
  ///
  /// A quarter of the usual 0.1 px: at 0.1 px an edge pixel's coverage of a circle was off by
  /// up to 0.09 (24 of 255 levels, about rsvg-convert's own error), at 0.025 px by 0.04, and
  /// the extra edges cost nothing measurable in the gauge benchmark.
  public static let flatteningTolerance = 0.025

  static let coordinateLimit = 1_000_000.0

  /// Every contour's points, one after another.
  package private(set) var points: [RasterPoint] = []
  /// For each contour, the index in `points` one past its last point.
  package private(set) var contourEnds: [Int] = []

  /// An empty path.
  public init() {}

  /// Whether the path holds no point at all.
  public var isEmpty: Bool { points.isEmpty }

  /// The current point, where the next edge starts.
  var current: RasterPoint? {
    if let end = contourEnds.last, end == points.count { return nil }
    return points.last
  }

  /// Starts a new contour at `x`, `y` pixels.
  public mutating func move(to x: Double, y: Double) {
    let point = RasterPoint(x: x, y: y)
    guard point.isFinite else { return }
    endContour()
    points.append(Self.clamped(point))
  }

  /// Adds a straight edge from the current point to `x`, `y` pixels.
  public mutating func line(to x: Double, y: Double) {
    append(RasterPoint(x: x, y: y))
  }

  /// Adds a quadratic Bézier curve from the current point.
  public mutating func quad(control: RasterPoint, to end: RasterPoint) {
    guard control.isFinite, end.isFinite else { return }
    guard let start = current else {
      append(end)
      return
    }
    // A quadratic's second difference bounds how far a chord of parameter length 1/n can
    // stray: |p0 - 2p1 + p2| / (4 n^2).
    let bend = Self.length(start.x - 2 * control.x + end.x, start.y - 2 * control.y + end.y)
    let count = Self.segmentCount(squaredRatio: bend / (4 * Self.flatteningTolerance))
    for step in 1...count {
      let t = Double(step) / Double(count)
      let u = 1 - t
      append(
        RasterPoint(
          x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
          y: u * u * start.y + 2 * u * t * control.y + t * t * end.y))
    }
  }

  /// Adds a cubic Bézier curve from the current point.
  public mutating func cubic(control1: RasterPoint, control2: RasterPoint, to end: RasterPoint) {
    guard control1.isFinite, control2.isFinite, end.isFinite else { return }
    guard let start = current else {
      append(end)
      return
    }
    // The second derivative is at most 6 times the larger second difference, and a chord
    // strays at most |B''| h^2 / 8.
    let bend = max(
      Self.length(start.x - 2 * control1.x + control2.x, start.y - 2 * control1.y + control2.y),
      Self.length(control1.x - 2 * control2.x + end.x, control1.y - 2 * control2.y + end.y))
    let count = Self.segmentCount(squaredRatio: 3 * bend / (4 * Self.flatteningTolerance))
    for step in 1...count {
      let t = Double(step) / Double(count)
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      append(
        RasterPoint(
          x: a * start.x + b * control1.x + c * control2.x + d * end.x,
          y: a * start.y + b * control1.y + c * control2.y + d * end.y))
    }
  }

  /// Ends the current contour; the next point starts a new one.
  ///
  /// Filling closes every contour anyway; `close()` only matters before drawing on, where
  /// it keeps the next edge from joining the previous contour.
  public mutating func close() {
    endContour()
  }

  /// Appends a point to the current contour, starting one if needed.
  mutating func append(_ point: RasterPoint) {
    guard point.isFinite else { return }
    points.append(Self.clamped(point))
  }

  private mutating func endContour() {
    if let end = contourEnds.last, end == points.count { return }
    if points.isEmpty { return }
    contourEnds.append(points.count)
  }

  /// The index ranges of the contours, the last one included even if not closed.
  package var contours: [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for end in contourEnds {
      ranges.append(start..<end)
      start = end
    }
    if start < points.count { ranges.append(start..<points.count) }
    return ranges
  }

  static func clamped(_ point: RasterPoint) -> RasterPoint {
    RasterPoint(
      x: min(max(point.x, -coordinateLimit), coordinateLimit),
      y: min(max(point.y, -coordinateLimit), coordinateLimit))
  }

  static func length(_ dx: Double, _ dy: Double) -> Double {
    (dx * dx + dy * dy).squareRoot()
  }

  /// `ceil(sqrt(squaredRatio))`, at least 1 and at most 10,000 (a curve 10^6 px long).
  static func segmentCount(squaredRatio: Double) -> Int {
    let count = squaredRatio.squareRoot().rounded(.up)
    guard count.isFinite, count >= 1 else { return 1 }
    return Int(min(count, 10_000))
  }
}
