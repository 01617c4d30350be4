/// How a still image's scanlines are cut into bands of rows that are deflated apart: each
/// band starts from an empty window and ends on a byte boundary (a sync flush, or the final
/// block), so the zlib stream is the bands' blocks one after the other and a band's bytes
/// depend only on its own rows and the row above it (which its first row's filter reads).
///
/// That is what lets a prepared renderer compress once the bands that every image shares
/// (`PNGTemplate`) and, per image, only the bands that changed, with the same bytes as
/// compressing them all. The price is a fresh window and a block header at each band: the
/// stress gauge at 42, 400 px, takes 42,227 bytes against 39,773 with one window (6% more).
package struct PNGBands: Sendable, Hashable {
  /// Scanline bytes a band aims at: deflate's window, so that a band is small next to a
  /// pointer's or a readout's rows (27 rows at 400 px), and large enough that its block
  /// header and the missing window of its first row cost little.
  package static let bandBytes = 32 << 10
  /// Rows in a band at least: wide images keep most of their matches one row up.
  package static let minimumRows = 8

  package let width: Int
  package let height: Int
  /// Whether the scanlines are RGB (every alpha 255) rather than RGBA.
  package let opaque: Bool
  /// Rows in each band; the last may have fewer.
  package let rowsPerBand: Int

  /// The bands of a `width` x `height` image (sides already checked, 1...8192).
  package init(width: Int, height: Int, opaque: Bool) {
    self.width = width
    self.height = height
    self.opaque = opaque
    let scanline = width * (opaque ? 3 : 4) + 1
    rowsPerBand = max(Self.minimumRows, Self.bandBytes / scanline)
  }

  /// Bytes per pixel in the scanlines.
  var channels: Int { opaque ? 3 : 4 }
  /// Bytes of one scanline: the filter type and the row.
  var scanlineLength: Int { width * channels + 1 }

  /// How many bands the image has.
  package var count: Int { (height + rowsPerBand - 1) / rowsPerBand }

  /// The rows of band `index`.
  package func rows(ofBand index: Int) -> Range<Int> {
    index * rowsPerBand..<min(height, (index + 1) * rowsPerBand)
  }

  /// The rows `encodeAll` reads when an image differs from its template only in
  /// `changedRows` (see its `changedRows`): those of every band it encodes again, a band
  /// whose rows or row above meet them, each with its row above (its first row's filter
  /// reads it). The bands between are all encoded again, so this is one range; empty when
  /// `changedRows` is.
  package func rowsRead(changing changedRows: Range<Int>) -> Range<Int> {
    guard !changedRows.isEmpty else { return 0..<0 }
    let first = changedRows.lowerBound / rowsPerBand
    // The last band whose row above is at most the last changed row.
    let last = min(changedRows.upperBound / rowsPerBand, count - 1)
    return max(first * rowsPerBand - 1, 0)..<min(height, (last + 1) * rowsPerBand)
  }

  /// Band `index` of premultiplied RGBA `pixels` (the whole image, 4 bytes a pixel), filtered
  /// and deflated; `scratch` holds at least `rowsPerBand` scanlines, and `tables` are the
  /// hash chains the image's bands share.
  func encode(
    band index: Int, premultipliedRGBA pixels: UnsafeRawPointer,
    scratch: UnsafeMutablePointer<UInt8>, tables: LZ77Tables
  ) -> PNGBand {
    let rows = rows(ofBand: index)
    let rowBytes = 4 * width
    Scanlines.filter(
      pixels: pixels + rows.lowerBound * rowBytes,
      above: rows.lowerBound > 0 ? pixels + (rows.lowerBound - 1) * rowBytes : nil,
      width: width, height: rows.count, rowBytes: rowBytes, opaque: opaque,
      premultiplied: true, into: scratch)
    let scanlines = UnsafeRawBufferPointer(start: scratch, count: rows.count * scanlineLength)
    var adler = Adler32()
    adler.update(scanlines)
    return PNGBand(
      blocks: Deflate.blocks(
        scanlines, isLast: index == count - 1, pixelLength: channels,
        rowLength: scanlineLength, tables: tables),
      adler: adler.value, length: scanlines.count)
  }

  /// Every band of `pixels`, or where `template` (made for these bands) has the same rows,
  /// and the same row above, its band as it was encoded then. When the caller knows that
  /// every row outside `changedRows` is the template's, a band whose rows and row above lie
  /// outside it is taken without comparing them; `nil` compares every band.
  /// `encoder` is the memory to encode in (made here when `nil`).
  func encodeAll(
    premultipliedRGBA pixels: UnsafeRawBufferPointer, template: PNGTemplate?,
    changedRows: Range<Int>? = nil, encoder: PNGEncoderScratch? = nil
  ) -> [PNGBand] {
    let encoder = encoder ?? PNGEncoderScratch()
    let scratch = encoder.prepare(scanlineBytes: rowsPerBand * scanlineLength)
    let tables = encoder.tables
    let reusable = template.flatMap { $0.layout == self ? $0 : nil }
    let rowBytes = 4 * width
    return (0..<count).map { index in
      if let reusable {
        let rows = rows(ofBand: index)
        let first = max(rows.lowerBound - 1, 0)
        if let changedRows, !changedRows.overlaps(first..<rows.upperBound) {
          return reusable.encoded[index]
        }
        let same = reusable.pixels.withUnsafeBytes { kept in
          Self.equal(
            pixels.baseAddress! + first * rowBytes, kept.baseAddress! + first * rowBytes,
            count: (rows.upperBound - first) * rowBytes)
        }
        if same { return reusable.encoded[index] }
      }
      return encode(
        band: index, premultipliedRGBA: pixels.baseAddress!, scratch: scratch, tables: tables)
    }
  }

  /// The PNG file of `bands`: its header, one IDAT chunk holding the zlib stream (see
  /// `zlibStream`), and its end, written in one pass; the chunk's CRC-32 steps over each band
  /// whose checksum was kept (a template's) instead of reading its blocks again. Bytes as
  /// `PNGImage.file(zlibStream(bands), ...)` writes them, which a stream longer than one
  /// chunk (`PNGChunkStream.maximumChunkData`) falls back on.
  func file(_ bands: [PNGBand]) -> [UInt8] {
    let streamLength = bands.reduce(6) { $0 + $1.blocks.count }
    guard streamLength <= PNGChunkStream.maximumChunkData else {
      return PNGImage.file(zlibStream(bands), width: width, height: height, opaque: opaque)
    }
    var png = PNGChunkStream(reservingCapacity: streamLength + 64)
    png.appendHeader(width: width, height: height, opaque: opaque)
    png.appendChunk("IDAT", length: streamLength) { bytes, crc in
      Self.appendStream(of: bands, to: &bytes, crc: &crc)
    }
    png.append("IEND", [])
    return png.bytes
  }

  /// Appends the zlib stream of `bands` to `bytes`, its CRC-32 to `crc`.
  private static func appendStream(of bands: [PNGBand], to bytes: inout [UInt8], crc: inout CRC32) {
    // The same header as `Deflate.zlibCompress`: a 32 KiB window, the "fast" level.
    let header: [UInt8] = [0x78, 0x5E]
    bytes += header
    crc.update(header)
    var adler = Adler32().value
    for band in bands {
      bytes += band.blocks
      if let kept = band.checksum {
        crc.append(checksum: kept.crc, shift: kept.shift)
      } else {
        band.blocks.withUnsafeBytes { crc.update($0) }
      }
      adler = Adler32.combine(adler, band.adler, secondLength: band.length)
    }
    let trailer = (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    bytes += trailer
    crc.update(trailer)
  }

  /// The zlib stream of `bands`: its header, their blocks, and the Adler-32 of all their
  /// scanlines, combined from theirs.
  func zlibStream(_ bands: [PNGBand]) -> [UInt8] {
    var stream: [UInt8] = []
    stream.reserveCapacity(bands.reduce(6) { $0 + $1.blocks.count })
    // Only a stream too long for one chunk comes here; its split chunks check their own.
    var unused = CRC32()
    Self.appendStream(of: bands, to: &stream, crc: &unused)
    return stream
  }

  /// Whether `count` bytes at `a` and `b` are the same, 32 bytes a step.
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 32 <= count {
      let x = a.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt64>.self)
      let y = b.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt64>.self)
      if x != y { return false }
      offset &+= 32  // Within `count`, so no overflow check.
    }
    while offset < count {
      if a.load(fromByteOffset: offset, as: UInt8.self)
        != b.load(fromByteOffset: offset, as: UInt8.self)
      {
        return false
      }
      offset += 1
    }
    return true
  }
}

/// One band's deflate blocks, with what the zlib stream's checksum needs of its scanlines.
package struct PNGBand: Sendable, Hashable {
  /// Deflate blocks from an empty window, ending on a byte boundary.
  package let blocks: [UInt8]
  /// The Adler-32 of the band's scanlines.
  package let adler: UInt32
  /// Bytes of the band's scanlines.
  package let length: Int
  /// The CRC-32 of `blocks` and its shift (`CRC32.shift(byteCount:)`), kept for a band that
  /// goes into many files (a template's); `nil` for a band encoded for one image, whose
  /// blocks its file's checksum reads.
  package var checksum: Checksum? = nil

  package struct Checksum: Sendable, Hashable {
    let crc: UInt32
    let shift: UInt32
  }

  /// This band with its blocks' checksum kept.
  func keepingChecksum() -> PNGBand {
    var band = self
    band.checksum = Checksum(
      crc: CRC32.checksum(blocks), shift: CRC32.shift(byteCount: blocks.count))
    return band
  }
}
