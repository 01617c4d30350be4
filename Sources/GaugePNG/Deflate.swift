/// Deflate compression (RFC 1951) in a zlib stream (RFC 1950), tuned for rendered images:
/// long runs of one colour and rows that repeat the row above.
package enum Deflate {
  /// Which block type to write; anything but `.cheapest` is for tests of a decoder.
  package enum BlockChoice: Sendable {
    /// Per block, whichever of stored, fixed and dynamic is smallest.
    case cheapest
    case stored
    case fixed
    case dynamic
  }

  /// A zlib stream: the two-byte header, the deflate blocks and the Adler-32 of `input`.
  package static func zlibCompress(
    _ input: [UInt8], blocks: BlockChoice = .cheapest, pixelLength: Int = 0, rowLength: Int = 0
  ) -> [UInt8] {
    input.withUnsafeBytes {
      zlibCompress($0, blocks: blocks, pixelLength: pixelLength, rowLength: rowLength)
    }
  }

  /// A zlib stream: the two-byte header, the deflate blocks and the Adler-32 of `input`.
  ///
  /// When `input` is image rows, `pixelLength` and `rowLength` (bytes from a pixel to its left
  /// and upper neighbours) are the distances tried first; they change speed, not correctness.
  package static func zlibCompress(
    _ input: UnsafeRawBufferPointer, blocks: BlockChoice = .cheapest, pixelLength: Int = 0,
    rowLength: Int = 0
  ) -> [UInt8] {
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x5E: "fast" level, no dictionary, and the
    // check bits that make 0x785E a multiple of 31.
    var stream: [UInt8] = [0x78, 0x5E]
    stream.reserveCapacity(input.count / 8 + 64)
    withUnsafeMutablePointer(to: &stream) { sink in
      var parser = LZ77Parser(
        writer: DeflateBlockWriter(bits: DeflateBitWriter(sink: sink), choice: blocks),
        pixelLength: pixelLength, rowLength: rowLength)
      parser.compress(input)
    }
    var adler = Adler32()
    adler.update(input)
    let checksum = adler.value
    stream += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (24 - 8 * $0)) }
    return stream
  }

  /// Deflate blocks of `input` alone (no zlib header or checksum), starting from an empty
  /// window and ending on a byte boundary: the final blocks of a stream when `isLast`,
  /// otherwise followed by a sync flush, so that the blocks of the next part may be appended
  /// as they are. A stream of such parts needs no part's window but its own, so a part that
  /// repeats can be compressed once and its bytes reused.
  ///
  /// `pixelLength` and `rowLength` are the distances tried first, as for `zlibCompress`.
  package static func blocks(
    _ input: UnsafeRawBufferPointer, isLast: Bool, pixelLength: Int = 0, rowLength: Int = 0
  ) -> [UInt8] {
    blocks(
      input, isLast: isLast, pixelLength: pixelLength, rowLength: rowLength,
      tables: LZ77Tables())
  }

  /// `blocks(_:isLast:pixelLength:rowLength:)` with `tables` that earlier parts used.
  static func blocks(
    _ input: UnsafeRawBufferPointer, isLast: Bool, pixelLength: Int, rowLength: Int,
    tables: LZ77Tables
  ) -> [UInt8] {
    var blocks: [UInt8] = []
    blocks.reserveCapacity(input.count / 8 + 64)
    withUnsafeMutablePointer(to: &blocks) { sink in
      var parser = LZ77Parser(
        writer: DeflateBlockWriter(bits: DeflateBitWriter(sink: sink), choice: .cheapest),
        pixelLength: pixelLength, rowLength: rowLength, tables: tables)
      parser.compress(input, isLast: isLast)
    }
    return blocks
  }
}
