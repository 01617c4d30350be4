/// A canonical prefix code ready for decoding (RFC 1951, section 3.2.2): a table indexed by
/// the next ``fastBits`` bits of the stream for the short codes, and per-length counts for
/// the rest, which are walked one bit at a time.
///
/// Most symbols of real streams have codes of 9 bits or fewer, so the table answers nearly
/// every lookup while costing only 512 entries to build per block.
struct HuffmanDecoder {
  /// Bits looked up at once.
  static let fastBits = 9
  /// The longest code deflate allows.
  static let maximumLength = 15

  /// Per value of the next ``fastBits`` bits (least significant first): symbol << 4 | length,
  /// or 0 when the code there is longer than ``fastBits`` or unassigned.
  private(set) var fast: [UInt16]
  /// How many codes have each length 0...15.
  private var counts: [Int]
  /// The symbols in canonical order: by length, then by symbol.
  private var symbols: [UInt16]

  /// What kind of code this is, which decides whether an incomplete code is allowed.
  enum Kind: String {
    case codeLengths = "code length"
    case literals = "literal/length"
    case distances = "distance"
  }

  /// Builds the decoder for a code with bit length `lengths[symbol]` per symbol (0: unused).
  ///
  /// Edge cases:
  /// - An over-subscribed code (more codes than the lengths leave room for) throws.
  /// - An incomplete code throws unless it is a literal/length or distance code of at most
  ///   one symbol, one bit long: RFC 1951 allows a single distance code, and zlib accepts the
  ///   same for literals. A code with no symbols at all is kept; decoding from it throws.
  init(lengths: some Collection<UInt8>, kind: Kind) throws(PNGError) {
    var counts = [Int](repeating: 0, count: Self.maximumLength + 1)
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    // The code space left after each length; negative means over-subscribed.
    var left = 1
    for length in 1...Self.maximumLength {
      left = left << 1 - counts[length]
      guard left >= 0 else { throw .corruptData("the \(kind.rawValue) code is over-subscribed") }
    }
    let used = counts.reduce(0, +)
    let isSingleBit = used == 1 && counts[1] == 1
    guard left == 0 || (kind != .codeLengths && (used == 0 || isSingleBit)) else {
      throw .corruptData("the \(kind.rawValue) code is incomplete")
    }

    // The first index in `symbols` of each length, then the symbols in canonical order.
    var offsets = [Int](repeating: 0, count: Self.maximumLength + 2)
    for length in 1...Self.maximumLength { offsets[length + 1] = offsets[length] + counts[length] }
    var symbols = [UInt16](repeating: 0, count: used)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      symbols[offsets[Int(length)]] = UInt16(symbol)
      offsets[Int(length)] += 1
    }

    // Canonical codes are consecutive within a length; the table is indexed by the code's
    // bits reversed, as the stream delivers them least significant first.
    var fast = [UInt16](repeating: 0, count: 1 << Self.fastBits)
    var code = 0
    var index = 0
    for length in 1...Self.fastBits {
      for _ in 0..<counts[length] {
        let reversed = Self.reverse(code, bits: length)
        let entry = symbols[index] << 4 | UInt16(length)
        for high in stride(from: reversed, to: fast.count, by: 1 << length) { fast[high] = entry }
        code += 1
        index += 1
      }
      code <<= 1
    }
    self.fast = fast
    self.counts = counts
    self.symbols = symbols
  }

  /// Decodes a code longer than ``fastBits`` from `bits` (the next bits of the stream, least
  /// significant first, `available` of them valid); returns the symbol and its length, or nil
  /// if the bits match no code.
  func decodeLong(_ bits: UInt64, available: Int) -> (symbol: Int, length: Int)? {
    var code = 0
    var first = 0
    var index = 0
    for length in stride(from: 1, through: min(Self.maximumLength, available), by: 1) {
      code |= Int((bits >> (length - 1)) & 1)
      let count = counts[length]
      if code - first < count { return (Int(symbols[index + code - first]), length) }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    return nil
  }

  private static func reverse(_ code: Int, bits: Int) -> Int {
    var reversed = 0
    for bit in 0..<bits { reversed |= (code >> bit & 1) << (bits - 1 - bit) }
    return reversed
  }
}
