import GaugeText

/// A glyph outline flattened into a ``RasterPath`` under a budget of points: past it, nothing
/// more is forwarded and the path is incomplete.
///
/// The reader refuses outlines of more than 65,536 points, straying past 16 em or longer than
/// 1,024 em (`FontFace.outlineReachInEms`, `outlineLengthInEms`), which bounds the work of
/// filling a glyph. Within those limits a hostile glyph of many short, sharply bent curves
/// could still flatten into a few hundred thousand points at a large size, several MiB for
/// each glyph the cache keeps; ``pointLimit`` caps that. ``GlyphCache`` then draws the glyph
/// again with ``curvesAsChords``: one edge per outline point, which the reader's limit keeps
/// under the budget, so such a glyph is drawn coarsely rather than not at all.
///
/// Edge cases: a curve is measured after it is flattened, so the path may hold up to one
/// curve's edges (10,000) past the limit before the budget stops it.
struct GlyphPathBudget: OutlineSink {
  /// The most flattened points one glyph (or one colour glyph's layers together) may have:
  /// 2 MiB of path. Real glyphs at 400 px per em have at most 3,745 (U+FDFD, the Bismillah
  /// ligature of Noto Nastaliq Urdu; every glyph of DejaVu Sans, Sans Bold, Serif and Math
  /// TeX Gyre, Noto Sans and Serif CJK, Noto Sans Devanagari, Arabic, Math, Symbols 2 and
  /// Noto Music was measured) and at 8,192 px about 12,000, as flattening adds edges with
  /// the square root of the size. Twice the reader's 65,536 points, so that any outline it
  /// accepts fits as chords (a TrueType contour of n >= 2 points sends at most n + 2).
  static let pointLimit = 131_072

  /// Whether curves become one straight edge to their end point instead of being flattened.
  let curvesAsChords: Bool

  /// What was flattened so far; incomplete once ``isExceeded``.
  private(set) var path = RasterPath()
  /// Whether the glyph went past ``pointLimit``; nothing has been forwarded since.
  private(set) var isExceeded = false

  /// An empty path; `curvesAsChords` draws each curve as one straight edge.
  init(curvesAsChords: Bool = false) {
    self.curvesAsChords = curvesAsChords
  }

  mutating func move(toX x: Double, y: Double) {
    guard !isExceeded else { return }
    path.move(to: x, y: y)
    check()
  }

  mutating func line(toX x: Double, y: Double) {
    guard !isExceeded else { return }
    path.line(to: x, y: y)
    check()
  }

  mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double) {
    guard !isExceeded else { return }
    guard !curvesAsChords else { return line(toX: x, y: y) }
    path.quad(control: RasterPoint(x: controlX, y: controlY), to: RasterPoint(x: x, y: y))
    check()
  }

  mutating func cubic(
    control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
    y: Double
  ) {
    guard !isExceeded else { return }
    guard !curvesAsChords else { return line(toX: x, y: y) }
    path.cubic(
      control1: RasterPoint(x: control1X, y: control1Y),
      control2: RasterPoint(x: control2X, y: control2Y), to: RasterPoint(x: x, y: y))
    check()
  }

  mutating func close() {
    guard !isExceeded else { return }
    path.close()
  }

  private mutating func check() {
    if path.points.count > Self.pointLimit { isExceeded = true }
  }

  /// The length of `path`'s edges, |dx| + |dy| summed, closing edges included, in pixels:
  /// about what filling it costs.
  static func length(of path: RasterPath) -> Double {
    var total = 0.0
    for contour in path.contours where contour.count > 1 {
      var previous = path.points[contour.upperBound - 1]
      for point in path.points[contour] {
        total += abs(point.x - previous.x) + abs(point.y - previous.y)
        previous = point
      }
    }
    return total
  }
}
