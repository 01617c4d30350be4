extension RasterCanvas {
  /// Draws an image, scaled to fill a rectangle of the canvas, composited source-over.
  ///
  /// Resampling is exact area averaging (a box filter): each canvas pixel takes the average
  /// of the premultiplied image over the part of the image it covers, weighted by area, and
  /// covers itself by the fraction of it inside the rectangle. It suits what images are drawn
  /// for here, colour emoji of 136 px brought down to text sizes of 10-60 px: every source
  /// pixel counts once at any ratio, so nothing aliases or shimmers as sizes change (bilinear
  /// sampling alone skips pixels below half size and would need a pre-averaged level first),
  /// and the rectangle's edges are anti-aliased by exact coverage, as fills are. Enlarged,
  /// an image shows its pixels as squares with smooth edges.
  ///
  /// - Parameters:
  ///   - rgba: straight (not premultiplied) RGBA8, rows top to bottom with no padding.
  ///   - width: the image's pixels per row (> 0).
  ///   - height: the image's rows (> 0); `rgba` must hold 4 x width x height bytes.
  ///   - x: the rectangle's left edge, in canvas pixels.
  ///   - y: its top edge, in canvas pixels (y down).
  ///   - drawnWidth: its width in canvas pixels.
  ///   - drawnHeight: its height in canvas pixels.
  ///
  /// Edge cases:
  /// - Parts outside the canvas are cut off; a rectangle wholly outside changes nothing.
  /// - A NaN or infinite value, a width or height of zero or less, or an edge beyond
  ///   ±1,000,000 px (where paths are clamped too) draws nothing.
  /// - A 1:1 draw at whole pixels composites each image pixel exactly as a fill of its
  ///   colour and alpha over that pixel would.
  package mutating func drawImage(
    rgba: [UInt8], width: Int, height: Int, x: Double, y: Double, drawnWidth: Double,
    drawnHeight: Double
  ) {
    precondition(
      width > 0 && height > 0 && rgba.count == width * height * 4,
      "An image needs 4 bytes for each of its width x height pixels.")
    let limit = RasterPath.coordinateLimit
    for edge in [x, y, x + drawnWidth, y + drawnHeight] {
      guard edge.isFinite, abs(edge) <= limit else { return }
    }
    guard drawnWidth > 0, drawnHeight > 0,
      let columns = Self.covered(from: x, to: x + drawnWidth, within: self.width),
      let rows = Self.covered(from: y, to: y + drawnHeight, within: self.height)
    else { return }
    let across = AreaWeights(pixels: columns, start: x, length: drawnWidth, count: width)
    let down = AreaWeights(pixels: rows, start: y, length: drawnHeight, count: height)
    let used = across.sources
    // One canvas row's vertical average of the image, premultiplied, for the source columns
    // any canvas column uses; in units of 1/255 of a channel (alpha x channel).
    var blended = [Float](repeating: 0, count: used.count * 4)
    let canvasWidth = self.width
    touch(rowsFrom: rows.lowerBound, through: rows.upperBound - 1, columns: columns)
    pixels.withUnsafeMutableBytes { canvas in
      rgba.withUnsafeBufferPointer { image in
        for row in rows {
          let span = down.span(row)
          guard !span.weights.isEmpty else { continue }
          for index in blended.indices { blended[index] = 0 }
          for (step, weightIndex) in span.weights.enumerated() {
            let weight = down.weights[weightIndex]
            let sourceRow = (span.source + step) * width
            for column in used {
              let pixel = (sourceRow + column) * 4
              let alpha = weight * Float(image[pixel + 3])
              let target = (column - used.lowerBound) * 4
              blended[target] += alpha * Float(image[pixel])
              blended[target + 1] += alpha * Float(image[pixel + 1])
              blended[target + 2] += alpha * Float(image[pixel + 2])
              blended[target + 3] += alpha * 255
            }
          }
          for column in columns {
            let span = across.span(column)
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (step, weightIndex) in span.weights.enumerated() {
              let weight = across.weights[weightIndex]
              let source = (span.source + step - used.lowerBound) * 4
              sum.0 += weight * blended[source]
              sum.1 += weight * blended[source + 1]
              sum.2 += weight * blended[source + 2]
              sum.3 += weight * blended[source + 3]
            }
            Self.composite(sum, into: canvas, at: (row * canvasWidth + column) * 4)
          }
        }
      }
    }
  }

  /// The canvas pixels from `low` to `high` (finite), cut to 0..<count; nil if none.
  private static func covered(from low: Double, to high: Double, within count: Int) -> Range<Int>? {
    let first = Int(min(max(low.rounded(.down), 0), Double(count)))
    let end = Int(min(max(high.rounded(.up), 0), Double(count)))
    return first < end ? first..<end : nil
  }

  /// Composites a premultiplied colour, each channel in units of 1/255 (alpha x channel, so
  /// 0...65025), source-over the premultiplied pixel at byte `offset`: the arithmetic of
  /// `CompositePaint`, with the colour already multiplied by its alpha and coverage.
  @inline(__always)
  private static func composite(
    _ color: (Float, Float, Float, Float), into pixels: UnsafeMutableRawBufferPointer,
    at offset: Int
  ) {
    let alpha = min(UInt32(color.3 / 255 + 0.5), 255)
    guard alpha > 0 else { return }
    let remaining = 255 - alpha
    // round((source + destination x remaining) / 255), as fills round it.
    @inline(__always) func mix(_ source: Float, _ index: Int) {
      let total = min(UInt32(source + 0.5), 65025) + UInt32(pixels[index]) * remaining
      pixels[index] = UInt8(min((total + 127) / 255, 255))
    }
    mix(color.0, offset)
    mix(color.1, offset + 1)
    mix(color.2, offset + 2)
    mix(color.3, offset + 3)
  }
}
