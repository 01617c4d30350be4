extension Deflate {
  /// The bytes of a zlib stream (RFC 1950) that must inflate to exactly `expectedLength`
  /// bytes, as the scanlines of a PNG image must.
  ///
  /// The two-byte header must name deflate with a window of at most 32 KiB and no preset
  /// dictionary (PNG forbids one); the Adler-32 of the output must match the stream's last
  /// four bytes, which must directly follow the final block.
  ///
  /// Edge cases:
  /// - Inflating stops with `PNGError.dataTooLong` at the first byte past `expectedLength`,
  ///   so memory never exceeds `expectedLength` however the stream was made.
  /// - A stream that ends early, or whose last block ends short of `expectedLength`, throws
  ///   `corruptData` or `dataTooShort`.
  package static func zlibDecompress(
    _ stream: [UInt8], expectedLength: Int
  ) throws(PNGError) -> [UInt8] {
    precondition(expectedLength >= 0, "A decompressed length cannot be negative.")
    guard stream.count >= 6 else {
      throw .corruptData("the zlib stream is only \(stream.count) bytes")
    }
    let method = stream[0]
    guard method & 0x0F == 8, method >> 4 <= 7 else {
      throw .corruptData("the zlib header does not name deflate with a window of 32 KiB or less")
    }
    guard (UInt16(method) << 8 | UInt16(stream[1])) % 31 == 0 else {
      throw .corruptData("the zlib header's check bits are wrong")
    }
    guard stream[1] & 0x20 == 0 else {
      throw .corruptData("the zlib stream asks for a preset dictionary")
    }
    var inflater = Inflater(stream, start: 2, end: stream.count - 4, expectedLength: expectedLength)
    try inflater.inflate()
    guard inflater.written == expectedLength else {
      throw .dataTooShort(expected: expectedLength, actual: inflater.written)
    }
    let trailing = stream.count - 4 - inflater.consumed
    guard trailing == 0 else {
      throw .corruptData("\(trailing) extra bytes follow the last deflate block")
    }
    let stored = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let output = inflater.output
    guard stored == Adler32.checksum(output) else {
      throw .corruptData("the Adler-32 checksum does not match the inflated data")
    }
    return output
  }
}
