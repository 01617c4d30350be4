/// Deflate decompression (RFC 1951) of one stream whose decompressed length is known in
/// advance, as a PNG header implies it: the output is allocated once at that length and
/// inflating stops, with an error, at the first byte that would go past it. A small stream
/// that would expand to gigabytes (a decompression bomb) therefore costs no more than the
/// image its header describes, which the caller has already bounded.
struct Inflater {
  private let input: [UInt8]
  /// Where the deflate data ends in `input` (the zlib checksum follows).
  private let end: Int
  /// The next byte of `input` to move into `buffer`.
  private var position: Int
  /// Bits read ahead, the next one lowest.
  private var buffer: UInt64 = 0
  private var bufferCount = 0
  private(set) var output: [UInt8]
  private(set) var written = 0

  /// Prepares to inflate `input[start..<end]` into exactly `expectedLength` bytes.
  init(_ input: [UInt8], start: Int, end: Int, expectedLength: Int) {
    self.input = input
    self.end = end
    position = start
    output = [UInt8](repeating: 0, count: expectedLength)
  }

  /// The bytes of `input` consumed so far: whole bytes still unread in the bit buffer are
  /// given back, and a final partial byte counts as consumed.
  var consumed: Int { position - bufferCount / 8 }

  /// Inflates blocks up to and including the final one.
  mutating func inflate() throws(PNGError) {
    var isFinal = false
    while !isFinal {
      isFinal = try bits(1) == 1
      switch try bits(2) {
      case 0: try storedBlock()
      case 1: try codes(Self.fixedCodes.literals, Self.fixedCodes.distances)
      case 2:
        let (literals, distances) = try dynamicCodes()
        try codes(literals, distances)
      default: throw .corruptData("a deflate block has the reserved type 3")
      }
    }
  }

  private mutating func refill() {
    while bufferCount <= 56 && position < end {
      buffer |= UInt64(input[position]) << bufferCount
      position += 1
      bufferCount += 8
    }
  }

  /// The next `count` (0...32) bits as a number, the first one lowest.
  private mutating func bits(_ count: Int) throws(PNGError) -> Int {
    if bufferCount < count {
      refill()
      guard bufferCount >= count else { throw Self.endOfStream }
    }
    let value = Int(buffer & (1 << count - 1))
    buffer >>= count
    bufferCount -= count
    return value
  }

  private static let endOfStream = PNGError.corruptData("the zlib stream ends inside a block")

  /// A block stored as is: its length and that length's complement, from the next byte on.
  private mutating func storedBlock() throws(PNGError) {
    _ = try bits(bufferCount % 8)
    let length = try bits(16)
    guard try bits(16) == length ^ 0xFFFF else {
      throw .corruptData("a stored block's length and its complement disagree")
    }
    guard length <= output.count - written else { throw .dataTooLong(expected: output.count) }
    var copied = 0
    while copied < length && bufferCount > 0 {
      output[written] = UInt8(try bits(8))
      written += 1
      copied += 1
    }
    let rest = length - copied
    guard rest <= end - position else { throw Self.endOfStream }
    output.replaceSubrange(written..<(written + rest), with: input[position..<(position + rest)])
    written += rest
    position += rest
  }

  /// Decodes one symbol of `code`.
  @inline(__always)
  private mutating func decode(_ code: HuffmanDecoder) throws(PNGError) -> Int {
    if bufferCount < HuffmanDecoder.maximumLength { refill() }
    let entry = code.fast[Int(buffer & (1 << HuffmanDecoder.fastBits - 1))]
    let length = Int(entry & 0xF)
    if length > 0 && length <= bufferCount {
      buffer >>= length
      bufferCount -= length
      return Int(entry >> 4)
    }
    guard let (symbol, length) = code.decodeLong(buffer, available: bufferCount) else {
      if bufferCount < HuffmanDecoder.maximumLength { throw Self.endOfStream }
      throw .corruptData("the bits at byte \(consumed) match no code")
    }
    buffer >>= length
    bufferCount -= length
    return symbol
  }

  /// Literals and back-references up to the end-of-block symbol.
  private mutating func codes(
    _ literals: HuffmanDecoder, _ distances: HuffmanDecoder
  ) throws(PNGError) {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        guard written < output.count else { throw .dataTooLong(expected: output.count) }
        output[written] = UInt8(symbol)
        written += 1
        continue
      }
      if symbol == DeflateAlphabet.endOfBlock { return }
      let lengthCode = symbol - 257
      guard lengthCode < 29 else { throw .corruptData("a block uses length symbol \(symbol)") }
      let length =
        DeflateAlphabet.lengthBase[lengthCode]
        + (try bits(DeflateAlphabet.lengthExtraBits[lengthCode]))
      let distanceCode = try decode(distances)
      guard distanceCode < 30 else {
        throw .corruptData("a block uses distance symbol \(distanceCode)")
      }
      let distance =
        DeflateAlphabet.distanceBase[distanceCode]
        + (try bits(DeflateAlphabet.distanceExtraBits[distanceCode]))
      guard distance <= written else {
        throw .corruptData(
          "a match reaches back \(distance) bytes, past the \(written) written so far")
      }
      guard length <= output.count - written else { throw .dataTooLong(expected: output.count) }
      // One byte at a time: a match may overlap the bytes it is writing (distance < length).
      var from = written - distance
      for target in written..<(written + length) {
        output[target] = output[from]
        from += 1
      }
      written += length
    }
  }

  /// A dynamic block's header: its code length code, then the literal/length and distance
  /// codes written with it (RFC 1951, section 3.2.7).
  private mutating func dynamicCodes() throws(PNGError) -> (HuffmanDecoder, HuffmanDecoder) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCodeCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else {
      throw .corruptData("a block header declares more than 286 literal or 30 distance codes")
    }
    var lengthCodeLengths = [UInt8](repeating: 0, count: 19)
    for index in 0..<lengthCodeCount {
      lengthCodeLengths[DeflateAlphabet.codeLengthOrder[index]] = UInt8(try bits(3))
    }
    let lengthCode = try HuffmanDecoder(lengths: lengthCodeLengths, kind: .codeLengths)
    let total = literalCount + distanceCount
    var lengths = [UInt8]()
    lengths.reserveCapacity(total)
    while lengths.count < total {
      let symbol = try decode(lengthCode)
      let (value, repeats): (UInt8, Int)
      switch symbol {
      case 0...15: (value, repeats) = (UInt8(symbol), 1)
      case 16:
        guard let last = lengths.last else {
          throw .corruptData("a block header repeats a code length before the first")
        }
        (value, repeats) = (last, try bits(2) + 3)
      case 17: (value, repeats) = (0, try bits(3) + 3)
      default: (value, repeats) = (0, try bits(7) + 11)
      }
      guard repeats <= total - lengths.count else {
        throw .corruptData("a block header repeats code lengths past its last code")
      }
      lengths.append(contentsOf: repeatElement(value, count: repeats))
    }
    guard lengths[DeflateAlphabet.endOfBlock] > 0 else {
      throw .corruptData("a block's literal/length code has no end-of-block symbol")
    }
    return (
      try HuffmanDecoder(lengths: lengths[..<literalCount], kind: .literals),
      try HuffmanDecoder(lengths: lengths[literalCount...], kind: .distances)
    )
  }

  /// Section 3.2.6's fixed codes: 288 literal/length codes and 32 five-bit distance codes, of
  /// which 30 and 31 never occur (decoding them throws).
  private static let fixedCodes = (
    literals: try! HuffmanDecoder(lengths: DeflateAlphabet.fixedLiteralLengths, kind: .literals),
    distances: try! HuffmanDecoder(
      lengths: [UInt8](repeating: 5, count: 32), kind: .distances)
  )
}
