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
  /// Run-length symbols 0...18, each with its extra bits value.
  private let runs: [(symbol: Int, extra: Int)]

  /// The header's size in bits, after the 3-bit block header.
  let bitCount: Int

  init(literalFrequencies: [UInt32], distanceFrequencies: [UInt32]) {
    literals = HuffmanCode(frequencies: literalFrequencies, limit: 15)
    distances = HuffmanCode(frequencies: distanceFrequencies, limit: 15)
    literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
    // Literal/length and distance lengths form one sequence, and runs may cross between them.
    let sequence = Array(literals.lengths[..<literalCount] + distances.lengths[..<distanceCount])
    runs = Self.runLengthSymbols(sequence)
    var frequencies = [UInt32](repeating: 0, count: 19)
    for run in runs { frequencies[run.symbol] += 1 }
    codeLengths = HuffmanCode(frequencies: frequencies, limit: 7)
    var count = 19
    while count > 4 && codeLengths.lengths[DeflateAlphabet.codeLengthOrder[count - 1]] == 0 {
      count -= 1
    }
    codeLengthCount = count
    var bits = 5 + 5 + 4 + 3 * count
    for run in runs {
      bits += Int(codeLengths.lengths[run.symbol]) + Self.extraBits(run.symbol)
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
      writer.write(
        UInt64(codeLengths.codes[run.symbol]), count: Int(codeLengths.lengths[run.symbol]))
      let extra = Self.extraBits(run.symbol)
      if extra > 0 { writer.write(UInt64(run.extra), count: extra) }
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
  private static func runLengthSymbols(_ lengths: [UInt8]) -> [(symbol: Int, extra: Int)] {
    var symbols = [(symbol: Int, extra: Int)]()
    symbols.reserveCapacity(lengths.count)
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var runEnd = index + 1
      while runEnd < lengths.count && lengths[runEnd] == length { runEnd += 1 }
      var remaining = runEnd - index
      if length == 0 {
        while remaining >= 11 {
          let take = min(remaining, 138)
          symbols.append((18, take - 11))
          remaining -= take
        }
        if remaining >= 3 {
          symbols.append((17, remaining - 3))
          remaining = 0
        }
      } else {
        symbols.append((Int(length), 0))
        remaining -= 1
        while remaining >= 3 {
          let take = min(remaining, 6)
          symbols.append((16, take - 3))
          remaining -= take
        }
      }
      for _ in 0..<remaining { symbols.append((Int(length), 0)) }
      index = runEnd
    }
    return symbols
  }
}
