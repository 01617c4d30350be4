@testable import GaugeText

/// Name-keyed CFF tables assembled byte by byte, with charstrings written as Type 2 text
/// ("0 0 rmoveto 10 20 rlineto endchar"): the broken and hostile fonts the limit tests need.
struct CFFTableBuilder {
  var charStrings: [[UInt8]]
  var globalSubrs: [[UInt8]] = []
  /// `nil` leaves the Private DICT without Subrs.
  var localSubrs: [[UInt8]]?
  /// The offset size of every INDEX (1-4).
  var offSize = 2

  /// Where the built table keeps its CharStrings INDEX.
  private(set) var charStringsOffset = 0

  /// Type 2 charstring bytes for `text`: integers, decimals (16.16 fixed), operator names.
  static func charstring(_ text: String) -> [UInt8] {
    text.split(separator: " ").flatMap { token -> [UInt8] in
      if token.hasPrefix("0x") { return [UInt8(token.dropFirst(2), radix: 16)!] }
      if let value = Int(token) { return number(value) }
      if let value = Double(token) {
        return [255] + FontFixture.bigEndian(Int((value * 65_536).rounded()), bytes: 4)
      }
      if let code = operators[String(token)] {
        return code >= 1200 ? [12, UInt8(code - 1200)] : [UInt8(code)]
      }
      preconditionFailure("unknown token \(token)")
    }
  }

  /// A Type 2 integer: one byte, two bytes, or shortint (28).
  static func number(_ value: Int) -> [UInt8] {
    switch value {
    case -107...107: [UInt8(value + 139)]
    case 108...1131: [UInt8(247 + (value - 108) / 256), UInt8((value - 108) % 256)]
    case -1131 ... -108: [UInt8(251 + (-value - 108) / 256), UInt8((-value - 108) % 256)]
    default: [28] + FontFixture.bigEndian(value, bytes: 2)
    }
  }

  private static let operators: [String: Int] = [
    "hstem": 1, "vstem": 3, "vmoveto": 4, "rlineto": 5, "hlineto": 6, "vlineto": 7,
    "rrcurveto": 8, "callsubr": 10, "return": 11, "endchar": 14, "hstemhm": 18,
    "hintmask": 19, "cntrmask": 20, "rmoveto": 21, "hmoveto": 22, "vstemhm": 23,
    "rcurveline": 24, "rlinecurve": 25, "vvcurveto": 26, "hhcurveto": 27, "callgsubr": 29,
    "vhcurveto": 30, "hvcurveto": 31, "add": 1210, "flex": 1235,
  ]

  init(charStrings: [String], globalSubrs: [String] = [], localSubrs: [String]? = nil) {
    self.charStrings = charStrings.map(Self.charstring)
    self.globalSubrs = globalSubrs.map(Self.charstring)
    self.localSubrs = localSubrs?.map { Self.charstring($0) }
  }

  /// An INDEX of `items` with this builder's offset size.
  func index(_ items: [[UInt8]]) -> [UInt8] {
    guard !items.isEmpty else { return [0, 0] }
    var result = FontFixture.bigEndian(items.count, bytes: 2) + [UInt8(offSize)]
    var offset = 1
    for item in items {
      result += FontFixture.bigEndian(offset, bytes: offSize)
      offset += item.count
    }
    result += FontFixture.bigEndian(offset, bytes: offSize)
    return result + items.flatMap { $0 }
  }

  /// A DICT integer in the five-byte form, so that sizes do not depend on values.
  private static func dictInteger(_ value: Int) -> [UInt8] {
    [29] + FontFixture.bigEndian(value, bytes: 4)
  }

  /// The table: header, Name, Top DICT, String and Global Subrs INDEXes, CharStrings, then the
  /// Private DICT and its Local Subrs.
  mutating func build() -> [UInt8] {
    let topDictSize = 6 + 11  // CharStrings (offset), Private (size, offset)
    var table: [UInt8] = [1, 0, 4, UInt8(offSize)]
    table += index([Array("Test".utf8)])
    let topDictIndex = index([Array(repeating: 0, count: topDictSize)])
    charStringsOffset = table.count + topDictIndex.count + 2 + index(globalSubrs).count
    let charStringsIndex = index(charStrings)
    let privateDict = localSubrs == nil ? [] : Self.dictInteger(6) + [19]
    let privateOffset = charStringsOffset + charStringsIndex.count
    let topDict =
      Self.dictInteger(charStringsOffset) + [17] + Self.dictInteger(privateDict.count)
      + Self.dictInteger(privateOffset) + [18]
    table += index([topDict]) + [0, 0] + index(globalSubrs) + charStringsIndex + privateDict
    if let localSubrs { table += index(localSubrs) }
    return table
  }

  /// The built table read as CFF outlines, the table being the whole data.
  mutating func outlines() throws(FontError) -> CFFOutlines {
    let table = build()
    return try CFFOutlines(reader: FontReader(bytes: table), table: (0, table.count))
  }
}
