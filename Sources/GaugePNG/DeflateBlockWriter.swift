/// Writes one deflate block from LZ77 tokens as whichever of the three block types is
/// smallest: stored (section 3.2.4), fixed codes or dynamic codes (section 3.2.6 and 3.2.7).
///
/// A token is a literal byte (below 256) or `length << 16 | distance` for a match.
struct DeflateBlockWriter {
  var bits: DeflateBitWriter
  let choice: Deflate.BlockChoice

  /// Writes `tokens`, which spell out exactly the bytes of `source`, as one block (or, when
  /// stored and longer than 65535 bytes, several stored blocks); `counts` are how often each
  /// literal/length symbol and distance code occurs in them (the end of block aside).
  mutating func writeBlock(
    tokens: UnsafeBufferPointer<UInt32>, counts: (literals: [UInt32], distances: [UInt32]),
    source: UnsafeRawBufferPointer, isFinal: Bool
  ) {
    var literalFrequencies = counts.literals
    let distanceFrequencies = counts.distances
    literalFrequencies[DeflateAlphabet.endOfBlock] = 1
    var extraBits = 0
    for code in 0..<29 {
      extraBits += Int(literalFrequencies[257 + code]) * DeflateAlphabet.lengthExtraBits[code]
    }
    for code in 0..<30 {
      extraBits += Int(distanceFrequencies[code]) * DeflateAlphabet.distanceExtraBits[code]
    }

    let dynamic = DynamicBlockHeader(
      literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
    let dynamicBits =
      3 + dynamic.bitCount + extraBits
      + Self.codedBits(literalFrequencies, dynamic.literals.lengths)
      + Self.codedBits(distanceFrequencies, dynamic.distances.lengths)
    let fixedBits =
      3 + extraBits + Self.codedBits(literalFrequencies, DeflateAlphabet.fixedLiteralLengths)
      + 5 * distanceFrequencies.reduce(0) { $0 + Int($1) }
    let storedBits = storedBitCount(byteCount: source.count)

    let kind: Deflate.BlockChoice
    switch choice {
    case .cheapest:
      if storedBits < min(fixedBits, dynamicBits) {
        kind = .stored
      } else {
        kind = fixedBits <= dynamicBits ? .fixed : .dynamic
      }
    default:
      kind = choice
    }
    switch kind {
    case .stored:
      writeStored(source, isFinal: isFinal)
    case .fixed:
      bits.write(isFinal ? 0b011 : 0b010, count: 3)
      writeTokens(tokens, literals: Self.fixedLiterals, distances: Self.fixedDistances)
    default:
      bits.write(isFinal ? 0b101 : 0b100, count: 3)
      dynamic.write(into: &bits)
      writeTokens(tokens, literals: dynamic.literals, distances: dynamic.distances)
    }
  }

  private static let fixedLiterals = HuffmanCode(
    lengths: DeflateAlphabet.fixedLiteralLengths, limit: 15)
  private static let fixedDistances = HuffmanCode(
    lengths: [UInt8](repeating: 5, count: 30), limit: 15)

  private static func codedBits(_ frequencies: [UInt32], _ lengths: [UInt8]) -> Int {
    precondition(lengths.count >= frequencies.count, "Every symbol needs a length.")
    // A block's symbols number below 2^15 and its bits below 2^40: wrapping operations
    // spare the checks, and let the loop be vectorized.
    return frequencies.withUnsafeBufferPointer { frequencies in
      lengths.withUnsafeBufferPointer { lengths in
        var total = 0
        for symbol in frequencies.indices {
          total &+= Int(frequencies[symbol]) &* Int(lengths[symbol])
        }
        return total
      }
    }
  }

  /// Stored blocks hold at most 65535 bytes each; the first pads to a byte boundary from
  /// wherever the stream is, the others from a boundary plus their 3 header bits.
  private func storedBitCount(byteCount: Int) -> Int {
    let pieces = max(1, (byteCount + 65534) / 65535)
    let firstPadding = (8 - (bits.bitCount + 3) % 8) % 8
    return 3 + firstPadding + (pieces - 1) * 8 + pieces * 32 + byteCount * 8
  }

  /// An empty, non-final stored block: it ends the stream so far on a byte boundary without
  /// ending it (zlib's sync flush, `00 00 FF FF` after the block's 3 bits and padding).
  mutating func writeSyncFlush() {
    bits.write(0, count: 3)
    bits.alignToByte()
    bits.write(0xFFFF_0000, count: 32)
  }

  private mutating func writeStored(_ source: UnsafeRawBufferPointer, isFinal: Bool) {
    var offset = 0
    repeat {
      let length = min(65535, source.count - offset)
      let last = offset + length == source.count
      bits.write(last && isFinal ? 1 : 0, count: 3)
      bits.alignToByte()
      bits.write(UInt64(length) | UInt64(~length & 0xFFFF) << 16, count: 32)
      bits.writeAlignedBytes(UnsafeRawBufferPointer(rebasing: source[offset..<offset + length]))
      offset += length
    } while offset < source.count
  }

  /// Tokens written between two checks for room in the bit writer's staging: each takes at
  /// most 48 bits (a 15-bit length code with 5 extra bits and a 15-bit distance code with
  /// 13), so this many fit in `DeflateBitWriter.roomBytes`.
  private static let tokensPerRoom = DeflateBitWriter.roomBytes / 6

  private mutating func writeTokens(
    _ tokens: UnsafeBufferPointer<UInt32>, literals: HuffmanCode, distances: HuffmanCode
  ) {
    // Per literal, per match length and per distance code, its code (and a length's extra
    // bits) in the low 24 bits and their bit count above, so that a literal is one load and
    // one write and a match two of each.
    let tableSize = 256 + DeflateAlphabet.maximumMatch + 1 + 30
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: tableSize) { tables in
      let table = tables.baseAddress!
      literals.lengths.withUnsafeBufferPointer { lengths in
        literals.codes.withUnsafeBufferPointer { codes in
          for literal in 0..<256 {
            table[literal] = UInt32(codes[literal]) | UInt32(lengths[literal]) << 24
          }
          let lengthBits = table + 256
          DeflateAlphabet.lengthFields.withUnsafeBufferPointer { fields in
            for length in DeflateAlphabet.minimumMatch...DeflateAlphabet.maximumMatch {
              let field = fields[length]
              let symbol = 257 &+ Int(field & 0xFF)
              let codeLength = UInt32(lengths[symbol])
              lengthBits[length] =
                (UInt32(codes[symbol]) | (field >> 16) &<< codeLength)
                | (codeLength &+ (field >> 8) & 0xFF) << 24
            }
          }
        }
      }
      let distanceBits = table + 256 + DeflateAlphabet.maximumMatch + 1
      for code in 0..<30 {
        distanceBits[code] =
          UInt32(distances.codes[code]) | UInt32(distances.lengths[code]) << 24
      }
      DeflateAlphabet.distanceBase.withUnsafeBufferPointer { distanceBase in
        bits = Self.write(
          tokens, literalBits: table, lengthBits: table + 256, distanceBits: distanceBits,
          distanceBase: distanceBase.baseAddress!, after: bits)
      }
    }
    let endOfBlock = DeflateAlphabet.endOfBlock
    bits.write(UInt64(literals.codes[endOfBlock]), count: Int(literals.lengths[endOfBlock]))
  }

  /// The loop of `writeTokens`, returning the writer after it: its own copy, which neither
  /// a closure nor an `inout` shares (the staging's stores might alias those), so that its
  /// register and counts live in registers.
  private static func write(
    _ tokens: UnsafeBufferPointer<UInt32>, literalBits: UnsafePointer<UInt32>,
    lengthBits: UnsafePointer<UInt32>, distanceBits: UnsafePointer<UInt32>,
    distanceBase: UnsafePointer<Int>, after start: DeflateBitWriter
  ) -> DeflateBitWriter {
    var writer = start
    var next = 0
    while next < tokens.count {
      let end = min(next + tokensPerRoom, tokens.count)
      writer.makeRoom()
      for index in next..<end {
        let token = tokens[index]
        if token < 256 {
          let bits = literalBits[Int(token)]
          writer.writeWithoutDrain(UInt64(bits & 0xFF_FFFF), count: Int(bits >> 24))
          continue
        }
        // A match's length (at most 20 bits) and distance (at most 28) go in one write.
        let match = lengthBits[Int(token >> 16)]
        let lengthCount = UInt64(match >> 24)
        let distance = Int(token & 0xFFFF)
        let code = DeflateAlphabet.distanceCode(distance)
        let bits = distanceBits[code]
        let codeLength = UInt64(bits >> 24)
        let extra = UInt64(truncatingIfNeeded: distance &- distanceBase[code])
        let distanceField = UInt64(bits & 0xFFFF) | extra &<< codeLength
        writer.writeWithoutDrain(
          UInt64(match & 0xFF_FFFF) | distanceField &<< lengthCount,
          count: Int(lengthCount) &+ Int(codeLength) &+ (code < 4 ? 0 : code / 2 - 1))
      }
      next = end
    }
    return writer
  }
}
