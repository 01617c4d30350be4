/// The Adler-32 checksum that closes a zlib stream (RFC 1950, section 8.2).
package struct Adler32: Sendable {
  private var sum1: UInt32 = 1
  private var sum2: UInt32 = 0

  package init() {}

  /// The checksum of everything passed to `update` so far.
  package var value: UInt32 { sum2 << 16 | sum1 }

  /// The checksum of `bytes` alone.
  package static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var adler = Adler32()
    bytes.withUnsafeBytes { adler.update($0) }
    return adler.value
  }

  /// The checksum of two byte strings one after the other, from the checksum of each and the
  /// second's length (zlib's `adler32_combine`): parts checked once can be joined in any
  /// stream without reading their bytes again.
  ///
  /// Edge cases: an empty second part (`secondLength` 0) leaves `first` unchanged; lengths
  /// of any size are taken modulo 65521.
  package static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    precondition(secondLength >= 0, "A length is never negative.")
    let base: UInt32 = 65521
    let remainder = UInt32(secondLength % Int(base))
    var sum1 = first & 0xFFFF
    var sum2 = remainder * sum1 % base
    sum1 += (second & 0xFFFF) + base - 1
    sum2 += (first >> 16) + (second >> 16) + base - remainder
    if sum1 >= base { sum1 -= base }
    if sum1 >= base { sum1 -= base }
    if sum2 >= base << 1 { sum2 -= base << 1 }
    if sum2 >= base { sum2 -= base }
    return sum2 << 16 | sum1
  }

  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var a = UInt64(sum1)
    var b = UInt64(sum2)
    var index = 0
    let count = bytes.count
    // Sixteen lanes each keep their own running sum (`lanes`) and the sum of those sums over
    // the chunks before, which is all `b` needs: a byte in lane i of chunk k of K adds
    // (16 (K - k) - i) times itself to `b`. Runs of 4096 bytes keep every lane far from
    // overflow before the modulo. Within a run, groups of 16 chunks sum in 16-bit lanes,
    // half the work of widening each byte to 32 bits (a group's totals stay under
    // 255 x 120); each group then adds its totals, and 16 times the lanes before it, which
    // are gathered here and multiplied once a run (a shorter last group, by its length).
    while count - index >= 16 {
      let chunks = min((count - index) / 16, 256)
      var lanes = SIMD16<UInt32>()
      var lanesBeforeGroups = SIMD16<UInt32>()
      var groupTotals = SIMD16<UInt32>()
      var lastGroup: UInt64 = 0
      var offset = index
      let runEnd = index + 16 * chunks
      while offset < runEnd {
        let groupEnd = min(offset + 16 * Self.groupChunks, runEnd)
        if groupEnd - offset == 16 * Self.groupChunks {
          lanesBeforeGroups &+= lanes
        } else {
          lastGroup = UInt64((groupEnd - offset) / 16) * UInt64(lanes.wrappedSum())
        }
        var groupLanes = SIMD16<UInt16>()
        var totals = SIMD16<UInt16>()
        while offset < groupEnd {
          let bytes = base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
          totals &+= groupLanes
          groupLanes &+= SIMD16<UInt16>(truncatingIfNeeded: bytes)
          offset &+= 16  // Within the input, so no overflow check.
        }
        groupTotals &+= SIMD16<UInt32>(truncatingIfNeeded: totals)
        lanes &+= SIMD16<UInt32>(truncatingIfNeeded: groupLanes)
      }
      let laneTotals =
        UInt64(Self.groupChunks) * UInt64(lanesBeforeGroups.wrappedSum())
        + UInt64(groupTotals.wrappedSum()) + lastGroup
      let runLength = UInt64(16 * chunks)
      b += runLength * a + 16 * laneTotals
      b += UInt64((lanes &* Self.laneWeights).wrappedSum())
      a += UInt64(lanes.wrappedSum())
      a %= 65521
      b %= 65521
      index += 16 * chunks
    }
    while index < count {
      a += UInt64(base.load(fromByteOffset: index, as: UInt8.self))
      b += a
      index += 1
    }
    sum1 = UInt32(a % 65521)
    sum2 = UInt32(b % 65521)
  }

  /// Chunks summed in 16-bit lanes before they join the run's sums.
  private static let groupChunks = 16

  /// Lane i's own chunk still counts 16 - i times.
  private static let laneWeights = SIMD16<UInt32>(
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
}
