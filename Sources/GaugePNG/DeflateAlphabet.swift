/// Deflate's length and distance alphabets (RFC 1951, section 3.2.5) and its fixed codes
/// (section 3.2.6), derived once from the rule that every four codes the extra bits grow by one.
enum DeflateAlphabet {
  static let endOfBlock = 256
  static let literalLengthSymbols = 286
  static let distanceSymbols = 30
  static let minimumMatch = 3
  static let maximumMatch = 258
  static let maximumDistance = 32768

  /// Smallest length per length code 257...285.
  static let lengthBase: [Int] = {
    var bases = [Int]()
    var base = 3
    for code in 0..<28 {
      bases.append(base)
      base += 1 << lengthExtraBits[code]
    }
    // 284 stops at 257 and 285 means exactly 258, though 5 extra bits could reach 258.
    return bases + [258]
  }()

  /// Extra bits per length code 257...285.
  static let lengthExtraBits: [Int] = (0..<29).map { code in
    code < 8 || code == 28 ? 0 : (code - 4) / 4
  }

  /// Length code index (0 for 257) for every length 0...258; lengths below 3 map to 0.
  static let lengthCodeIndex: [UInt8] = {
    var index = [UInt8](repeating: 0, count: maximumMatch + 1)
    // Code 284's range would reach 258; code 285, written last, takes 258 back.
    for code in 0..<29 {
      let top = min(lengthBase[code] + (1 << lengthExtraBits[code]) - 1, maximumMatch)
      for length in lengthBase[code]...top { index[length] = UInt8(code) }
    }
    return index
  }()

  /// Per length 0...258, what a block writer needs to code it: the length code's index (0 for
  /// 257) in the low byte, its extra bits' count in the next, and their value above; lengths
  /// below 3 are 0.
  static let lengthFields: [UInt32] = (0...maximumMatch).map { length in
    guard length >= minimumMatch else { return 0 }
    let code = Int(lengthCodeIndex[length])
    return UInt32(code) | UInt32(lengthExtraBits[code]) << 8
      | UInt32(length - lengthBase[code]) << 16
  }

  /// Smallest distance per distance code 0...29.
  static let distanceBase: [Int] = {
    var bases = [Int]()
    var base = 1
    for code in 0..<30 {
      bases.append(base)
      base += 1 << distanceExtraBits[code]
    }
    return bases
  }()

  /// Extra bits per distance code 0...29.
  static let distanceExtraBits: [Int] = (0..<30).map { code in code < 4 ? 0 : code / 2 - 1 }

  /// The distance code of a distance 1...32768: two codes per power of two above 4.
  @inline(__always)
  static func distanceCode(_ distance: Int) -> Int {
    if distance <= 4 { return distance - 1 }
    let offset = distance - 1
    let power = Int.bitWidth - 1 - offset.leadingZeroBitCount
    return 2 * power + ((offset >> (power - 1)) & 1)
  }

  /// The fixed literal/length code lengths: 8, 9, 7 and 8 bits over four symbol ranges.
  static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol in
    switch symbol {
    case 0..<144: 8
    case 144..<256: 9
    case 256..<280: 7
    default: 8
    }
  }

  /// The order in which a dynamic block header lists the code length code lengths.
  static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
