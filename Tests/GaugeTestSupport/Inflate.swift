/// A small, slow, strict inflater (RFC 1950 and 1951) that exists only to check the encoder:
/// it records each block's type and rejects anything a conforming decoder would.
public struct Inflate {
  public struct Failure: Error, Equatable {
    public let reason: String
  }

  /// The decoded bytes and the type of each block (0 stored, 1 fixed, 2 dynamic).
  public struct Result {
    public var bytes: [UInt8] = []
    public var blockTypes: [Int] = []
  }

  private let input: [UInt8]
  private var bytePosition: Int
  private var bitPosition = 0

  /// Decodes a zlib stream, checking its header and Adler-32.
  public static func zlib(_ stream: [UInt8]) throws(Failure) -> Result {
    guard stream.count >= 6 else { throw Failure(reason: "stream too short") }
    guard stream[0] & 0x0F == 8, stream[0] >> 4 <= 7 else { throw Failure(reason: "bad CMF") }
    guard (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else {
      throw Failure(reason: "bad FCHECK")
    }
    guard stream[1] & 0x20 == 0 else { throw Failure(reason: "preset dictionary") }
    var inflater = Inflate(input: Array(stream.dropLast(4)), start: 2)
    let result = try inflater.blocks()
    guard inflater.bytePosition + (inflater.bitPosition > 0 ? 1 : 0) == stream.count - 4 else {
      throw Failure(reason: "bytes between the last block and the checksum")
    }
    let stored = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard stored == referenceAdler32(result.bytes) else { throw Failure(reason: "bad Adler-32") }
    return result
  }

  /// Adler-32 one byte at a time, as RFC 1950 defines it.
  public static func referenceAdler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  private init(input: [UInt8], start: Int) {
    self.input = input
    bytePosition = start
  }

  private mutating func bits(_ count: Int) throws(Failure) -> Int {
    var value = 0
    for index in 0..<count {
      guard bytePosition < input.count else { throw Failure(reason: "unexpected end") }
      value |= Int((input[bytePosition] >> bitPosition) & 1) << index
      bitPosition += 1
      if bitPosition == 8 {
        bitPosition = 0
        bytePosition += 1
      }
    }
    return value
  }

  private mutating func blocks() throws(Failure) -> Result {
    var result = Result()
    var isFinal = false
    while !isFinal {
      isFinal = try bits(1) == 1
      let type = try bits(2)
      result.blockTypes.append(type)
      switch type {
      case 0: try stored(into: &result.bytes)
      case 1:
        let literals = try Code(
          lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
        // 32 five-bit codes, of which 30 and 31 never occur (RFC 1951, 3.2.6).
        let distances = try Code(lengths: [Int](repeating: 5, count: 32))
        try codes(literals, distances, into: &result.bytes)
      case 2:
        let (literals, distances) = try dynamicCodes()
        try codes(literals, distances, into: &result.bytes)
      default: throw Failure(reason: "reserved block type")
      }
    }
    return result
  }

  private mutating func stored(into output: inout [UInt8]) throws(Failure) {
    if bitPosition > 0 {
      bitPosition = 0
      bytePosition += 1
    }
    guard bytePosition + 4 <= input.count else { throw Failure(reason: "unexpected end") }
    let length = Int(input[bytePosition]) | Int(input[bytePosition + 1]) << 8
    let complement = Int(input[bytePosition + 2]) | Int(input[bytePosition + 3]) << 8
    guard length ^ complement == 0xFFFF else { throw Failure(reason: "bad NLEN") }
    bytePosition += 4
    guard bytePosition + length <= input.count else { throw Failure(reason: "unexpected end") }
    output += input[bytePosition..<(bytePosition + length)]
    bytePosition += length
  }

  private mutating func dynamicCodes() throws(Failure) -> (Code, Code) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let codeLengthCount = try bits(4) + 4
    guard literalCount <= 286, distanceCount <= 30 else { throw Failure(reason: "too many codes") }
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengthLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeLengthCount { codeLengthLengths[order[index]] = try bits(3) }
    let codeLengths = try Code(lengths: codeLengthLengths)
    var lengths = [Int]()
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(codeLengths)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let last = lengths.last else { throw Failure(reason: "repeat with nothing before") }
        lengths += [Int](repeating: last, count: try bits(2) + 3)
      case 17: lengths += [Int](repeating: 0, count: try bits(3) + 3)
      default: lengths += [Int](repeating: 0, count: try bits(7) + 11)
      }
    }
    guard lengths.count == literalCount + distanceCount else {
      throw Failure(reason: "code lengths overrun")
    }
    guard lengths[256] > 0 else { throw Failure(reason: "no end-of-block code") }
    return (
      try Code(lengths: Array(lengths[..<literalCount])),
      try Code(lengths: Array(lengths[literalCount...]))
    )
  }

  private mutating func codes(_ literals: Code, _ distances: Code, into output: inout [UInt8])
    throws(Failure)
  {
    let lengthBase = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
      131, 163, 195, 227, 258,
    ]
    let lengthExtra = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    let distanceBase = [
      1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
      2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        output.append(UInt8(symbol))
        continue
      }
      if symbol == 256 { return }
      guard symbol <= 285 else { throw Failure(reason: "bad length symbol") }
      let length = lengthBase[symbol - 257] + (try bits(lengthExtra[symbol - 257]))
      let distanceSymbol = try decode(distances)
      guard distanceSymbol < 30 else { throw Failure(reason: "bad distance symbol") }
      let extra = distanceSymbol < 4 ? 0 : distanceSymbol / 2 - 1
      let distance = distanceBase[distanceSymbol] + (try bits(extra))
      guard distance <= output.count, distance <= 32768 else {
        throw Failure(reason: "distance too far back")
      }
      for _ in 0..<length { output.append(output[output.count - distance]) }
    }
  }

  private mutating func decode(_ code: Code) throws(Failure) -> Int {
    var value = 0
    for length in 1...15 {
      value = value << 1 | (try bits(1))
      if let symbol = code.symbols[Code.Key(length: length, value: value)] { return symbol }
    }
    throw Failure(reason: "no such code")
  }

  /// A canonical prefix code as a table from (length, code) to symbol.
  public struct Code {
    struct Key: Hashable {
      let length: Int
      let value: Int
    }
    let symbols: [Key: Int]

    /// Rejects over-subscribed codes, and incomplete ones unless a single code of length 1
    /// (which RFC 1951 allows for distances).
    init(lengths: [Int]) throws(Failure) {
      var perLength = [Int](repeating: 0, count: 16)
      for length in lengths where length > 0 { perLength[length] += 1 }
      var kraft = 0
      for length in 1...15 { kraft += perLength[length] << (15 - length) }
      let used = lengths.filter { $0 > 0 }.count
      guard kraft <= 1 << 15 else { throw Failure(reason: "over-subscribed code") }
      guard kraft == 1 << 15 || used <= 1 else { throw Failure(reason: "incomplete code") }
      var next = [Int](repeating: 0, count: 16)
      var code = 0
      for length in 1...15 {
        code = (code + perLength[length - 1]) << 1
        next[length] = code
      }
      var table = [Key: Int]()
      for (symbol, length) in lengths.enumerated() where length > 0 {
        table[Key(length: length, value: next[length])] = symbol
        next[length] += 1
      }
      symbols = table
    }
  }
}
