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
        index &+= 8  // Within `bytes`, so no overflow check.
      }
      while index < count {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    state = crc
  }

  /// Continues the checksum over a byte string known only by its own checksum and `shift`
  /// (`shift(byteCount:)` of its length), as if its bytes were passed to `update`: how a
  /// stream of parts checked once is checked without reading those parts again (zlib's
  /// `crc32_combine`).
  package mutating func append(checksum: UInt32, shift: UInt32) {
    state = (Self.multiply(shift, value) ^ checksum) ^ 0xFFFF_FFFF
  }

  /// x to the power 8 × `byteCount`, modulo the polynomial, bit-reflected as the checksum is:
  /// what a checksum is multiplied by to move it past `byteCount` more bytes. Keep it with
  /// a part whose checksum is added to streams often (`append(checksum:shift:)`).
  ///
  /// Edge cases: 0 bytes gives 1 (`0x8000_0000` reflected); a negative count traps.
  package static func shift(byteCount: Int) -> UInt32 {
    precondition(byteCount >= 0, "A length is never negative.")
    var power: UInt32 = 1 << 31
    var bits = UInt(byteCount)
    // x^(8n) is the product of x^(2^k) over the set bits k of 8n, that is of n's bits k − 3.
    var index = 3
    while bits != 0 {
      if bits & 1 == 1 { power = multiply(powersOfTwo[index & 31], power) }
      bits >>= 1
      index += 1
    }
    return power
  }

  /// The product of `a` and `b` as polynomials over GF(2), modulo the polynomial, both
  /// bit-reflected (x^0 is the top bit).
  static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var product: UInt32 = 0
    var factor = b
    var mask: UInt32 = 1 << 31
    while mask != 0 && a & (mask | (mask &- 1)) != 0 {
      if a & mask != 0 { product ^= factor }
      // factor × x: a shift down, reduced by the polynomial when x^31's term carries out.
      factor = factor & 1 == 1 ? (factor >> 1) ^ 0xEDB8_8320 : factor >> 1
      mask >>= 1
    }
    return product
  }

  /// x^(2^k) modulo the polynomial for k in 0..<32, reflected: each the square of the one
  /// before, from x itself (`1 << 30`). The square of the last is x again, so an index past
  /// 31 wraps (only counts of 2^29 bytes and more reach it).
  private static let powersOfTwo: [UInt32] = {
    var powers: [UInt32] = [1 << 30]
    while powers.count < 32 {
      let last = powers[powers.count - 1]
      powers.append(multiply(last, last))
    }
    return powers
  }()

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
