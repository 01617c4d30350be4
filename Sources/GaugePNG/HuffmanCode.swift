/// A canonical prefix code of at most `limit` bits per symbol, built from symbol frequencies
/// (RFC 1951, section 3.2.2).
///
/// The build is deterministic: symbols are ordered by (frequency, symbol), the optimal lengths
/// come from Moffat and Katajainen's in-place method, and lengths over the limit are pulled up
/// and repaid from the shortest codes below, as zlib and miniz do. Ties never depend on memory
/// order, so the same frequencies give the same code on every platform.
///
/// A dynamic block builds three codes, so the build works in place in temporary memory: the
/// arrays it returns are its only allocations. Its loops count with wrapping operators, as no
/// count, index or sum of frequencies comes near overflow (at most 2^15 symbols of 32-bit
/// frequencies), and an overflow check per step is a large part of so short a loop.
package struct HuffmanCode: Sendable {
  /// Bit length per symbol; 0 for a symbol that never occurs.
  package private(set) var lengths: [UInt8]
  /// The code per symbol, bit-reversed so that it can be written least significant bit first.
  package private(set) var codes: [UInt16]

  /// Builds a code for `frequencies`.
  ///
  /// Edge cases:
  /// - Fewer than two symbols in use: the first unused symbols join with frequency 1, so the
  ///   code is always complete; some decoders reject a one-symbol code.
  /// - More symbols than `1 << limit`: a precondition, as no deflate alphabet is that large.
  package init(frequencies: [UInt32], limit: Int) {
    precondition(frequencies.count <= 1 << limit, "Too many symbols for the length limit.")
    var inUse = 0
    for frequency in frequencies where frequency > 0 { inUse += 1 }
    var used = frequencies
    var symbol = 0
    while inUse < 2 && symbol < used.count {
      if used[symbol] == 0 {
        used[symbol] = 1
        inUse += 1
      }
      symbol += 1
    }
    var lengths = [UInt8](repeating: 0, count: used.count)
    used.withUnsafeBufferPointer { frequencies in
      lengths.withUnsafeMutableBufferPointer { lengths in
        Self.lengths(frequencies: frequencies, limit: limit, into: lengths)
      }
    }
    self.lengths = lengths
    codes = Self.canonicalCodes(lengths: lengths, limit: limit)
  }

  /// Lengths for fixed codes, such as deflate's fixed literal/length and distance codes.
  init(lengths: [UInt8], limit: Int) {
    self.lengths = lengths
    codes = Self.canonicalCodes(lengths: lengths, limit: limit)
  }

  /// Writes the code lengths of `frequencies` into `lengths` (zeros, as long).
  private static func lengths(
    frequencies: UnsafeBufferPointer<UInt32>, limit: Int,
    into lengths: UnsafeMutableBufferPointer<UInt8>
  ) {
    // Each symbol in use as one key, its frequency above its number: sorting the keys by
    // frequency alone, stably, orders them by (frequency, symbol).
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * frequencies.count) { keys in
      let symbols = sortedSymbols(frequencies, keys: keys)
      let count = symbols.count
      if count < 2 {
        for key in symbols { lengths[Int(key & 0xFFFF)] = 1 }
        return
      }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: count + limit + 1) { work in
        let depths = UnsafeMutableBufferPointer(rebasing: work[0..<count])
        for index in 0..<count { depths[index] = Int(symbols[index] >> 16) }
        optimalDepths(inPlace: depths)
        // How many symbols get each length, with the too-long ones clamped to the limit.
        let perLength = UnsafeMutableBufferPointer(rebasing: work[count...])
        perLength.initialize(repeating: 0)
        for depth in depths { perLength[min(depth, limit)] &+= 1 }
        // Clamping broke the Kraft sum; each step removes one leaf at the limit and splits
        // one shorter leaf into two, lowering the sum by exactly one unit of 2^-limit.
        var kraft = 0
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
          perLength[limit] -= 1
          for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
            perLength[length] -= 1
            perLength[length + 1] += 2
            break
          }
          kraft -= 1
        }
        // The rarest symbols take the longest codes.
        var next = 0
        for length in stride(from: limit, through: 1, by: -1) {
          for _ in 0..<perLength[length] {
            lengths[Int(symbols[next] & 0xFFFF)] = UInt8(length)
            next &+= 1
          }
        }
      }
    }
  }

  /// The keys `frequency << 16 | symbol` of the symbols whose frequency is not 0, ordered by
  /// (frequency, symbol), in `keys` (twice the symbols' count): a radix sort on the
  /// frequency's digits, least significant first, over the symbols in ascending order, so
  /// equal frequencies keep their symbols' order. Digits are as narrow as the largest
  /// frequency allows: a block's frequencies fit in two passes of at most 128 buckets.
  private static func sortedSymbols(
    _ frequencies: UnsafeBufferPointer<UInt32>, keys: UnsafeMutableBufferPointer<UInt64>
  ) -> UnsafeMutableBufferPointer<UInt64> {
    var count = 0
    var largest: UInt32 = 0
    for symbol in frequencies.indices {
      let frequency = frequencies[symbol]
      keys[count] = UInt64(frequency) << 16 | UInt64(symbol)
      count &+= frequency > 0 ? 1 : 0
      largest = max(largest, frequency)
    }
    var from = UnsafeMutableBufferPointer(rebasing: keys[0..<count])
    guard count > 1 else { return from }
    var to = UnsafeMutableBufferPointer(rebasing: keys[count..<(2 * count)])
    let bits = UInt32.bitWidth - largest.leadingZeroBitCount
    let passes = (bits + 7) / 8
    let digitBits = UInt64((bits + passes - 1) / passes)
    let mask: UInt64 = (1 << digitBits) - 1
    // 32-bit starts: 1 KiB, which a temporary allocation keeps on the stack.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { starts in
      var shift: UInt64 = 16
      for _ in 0..<passes {
        let buckets = UnsafeMutableBufferPointer(rebasing: starts[0...Int(mask)])
        buckets.initialize(repeating: 0)
        for key in from { buckets[Int((key >> shift) & mask)] &+= 1 }
        var total: UInt32 = 0
        for digit in buckets.indices {
          let bucket = buckets[digit]
          buckets[digit] = total
          total &+= bucket
        }
        for key in from {
          let digit = Int((key >> shift) & mask)
          to[Int(buckets[digit])] = key
          buckets[digit] &+= 1
        }
        swap(&from, &to)
        shift += digitBits
      }
    }
    return from
  }

  /// Replaces ascending frequencies (at least two) with the code lengths of an optimal prefix
  /// code for them, in the same order, computed in place as Moffat and Katajainen describe ("In-place calculation
  /// of minimum-redundancy codes", 1995).
  private static func optimalDepths(inPlace work: UnsafeMutableBufferPointer<Int>) {
    let count = work.count
    // Phase 1: merge into internal nodes; work[node] becomes the index of its parent.
    work[0] &+= work[1]
    var root = 0
    var leaf = 2
    for next in 1..<(count - 1) {
      if leaf >= count || work[root] < work[leaf] {
        work[next] = work[root]
        work[root] = next
        root &+= 1
      } else {
        work[next] = work[leaf]
        leaf &+= 1
      }
      if leaf >= count || (root < next && work[root] < work[leaf]) {
        work[next] &+= work[root]
        work[root] = next
        root &+= 1
      } else {
        work[next] &+= work[leaf]
        leaf &+= 1
      }
    }
    // Phase 2: parent indices become internal node depths.
    work[count - 2] = 0
    for next in stride(from: count - 3, through: 0, by: -1) {
      work[next] = work[work[next]] &+ 1
    }
    // Phase 3: internal depths become leaf depths, shortest for the most frequent.
    var available = 1
    var usedAtDepth = 0
    var depth = 0
    var node = count - 2
    var next = count - 1
    while available > 0 {
      while node >= 0 && work[node] == depth {
        usedAtDepth &+= 1
        node &-= 1
      }
      while available > usedAtDepth {
        work[next] = depth
        next &-= 1
        available &-= 1
      }
      available = 2 * usedAtDepth
      depth += 1
      usedAtDepth = 0
    }
  }

  private static func canonicalCodes(lengths: [UInt8], limit: Int) -> [UInt16] {
    [UInt16](unsafeUninitializedCapacity: lengths.count) { codes, initialized in
      lengths.withUnsafeBufferPointer { lengths in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * limit + 3) { work in
          let perLength = UnsafeMutableBufferPointer(rebasing: work[0...limit])
          let nextCode = UnsafeMutableBufferPointer(rebasing: work[(limit + 1)...])
          perLength.initialize(repeating: 0)
          nextCode.initialize(repeating: 0)
          for length in lengths { perLength[Int(length)] += 1 }
          perLength[0] = 0
          var code = 0
          for length in 1...limit {
            code = (code + perLength[length - 1]) << 1
            nextCode[length] = code
          }
          Self.reversedBytes.withUnsafeBufferPointer { reversedBytes in
            for symbol in lengths.indices {
              let length = Int(lengths[symbol])
              guard length > 0 else {
                codes[symbol] = 0
                continue
              }
              let code = nextCode[length]
              nextCode[length] = code &+ 1
              // The code's sixteen bits reversed, a byte at a time, then shifted down.
              let reversed =
                Int(reversedBytes[code & 0xFF]) << 8 | Int(reversedBytes[(code >> 8) & 0xFF])
              codes[symbol] = UInt16(truncatingIfNeeded: reversed >> (16 &- length))
            }
          }
        }
      }
      initialized = lengths.count
    }
  }

  /// Each byte with its bits in reverse order.
  private static let reversedBytes: [UInt8] = (0..<256).map { byte in
    var value = UInt8(byte)
    value = value >> 4 | value << 4
    value = (value >> 2) & 0x33 | (value & 0x33) << 2
    value = (value >> 1) & 0x55 | (value & 0x55) << 1
    return value
  }
}
