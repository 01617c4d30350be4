import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct PNGImageTests {
  /// 3x2: red, green, blue over half-transparent white, black and fully transparent.
  static let tiny: [UInt8] = [
    255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
    255, 255, 255, 128, 0, 0, 0, 255, 0, 0, 0, 0,
  ]

  @Test func tinyImageMatchesGoldenBytes() throws {
    let png = try PNGImage.encode(rgba: Self.tiny, width: 3, height: 2)
    try assertGolden(png, named: "tiny.png", test: "PNGImageTests")
  }

  @Test func chunksAndHeaderOfAnImageWithAlpha() throws {
    let png = try PNGImage.encode(rgba: Self.tiny, width: 3, height: 2)
    let reader = try PNGReader(png)
    #expect(reader.types == ["IHDR", "IDAT", "IEND"])
    // Width 3, height 2, 8 bits, colour type 6 (RGBA), deflate, adaptive filtering, no
    // interlace.
    #expect(reader.first("IHDR")?.data == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
    #expect(reader.first("IEND")?.data == [])
    let image = try reader.image()
    #expect(image.rgba == Self.tiny)
  }

  @Test func opaqueImageIsWrittenAsRGB() throws {
    var pixels = Self.tiny
    for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 255 }
    let reader = try PNGReader(try PNGImage.encode(rgba: pixels, width: 3, height: 2))
    #expect(reader.first("IHDR")?.data[9] == 2)
    #expect(try reader.image().rgba == pixels)
  }

  @Test func oneTransparentPixelMakesRGBA() throws {
    var pixels = [UInt8](repeating: 200, count: 64 * 64 * 4)
    for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 255 }
    pixels[pixels.count - 1] = 254
    let reader = try PNGReader(try PNGImage.encode(rgba: pixels, width: 64, height: 64))
    #expect(reader.first("IHDR")?.data[9] == 6)
    #expect(try reader.image().rgba == pixels)
  }

  /// Flat rows, smooth rows that take real filters, and noise, in one picture.
  static func mixedPicture(width: Int, height: Int, opaque: Bool) -> [UInt8] {
    var generator = SeededGenerator(seed: UInt64(width * 1000 + height))
    var pixels = [UInt8]()
    for y in 0..<height {
      for x in 0..<width {
        switch y % 3 {
        case 0: pixels += [30, 144, 255, opaque ? 255 : 200]
        case 1:
          pixels += [
            UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256), opaque ? 255 : UInt8(x % 256),
          ]
        default:
          pixels +=
            generator.bytes(3) + [opaque ? 255 : UInt8.random(in: 0...255, using: &generator)]
        }
      }
    }
    return pixels
  }

  @Test(arguments: [(1, 1), (1, 9), (9, 1), (5, 5), (61, 37), (300, 20)])
  func picturesRoundTrip(width: Int, height: Int) throws {
    for opaque in [true, false] {
      let pixels = Self.mixedPicture(width: width, height: height, opaque: opaque)
      let png = try PNGImage.encode(rgba: pixels, width: width, height: height)
      let image = try PNGReader(png).image()
      #expect(image.width == width && image.height == height)
      #expect(image.colourType == (opaque ? 2 : 6))
      #expect(image.rgba == pixels)
    }
  }

  /// A smooth gradient takes filters other than None, and the reader undoes each of them.
  @Test func gradientRowsUseFilters() throws {
    let width = 50
    var pixels = [UInt8]()
    for y in 0..<40 {
      for x in 0..<width { pixels += [UInt8(x * 5), UInt8(y * 6), UInt8((x * y) % 256), 255] }
    }
    let png = try PNGImage.encode(rgba: pixels, width: width, height: 40)
    let reader = try PNGReader(png)
    let raw = try Inflate.zlib(reader.first("IDAT")!.data).bytes
    let filters = Set(stride(from: 0, to: raw.count, by: width * 3 + 1).map { raw[$0] })
    #expect(filters.count > 1)
    #expect(!filters.contains(0))
    #expect(try reader.image().rgba == pixels)
  }

  /// Premultiplied pixels, straightened row by row inside the encoder, give the file of
  /// their straight copy: c · 255 / a rounded, and 0, 0, 0, 0 where a is 0.
  @Test(arguments: [(1, 1), (7, 3), (61, 37)])
  func premultipliedPixelsGiveTheStraightFile(width: Int, height: Int) throws {
    var generator = SeededGenerator(seed: UInt64(width * 7 + height))
    var premultiplied = [UInt8]()
    var straight = [UInt8]()
    for index in 0..<(width * height) {
      let alpha = index % 5 == 0 ? 255 : index % 7 == 0 ? 0 : Int(generator.bytes(1)[0])
      let colour = generator.bytes(3).map { Int($0) * alpha / 255 }
      premultiplied += colour.map { UInt8($0) } + [UInt8(alpha)]
      straight +=
        colour.map { alpha == 0 ? 0 : UInt8(min(($0 * 255 + alpha / 2) / alpha, 255)) }
        + [UInt8(alpha)]
    }
    #expect(
      try PNGImage.encode(premultipliedRGBA: premultiplied, width: width, height: height)
        == PNGImage.encode(rgba: straight, width: width, height: height))
    let opaque = Self.mixedPicture(width: width, height: height, opaque: true)
    #expect(
      try PNGImage.encode(premultipliedRGBA: opaque, width: width, height: height, opaque: true)
        == PNGImage.encode(rgba: opaque, width: width, height: height))
  }

  /// Scanlines written over their own rows are those written to a new buffer, for the widths
  /// and first rows where the two regions meet soonest.
  @Test(arguments: [(1, 1), (1, 6), (2, 1), (2, 5), (3, 4), (9, 7), (64, 9)])
  func scanlinesInPlaceAreTheCopiedOnes(width: Int, height: Int) {
    var pixels = Self.mixedPicture(width: width, height: height, opaque: true)
    // Flat rows (every third) and rows that repeat the one above.
    if height > 3 {
      pixels.replaceSubrange(12 * width..<(16 * width), with: pixels[0..<(4 * width)])
    }
    let copied = pixels.withUnsafeBytes {
      Scanlines.filtered(
        pixels: $0.baseAddress!, width: width, height: height, rowBytes: 4 * width, opaque: true)
    }
    let count = pixels.withUnsafeMutableBytes {
      Scanlines.filterInPlace($0, width: width, height: height)
    }
    #expect(count == copied.count)
    #expect(Array(pixels[0..<count]) == copied)
  }

  @Test func encodingIsDeterministic() throws {
    let pixels = Self.mixedPicture(width: 120, height: 90, opaque: false)
    let first = try PNGImage.encode(rgba: pixels, width: 120, height: 90)
    let second = try PNGImage.encode(rgba: pixels, width: 120, height: 90)
    #expect(first == second)
  }

  @Test(arguments: [(0, 1), (1, 0), (8193, 1), (1, 8193), (-5, 10), (Int.max, Int.max)])
  func sizesOutOfRangeThrow(width: Int, height: Int) {
    #expect(throws: PNGError.sizeOutOfRange(width: width, height: height)) {
      try PNGImage.encode(rgba: [], width: width, height: height)
    }
  }

  @Test func wrongBufferLengthThrows() {
    #expect(throws: PNGError.bufferLength(expected: 24, actual: 23, frame: nil)) {
      try PNGImage.encode(rgba: [UInt8](repeating: 0, count: 23), width: 3, height: 2)
    }
  }

  @Test func errorMessages() {
    #expect(
      PNGError.sizeOutOfRange(width: 0, height: 400).description
        == "The image size 0x400 is outside 1...8192 pixels per side.")
    #expect(
      PNGError.bufferLength(expected: 24, actual: 23, frame: nil).description
        == "The pixel buffer holds 23 bytes, but the image needs 24 (4 per pixel).")
    #expect(
      PNGError.bufferLength(expected: 24, actual: 0, frame: 2).description
        == "Frame 2 holds 0 bytes, but the image needs 24 (4 per pixel).")
    #expect(PNGError.noFrames.description == "An animation needs at least one frame.")
    #expect(
      PNGError.delayCount(frames: 3, delays: 2).description
        == "The animation has 3 frames but 2 delays; give one delay per frame.")
    #expect(
      PNGError.delayOutOfRange(frame: 1, seconds: -0.5).description
        == "The delay of frame 1 is -0.5 s; delays must be 0...65535 seconds.")
  }
}
