/// Turns unfiltered PNG scanlines of any colour type and bit depth into straight RGBA8,
/// writing each pass's pixels to their places in the image.
struct PixelExpander {
  private let header: PNGHeader
  /// The palette with its tRNS alphas, 4 bytes an entry; empty unless colour type 3.
  private let palette: [UInt8]
  /// The gray or RGB samples (at the image's bit depth) that tRNS makes transparent.
  private let transparentKey: [Int]?
  /// The image being filled, 4 bytes a pixel.
  private(set) var rgba: [UInt8]

  /// `palette` is PLTE's data (3 bytes an entry) and `transparency` tRNS's, if any.
  init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) {
    self.header = header
    var entries = [UInt8]()
    entries.reserveCapacity(palette.count / 3 * 4)
    for entry in 0..<(palette.count / 3) {
      let alpha = transparency.flatMap { entry < $0.count ? $0[entry] : nil } ?? 255
      entries += palette[(3 * entry)..<(3 * entry + 3)]
      entries.append(alpha)
    }
    self.palette = entries
    if header.colourType != .palette, let transparency {
      transparentKey = stride(from: 0, to: transparency.count, by: 2).map {
        Int(transparency[$0]) << 8 | Int(transparency[$0 + 1])
      }
    } else {
      transparentKey = nil
    }
    rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
  }

  /// Expands one unfiltered row of `pixels` pixels starting at byte `start` of `scanlines`
  /// into image row `y`, at columns xStart, xStart + xStep, ...
  ///
  /// Edge cases:
  /// - A palette index past the palette's end throws `corruptData` naming the pixel.
  mutating func expand(
    _ scanlines: [UInt8], from start: Int, pixels: Int, y: Int, xStart: Int, xStep: Int
  ) throws(PNGError) {
    let depth = header.bitDepth
    let channels = header.colourType.channels
    // Samples of under 8 bits are packed from the high bits of each byte down.
    let mask = 1 << depth - 1
    func sample(_ index: Int) -> Int {
      switch depth {
      case 16: return Int(scanlines[start + 2 * index]) << 8 | Int(scanlines[start + 2 * index + 1])
      case 8: return Int(scanlines[start + index])
      default:
        let bit = index * depth
        return Int(scanlines[start + bit >> 3]) >> (8 - depth - bit & 7) & mask
      }
    }
    // To 8 bits: the high byte of 16, or a scale of 1, 2 or 4 bits onto 0...255 (exact, as
    // 255 is a multiple of 1, 3 and 15).
    func eight(_ value: Int) -> UInt8 {
      UInt8(depth == 16 ? value >> 8 : depth == 8 ? value : value * 255 / mask)
    }
    var target = (y * header.width + xStart) * 4
    for pixel in 0..<pixels {
      defer { target += 4 * xStep }
      let first = pixel * channels
      switch header.colourType {
      case .palette:
        let index = sample(first)
        guard 4 * index < palette.count else {
          throw .corruptData(
            "pixel (\(xStart + pixel * xStep), \(y)) uses palette entry \(index) of "
              + "\(palette.count / 4)")
        }
        for channel in 0..<4 { rgba[target + channel] = palette[4 * index + channel] }
      case .gray:
        let gray = sample(first)
        let value = eight(gray)
        rgba[target] = value
        rgba[target + 1] = value
        rgba[target + 2] = value
        rgba[target + 3] = transparentKey?[0] == gray ? 0 : 255
      case .grayAlpha:
        let value = eight(sample(first))
        rgba[target] = value
        rgba[target + 1] = value
        rgba[target + 2] = value
        rgba[target + 3] = eight(sample(first + 1))
      case .rgb:
        let samples = (sample(first), sample(first + 1), sample(first + 2))
        rgba[target] = eight(samples.0)
        rgba[target + 1] = eight(samples.1)
        rgba[target + 2] = eight(samples.2)
        let isKey = transparentKey.map { $0 == [samples.0, samples.1, samples.2] } ?? false
        rgba[target + 3] = isKey ? 0 : 255
      case .rgba:
        for channel in 0..<4 { rgba[target + channel] = eight(sample(first + channel)) }
      }
    }
  }
}
