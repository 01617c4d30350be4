/// Along one axis of an image drawn into a span of the canvas, which source pixels each
/// canvas pixel overlaps and how much: the box filter of exact area resampling.
///
/// A canvas pixel [i, i + 1) meets the drawn span [start, start + length) over some part of
/// itself; that part maps back onto a stretch of the source row, and each source pixel in the
/// stretch weighs the length it shares with it, measured in canvas pixels. The weights of a
/// canvas pixel therefore sum to the fraction of it that the span covers: 1 inside, less at
/// the span's ends, which is how the image's edges are anti-aliased.
struct AreaWeights {
  /// The first canvas pixel described.
  let first: Int
  /// Per canvas pixel from `first` on: its first source pixel, and the range of its weights
  /// in `weights` (one per source pixel from the first on).
  private(set) var spans: [(source: Int, weights: Range<Int>)] = []
  private(set) var weights: [Float] = []
  /// The source pixels any canvas pixel overlaps.
  private(set) var sources: Range<Int> = 0..<0

  /// The weights of canvas pixels `pixels` when `count` source pixels are stretched over
  /// [start, start + length) canvas pixels (length > 0, both finite).
  init(pixels: Range<Int>, start: Double, length: Double, count: Int) {
    first = pixels.lowerBound
    let scale = Double(count) / length  // source pixels per canvas pixel
    var lowest = count
    var highest = 0
    for pixel in pixels {
      let low = max(Double(pixel), start)
      let high = min(Double(pixel + 1), start + length)
      let begin = weights.count
      guard high > low else {
        spans.append((0, begin..<begin))
        continue
      }
      let sourceLow = (low - start) * scale
      let sourceHigh = min((high - start) * scale, Double(count))
      let firstSource = min(Int(sourceLow.rounded(.down)), count - 1)
      var source = firstSource
      while source < count && Double(source) < sourceHigh {
        let shared = min(Double(source + 1), sourceHigh) - max(Double(source), sourceLow)
        weights.append(Float(max(shared, 0) / scale))
        source += 1
      }
      spans.append((firstSource, begin..<weights.count))
      lowest = min(lowest, firstSource)
      highest = max(highest, source)
    }
    sources = lowest < highest ? lowest..<highest : 0..<0
  }

  /// The span of canvas pixel `pixel`, which must lie in the range the weights were made for.
  @inline(__always)
  func span(_ pixel: Int) -> (source: Int, weights: Range<Int>) { spans[pixel - first] }
}
