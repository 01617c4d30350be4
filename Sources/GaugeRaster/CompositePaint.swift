import GaugeSupport

/// A colour ready to be composited source-over at any coverage.
struct CompositePaint {
  let opacity: Float
  let red: UInt32
  let green: UInt32
  let blue: UInt32
  /// The whole pixel when coverage and alpha are full, as it lies in memory.
  let solid: UInt32

  init(_ color: Color) {
    opacity = Float(color.alpha)
    red = UInt32(color.red)
    green = UInt32(color.green)
    blue = UInt32(color.blue)
    solid = (red | green << 8 | blue << 16 | 0xFF << 24).littleEndian
  }

  /// Composites this colour at `coverage` (0...1) over `count` premultiplied pixels from
  /// byte `offset` on.
  @inline(__always)
  func blend(
    _ coverage: Float, into pixels: UnsafeMutableRawBufferPointer, at offset: Int, count: Int
  ) {
    if count > 1 && UInt32(coverage * opacity + 0.5) == 255 {
      for pixel in Swift.stride(from: offset, to: offset + 4 * count, by: 4) {
        pixels.storeBytes(of: solid, toByteOffset: pixel, as: UInt32.self)
      }
      return
    }
    for pixel in Swift.stride(from: offset, to: offset + 4 * count, by: 4) {
      blend(coverage, into: pixels, at: pixel)
    }
  }

  /// Composites this colour at `coverage` (0...1) over the premultiplied pixel at byte
  /// `offset`.
  @inline(__always)
  func blend(_ coverage: Float, into pixels: UnsafeMutableRawBufferPointer, at offset: Int) {
    let alpha = UInt32(coverage * opacity + 0.5)
    guard alpha > 0 else { return }
    if alpha == 255 {
      pixels.storeBytes(of: solid, toByteOffset: offset, as: UInt32.self)
      return
    }
    let remaining = 255 &- alpha
    // round(x / 255) without a division, exact for x up to 255 * 255.
    @inline(__always) func mix(_ source: UInt32, _ index: Int) {
      let x = source &* alpha &+ UInt32(pixels[index]) &* remaining &+ 128
      pixels[index] = UInt8(truncatingIfNeeded: (x &+ (x >> 8)) >> 8)
    }
    mix(red, offset)
    mix(green, offset + 1)
    mix(blue, offset + 2)
    mix(255, offset + 3)
  }
}
