/// A canonical prefix code of at most `limit` bits per symbol, built from symbol frequencies
/// (RFC 1951, section 3.2.2).
///
/// The build is deterministic: symbols are ordered by (frequency, symbol), the optimal lengths
/// come from Moffat and Katajainen's in-place method, and lengths over the limit are pulled up
/// and repaid from the shortest codes below, as zlib and miniz do. Ties never depend on memory
/// order, so the same frequencies give the same code on every platform.
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
    var used = frequencies
    var inUse = used.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
    var symbol = 0
    while inUse < 2 && symbol < used.count {
      if used[symbol] == 0 {
        used[symbol] = 1
        inUse += 1
      }
      symbol += 1
    }
    lengths = Self.lengths(frequencies: used, limit: limit)
    codes = Self.canonicalCodes(lengths: lengths, limit: limit)
  }

  /// Lengths for fixed codes, such as deflate's fixed literal/length and distance codes.
  init(lengths: [UInt8], limit: Int) {
    self.lengths = lengths
    codes = Self.canonicalCodes(lengths: lengths, limit: limit)
  }

  private static func lengths(frequencies: [UInt32], limit: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let symbols = sortedSymbols(frequencies)
    let count = symbols.count
    if count < 2 {
      for symbol in symbols { lengths[symbol] = 1 }
      return lengths
    }
    var depths = symbols.map { Int(frequencies[$0]) }
    depths.withUnsafeMutableBufferPointer { optimalDepths(inPlace: $0) }
    // How many symbols get each length, with the too-long ones clamped to the limit.
    var perLength = [Int](repeating: 0, count: limit + 1)
    for depth in depths { perLength[min(depth, limit)] += 1 }
    // Clamping broke the Kraft sum; each step removes one leaf at the limit and splits one
    // shorter leaf into two, lowering the sum by exactly one unit of 2^-limit.
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
        lengths[symbols[next]] = UInt8(length)
        next += 1
      }
    }
    return lengths
  }

  /// The symbols whose frequency is not 0, ordered by (frequency, symbol): a radix sort on
  /// the frequency's bytes, least significant first, over the symbols in ascending order, so
  /// equal frequencies keep their symbols' order. Deflate's alphabets have at most 286
  /// symbols and a block's frequencies fit in two bytes, so this is two passes of counting.
  private static func sortedSymbols(_ frequencies: [UInt32]) -> [Int] {
    var symbols: [Int] = []
    symbols.reserveCapacity(frequencies.count)
    var largest: UInt32 = 0
    for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
      symbols.append(symbol)
      largest = max(largest, frequency)
    }
    guard symbols.count > 1 else { return symbols }
    var spare = symbols
    var shift: UInt32 = 0
    frequencies.withUnsafeBufferPointer { frequencies in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { starts in
        while shift < 32 && largest >> shift > 0 {
          symbols.withUnsafeMutableBufferPointer { from in
            spare.withUnsafeMutableBufferPointer { to in
              starts.initialize(repeating: 0)
              for symbol in from {
                starts[Int((frequencies[symbol] >> shift) & 0xFF)] += 1
              }
              var total = 0
              for digit in 0..<256 {
                let bucket = starts[digit]
                starts[digit] = total
                total += bucket
              }
              for symbol in from {
                let digit = Int((frequencies[symbol] >> shift) & 0xFF)
                to[starts[digit]] = symbol
                starts[digit] += 1
              }
            }
          }
          swap(&symbols, &spare)
          shift += 8
        }
      }
    }
    return symbols
  }

  /// Replaces ascending frequencies (at least two) with the code lengths of an optimal prefix
  /// code for them, in the same order, computed in place as Moffat and Katajainen describe ("In-place calculation
  /// of minimum-redundancy codes", 1995).
  private static func optimalDepths(inPlace work: UnsafeMutableBufferPointer<Int>) {
    let count = work.count
    // Phase 1: merge into internal nodes; work[node] becomes the index of its parent.
    work[0] += work[1]
    var root = 0
    var leaf = 2
    for next in 1..<(count - 1) {
      if leaf >= count || work[root] < work[leaf] {
        work[next] = work[root]
        work[root] = next
        root += 1
      } else {
        work[next] = work[leaf]
        leaf += 1
      }
      if leaf >= count || (root < next && work[root] < work[leaf]) {
        work[next] += work[root]
        work[root] = next
        root += 1
      } else {
        work[next] += work[leaf]
        leaf += 1
      }
    }
    // Phase 2: parent indices become internal node depths.
    work[count - 2] = 0
    for next in stride(from: count - 3, through: 0, by: -1) {
      work[next] = work[work[next]] + 1
    }
    // Phase 3: internal depths become leaf depths, shortest for the most frequent.
    var available = 1
    var usedAtDepth = 0
    var depth = 0
    var node = count - 2
    var next = count - 1
    while available > 0 {
      while node >= 0 && work[node] == depth {
        usedAtDepth += 1
        node -= 1
      }
      while available > usedAtDepth {
        work[next] = depth
        next -= 1
        available -= 1
      }
      available = 2 * usedAtDepth
      depth += 1
      usedAtDepth = 0
    }
  }

  private static func canonicalCodes(lengths: [UInt8], limit: Int) -> [UInt16] {
    var perLength = [Int](repeating: 0, count: limit + 1)
    for length in lengths where length > 0 { perLength[Int(length)] += 1 }
    var nextCode = [Int](repeating: 0, count: limit + 2)
    var code = 0
    for length in 1...limit {
      code = (code + perLength[length - 1]) << 1
      nextCode[length] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for symbol in lengths.indices where lengths[symbol] > 0 {
      let length = Int(lengths[symbol])
      codes[symbol] = reversed(UInt16(nextCode[length]), bits: length)
      nextCode[length] += 1
    }
    return codes
  }

  private static func reversed(_ code: UInt16, bits: Int) -> UInt16 {
    code.bitSwapped >> (16 - bits)
  }
}

extension UInt16 {
  /// The sixteen bits in reverse order: halves, then quarters, then pairs, then bits swapped.
  fileprivate var bitSwapped: UInt16 {
    var value = self
    value = value >> 8 | value << 8
    value = (value >> 4) & 0x0F0F | (value & 0x0F0F) << 4
    value = (value >> 2) & 0x3333 | (value & 0x3333) << 2
    value = (value >> 1) & 0x5555 | (value & 0x5555) << 1
    return value
  }
}
