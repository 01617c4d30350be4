/// The codes of a dynamic deflate block and the header that describes them
/// (RFC 1951, section 3.2.7): code lengths, run-length coded with symbols 16, 17 and 18,
/// themselves coded with a third prefix code of at most 7 bits.
struct DynamicBlockHeader {
  let literals: HuffmanCode
  let distances: HuffmanCode
  private let literalCount: Int
  private let distanceCount: Int
  private let codeLengths: HuffmanCode
  private let codeLengthCount: Int
  /// Run-length symbols 0...18, each with its extra bits value above (`symbol | extra << 8`).
  private let runs: [UInt16]

  /// The header's size in bits, after the 3-bit block header.
  let bitCount: Int

  init(literalFrequencies: [UInt32], distanceFrequencies: [UInt32]) {
    literals = HuffmanCode(frequencies: literalFrequencies, limit: 15)
    distances = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
    literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    // Literal/length and distance lengths form one sequence, and runs may cross between them.
    runs = Self.runLengthSymbols(
      literals.lengths, literalCount, then: distances.lengths, distanceCount)
    var frequencies = [UInt32](repeating: 0, count: 19)
    for run in runs { frequencies[Int(run & 0xFF)] += 1 }
    codeLengths = HuffmanCode(frequencies: frequencies, limit: 7)
    var count = 19
    while count > 4 && codeLengths.lengths[DeflateAlphabet.codeLengthOrder[count - 1]] == 0 {
      count -= 1
    }
    codeLengthCount = count
    var bits = 5 + 5 + 4 + 3 * count
    for symbol in 0..<19 {
      bits += Int(frequencies[symbol]) * (Int(codeLengths.lengths[symbol]) + Self.extraBits(symbol))
    }
    bitCount = bits
  }

  func write(into writer: inout DeflateBitWriter) {
    writer.write(UInt64(literalCount - 257), count: 5)
    writer.write(UInt64(distanceCount - 1), count: 5)
    writer.write(UInt64(codeLengthCount - 4), count: 4)
    for index in 0..<codeLengthCount {
      writer.write(UInt64(codeLengths.lengths[DeflateAlphabet.codeLengthOrder[index]]), count: 3)
    }
    for run in runs {
      let symbol = Int(run & 0xFF)
      writer.write(
        UInt64(codeLengths.codes[symbol]), count: Int(codeLengths.lengths[symbol]))
      let extra = Self.extraBits(symbol)
      if extra > 0 { writer.write(UInt64(run >> 8), count: extra) }
    }
  }

  private static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  /// Zeros go as 17 (3-10) or 18 (11-138); other lengths once, then 16 repeats it 3-6 times.
  /// The lengths are the first `count` of `lengths`, then the first `moreCount` of `more`.
  private static func runLengthSymbols(
    _ lengths: [UInt8], _ count: Int, then more: [UInt8], _ moreCount: Int
  ) -> [UInt16] {
    let total = count + moreCount
    // Each length adds at most one symbol.
    return [UInt16](unsafeUninitializedCapacity: total) { symbols, written in
      lengths.withUnsafeBufferPointer { lengths in
        more.withUnsafeBufferPointer { more in
          @inline(__always) func length(at index: Int) -> UInt8 {
            index < count ? lengths[index] : more[index &- count]
          }
          var out = 0
          @inline(__always) func append(_ symbol: Int, _ extra: Int) {
            symbols[out] = UInt16(truncatingIfNeeded: symbol | extra << 8)
            out &+= 1
          }
          var index = 0
          while index < total {
            let value = length(at: index)
            var runEnd = index &+ 1
            while runEnd < total && length(at: runEnd) == value { runEnd &+= 1 }
            var remaining = runEnd &- index
            if value == 0 {
              while remaining >= 11 {
                let take = min(remaining, 138)
                append(18, take &- 11)
                remaining &-= take
              }
              if remaining >= 3 {
                append(17, remaining &- 3)
                remaining = 0
              }
            } else {
              append(Int(value), 0)
              remaining &-= 1
              while remaining >= 3 {
                let take = min(remaining, 6)
                append(16, take &- 3)
                remaining &-= take
              }
            }
            for _ in 0..<remaining { append(Int(value), 0) }
            index = runEnd
          }
          written = out
        }
      }
    }
  }
}
