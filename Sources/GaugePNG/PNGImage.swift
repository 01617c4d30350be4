/// Still PNG images from 8-bit RGBA pixels.
///
/// Output is byte-stable: no time stamps, no text chunks, and the same compression decisions on
/// every run and platform. No sRGB, gAMA or iCCP chunk is written: viewers and browsers already
/// take untagged 8-bit pixels as sRGB, which is what GaugeKit's colours are, and an sRGB chunk
/// would only add 13 bytes to every file.
public enum PNGImage {
  /// Encodes straight (not premultiplied) RGBA pixels as a PNG file.
  ///
  /// - Parameters:
  ///   - rgba: 4 bytes per pixel (red, green, blue, alpha), rows top to bottom with no padding.
  ///   - width: pixels per row, 1...8192.
  ///   - height: rows, 1...8192.
  /// - Returns: the PNG file: RGB (colour type 2) when every alpha is 255, else RGBA (type 6).
  /// - Throws: `PNGError.sizeOutOfRange` or `PNGError.bufferLength`.
  ///
  /// Memory, beyond `rgba` itself: the filtered scanlines (3 or 4 bytes per pixel plus one per
  /// row, so 256 MiB for an 8192 x 8192 RGBA image), about 400 KiB of deflate tables, and the
  /// compressed stream twice (the zlib stream, then the file).
  public static func encode(rgba: [UInt8], width: Int, height: Int) throws(PNGError) -> [UInt8] {
    try validate(rgba, width: width, height: height, frame: nil)
    return rgba.withUnsafeBytes { pixels in
      let opaque = isOpaque(pixels)
      let stream = compressedRegion(
        pixels.baseAddress!, width: width, height: height, rowBytes: 4 * width, opaque: opaque)
      return file(stream, width: width, height: height, opaque: opaque)
    }
  }

  /// Encodes premultiplied RGBA pixels, as a canvas keeps them, without a straight copy of
  /// the whole image: each row is made straight on its way to the filter, and an opaque
  /// image's scanlines are written over its own rows (pass the pixels uniquely referenced, or
  /// they are copied first). `opaque`, when the caller knows every alpha is 255, skips the
  /// scan that finds it out.
  package static func encode(
    premultipliedRGBA rgba: consuming [UInt8], width: Int, height: Int,
    opaque knownOpaque: Bool? = nil
  ) throws(PNGError) -> [UInt8] {
    try validate(rgba, width: width, height: height, frame: nil)
    var rows = consume rgba
    let opaque = knownOpaque ?? rows.withUnsafeBytes { isOpaque($0) }
    let stream: [UInt8]
    if opaque {
      stream = rows.withUnsafeMutableBytes { pixels in
        let count = Scanlines.filterInPlace(pixels, width: width, height: height)
        return Deflate.zlibCompress(
          UnsafeRawBufferPointer(rebasing: pixels[0..<count]), pixelLength: 3,
          rowLength: 3 * width + 1)
      }
    } else {
      stream = rows.withUnsafeBytes { pixels in
        compressedRegion(
          pixels.baseAddress!, width: width, height: height, rowBytes: 4 * width, opaque: false,
          premultiplied: true)
      }
    }
    return file(stream, width: width, height: height, opaque: opaque)
  }

  /// The PNG file around a zlib stream of pixels.
  static func file(_ stream: [UInt8], width: Int, height: Int, opaque: Bool) -> [UInt8] {
    var png = PNGChunkStream(reservingCapacity: stream.count + 64)
    png.appendHeader(width: width, height: height, opaque: opaque)
    appendSplit("IDAT", stream, to: &png)
    png.append("IEND", [])
    return png.bytes
  }

  static func validate(
    _ rgba: [UInt8], width: Int, height: Int, frame: Int?
  ) throws(PNGError) {
    let sides = 1...PNGError.maximumSide
    guard sides.contains(width) && sides.contains(height) else {
      throw .sizeOutOfRange(width: width, height: height)
    }
    let expected = 4 * width * height
    guard rgba.count == expected else {
      throw .bufferLength(expected: expected, actual: rgba.count, frame: frame)
    }
  }

  /// Is every alpha byte 255?
  static func isOpaque(_ rgba: UnsafeRawBufferPointer) -> Bool {
    guard let base = rgba.baseAddress else { return true }
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    var index = 0
    var combined: UInt64 = alphas
    // Eight bytes (two pixels) per step, ANDing the alpha bytes of a whole run before testing.
    while index + 8 <= rgba.count {
      combined &= UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      index += 8
      if index & 4095 == 0 && combined & alphas != alphas { return false }
    }
    while index < rgba.count {
      if rgba[index + 3] != 255 { return false }
      index += 4
    }
    return combined & alphas == alphas
  }

  /// The zlib stream of a region's scanlines, as PNG's IDAT and APNG's fdAT carry it.
  static func compressedRegion(
    _ pixels: UnsafeRawPointer, width: Int, height: Int, rowBytes: Int, opaque: Bool,
    premultiplied: Bool = false
  ) -> [UInt8] {
    let scanlines = Scanlines.filtered(
      pixels: pixels, width: width, height: height, rowBytes: rowBytes, opaque: opaque,
      premultiplied: premultiplied)
    let channels = opaque ? 3 : 4
    return Deflate.zlibCompress(
      scanlines, pixelLength: channels, rowLength: width * channels + 1)
  }

  static func appendSplit(_ type: String, _ stream: [UInt8], to png: inout PNGChunkStream) {
    var offset = 0
    repeat {
      let end = min(offset + PNGChunkStream.maximumChunkData, stream.count)
      png.append(type, stream[offset..<end])
      offset = end
    } while offset < stream.count
  }
}

extension PNGImage {
  /// Encodes premultiplied RGBA pixels, as a canvas keeps them, with its rows deflated in
  /// bands (`PNGBands`) of column strips (`BandStrips`): each band of `template` whose rows
  /// and row above are the same as here is taken as it was encoded; in the others, rows that
  /// differ are filtered now and only the strips whose bytes differ are coded now, the other
  /// strips' bits copied from the template. The bytes are a function of the pixels alone,
  /// with or without a template.
  ///
  /// - Parameters:
  ///   - opaque: whether every alpha is 255, when the caller knows; `nil` scans for it.
  ///   - encoder: the memory to encode in, handed from image to image; `nil` makes one.
  /// - Throws: `PNGError.sizeOutOfRange` or `PNGError.bufferLength`.
  ///
  /// Memory, beyond the pixels: one band's scanlines (about 32 KiB, at least 8 rows), its
  /// coded segments (about twice that) and the compressed stream three times (the bands, the
  /// zlib stream, the file).
  package static func encodeInBands(
    premultipliedRGBA rgba: [UInt8], width: Int, height: Int, opaque knownOpaque: Bool? = nil,
    template: PNGTemplate? = nil, changedRows: RowRanges? = nil,
    encoder: PNGEncoderScratch? = nil
  ) throws(PNGError) -> [UInt8] {
    try validate(rgba, width: width, height: height, frame: nil)
    return rgba.withUnsafeBytes { pixels in
      let opaque = knownOpaque ?? isOpaque(pixels)
      let layout = PNGBands(width: width, height: height, opaque: opaque)
      let bands = layout.encodeAll(
        premultipliedRGBA: pixels, template: template, changedRows: changedRows,
        encoder: encoder)
      return layout.file(bands, template: template)
    }
  }
}
