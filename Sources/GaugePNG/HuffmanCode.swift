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
    // Ordered by (frequency, symbol) as one integer each: a plain sort, with no closure to
    // call per comparison (symbols are below 2^16, frequencies below 2^32).
    var keys: [UInt64] = []
    keys.reserveCapacity(frequencies.count)
    for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
      keys.append(UInt64(frequency) << 16 | UInt64(symbol))
    }
    keys.sort()
    let symbols = keys.map { Int($0 & 0xFFFF) }
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let count = symbols.count
    if count < 2 {
      for symbol in symbols { lengths[symbol] = 1 }
      return lengths
    }
    let depths = optimalDepths(sortedFrequencies: symbols.map { Int(frequencies[$0]) })
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

  /// Code lengths of an optimal prefix code for ascending frequencies (at least two), in the
  /// same order, computed in one array as Moffat and Katajainen describe ("In-place calculation
  /// of minimum-redundancy codes", 1995).
  private static func optimalDepths(sortedFrequencies: [Int]) -> [Int] {
    var work = sortedFrequencies
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
    return work
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
  fileprivate var bitSwapped: UInt16 {
    var value = self
    var result: UInt16 = 0
    for _ in 0..<16 {
      result = result << 1 | value & 1
      value >>= 1
    }
    return result
  }
}
