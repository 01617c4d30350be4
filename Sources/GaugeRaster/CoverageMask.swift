import GaugeSupport

/// A shape's coverage, kept so that the shape can be composited again in any colour without
/// its edges being accumulated again: what a prepared renderer keeps for shapes that every
/// image draws in the same place, such as a gauge's ring sectors and their halos.
///
/// Pixels wholly inside the shape are kept as runs along a row, the others one by one with
/// their coverage. Compositing a mask gives the same bytes as filling its path: each pixel is
/// composited once either way, and no pixel depends on another.
/// Memory: 8 bytes an edge pixel and 8 bytes a run (about 0.3 MB for a 400 px gauge's ring).
package struct CoverageMask: Sendable {
  /// Each edge pixel's byte offset in the canvas.
  var offsets: [Int32] = []
  /// Each edge pixel's coverage, above 0 and below 1.
  var coverages: [Float] = []
  /// Each run of wholly covered pixels: its first pixel's byte offset and its length.
  var runs: [(start: Int32, count: Int32)] = []
  /// The columns of every pixel the shape touches (empty when it touches none).
  var columns = Int.max..<Int.max

  /// The pixels the shape touches.
  package var count: Int { offsets.count + runs.reduce(0) { $0 + Int($1.count) } }
}

extension RasterCanvas {
  /// The coverage of `path`, as `fill(_:color:)` would composite it, leaving the canvas
  /// unchanged.
  package mutating func mask(of path: RasterPath) -> CoverageMask {
    var mask = CoverageMask()
    let width = width
    var left = Int.max
    var right = Int.min
    forEachRun(of: path) { row, column, count, coverage in
      left = min(left, column)
      right = max(right, column + count)
      let offset = Int32(truncatingIfNeeded: (row * width + column) * 4)
      guard coverage >= 1 else {
        for pixel in 0..<Int32(count) {
          mask.offsets.append(offset + 4 * pixel)
          mask.coverages.append(coverage)
        }
        return
      }
      // Runs come in memory order, so a run grows only by the next pixels.
      if let last = mask.runs.last, last.start + 4 * last.count == offset {
        mask.runs[mask.runs.count - 1].count += Int32(count)
      } else {
        mask.runs.append((offset, Int32(count)))
      }
    }
    if left < right { mask.columns = left..<right }
    return mask
  }

  /// Composites `color` through `mask`, made on a canvas of this size: the same pixels as
  /// filling the mask's path.
  package mutating func fill(_ mask: CoverageMask, color: Color) {
    let paint = CompositePaint(color)
    // Runs and partly covered pixels each come in memory order.
    let rowBytes = 4 * width
    var lowest = Int.max
    var highest = Int.min
    if let first = mask.runs.first, let last = mask.runs.last {
      lowest = Int(first.start) / rowBytes
      highest = (Int(last.start) + 4 * Int(last.count) - 4) / rowBytes
    }
    if let first = mask.offsets.first, let last = mask.offsets.last {
      lowest = min(lowest, Int(first) / rowBytes)
      highest = max(highest, Int(last) / rowBytes)
    }
    touch(rowsFrom: lowest, through: highest, columns: mask.columns)
    pixels.withUnsafeMutableBytes { pixels in
      for run in mask.runs {
        let start = Int(run.start)
        if color.alpha == 255 {
          for offset in stride(from: start, to: start + 4 * Int(run.count), by: 4) {
            pixels.storeBytes(of: paint.solid, toByteOffset: offset, as: UInt32.self)
          }
        } else {
          for offset in stride(from: start, to: start + 4 * Int(run.count), by: 4) {
            paint.blend(1, into: pixels, at: offset)
          }
        }
      }
      mask.offsets.withUnsafeBufferPointer { offsets in
        mask.coverages.withUnsafeBufferPointer { coverages in
          for index in offsets.indices {
            paint.blend(coverages[index], into: pixels, at: Int(offsets[index]))
          }
        }
      }
    }
  }
}
