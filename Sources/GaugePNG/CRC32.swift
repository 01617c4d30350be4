/// The CRC-32 of ISO 3309 and ITU-T V.42 that PNG puts after every chunk
/// (reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF).
///
/// Slicing-by-8: eight 256-entry tables let the loop fold eight bytes per step instead of one,
/// which matters for the few large IDAT and fdAT chunks.
package struct CRC32: Sendable {
  /// The running value before the final XOR; start a new checksum with `CRC32()`.
  private var state: UInt32 = 0xFFFF_FFFF

  package init() {}

  /// The checksum of everything passed to `update` so far.
  package var value: UInt32 { state ^ 0xFFFF_FFFF }

  /// The checksum of `bytes` alone.
  package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  /// The checksum of `bytes` alone.
  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  package mutating func update(_ bytes: some Collection<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
    if done == nil {
      let copy = Array(bytes)
      copy.withUnsafeBytes { update($0) }
    }
  }

  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var crc = state
    let count = bytes.count
    Self.tables.withUnsafeBufferPointer { table in
      var index = 0
      while index + 8 <= count {
        let low = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self))
        let high = UInt32(
          littleEndian: base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
        let word = crc ^ low
        crc =
          table[7 * 256 + Int(word & 0xFF)] ^ table[6 * 256 + Int((word >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((word >> 16) & 0xFF)] ^ table[4 * 256 + Int(word >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    state = crc
  }

  /// Table k maps a byte to its contribution k bytes further down the stream.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
      }
      tables[byte] = crc
    }
    for slice in 1..<8 {
      for byte in 0..<256 {
        let previous = tables[(slice - 1) * 256 + byte]
        tables[slice * 256 + byte] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()
}
