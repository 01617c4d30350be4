#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a still image's scanlines are cut into bands of rows that are deflated apart: each
/// band starts from an empty window and ends on a byte boundary (a sync flush, or the final
/// block), so the zlib stream is the bands' blocks one after the other and a band's bytes
/// depend only on its own rows and the row above it (which its first row's filter reads).
/// Within a band, each row is cut again into column strips (`BandStrips`) coded with one
/// fixed prefix code (`StripCode`), whose segments' bits depend only on their strip's bytes.
///
/// That is what lets a prepared renderer compress once the bands that every image shares
/// (`PNGTemplate`) and, per image, only the strips of the bands that changed, with the same
/// bytes as compressing them all. The price is a fresh window and a block header at each
/// band, matches that stop at each strip's edge and a code made for GaugeKit's images rather
/// than for each band: the stress gauge at 42, 400 px, takes 47,578 bytes against 41,190
/// with a code per band and matches across the row, and 39,773 with one window.
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
  /// reads it). Empty when `changedRows` is.
  package func rowsRead(changing changedRows: RowRanges) -> RowRanges {
    var read = RowRanges()
    for changed in changedRows.ranges {
      let first = changed.lowerBound / rowsPerBand
      // The last band whose row above is at most the last changed row.
      let last = min(changed.upperBound / rowsPerBand, count - 1)
      read.insert(max(first * rowsPerBand - 1, 0)..<min(height, (last + 1) * rowsPerBand))
    }
    return read
  }

  /// The column strips each band's rows are coded in.
  var strips: BandStrips { BandStrips(width: width, channels: channels) }

  /// Filters band `index` of premultiplied RGBA `pixels` (the whole image, 4 bytes a pixel)
  /// into `scratch` (at least `rowsPerBand` scanlines).
  func filter(
    band index: Int, rgba pixels: UnsafeRawPointer, premultiplied: Bool = true,
    into scratch: UnsafeMutablePointer<UInt8>
  ) {
    let rows = rows(ofBand: index)
    let rowBytes = 4 * width
    Scanlines.filter(
      pixels: pixels + rows.lowerBound * rowBytes,
      above: rows.lowerBound > 0 ? pixels + (rows.lowerBound - 1) * rowBytes : nil,
      width: width, height: rows.count, rowBytes: rowBytes, opaque: opaque,
      premultiplied: premultiplied, into: scratch)
  }

  /// The prefix code of this image's bands.
  var code: StripCode { StripCode.standard(for: strips) }

  /// Band `index`, whose filtered scanlines are in `encoder.scanlines`, deflated: one block
  /// of `StripCode.standard(for:)` whose segments are coded strip by strip (`BandStrips`), or
  /// stored blocks when those take fewer bits. With `kept` (the template's segments of the
  /// same band), only the strips `encoder.touched` marks are coded; the others' segments are
  /// copied from `kept`, which gives the same bits.
  /// `adler` is the Adler-32 of the band's scanlines when the caller knows it.
  private func encode(
    band index: Int, encoder: PNGEncoderScratch, kept: BandSegments?, adler known: UInt32? = nil
  ) -> PNGBand {
    let rows = rows(ofBand: index).count
    let strips = strips
    let stripCount = strips.count
    let code = code
    let scanlines = encoder.scanlines
    let spans = encoder.spans
    let touched = encoder.touched
    var end = 0
    for strip in 0..<stripCount where kept == nil || touched[strip] {
      end = StripParser.code(
        band: scanlines, rows: rows, columns: strips.columns(strip), strips: strips,
        tables: encoder.tables, code: code, output: encoder.segments, offset: end,
        spans: spans + strip, stride: stripCount)
    }
    let length = rows * scanlineLength
    let isLast = index == count - 1
    var blocks: [UInt8] = []
    let keptBits = kept?.bits ?? []
    let keptSpans = kept?.spans ?? []
    keptBits.withUnsafeBufferPointer { keptBits in
      keptSpans.withUnsafeBufferPointer { keptSpans in
        // Where segment `slot` (row * strips + strip) lies: this image's or the template's.
        @inline(__always) func segment(_ slot: Int, strip: Int)
          -> (UnsafePointer<UInt8>, Int)
        {
          if keptBits.isEmpty || touched[strip] {
            let span = spans[slot]
            return (UnsafePointer(encoder.segments) + Int(span.offset), Int(span.bitCount))
          }
          let span = keptSpans[slot]
          return (keptBits.baseAddress! + Int(span.offset), Int(span.bitCount))
        }
        var codedBits = 3 + code.headerBitCount + code.endOfBlock.count
        for slot in 0..<rows * stripCount {
          codedBits += segment(slot, strip: slot % stripCount).1
        }
        // A band starts on a byte boundary: 3 bits and 5 of padding, then 32 of lengths per
        // stored block of at most 65535 bytes.
        let pieces = max(1, (length + 65534) / 65535)
        let storedBits = pieces * (8 + 32) + length * 8
        blocks.reserveCapacity(min(codedBits, storedBits) / 8 + 16)
        withUnsafeMutablePointer(to: &blocks) { sink in
          var writer = DeflateBitWriter(sink: sink)
          if storedBits < codedBits {
            var offset = 0
            repeat {
              let piece = min(65535, length - offset)
              writer.write(isLast && offset + piece == length ? 1 : 0, count: 3)
              writer.alignToByte()
              writer.write(UInt64(piece) | UInt64(~piece & 0xFFFF) << 16, count: 32)
              writer.writeAlignedBytes(
                UnsafeRawBufferPointer(start: scanlines + offset, count: piece))
              offset += piece
            } while offset < length
          } else {
            writer.write(isLast ? 0b101 : 0b100, count: 3)
            code.header.withUnsafeBufferPointer {
              writer.append(bits: $0.baseAddress!, bitCount: code.headerBitCount)
            }
            for slot in 0..<rows * stripCount {
              let (bits, bitCount) = segment(slot, strip: slot % stripCount)
              writer.append(bits: bits, bitCount: bitCount)
            }
            writer.write(code.endOfBlock.bits, count: code.endOfBlock.count)
            if !isLast {
              // A sync flush: an empty stored block ends the band on a byte boundary.
              writer.write(0, count: 3)
              writer.alignToByte()
              writer.write(0xFFFF_0000, count: 32)
            }
          }
          writer.finish()
        }
      }
    }
    if let known { return PNGBand(blocks: blocks, adler: known, length: length) }
    var adler = Adler32()
    adler.update(UnsafeRawBufferPointer(start: scanlines, count: length))
    return PNGBand(blocks: blocks, adler: adler.value, length: length)
  }

  /// Every band of `pixels`, or where `template` (made for these bands) has the same rows,
  /// and the same row above, `nil`: the file takes the template's band as it was encoded
  /// then. A band that differs codes again only the strips whose scanline bytes differ.
  /// When the caller knows that every row outside `changedRows` is the template's, a band
  /// whose rows and row above lie outside it is taken without comparing them, and the rows
  /// in it are filtered again without comparing their pixels; `nil` compares every row.
  /// `encoder` is the memory to encode in (made here when `nil`).
  func encodeAll(
    premultipliedRGBA pixels: UnsafeRawBufferPointer, template: PNGTemplate?,
    changedRows: RowRanges? = nil, encoder: PNGEncoderScratch? = nil
  ) -> [PNGBand?] {
    let encoder = encoder ?? PNGEncoderScratch()
    encoder.prepare(for: self)
    guard let template, template.layout == self else {
      return (0..<count).map { index in
        filter(band: index, rgba: pixels.baseAddress!, into: encoder.scanlines)
        return encode(band: index, encoder: encoder, kept: nil)
      }
    }
    // The template's memory, borrowed once for every band: threads drawing from one
    // template at once would otherwise contend for its arrays' counts, band by band.
    return template.pixels.withUnsafeBytes { keptPixels in
      template.scanlines.withUnsafeBufferPointer { keptScanlines in
        template.rowAdlers.withUnsafeBufferPointer { rowAdlers in
          let kept = KeptRows(
            pixels: keptPixels.baseAddress!, scanlines: keptScanlines.baseAddress!,
            adlers: rowAdlers.baseAddress!)
          return (0..<count).map { index in
            let rows = rows(ofBand: index)
            let first = max(rows.lowerBound - 1, 0)
            if let changedRows, !changedRows.overlaps(first..<rows.upperBound) { return nil }
            return encode(
              band: index, premultipliedRGBA: pixels.baseAddress!, changedRows: changedRows,
              template: template, kept: kept, encoder: encoder)
          }
        }
      }
    }
  }

  /// A template's pixels, filtered scanlines and each row's Adler-32, borrowed.
  private struct KeptRows {
    let pixels: UnsafeRawPointer
    let scanlines: UnsafePointer<UInt8>
    let adlers: UnsafePointer<UInt32>
  }

  /// Band `index` of an image that may differ from `template` (whose memory `kept` lends)
  /// in `changedRows` (any row when `nil`): the rows in it (without it, the rows whose pixels
  /// differ), and the rows below them, are filtered again, and the others' scanlines and
  /// checksums are the template's; then only the strips whose bytes differ are coded again.
  /// A band whose bytes are all the template's is `nil`: the template's.
  private func encode(
    band index: Int, premultipliedRGBA pixels: UnsafeRawPointer, changedRows: RowRanges?,
    template: PNGTemplate, kept: KeptRows, encoder: PNGEncoderScratch
  ) -> PNGBand? {
    let rows = rows(ofBand: index)
    let rowBytes = 4 * width
    let length = scanlineLength
    let scanlines = encoder.scanlines
    let fresh = encoder.freshRows
    // Whether a row's pixels may differ from the template's. With `changedRows`, the rows in
    // it: the drawing touched them, so comparing would read two rows of pixels to learn
    // what the caller said (a row that is the template's after all filters to the template's
    // scanline, and `touchedStrips` finds it unchanged). Without, the rows that do differ.
    func differs(_ row: Int) -> Bool {
      guard row >= 0 else { return false }
      if let changedRows { return changedRows.contains(row) }
      return !Self.equal(pixels + row * rowBytes, kept.pixels + row * rowBytes, count: rowBytes)
    }
    // Fresh rows are filtered in runs, each run from the pixels of the row above it, as
    // `Scanlines.filter` filters any rows of an image.
    func filter(_ run: Range<Int>) {
      Scanlines.filter(
        pixels: pixels + run.lowerBound * rowBytes,
        above: run.lowerBound > 0 ? pixels + (run.lowerBound - 1) * rowBytes : nil,
        width: width, height: run.count, rowBytes: rowBytes, opaque: opaque,
        premultiplied: true, into: scanlines + (run.lowerBound - rows.lowerBound) * length)
    }
    var aboveDiffers = differs(rows.lowerBound - 1)
    var anyFresh = false
    var runStart: Int?
    for row in rows {
      let rowDiffers = differs(row)
      let isFresh = rowDiffers || aboveDiffers
      aboveDiffers = rowDiffers
      fresh[row - rows.lowerBound] = isFresh
      if isFresh {
        anyFresh = true
        if runStart == nil { runStart = row }
        continue
      }
      if let start = runStart { filter(start..<row) }
      runStart = nil
      (scanlines + (row - rows.lowerBound) * length).update(
        from: kept.scanlines + row * length, count: length)
    }
    if let start = runStart { filter(start..<rows.upperBound) }
    guard anyFresh,
      touchedStrips(
        band: index, scanlines: scanlines, kept: kept.scanlines, fresh: fresh,
        into: encoder.touched)
    else { return nil }
    // The band's checksum from its rows': a fresh row's is taken now.
    var adler = Adler32().value
    for row in rows {
      var rowAdler = kept.adlers[row]
      if fresh[row - rows.lowerBound] {
        var checksum = Adler32()
        checksum.update(
          UnsafeRawBufferPointer(
            start: scanlines + (row - rows.lowerBound) * length, count: length))
        rowAdler = checksum.value
      }
      adler = Adler32.combine(adler, rowAdler, secondLength: length)
    }
    return encode(
      band: index, encoder: encoder, kept: template.segments[index], adler: adler)
  }

  /// Marks in `touched` each strip of band `index` whose bytes differ between `scanlines`
  /// (the band's, filtered) and `kept` (the template's scanlines, every row), in the rows
  /// that `fresh` marks (the band's others are the template's); whether any does.
  func touchedStrips(
    band index: Int, scanlines: UnsafePointer<UInt8>, kept: UnsafePointer<UInt8>,
    fresh: UnsafePointer<Bool>, into touched: UnsafeMutablePointer<Bool>
  ) -> Bool {
    let strips = strips
    let length = scanlineLength
    let rows = rows(ofBand: index)
    touched.initialize(repeating: false, count: strips.count)
    // Strip by strip, those not yet found touched: a whole row compared first would read
    // again, strip by strip, the bytes before its first difference.
    var untouched = strips.count
    for row in rows where fresh[row - rows.lowerBound] {
      let image = UnsafeRawPointer(scanlines + (row - rows.lowerBound) * length)
      let template = UnsafeRawPointer(kept + row * length)
      for strip in 0..<strips.count where !touched[strip] {
        let columns = strips.columns(strip)
        if !Self.equal(
          image + columns.lowerBound, template + columns.lowerBound, count: columns.count)
        {
          touched[strip] = true
          untouched -= 1
        }
      }
      if untouched == 0 { break }
    }
    return untouched < strips.count
  }

  /// The bands of `pixels` with what a template keeps of each: its coded segments, and all
  /// the filtered scanlines with each one's checksum.
  func encodeTemplate(premultipliedRGBA pixels: UnsafeRawBufferPointer)
    -> (bands: [PNGBand], segments: [BandSegments], scanlines: [UInt8], rowAdlers: [UInt32])
  {
    let encoder = PNGEncoderScratch()
    encoder.prepare(for: self)
    var bands: [PNGBand] = []
    var segments: [BandSegments] = []
    var scanlines: [UInt8] = []
    scanlines.reserveCapacity(height * scanlineLength)
    for index in 0..<count {
      filter(band: index, rgba: pixels.baseAddress!, into: encoder.scanlines)
      let band = encode(band: index, encoder: encoder, kept: nil)
      let rows = rows(ofBand: index).count
      let spans = Array(UnsafeBufferPointer(start: encoder.spans, count: rows * strips.count))
      let last = spans.map { Int($0.offset) + (Int($0.bitCount) + 7) / 8 }.max() ?? 0
      segments.append(
        BandSegments(
          bits: Array(UnsafeBufferPointer(start: encoder.segments, count: last))
            + [UInt8](repeating: 0, count: 8),
          spans: spans))
      bands.append(band)
      scanlines.append(
        contentsOf: UnsafeBufferPointer(start: encoder.scanlines, count: rows * scanlineLength))
    }
    let rowAdlers = scanlines.withUnsafeBytes { scanlines in
      (0..<height).map { row in
        var adler = Adler32()
        adler.update(
          UnsafeRawBufferPointer(
            rebasing: scanlines[(row * scanlineLength)..<((row + 1) * scanlineLength)]))
        return adler.value
      }
    }
    return (bands, segments, scanlines, rowAdlers)
  }

  /// The PNG file of `bands` (`nil`: `template`'s band): its header, one IDAT chunk holding
  /// the zlib stream (see `zlibStream`), and its end, written in one pass; the chunk's
  /// CRC-32 steps over each of the template's bands instead of reading its blocks again.
  /// Bytes as `PNGImage.file(zlibStream(bands, template: template), ...)` writes them, which
  /// a stream longer than one chunk (`PNGChunkStream.maximumChunkData`) falls back on.
  func file(_ bands: [PNGBand?], template: PNGTemplate?) -> [UInt8] {
    Self.checkKept(bands, template: template, layout: self)
    let kept = template?.encoded ?? []
    let streamLength = bands.indices.reduce(6) {
      $0 + (bands[$1]?.blocks.count ?? kept[$1].blocks.count)
    }
    guard streamLength <= PNGChunkStream.maximumChunkData else {
      return PNGImage.file(
        zlibStream(bands, template: template), width: width, height: height, opaque: opaque)
    }
    var png = PNGChunkStream(reservingCapacity: streamLength + 64)
    png.appendHeader(width: width, height: height, opaque: opaque)
    png.appendChunk("IDAT", length: streamLength) { bytes, crc in
      Self.appendStream(of: bands, template: template, to: &bytes, crc: &crc)
    }
    png.append("IEND", [])
    return png.bytes
  }

  /// Appends the zlib stream of `bands` (`nil`: `template`'s band) to `bytes`, its CRC-32
  /// to `crc`.
  private static func appendStream(
    of bands: [PNGBand?], template: PNGTemplate?, to bytes: inout [UInt8], crc: inout CRC32
  ) {
    // The same header as `Deflate.zlibCompress`: a 32 KiB window, the "fast" level.
    let header: [UInt8] = [0x78, 0x5E]
    bytes += header
    crc.update(header)
    var adler = Adler32().value
    let kept = template?.encoded ?? []
    let keptBlocks = template?.blocks ?? []
    // The template's arrays borrowed once for the whole stream (see `encodeAll`).
    kept.withUnsafeBufferPointer { kept in
      keptBlocks.withUnsafeBufferPointer { keptBlocks in
        for (index, band) in bands.enumerated() {
          if let band {
            bytes += band.blocks
            band.blocks.withUnsafeBytes { crc.update($0) }
            adler = Adler32.combine(adler, band.adler, secondLength: band.length)
          } else {
            let band = kept[index]
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: keptBlocks[band.blocks]))
            crc.append(checksum: band.crc, shift: band.shift)
            adler = Adler32.combine(adler, band.adler, secondLength: band.length)
          }
        }
      }
    }
    let trailer = (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    bytes += trailer
    crc.update(trailer)
  }

  /// The zlib stream of `bands` (`nil`: `template`'s band): its header, their blocks, and
  /// the Adler-32 of all their scanlines, combined from theirs.
  func zlibStream(_ bands: [PNGBand?], template: PNGTemplate?) -> [UInt8] {
    Self.checkKept(bands, template: template, layout: self)
    let kept = template?.encoded ?? []
    var stream: [UInt8] = []
    stream.reserveCapacity(
      bands.indices.reduce(6) { $0 + (bands[$1]?.blocks.count ?? kept[$1].blocks.count) })
    // Only a stream too long for one chunk comes here; its split chunks check their own.
    var unused = CRC32()
    Self.appendStream(of: bands, template: template, to: &stream, crc: &unused)
    return stream
  }

  /// Traps unless every band `nil` (the template's) comes with the template of `layout`'s
  /// bands that `encodeAll` was given: a programmer's mistake, not the data's. Scans the
  /// bands only when the template does not fit, where every band must be encoded.
  private static func checkKept(_ bands: [PNGBand?], template: PNGTemplate?, layout: PNGBands) {
    if template?.layout == layout { return }
    precondition(
      bands.allSatisfy { $0 != nil },
      "A band left to the template needs the template encodeAll was given for these bands.")
  }

  /// Whether `count` bytes at `a` and `b` are the same: the C library's `memcmp`, which
  /// picks the widest vectors the processor has at run time (AVX2 or AVX-512 here), where
  /// Swift's are compiled for the x86-64 baseline. A prepared image compares every row it
  /// may have changed with its template's, 1.6 KB a row at 400 px.
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
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
}

extension PNGBands {
  /// How often each literal/length symbol (0...285) and, after them, each distance code
  /// (286...315) occurs in the strips of every band of `rgba` (4 bytes a pixel, sides
  /// already checked, `premultiplied` or straight): what `StripCode`'s counts were made from.
  package static func symbolCounts(
    rgba pixels: [UInt8], width: Int, height: Int, opaque: Bool, premultiplied: Bool
  ) -> [UInt32] {
    let layout = PNGBands(width: width, height: height, opaque: opaque)
    let strips = layout.strips
    let encoder = PNGEncoderScratch()
    encoder.prepare(for: layout)
    var counts = [UInt32](repeating: 0, count: 316)
    pixels.withUnsafeBytes { pixels in
      counts.withUnsafeMutableBufferPointer { counts in
        for index in 0..<layout.count {
          layout.filter(
            band: index, rgba: pixels.baseAddress!, premultiplied: premultiplied,
            into: encoder.scanlines)
          for strip in 0..<strips.count {
            _ = StripParser.code(
              band: encoder.scanlines, rows: layout.rows(ofBand: index).count,
              columns: strips.columns(strip), strips: strips, tables: encoder.tables,
              code: layout.code, output: encoder.segments, offset: 0,
              spans: encoder.spans, stride: 1, counts: counts.baseAddress!)
          }
        }
      }
    }
    return counts
  }
}
