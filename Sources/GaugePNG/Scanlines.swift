/// PNG scanlines (filter type byte + filtered row) of an RGBA region, as RGB when opaque.
///
/// The filter per row: rendered gauges are flat colour, and deflate compresses flat rows best
/// unfiltered, where a colour run is a match at distance 3 or 4 and a repeated edge is a match
/// one row up. On GaugeKit's four figures at 400 px this rule made the files 12-22% smaller
/// than choosing every row's filter by the usual minimum sum of absolute differences (stress
/// 42: 32979 bytes against 42144). Smooth content (gradients, photos) needs real filters,
/// though: there None was 15 times larger with zlib. So a row in which at least half of the
/// pixels repeat their left neighbour is left unfiltered, and any other row takes the filter
/// with the smallest sum of absolute (signed) differences.
package enum Scanlines {
  enum Filter: UInt8, CaseIterable {
    case none = 0
    case sub = 1
    case up = 2
    case average = 3
    case paeth = 4
  }

  /// The scanlines of `height` rows of `width` RGBA pixels, `rowBytes` apart in `pixels`.
  ///
  /// With `premultiplied`, the pixels are premultiplied by their alpha (as a canvas keeps
  /// them) and each row is turned straight here, on its way to the filter, instead of in a
  /// copy of the whole image; an opaque image is the same either way.
  package static func filtered(
    pixels: UnsafeRawPointer, width: Int, height: Int, rowBytes: Int, opaque: Bool,
    premultiplied: Bool = false
  ) -> [UInt8] {
    let stride = width * (opaque ? 3 : 4)
    return [UInt8](unsafeUninitializedCapacity: height * (stride + 1)) { output, count in
      filter(
        pixels: pixels, above: nil, width: width, height: height, rowBytes: rowBytes,
        opaque: opaque, premultiplied: premultiplied, into: output.baseAddress!)
      count = height * (stride + 1)
    }
  }

  /// Writes the scanlines of `height` rows, as `filtered` makes them, into `output`
  /// (`height` times one byte more than a row's channels); `above` is the row before the
  /// first (in the same form as `pixels`), which the filters predict from, or `nil` at the
  /// top of the image. So a band of an image's rows is filtered exactly as it is within the
  /// whole image.
  package static func filter(
    pixels: UnsafeRawPointer, above: UnsafeRawPointer?, width: Int, height: Int,
    rowBytes: Int, opaque: Bool, premultiplied: Bool, into output: UnsafeMutablePointer<UInt8>
  ) {
    write(
      pixels: pixels, above: above, width: width, height: height, rowBytes: rowBytes,
      opaque: opaque, unpremultiply: premultiplied && !opaque, into: output, inPlace: false)
  }

  /// Writes the scanlines of an opaque image over its own rows of RGBA (4 bytes a pixel, no
  /// padding), saving the memory of a second image; returns how many bytes at the start they
  /// take.
  ///
  /// Scanline y (3 bytes a pixel and its filter byte) ends before row y + 1 starts, so it only
  /// ever covers row y or rows already read; row y is read before it is written, through a
  /// scratch row wherever the two would meet sooner (the first row, one-pixel rows).
  package static func filterInPlace(
    _ pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int
  ) -> Int {
    precondition(pixels.count == 4 * width * height, "The rows must be 4 bytes a pixel.")
    let base = pixels.baseAddress!
    write(
      pixels: UnsafeRawPointer(base), above: nil, width: width, height: height,
      rowBytes: 4 * width, opaque: true, unpremultiply: false,
      into: base.assumingMemoryBound(to: UInt8.self), inPlace: true)
    return height * (3 * width + 1)
  }

  private static func write(
    pixels: UnsafeRawPointer, above: UnsafeRawPointer?, width: Int, height: Int, rowBytes: Int,
    opaque: Bool, unpremultiply: Bool, into output: UnsafeMutablePointer<UInt8>, inPlace: Bool
  ) {
    let channels = opaque ? 3 : 4
    let stride = width * channels
    let scratchCount = 3 * stride + (unpremultiply ? 8 * width : 0)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchCount)
    scratch.initialize(repeating: 0, count: scratchCount)
    defer { scratch.deallocate() }
    // The row above the first is zeros (or `above`); two more rows take RGB copies of filtered rows, and
    // two more the straight copies of premultiplied rows, alternately.
    var previous = UnsafePointer(scratch)
    var spare = (scratch + stride, scratch + 2 * stride)
    var straightRows = (scratch + 3 * stride, scratch + 3 * stride + 4 * width)
    if let above {
      // The filters see the row above as its scanline holds it: RGB, or straight RGBA.
      if opaque {
        dropAlpha(above, width: width, into: scratch)
      } else if unpremultiply {
        straighten(above, width: width, into: scratch)
      } else {
        scratch.update(from: above.assumingMemoryBound(to: UInt8.self), count: stride)
      }
    }

    var out = output
    for y in 0..<height {
      var rgba = pixels + y * rowBytes
      if unpremultiply {
        straighten(rgba, width: width, into: straightRows.0)
        rgba = UnsafeRawPointer(straightRows.0)
        straightRows = (straightRows.1, straightRows.0)
      }
      // In place, pixel x of row y is read before its scanline's bytes reach it when
      // y + 1 <= y * width + x, which holds for every x once y >= 1 and width >= 2.
      let direct = !inPlace || (y > 0 && width > 1)
      let current: UnsafePointer<UInt8>
      if isFlat(rgba, width: width) {
        // An unfiltered row is its own raw copy, so it can serve as the next row's above.
        if opaque && direct {
          out.pointee = Filter.none.rawValue
          dropAlpha(rgba, width: width, into: out + 1)
        } else if opaque {
          if UnsafePointer(spare.0) == previous { spare = (spare.1, spare.0) }
          dropAlpha(rgba, width: width, into: spare.0)
          out.pointee = Filter.none.rawValue
          (out + 1).update(from: spare.0, count: stride)
        } else {
          out.pointee = Filter.none.rawValue
          (out + 1).update(from: rgba.assumingMemoryBound(to: UInt8.self), count: stride)
        }
        current = UnsafePointer(out + 1)
      } else {
        if opaque {
          if UnsafePointer(spare.0) == previous { spare = (spare.1, spare.0) }
          dropAlpha(rgba, width: width, into: spare.0)
          current = UnsafePointer(spare.0)
        } else {
          current = rgba.assumingMemoryBound(to: UInt8.self)
        }
        let filter = cheapestFilter(current, previous, stride: stride, channels: channels)
        out.pointee = filter.rawValue
        apply(filter, current, previous, stride: stride, channels: channels, into: out + 1)
      }
      out += stride + 1
      previous = current
    }
  }

  /// Writes a row of premultiplied RGBA as straight RGBA: each colour channel times 255 over
  /// alpha, rounded; a fully transparent pixel becomes 0, 0, 0, 0 and an opaque one is copied.
  private static func straighten(
    _ premultiplied: UnsafeRawPointer, width: Int, into straight: UnsafeMutablePointer<UInt8>
  ) {
    let source = premultiplied.assumingMemoryBound(to: UInt8.self)
    for offset in Swift.stride(from: 0, to: 4 * width, by: 4) {
      let alpha = UInt32(source[offset + 3])
      straight[offset + 3] = UInt8(alpha)
      for channel in offset..<(offset + 3) {
        let value = UInt32(source[channel])
        switch alpha {
        case 255: straight[channel] = UInt8(value)
        case 0: straight[channel] = 0
        default: straight[channel] = UInt8(min((value * 255 + alpha / 2) / alpha, 255))
        }
      }
    }
  }

  /// Copies red, green and blue: eight pixels at a time as four 8-byte loads and three
  /// 8-byte stores, then each pixel left as one 4-byte store whose last byte the next pixel
  /// overwrites; the last pixel goes byte by byte so as not to write past the row. Every
  /// store ends before the first byte that a later load reads, when `rgb` runs as far behind
  /// `rgba` as `filterInPlace` keeps it.
  private static func dropAlpha(
    _ rgba: UnsafeRawPointer, width: Int, into rgb: UnsafeMutablePointer<UInt8>
  ) {
    let target = UnsafeMutableRawPointer(rgb)
    // Two pixels' six colour bytes, low bytes first.
    @inline(__always) func pair(_ offset: Int) -> UInt64 {
      let pixels = UInt64(littleEndian: rgba.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      return pixels & 0xFF_FFFF | (pixels >> 8) & 0xFFFF_FF00_0000
    }
    var x = 0
    while x &+ 8 < width {
      let first = pair(4 &* x)
      let second = pair(4 &* x &+ 8)
      let third = pair(4 &* x &+ 16)
      let fourth = pair(4 &* x &+ 24)
      let out = 3 &* x
      target.storeBytes(of: (first | second << 48).littleEndian, toByteOffset: out, as: UInt64.self)
      target.storeBytes(
        of: (second >> 16 | third << 32).littleEndian, toByteOffset: out &+ 8, as: UInt64.self)
      target.storeBytes(
        of: (third >> 32 | fourth << 16).littleEndian, toByteOffset: out &+ 16, as: UInt64.self)
      x &+= 8
    }
    while x < width - 1 {
      let pixel = rgba.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
      target.storeBytes(of: pixel, toByteOffset: 3 * x, as: UInt32.self)
      x += 1
    }
    let last = width - 1
    let source = rgba.assumingMemoryBound(to: UInt8.self)
    rgb[3 * last] = source[4 * last]
    rgb[3 * last + 1] = source[4 * last + 1]
    rgb[3 * last + 2] = source[4 * last + 2]
  }

  /// Do at least half of the pixels repeat their left neighbour? Eight pixels per step are
  /// compared with their neighbours as one vector; every 64 pixels the count so far is
  /// checked, and the answer given as soon as the rest of the row cannot change it (a row of
  /// one colour is known flat halfway).
  private static func isFlat(_ rgba: UnsafeRawPointer, width: Int) -> Bool {
    let needed = width - 1
    var total = 0
    var x = 1
    while x + 64 <= width {
      var repeats = SIMD8<UInt32>()
      for step in 0..<8 {
        let offset = 4 * (x + 8 * step)
        let pixels = rgba.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
        let lefts = rgba.loadUnaligned(fromByteOffset: offset - 4, as: SIMD8<UInt32>.self)
        repeats &+= SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: pixels .== lefts)
      }
      total += Int(repeats.wrappedSum())
      x += 64
      if 2 * total >= needed { return true }
      if 2 * (total + width - x) < needed { return false }
    }
    var repeats = SIMD8<UInt32>()
    while x + 8 <= width {
      let pixels = rgba.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
      let lefts = rgba.loadUnaligned(fromByteOffset: 4 * x - 4, as: SIMD8<UInt32>.self)
      repeats &+= SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: pixels .== lefts)
      x += 8
    }
    total += Int(repeats.wrappedSum())
    while x < width {
      let pixel = rgba.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
      let left = rgba.loadUnaligned(fromByteOffset: 4 * x - 4, as: UInt32.self)
      total += pixel == left ? 1 : 0
      x += 1
    }
    return 2 * total >= needed
  }

  /// The filter whose output has the smallest sum of |signed byte|; the lowest type wins ties.
  private static func cheapestFilter(
    _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, stride: Int, channels: Int
  ) -> Filter {
    var sums = (0, 0, 0, 0, 0)
    for index in 0..<stride {
      let x = Int(row[index])
      let b = Int(above[index])
      let a = index >= channels ? Int(row[index - channels]) : 0
      let c = index >= channels ? Int(above[index - channels]) : 0
      sums.0 += magnitude(x)
      sums.1 += magnitude(x - a)
      sums.2 += magnitude(x - b)
      sums.3 += magnitude(x - (a + b) >> 1)
      sums.4 += magnitude(x - paeth(a, b, c))
    }
    let all = [sums.0, sums.1, sums.2, sums.3, sums.4]
    var best = 0
    for filter in 1..<5 where all[filter] < all[best] { best = filter }
    return Filter(rawValue: UInt8(best))!
  }

  /// A filtered byte's distance from zero when read as a signed byte.
  @inline(__always)
  private static func magnitude(_ difference: Int) -> Int {
    let byte = Int(Int8(truncatingIfNeeded: difference))
    return byte < 0 ? -byte : byte
  }

  /// Of a (left), b (above) and c (above left), the one closest to a + b - c; ties go to a,
  /// then b. The encoder and the decoder share it.
  @inline(__always)
  static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let distanceA = abs(b - c)
    let distanceB = abs(a - c)
    let distanceC = abs(a + b - 2 * c)
    if distanceA <= distanceB && distanceA <= distanceC { return a }
    return distanceB <= distanceC ? b : c
  }

  private static func apply(
    _ filter: Filter, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, stride: Int,
    channels: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    switch filter {
    case .none:
      out.update(from: row, count: stride)
    case .up:
      for index in 0..<stride { out[index] = row[index] &- above[index] }
    default:
      for index in 0..<stride {
        let x = Int(row[index])
        let b = Int(above[index])
        let a = index >= channels ? Int(row[index - channels]) : 0
        let c = index >= channels ? Int(above[index - channels]) : 0
        let prediction: Int
        switch filter {
        case .sub: prediction = a
        case .average: prediction = (a + b) >> 1
        default: prediction = paeth(a, b, c)
        }
        out[index] = UInt8(truncatingIfNeeded: x - prediction)
      }
    }
  }
}
