/// Exact-area coverage of a shape, accumulated edge by edge as signed area and read back with a
/// prefix sum along each row (the method of font-rs): no supersampling, and exact for any
/// shape whose edges do not cross inside one pixel.
///
/// Each edge adds, to the cell of every pixel it passes through, its height in that row times
/// the fraction of the pixel to its right, and the rest of its height to the next cell, so a
/// running sum along the row is the winding number in whole pixels and the covered fraction in
/// edge pixels. One buffer serves every shape: `resolve` zeroes exactly the cells the shape
/// touched, so the buffer is all zeros between shapes and nothing is allocated per shape once
/// it is as tall as the tallest shape so far.
struct CoverageAccumulator: Sendable {
  let width: Int
  let height: Int
  /// Cells per row: one per pixel, one for the spill past the last pixel, and one to spare.
  var stride: Int { width + 2 }

  private(set) var cells: [Float] = []
  /// The canvas row that the first row of `cells` stands for.
  private(set) var firstRow = 0
  private(set) var rowCount = 0

  /// For each row of the window, the first and last cell touched since the last `resolve`
  /// (last < first if none): thin diagonal shapes such as ring sectors cover a small part of
  /// their bounding box, and the read-back visits only these spans.
  private(set) var spans: [(first: Int32, last: Int32)] = []
  /// The rows touched since the last `resolve`, in canvas rows.
  private(set) var touchedRows = (lower: Int.max, upper: -1)

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Places the buffer's window over `rows` (canvas rows), growing the buffer if needed.
  mutating func begin(rows: Range<Int>) {
    firstRow = rows.lowerBound
    rowCount = rows.count
    let needed = rowCount * stride
    if cells.count < needed {
      cells.append(contentsOf: repeatElement(0, count: needed - cells.count))
    }
    if spans.count < rowCount {
      spans.append(
        contentsOf: repeatElement(
          (first: Int32.max, last: Int32(-1)), count: rowCount - spans.count))
    }
  }

  /// Adds the edge from (x0, y0) to (x1, y1), in pixels; positive when it runs down.
  mutating func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    var (xa, ya, xb, yb, direction) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
    let top = Double(firstRow)
    let bottom = Double(firstRow + rowCount)
    // Edges thinner than a nanopixel add nothing visible and would make the slope overflow.
    guard yb - ya > 1e-9, yb > top, ya < bottom else { return }
    let slope = (xb - xa) / (yb - ya)
    if ya < top {
      xa += (top - ya) * slope
      ya = top
    }
    if yb > bottom {
      xb -= (yb - bottom) * slope
      yb = bottom
    }
    // Cut the edge where it leaves the canvas sideways: left of it the edge still decides the
    // winding of every pixel, so it runs down the left border; right of it, it decides none.
    let right = Double(width)
    var first = yb
    var second = yb
    if slope != 0 {
      let left = ya - xa / slope
      let far = ya + (right - xa) / slope
      first = left > ya && left < yb ? left : yb
      second = far > ya && far < yb ? far : yb
      if second < first { swap(&first, &second) }
    }
    addPiece(xa, ya, slope, from: ya, to: first, direction)
    addPiece(xa, ya, slope, from: first, to: second, direction)
    addPiece(xa, ya, slope, from: second, to: yb, direction)
  }

  /// Adds the part of the edge through (xa, ya) between rows `start` and `end`, which lies
  /// wholly left of, on, or right of the canvas.
  private mutating func addPiece(
    _ xa: Double, _ ya: Double, _ slope: Double, from start: Double, to end: Double,
    _ direction: Double
  ) {
    guard end > start else { return }
    let right = Double(width)
    let middle = xa + ((start + end) / 2 - ya) * slope
    guard middle < right else {
      // The winding it would have changed stays in force up to the right border.
      let firstY = Int(start.rounded(.down))
      let endY = Int(end.rounded(.up))
      touchedRows.lower = min(touchedRows.lower, firstY)
      touchedRows.upper = max(touchedRows.upper, endY - 1)
      for y in firstY..<endY {
        spans[y - firstRow].last = max(spans[y - firstRow].last, Int32(width - 1))
      }
      return
    }
    let startX = middle < 0 ? 0 : min(max(xa + (start - ya) * slope, 0), right)
    let endX = middle < 0 ? 0 : min(max(xa + (end - ya) * slope, 0), right)
    addClippedEdge(startX, start, endX, end, Float(direction))
  }

  /// Adds an edge that lies within the window's rows and within 0...width, with ya < yb.
  private mutating func addClippedEdge(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ direction: Float
  ) {
    guard yb > ya else { return }
    let right = Double(width)
    let firstY = Int(ya.rounded(.down))
    let endY = Int(yb.rounded(.up))
    touchedRows.lower = min(touchedRows.lower, firstY)
    touchedRows.upper = max(touchedRows.upper, endY - 1)
    let slope = (xb - xa) / (yb - ya)
    let stride = stride
    let firstRow = firstRow
    spans.withUnsafeMutableBufferPointer { spans in
      cells.withUnsafeMutableBufferPointer { cells in
        var x = xa
        for y in firstY..<endY {
          let rowTop = max(Double(y), ya)
          let rowBottom = min(Double(y + 1), yb)
          let height = rowBottom - rowTop
          let nextX = y + 1 == endY ? xb : min(max(x + slope * height, 0), right)
          let area = Float(height) * direction
          let base = (y - firstRow) * stride
          let low = min(x, nextX)
          let high = max(x, nextX)
          let lowFloor = low.rounded(.down)
          let lowIndex = Int(lowFloor)
          let highIndex = Int(high.rounded(.up))
          let span = y - firstRow
          spans[span].first = min(spans[span].first, Int32(lowIndex))
          spans[span].last = max(spans[span].last, Int32(max(highIndex, lowIndex + 1)))
          if highIndex <= lowIndex + 1 {
            // Within one column: the part of the pixel right of the edge's mean position.
            let inside = Float((x + nextX) / 2 - lowFloor)
            cells[base + lowIndex] += area * (1 - inside)
            cells[base + lowIndex + 1] += area * inside
          } else {
            // Across columns: a triangle in the first and last, equal slices between.
            let perColumn = 1 / (high - low)
            let lowFraction = low - lowFloor
            let first = 0.5 * perColumn * (1 - lowFraction) * (1 - lowFraction)
            let highFraction = high - Double(highIndex) + 1
            let last = 0.5 * perColumn * highFraction * highFraction
            cells[base + lowIndex] += area * Float(first)
            if highIndex == lowIndex + 2 {
              cells[base + lowIndex + 1] += area * Float(1 - first - last)
            } else {
              let second = perColumn * (1.5 - lowFraction)
              cells[base + lowIndex + 1] += area * Float(second - first)
              let slice = area * Float(perColumn)
              for column in (lowIndex + 2)..<(highIndex - 1) {
                cells[base + column] += slice
              }
              let beforeLast = second + Double(highIndex - lowIndex - 3) * perColumn
              cells[base + highIndex - 1] += area * Float(1 - beforeLast - last)
            }
            cells[base + highIndex] += area * Float(last)
          }
          x = nextX
        }
      }
    }
  }

  /// The canvas rows `resolve` visits next: those any edge touched since the last
  /// `resolve`, within the window; nil if none.
  var rowsToResolve: ClosedRange<Int>? {
    let lower = max(touchedRows.lower, firstRow)
    let upper = min(touchedRows.upper, firstRow + rowCount - 1)
    return lower <= upper ? lower...upper : nil
  }

  /// Calls `body(row, column, count, coverage)` for every run of touched pixels along a row
  /// that share one coverage above zero (a cell that adds nothing ends no run), coverage
  /// being the non-zero winding clamped to 0...1, and zeroes the touched cells.
  @inline(__always)
  mutating func resolve(_ body: (Int, Int, Int, Float) -> Void) {
    let rows = rowsToResolve
    touchedRows = (Int.max, -1)
    guard let rows else { return }
    let (stride, firstRow, width) = (stride, firstRow, width)
    spans.withUnsafeMutableBufferPointer { spans in
      cells.withUnsafeMutableBufferPointer { cells in
        for row in rows {
          let span = spans[row - firstRow]
          spans[row - firstRow] = (Int32.max, -1)
          guard span.first <= span.last else { continue }
          let base = (row - firstRow) * stride
          let last = min(Int(span.last), stride - 1)
          var winding: Float = 0
          var column = Int(span.first)
          while column <= last {
            winding += cells[base + column]
            cells[base + column] = 0
            let coverage = min(abs(winding), 1)
            var end = column + 1
            while end <= last && cells[base + end] == 0 { end += 1 }
            let count = min(end, width) - column
            if coverage > 0, count > 0 { body(row, column, count, coverage) }
            column = end
          }
        }
      }
    }
  }
}
