import GaugeTestSupport
import Testing

@testable import GaugePNG

/// Images deflated in bands (`PNGBands`) of column strips (`BandStrips`), with and without a
/// template whose bands and strips are reused: valid zlib streams, the pixels given, and the
/// same bytes either way.
@Suite struct PNGBandsTests {
  /// Adler-32 of "Wikipedia", the usual worked example.
  @Test func adlerCombinesTwoParts() {
    let whole = Adler32.checksum(Array("Wikipedia".utf8))
    #expect(whole == 0x11E6_0398)
    for split in 0...9 {
      let bytes = Array("Wikipedia".utf8)
      let first = Adler32.checksum(Array(bytes[..<split]))
      let second = Adler32.checksum(Array(bytes[split...]))
      #expect(Adler32.combine(first, second, secondLength: 9 - split) == whole, "split \(split)")
    }
  }

  /// Parts longer than the modulus, and sums near it: the combined value is the direct one.
  @Test(arguments: [0, 1, 65_520, 65_521, 65_522, 200_000])
  func adlerCombinesLongParts(secondLength: Int) {
    var generator = SeededGenerator(seed: 0xAD1E + UInt64(secondLength))
    let first = [UInt8](repeating: 0xFF, count: 70_000)
    let second = generator.bytes(secondLength)
    #expect(
      Adler32.combine(
        Adler32.checksum(first), Adler32.checksum(second), secondLength: secondLength)
        == Inflate.referenceAdler32(first + second))
  }

  /// A part that is not the last ends in a sync flush (an empty stored block), on a byte
  /// boundary; parts from empty windows, one after the other, inflate to their bytes.
  @Test func partsJoinIntoOneStream() throws {
    var generator = SeededGenerator(seed: 0xB10C)
    let parts = [
      [UInt8](repeating: 7, count: 5000), generator.bytes(3000), [], Array("abcabcabc".utf8),
    ]
    var stream: [UInt8] = [0x78, 0x5E]
    var adler = Adler32.checksum([])
    for (index, part) in parts.enumerated() {
      let blocks = part.withUnsafeBytes {
        Deflate.blocks($0, isLast: index == parts.count - 1, pixelLength: 1)
      }
      if index < parts.count - 1 { #expect(Array(blocks.suffix(4)) == [0x00, 0x00, 0xFF, 0xFF]) }
      stream += blocks
      adler = Adler32.combine(adler, Adler32.checksum(part), secondLength: part.count)
    }
    stream += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) }
    #expect(try Inflate.zlib(stream).bytes == parts.flatMap { $0 })
  }

  /// Flat colour with a few noisy rows, as premultiplied RGBA: opaque, or with every pixel
  /// half transparent.
  static func picture(width: Int, height: Int, noisyRows: [Int], opaque: Bool) -> [UInt8] {
    var generator = SeededGenerator(seed: UInt64(width * 31 + height))
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let alpha: UInt8 = opaque ? 255 : 128
        if noisyRows.contains(y) {
          let noise = generator.bytes(3).map { min($0, alpha) }
          pixels += noise + [alpha]
        } else {
          let colour: UInt8 = x < width / 2 ? 0x30 : 0x70
          pixels += [colour / (opaque ? 1 : 2), 0x20, 0x10, alpha]
        }
      }
    }
    return pixels
  }

  /// Straight RGBA of premultiplied pixels, rounded as the encoder rounds.
  static func straight(_ premultiplied: [UInt8]) -> [UInt8] {
    var pixels = premultiplied
    for offset in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = UInt32(pixels[offset + 3])
      guard alpha != 255 else { continue }
      for channel in offset..<(offset + 3) {
        pixels[channel] =
          alpha == 0 ? 0 : UInt8(min((UInt32(pixels[channel]) * 255 + alpha / 2) / alpha, 255))
      }
    }
    return pixels
  }

  /// Rows changed from the template: none, the first, the last, one in the middle, a run
  /// across a band's edge, and every other row. Each image decodes to its pixels and has
  /// the bytes of encoding it without a template.
  @Test(arguments: [true, false])
  func aTemplateChangesNoByte(opaque: Bool) throws {
    let width = 300
    let height = 200
    let layout = PNGBands(width: width, height: height, opaque: opaque)
    #expect(layout.rowsPerBand == max(8, 32768 / (width * (opaque ? 3 : 4) + 1)))
    let template = try PNGTemplate(
      premultipliedRGBA: Self.picture(width: width, height: height, noisyRows: [], opaque: opaque),
      width: width, height: height)
    let edge = layout.rowsPerBand
    for changed in [
      [], [0], [height - 1], [97], [edge - 1, edge], Array(stride(from: 0, to: 200, by: 2)),
    ] {
      let pixels = Self.picture(width: width, height: height, noisyRows: changed, opaque: opaque)
      let reused = try PNGImage.encodeInBands(
        premultipliedRGBA: pixels, width: width, height: height, template: template)
      let fresh = try PNGImage.encodeInBands(
        premultipliedRGBA: pixels, width: width, height: height)
      #expect(reused == fresh, "rows \(changed)")
      let image = try PNGReader(reused).image()
      #expect(image.colourType == (opaque ? 2 : 6))
      #expect(image.rgba == Self.straight(pixels), "rows \(changed)")
    }
  }

  /// `picture` with the pixels of `rect` (columns, rows) painted `colour`, or noise when
  /// `colour` is nil.
  static func painted(
    _ pixels: [UInt8], width: Int, columns: Range<Int>, rows: Range<Int>, colour: [UInt8]?,
    opaque: Bool, seed: UInt64
  ) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    var pixels = pixels
    let alpha: UInt8 = opaque ? 255 : 128
    for y in rows {
      for x in columns {
        let rgb = colour ?? generator.bytes(3)
        let offset = (y * width + x) * 4
        for channel in 0..<3 { pixels[offset + channel] = min(rgb[channel], alpha) }
      }
    }
    return pixels
  }

  /// Strips of 128 pixels; the first holds each scanline's filter type, the last what is
  /// left.
  @Test func stripsAre128PixelsWide() {
    let rgb = BandStrips(width: 300, channels: 3)
    #expect(rgb.count == 3)
    #expect((0..<3).map(rgb.columns) == [0..<385, 385..<769, 769..<901])
    let rgba = BandStrips(width: 128, channels: 4)
    #expect(rgba.count == 1 && rgba.columns(0) == 0..<513)
    #expect(BandStrips(width: 1, channels: 3).columns(0) == 0..<4)
    #expect(BandStrips(width: 8192, channels: 4).count == 64)
  }

  /// A change inside a few columns codes again only the strips it (and the filters that read
  /// its pixels, from the right and from below) reaches: a flat patch at pixels 140..<150
  /// of rows 30..<33 touches strip 1 alone, in a picture of four strips whose rows keep
  /// their filter types.
  @Test(arguments: [true, false])
  func aNarrowChangeTouchesItsStripOnly(opaque: Bool) throws {
    let width = 512
    let height = 60
    let base = Self.picture(width: width, height: height, noisyRows: [], opaque: opaque)
    let template = try PNGTemplate(premultipliedRGBA: base, width: width, height: height)
    let layout = template.layout
    let pixels = Self.painted(
      base, width: width, columns: 140..<150, rows: 30..<33, colour: [0x90, 0x40, 0x10],
      opaque: opaque, seed: 1)
    let encoder = PNGEncoderScratch()
    encoder.prepare(for: layout)
    let band = 30 / layout.rowsPerBand
    pixels.withUnsafeBytes {
      layout.filter(band: band, rgba: $0.baseAddress!, into: encoder.scanlines)
    }
    let every = [Bool](repeating: true, count: layout.rowsPerBand)
    let touched = every.withUnsafeBufferPointer { fresh in
      template.scanlines.withUnsafeBufferPointer { kept in
        layout.touchedStrips(
          band: band, scanlines: encoder.scanlines, kept: kept.baseAddress!,
          fresh: fresh.baseAddress!, into: encoder.touched)
      }
    }
    #expect(touched)
    #expect((0..<4).map { encoder.touched[$0] } == [false, true, false, false])
    let reused = try PNGImage.encodeInBands(
      premultipliedRGBA: pixels, width: width, height: height, template: template,
      changedRows: RowRanges(30..<33))
    #expect(
      reused
        == (try PNGImage.encodeInBands(
          premultipliedRGBA: pixels, width: width, height: height)))
    #expect(try PNGReader(reused).image().rgba == Self.straight(pixels))
  }

  /// Patches of noise or of flat colour anywhere (across strip edges, band edges, the first
  /// and the last column, the last partial strip, up to 180 px wide), with and without the
  /// changed rows given:
  /// the bytes of encoding the image afresh, which decode to its pixels.
  @Test(arguments: [true, false])
  func patchesAnywhereChangeNoByte(opaque: Bool) throws {
    let width = 420
    let height = 200
    let base = Self.picture(width: width, height: height, noisyRows: [], opaque: opaque)
    let template = try PNGTemplate(premultipliedRGBA: base, width: width, height: height)
    var generator = SeededGenerator(seed: opaque ? 0x5791 : 0x5792)
    for round in 0..<40 {
      let x = Int(generator.next() % UInt64(width))
      let y = Int(generator.next() % UInt64(height))
      let columns = x..<min(width, x + 1 + Int(generator.next() % 180))
      let rows = y..<min(height, y + 1 + Int(generator.next() % 40))
      let colour: [UInt8]? = round % 2 == 0 ? nil : generator.bytes(3)
      let pixels = Self.painted(
        base, width: width, columns: columns, rows: rows, colour: colour, opaque: opaque,
        seed: UInt64(round))
      let fresh = try PNGImage.encodeInBands(
        premultipliedRGBA: pixels, width: width, height: height)
      for changed in [RowRanges(rows), nil] {
        let reused = try PNGImage.encodeInBands(
          premultipliedRGBA: pixels, width: width, height: height, template: template,
          changedRows: changed)
        #expect(reused == fresh, "round \(round): \(columns) x \(rows)")
      }
      #expect(try PNGReader(fresh).image().rgba == Self.straight(pixels), "round \(round)")
    }
  }

  /// Two patches far apart given as two ranges of changed rows: the bands between them are
  /// the template's, taken without reading a row (the encoder is told nothing changed
  /// there), and the file has the bytes of encoding the image afresh.
  @Test(arguments: [true, false])
  func twoPatchesApartLeaveTheBandsBetween(opaque: Bool) throws {
    let width = 300
    let height = 400
    let base = Self.picture(width: width, height: height, noisyRows: [], opaque: opaque)
    let template = try PNGTemplate(premultipliedRGBA: base, width: width, height: height)
    let layout = PNGBands(width: width, height: height, opaque: opaque)
    var pixels = Self.painted(
      base, width: width, columns: 40..<90, rows: 10..<30, colour: nil, opaque: opaque, seed: 1)
    pixels = Self.painted(
      pixels, width: width, columns: 200..<260, rows: 330..<350, colour: nil, opaque: opaque,
      seed: 2)
    var changed = RowRanges(330..<350)
    changed.insert(10..<30)
    let rowsPerBand = layout.rowsPerBand
    #expect(
      layout.rowsRead(changing: changed).ranges == [
        0..<(30 / rowsPerBand + 1) * rowsPerBand,
        (330 / rowsPerBand * rowsPerBand - 1)..<min(height, (350 / rowsPerBand + 1) * rowsPerBand),
      ])
    let bands = pixels.withUnsafeBytes {
      layout.encodeAll(premultipliedRGBA: $0, template: template, changedRows: changed)
    }
    // Bands whose rows and row above lie between the patches.
    let between = bands.indices.filter { index in
      let rows = layout.rows(ofBand: index)
      return rows.lowerBound - 1 >= 30 && rows.upperBound <= 330
    }
    #expect(between.count >= 8 && between.allSatisfy { bands[$0] == nil })
    #expect(bands[10 / rowsPerBand] != nil && bands[340 / rowsPerBand] != nil)
    let reused = try PNGImage.encodeInBands(
      premultipliedRGBA: pixels, width: width, height: height, template: template,
      changedRows: changed)
    let fresh = try PNGImage.encodeInBands(premultipliedRGBA: pixels, width: width, height: height)
    #expect(reused == fresh)
    #expect(try PNGReader(reused).image().rgba == Self.straight(pixels))
  }

  /// Noise does not compress: a band written as stored blocks (type 00) when that is
  /// smaller, which decodes to its pixels; flat colour is one dynamic block (type 10).
  @Test func noiseIsStored() throws {
    var generator = SeededGenerator(seed: 0x0153)
    var noise: [UInt8] = []
    for _ in 0..<(64 * 40) { noise += generator.bytes(3) + [255] }
    let layout = PNGBands(width: 64, height: 40, opaque: true)
    let bands = noise.withUnsafeBytes { layout.encodeAll(premultipliedRGBA: $0, template: nil) }
    #expect(try #require(bands[0]).blocks[0] & 0b110 == 0)
    let flat = [UInt8](repeating: 255, count: 64 * 40 * 4)
    let flatBands = flat.withUnsafeBytes {
      layout.encodeAll(premultipliedRGBA: $0, template: nil)
    }
    #expect(try #require(flatBands[0]).blocks[0] & 0b110 == 0b100)
    let png = try PNGImage.encodeInBands(premultipliedRGBA: noise, width: 64, height: 40)
    #expect(try PNGReader(png).image().rgba == noise)
  }

  /// A stream past one chunk (1 MiB: noise is stored, 3 bytes a pixel) with most bands the
  /// template's: the file splits its stream over IDAT chunks as an image encoded afresh
  /// does, with the same bytes, and decodes to its pixels.
  @Test func aTemplateStreamPastOneChunkChangesNoByte() throws {
    let width = 640
    let height = 600
    // Opaque noise, eight bytes of it a step (a pixel at a time is slow unoptimised).
    var generator = SeededGenerator(seed: 0x1C4A)
    var base = [UInt8](repeating: 255, count: width * height * 4)
    for offset in stride(from: 0, to: base.count, by: 8) {
      let noise = generator.next()
      for channel in [0, 1, 2, 4, 5, 6] {
        base[offset + channel] = UInt8(truncatingIfNeeded: noise >> (8 * channel))
      }
    }
    let template = try PNGTemplate(premultipliedRGBA: base, width: width, height: height)
    let pixels = Self.painted(
      base, width: width, columns: 100..<300, rows: 300..<310, colour: [0x10, 0x80, 0xF0],
      opaque: true, seed: 7)
    let reused = try PNGImage.encodeInBands(
      premultipliedRGBA: pixels, width: width, height: height, template: template,
      changedRows: RowRanges(300..<310))
    let fresh = try PNGImage.encodeInBands(premultipliedRGBA: pixels, width: width, height: height)
    #expect(reused == fresh)
    // The chunks' types, walked by their lengths from after the signature.
    var types: [String] = []
    var offset = 8
    while offset + 8 <= reused.count {
      let length = reused[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: reused[(offset + 4)..<(offset + 8)], as: UTF8.self))
      offset += 12 + length
    }
    #expect(types == ["IHDR", "IDAT", "IDAT", "IEND"])
    #expect(try PNGReader(reused).image().rgba == pixels)
  }

  /// The widest image: 64 strips of RGBA in bands of 8 rows, decoded to its pixels.
  @Test func theWidestImageDecodes() throws {
    let pixels = Self.picture(width: 8192, height: 9, noisyRows: [4], opaque: false)
    let png = try PNGImage.encodeInBands(premultipliedRGBA: pixels, width: 8192, height: 9)
    #expect(try PNGReader(png).image().rgba == Self.straight(pixels))
  }

  /// One encoder's memory handed from image to image, of other sizes and with or without
  /// alpha, and past the point where its positions start from 0 again: the same bytes as
  /// encoding each image afresh.
  @Test func anEncoderHandedOnEncodesAsAFreshOne() throws {
    let encoder = PNGEncoderScratch()
    let images = [
      (400, 120, [3, 50, 51], true), (120, 90, [5], false), (400, 120, [], true),
      (2000, 30, [1, 29], true), (400, 120, [3, 50, 51], true),
    ]
    for (round, (width, height, noisy, opaque)) in images.enumerated() {
      if round == 3 { encoder.tables.base = (1 << 30) + 1 }
      let pixels = Self.picture(width: width, height: height, noisyRows: noisy, opaque: opaque)
      let handedOn = try PNGImage.encodeInBands(
        premultipliedRGBA: pixels, width: width, height: height, encoder: encoder)
      let fresh = try PNGImage.encodeInBands(
        premultipliedRGBA: pixels, width: width, height: height)
      #expect(handedOn == fresh, "image \(round)")
    }
    #expect(encoder.tables.base < 1 << 30, "the positions started from 0 again")
  }

  /// A template of another size, or with alpha where the image has none, is not used.
  @Test func aTemplateOfOtherBandsIsIgnored() throws {
    let pixels = Self.picture(width: 120, height: 90, noisyRows: [5], opaque: true)
    let fresh = try PNGImage.encodeInBands(premultipliedRGBA: pixels, width: 120, height: 90)
    let transparent = try PNGTemplate(
      premultipliedRGBA: Self.picture(width: 120, height: 90, noisyRows: [], opaque: false),
      width: 120, height: 90)
    let taller = try PNGTemplate(
      premultipliedRGBA: Self.picture(width: 120, height: 91, noisyRows: [], opaque: true),
      width: 120, height: 91)
    for template in [transparent, taller] {
      #expect(
        try PNGImage.encodeInBands(
          premultipliedRGBA: pixels, width: 120, height: 90, template: template) == fresh)
    }
  }

  /// Bands of 27 rows at 400 px (1201-byte scanlines); one row a band at least 8 wide.
  @Test func bandsFollowTheScanlineLength() {
    #expect(PNGBands(width: 400, height: 400, opaque: true).rowsPerBand == 27)
    #expect(PNGBands(width: 400, height: 400, opaque: true).count == 15)
    #expect(PNGBands(width: 400, height: 400, opaque: true).rows(ofBand: 14) == 378..<400)
    #expect(PNGBands(width: 8192, height: 20, opaque: false).rowsPerBand == 8)
    #expect(PNGBands(width: 1, height: 1, opaque: true).rows(ofBand: 0) == 0..<1)
  }

  @Test func badSizesAreRefused() {
    #expect(throws: PNGError.bufferLength(expected: 16, actual: 15, frame: nil)) {
      try PNGImage.encodeInBands(
        premultipliedRGBA: [UInt8](repeating: 0, count: 15), width: 2, height: 2)
    }
    #expect(throws: PNGError.sizeOutOfRange(width: 0, height: 2)) {
      try PNGTemplate(premultipliedRGBA: [], width: 0, height: 2)
    }
  }
}
