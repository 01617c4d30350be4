import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct PNGDecoderTests {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk with its length and a CRC from the specification's bitwise definition.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(data.count) + typeAndData
      + bigEndian(Int(PNGReader.referenceCRC32(typeAndData)))
  }

  static func bigEndian(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }

  static func header(
    width: Int, height: Int, depth: UInt8 = 8, colour: UInt8 = 0, interlace: UInt8 = 0
  ) -> [UInt8] {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colour, 0, 0, interlace])
  }

  /// A file of the signature, IHDR and `chunks`, and IEND.
  static func file(_ header: [UInt8], _ chunks: [UInt8]...) -> [UInt8] {
    signature + header + chunks.joined() + chunk("IEND", [])
  }

  /// A 2x2 8-bit gray image whose scanlines are `scanlines`, compressed by GaugePNG.
  static func gray(_ scanlines: [UInt8]) -> [UInt8] {
    file(header(width: 2, height: 2), chunk("IDAT", Deflate.zlibCompress(scanlines)))
  }

  static func message(_ file: [UInt8], maximumPixels: Int = 1 << 20) -> String? {
    do {
      _ = try PNGDecoder.decode(file, maximumPixels: maximumPixels)
      return nil
    } catch {
      return error.description
    }
  }

  /// Every colour type at every bit depth, with tRNS, Adam7, all five filters and files
  /// saved by Pillow: each decodes to what Pillow decodes it to (scripts/make-png-fixtures).
  @Test func pillowFixtures() throws {
    let names = try Fixtures.names(in: "png", extension: "png")
    #expect(names.count == 24)
    for name in names {
      let image = try PNGDecoder.decode(try Fixtures.bytes("png/\(name).png"), maximumPixels: 63)
      #expect(image.width == 9 && image.height == 7, "\(name)")
      #expect(image.rgba == (try Fixtures.bytes("png/\(name).rgba")), "\(name)")
    }
  }

  @Test(arguments: [(1, 1), (3, 2), (17, 5), (64, 64)])
  func encoderRoundTrip(width: Int, height: Int) throws {
    var generator = SeededGenerator(seed: UInt64(width * 1000 + height))
    var rgba = generator.bytes(width * height * 4)
    let translucent = try PNGDecoder.decode(
      try PNGImage.encode(rgba: rgba, width: width, height: height), maximumPixels: width * height)
    #expect(translucent == DecodedImage(width: width, height: height, rgba: rgba))
    for alpha in stride(from: 3, to: rgba.count, by: 4) { rgba[alpha] = 255 }
    let opaque = try PNGDecoder.decode(
      try PNGImage.encode(rgba: rgba, width: width, height: height), maximumPixels: width * height)
    #expect(opaque.rgba == rgba)
  }

  /// An APNG decodes as its default image.
  @Test func animationDecodesAsItsDefaultImage() throws {
    let first = [UInt8](repeating: 200, count: 16)
    let last: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 128, 7, 8, 9, 0, 10, 11, 12, 255]
    let file = try APNGImage.encode(
      frames: [first, last], width: 2, height: 2, delays: [0.5, 0.5], defaultImage: last)
    #expect(try PNGDecoder.decode(file, maximumPixels: 4).rgba == last)
  }

  @Test func fileStructureErrors() {
    let idat = Self.chunk("IDAT", Deflate.zlibCompress([0, 1, 2, 0, 3, 4]))
    let good = Self.file(Self.header(width: 2, height: 2), idat)
    #expect(Self.message(good) == nil)
    #expect(
      Self.message(Array(good.dropFirst()))
        == "The data is not a PNG file: it does not begin with the PNG signature.")
    #expect(
      Self.message(Array(good.dropLast(12)))
        == "The PNG file ends at byte \(good.count - 12), inside a chunk or before its IEND chunk.")
    #expect(
      Self.message(Array(good.dropLast(3)))
        == "The PNG file ends at byte \(good.count - 3), inside a chunk or before its IEND chunk.")
    var damaged = good
    damaged[33 + 9] ^= 0x40
    #expect(
      Self.message(damaged) == "The CRC of the IDAT chunk at byte 33 does not match its data.")
    #expect(
      Self.message(Self.signature + idat + Self.header(width: 2, height: 2))
        == "The IDAT chunk at byte 8 is invalid: IHDR must be the first chunk.")
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), Self.chunk("abcD", []), idat)) == nil
    )
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), Self.chunk("ABCD", []), idat))
        == "The ABCD chunk at byte 33 is invalid: it is an unknown critical chunk.")
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), idat, Self.chunk("tEXt", []), idat))
        == "The IDAT chunk at byte \(33 + idat.count + 12) is invalid: IDAT chunks must be consecutive."
    )
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2)))
        == "The IEND chunk at byte 33 is invalid: the file has no IDAT chunk.")
  }

  @Test func headerErrors() {
    func headerMessage(_ header: [UInt8]) -> String? {
      Self.message(Self.file(header, Self.chunk("IDAT", Deflate.zlibCompress([0, 0]))))
    }
    let prefix = "The IHDR chunk at byte 8 is invalid: "
    #expect(
      headerMessage(Self.header(width: 0, height: 1)) == prefix
        + "the size 0x1 is outside 1...2147483647 pixels a side.")
    #expect(
      headerMessage(Self.header(width: 1, height: 1, colour: 1)) == prefix
        + "colour type 1 is not 0, 2, 3, 4 or 6.")
    #expect(
      headerMessage(Self.header(width: 1, height: 1, depth: 4, colour: 2)) == prefix
        + "bit depth 4 is not allowed with colour type 2.")
    #expect(
      headerMessage(Self.header(width: 1, height: 1, depth: 16, colour: 3)) == prefix
        + "bit depth 16 is not allowed with colour type 3.")
    #expect(
      headerMessage(Self.header(width: 1, height: 1, interlace: 2)) == prefix
        + "interlace method 2 is neither 0 nor 1 (Adam7).")
    #expect(
      headerMessage(Self.chunk("IHDR", Self.bigEndian(1) + Self.bigEndian(1) + [8, 0, 0, 0]))
        == prefix + "it holds 12 bytes instead of 13.")
    // The pixel limit applies before anything is allocated: this header claims 40 GB.
    #expect(
      headerMessage(Self.header(width: 100_000, height: 100_000, colour: 6))
        == "The PNG image is 100000x100000 pixels, more than the limit of 1048576.")
    #expect(
      Self.message(Self.gray([0, 1, 2, 0, 3, 4]), maximumPixels: 3)
        == "The PNG image is 2x2 pixels, more than the limit of 3.")
  }

  @Test func paletteErrors() {
    let indices = Self.chunk("IDAT", Deflate.zlibCompress([0, 0, 1, 0, 2, 3]))
    let header = Self.header(width: 2, height: 2, colour: 3)
    let palette = Self.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
    #expect(
      Self.message(Self.file(header, indices))
        == "The IDAT chunk at byte 33 is invalid: a palette image needs PLTE before IDAT.")
    #expect(
      Self.message(Self.file(header, palette, indices))
        == "The PNG image data is corrupt: pixel (1, 1) uses palette entry 3 of 3.")
    #expect(
      Self.message(Self.file(header, Self.chunk("PLTE", [1, 2, 3, 4]), indices))
        == "The PLTE chunk at byte 33 is invalid: it holds 4 bytes, not 1...256 entries of 3.")
    #expect(
      Self.message(Self.file(header, palette, Self.chunk("tRNS", [1, 2, 3, 4]), indices))
        == "The tRNS chunk at byte 54 is invalid: 4 alphas for 3 palette entries.")
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), Self.chunk("tRNS", [0]), indices))
        == "The tRNS chunk at byte 33 is invalid: it holds 1 bytes, not 2.")
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), palette, indices))
        == "The PLTE chunk at byte 33 is invalid: a gray image has no palette.")
    #expect(
      Self.message(
        Self.file(Self.header(width: 1, height: 1, depth: 1, colour: 3), palette, indices))
        == "The PLTE chunk at byte 33 is invalid: 3 entries do not fit 1-bit indices.")
  }

  @Test func imageDataErrors() {
    #expect(Self.message(Self.gray([0, 1, 2, 0, 3, 4])) == nil)
    #expect(
      Self.message(Self.gray([0, 1, 2, 5, 3, 4]))
        == "The PNG image data is corrupt: scanline 1 has filter type 5.")
    #expect(
      Self.message(Self.gray([0, 1, 2, 0, 3]))
        == "The PNG image data inflates to 5 bytes, but its header implies 6.")
    // A bomb: 2x2 pixels whose data inflates to 16 MiB of zeros from 16 KiB.
    let bomb = Deflate.zlibCompress([UInt8](repeating: 0, count: 1 << 24))
    #expect(bomb.count < 20_000)
    #expect(
      Self.message(Self.file(Self.header(width: 2, height: 2), Self.chunk("IDAT", bomb)))
        == "The PNG image data inflates to more than the 6 bytes its header implies.")
  }

  /// Damaged files throw, whatever the damage; none traps.
  @Test func damagedFilesThrow() throws {
    var generator = SeededGenerator(seed: 0xBAD_F11E)
    for name in ["type6-depth8-adam7", "type3-depth8-trns", "type0-depth16", "pillow-rgba"] {
      let file = try Fixtures.bytes("png/\(name).png")
      for _ in 0..<300 {
        var damaged = file
        let index = Int.random(in: 8..<(damaged.count - 12), using: &generator)
        damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
        #expect(Self.message(damaged) != nil, "\(name) byte \(index)")
      }
      for length in 0..<(file.count - 12) {
        #expect(Self.message(Array(file.prefix(length))) != nil, "\(name) cut at \(length)")
      }
    }
  }
}
