/// A PNG file under construction: the signature, then chunks of length, type, data and CRC
/// (PNG specification, section 5.3).
struct PNGChunkStream {
  private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Chunks longer than this are split; viewers and tools cope better with IDAT and fdAT
  /// data in pieces than with one chunk of many megabytes.
  static let maximumChunkData = 1 << 20

  init(reservingCapacity capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends one chunk; `type` is its four ASCII letters.
  mutating func append(_ type: String, _ data: some Collection<UInt8>) {
    append(type, prefix: [], data)
  }

  /// Appends one chunk whose data is `prefix` followed by `data` (fdAT's sequence number).
  mutating func append(_ type: String, prefix: [UInt8], _ data: some Collection<UInt8>) {
    appendChunk(type, length: prefix.count + data.count) { bytes, crc in
      let start = bytes.count
      bytes += prefix
      bytes += data
      bytes.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
  }

  /// Appends one chunk of `length` data bytes that `write` appends to the file itself,
  /// adding each to the CRC it is given (started over the type): for data made of parts
  /// that are not one array.
  mutating func appendChunk(
    _ type: String, length: Int, _ write: (inout [UInt8], inout CRC32) -> Void
  ) {
    let typeBytes = Array(type.utf8)
    precondition(typeBytes.count == 4, "A chunk type has four letters.")
    Self.appendBigEndian(UInt32(length), to: &bytes)
    bytes += typeBytes
    var crc = CRC32()
    crc.update(typeBytes)
    let start = bytes.count
    write(&bytes, &crc)
    precondition(bytes.count - start == length, "A chunk's data has the length it declares.")
    Self.appendBigEndian(crc.value, to: &bytes)
  }

  static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func appendBigEndian(_ value: UInt16, to bytes: inout [UInt8]) {
    bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
  }

  /// IHDR for 8-bit RGB (colour type 2) or RGBA (6), deflate, adaptive filters, no interlace.
  mutating func appendHeader(width: Int, height: Int, opaque: Bool) {
    var data = [UInt8]()
    Self.appendBigEndian(UInt32(width), to: &data)
    Self.appendBigEndian(UInt32(height), to: &data)
    data += [8, opaque ? 2 : 6, 0, 0, 0]
    append("IHDR", data)
  }
}
