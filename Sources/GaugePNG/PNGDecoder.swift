/// Decodes PNG files into straight RGBA8: what colour emoji fonts (CBDT) embed.
///
/// It reads IHDR, PLTE, tRNS, IDAT and IEND, every colour type (gray, RGB, palette, gray
/// with alpha, RGBA) at every bit depth the specification allows, all five filters, and
/// Adam7 interlacing. Ancillary chunks (gamma, colour profiles, text, APNG's animation) are
/// skipped, so an APNG decodes as its default image; colours are taken as sRGB.
package enum PNGDecoder {
  /// Decodes a PNG file.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - maximumPixels: the most pixels (width x height) the caller accepts, 0...2^32; it is
  ///     checked before anything the size of the image is allocated. Memory then peaks at
  ///     the inflated scanlines (up to 8 bytes a pixel, at 16-bit RGBA) plus 4 bytes a pixel.
  /// - Returns: the image, 4 bytes a pixel; 16-bit samples keep their high byte, and samples
  ///   of 1, 2 or 4 bits are scaled to 0...255 (a 2-bit 1 becomes 85).
  /// - Throws: `PNGError`'s decoding cases, each naming the chunk and byte at fault.
  ///
  /// Edge cases:
  /// - Every chunk's CRC is checked, ancillary ones included.
  /// - The image data must inflate to exactly the length the header implies: more stops
  ///   inflating at that length (`dataTooLong`), so a decompression bomb costs no more
  ///   memory than an honest image of its size.
  /// - A palette index past the palette's end throws rather than guessing a colour.
  /// - An unknown critical chunk throws, as the specification requires; bytes after IEND
  ///   are ignored.
  package static func decode(
    _ bytes: some Collection<UInt8>, maximumPixels: Int
  ) throws(PNGError) -> DecodedImage {
    precondition((0...(1 << 32)).contains(maximumPixels), "The pixel limit must be 0...2^32.")
    let file = Array(bytes)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard file.starts(with: signature) else { throw .notPNG }

    var header: PNGHeader?
    var palette: [UInt8]?
    var transparency: [UInt8]?
    var data: [UInt8] = []
    var dataState = DataState.before
    var offset = 8
    while true {
      guard file.count - offset >= 12 else { throw .truncated(offset: file.count) }
      let length = Int(uint32(file, offset))
      guard length <= Int(Int32.max), length <= file.count - offset - 12 else {
        throw .truncated(offset: file.count)
      }
      let typeBytes = file[(offset + 4)..<(offset + 8)]
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else {
        throw .invalidChunk(type: "?", offset: offset, reason: "its type is not four letters")
      }
      let body = offset + 8
      let crc = CRC32.checksum(file[(offset + 4)..<(body + length)])
      guard crc == uint32(file, body + length) else {
        throw .chunkChecksum(type: type, offset: offset)
      }
      func invalid(_ reason: String) -> PNGError {
        .invalidChunk(type: type, offset: offset, reason: reason)
      }
      if header == nil && type != "IHDR" { throw invalid("IHDR must be the first chunk") }
      if dataState == .inside && type != "IDAT" { dataState = .after }
      switch type {
      case "IHDR":
        guard header == nil else { throw invalid("a file has one IHDR") }
        let read = try PNGHeader(file, offset: body, length: length, chunkOffset: offset)
        let (pixels, overflow) = read.width.multipliedReportingOverflow(by: read.height)
        guard !overflow, pixels <= maximumPixels else {
          throw .tooManyPixels(width: read.width, height: read.height, limit: maximumPixels)
        }
        header = read
      case "PLTE":
        guard palette == nil, dataState == .before else {
          throw invalid("PLTE must come once, before IDAT")
        }
        guard length % 3 == 0, (3...768).contains(length) else {
          throw invalid("it holds \(length) bytes, not 1...256 entries of 3")
        }
        switch header!.colourType {
        case .gray, .grayAlpha: throw invalid("a gray image has no palette")
        case .palette:
          guard length / 3 <= 1 << header!.bitDepth else {
            throw invalid("\(length / 3) entries do not fit \(header!.bitDepth)-bit indices")
          }
          palette = Array(file[body..<(body + length)])
        case .rgb, .rgba: break  // A suggested palette for display on few colours: unused.
        }
      case "tRNS":
        guard transparency == nil, dataState == .before else {
          throw invalid("tRNS must come once, before IDAT")
        }
        let expected: Int
        switch header!.colourType {
        case .gray: expected = 2
        case .rgb: expected = 6
        case .palette:
          guard let palette else { throw invalid("tRNS must follow PLTE") }
          expected = length
          guard length <= palette.count / 3 else {
            throw invalid("\(length) alphas for \(palette.count / 3) palette entries")
          }
        case .grayAlpha, .rgba: throw invalid("an image with an alpha channel has no tRNS")
        }
        guard length == expected else { throw invalid("it holds \(length) bytes, not \(expected)") }
        transparency = Array(file[body..<(body + length)])
      case "IDAT":
        guard dataState != .after else { throw invalid("IDAT chunks must be consecutive") }
        if header!.colourType == .palette && palette == nil {
          throw invalid("a palette image needs PLTE before IDAT")
        }
        dataState = .inside
        data.append(contentsOf: file[body..<(body + length)])
      case "IEND":
        guard dataState != .before else { throw invalid("the file has no IDAT chunk") }
        return try image(
          header!, data: data, palette: palette ?? [], transparency: transparency)
      default:
        // Bit 5 of the first letter is set (lower case) in an ancillary chunk.
        guard typeBytes.first! & 0x20 != 0 else { throw invalid("it is an unknown critical chunk") }
      }
      offset = body + length + 4
    }
  }

  /// Where the chunks read so far stand with respect to the IDAT chunks, which must be
  /// consecutive: none yet, in the run, or after it.
  private enum DataState {
    case before
    case inside
    case after
  }

  /// Inflates the image data, then unfilters and expands each pass into the RGBA image.
  private static func image(
    _ header: PNGHeader, data: [UInt8], palette: [UInt8], transparency: [UInt8]?
  ) throws(PNGError) -> DecodedImage {
    var scanlines = try Deflate.zlibDecompress(data, expectedLength: header.inflatedLength)
    var output = PixelExpander(header: header, palette: palette, transparency: transparency)
    var start = 0
    var scanline = 0
    for pass in header.passes {
      let (width, height) = header.size(of: pass)
      guard width > 0 && height > 0 else { continue }
      let rowBytes = header.rowBytes(width)
      try Scanlines.unfilter(
        &scanlines, from: start, rows: height, rowBytes: rowBytes,
        distance: header.filterDistance, firstScanline: scanline)
      for row in 0..<height {
        try output.expand(
          scanlines, from: start + row * (rowBytes + 1) + 1, pixels: width,
          y: pass.yStart + row * pass.yStep, xStart: pass.xStart, xStep: pass.xStep)
      }
      start += height * (rowBytes + 1)
      scanline += height
    }
    return DecodedImage(width: header.width, height: header.height, rgba: output.rgba)
  }

  /// The big-endian 32-bit number at `offset`; the caller has checked the bounds.
  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
  }
}
