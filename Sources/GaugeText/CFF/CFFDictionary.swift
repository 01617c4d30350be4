/// A CFF DICT (Top DICT, Font DICT or Private DICT): operands followed by operators, read into
/// each operator's operands. Only the operators the outlines need are named; the rest are kept
/// unread.
///
/// Operands are integers (one to five bytes) or real numbers (packed decimal nibbles); both are
/// held as `Double`, which is exact for every 32-bit integer.
///
/// Edge cases:
/// - An operator given twice keeps its last operands.
/// - Operands left at the end with no operator are ignored, as the spec gives them no meaning.
struct CFFDictionary: Sendable {
  /// The operators GaugeText reads; two-byte operators (12 x) are 1200 + x.
  enum Operator: Int {
    case charStrings = 17
    case privateDict = 18
    case subroutines = 19
    case charstringType = 1206
    case registryOrderingSupplement = 1230
    case fontDictArray = 1236
    case fontDictSelect = 1237

    /// The operator's name in the CFF spec, for messages.
    var name: String {
      switch self {
      case .charStrings: "CharStrings"
      case .privateDict: "Private"
      case .subroutines: "Subrs"
      case .charstringType: "CharstringType"
      case .registryOrderingSupplement: "ROS"
      case .fontDictArray: "FDArray"
      case .fontDictSelect: "FDSelect"
      }
    }
  }

  /// A DICT's operand stack holds at most this many numbers (CFF spec, appendix B).
  static let operandLimit = 48
  /// Digits, point and exponent of a real number: far more than a double's 17 digits need.
  static let realLengthLimit = 64

  /// The DICT's name in error messages ("the Top DICT").
  let name: String
  private var entries: [Int: [Double]] = [:]

  /// Reads the DICT in `range` of the font data.
  ///
  /// - Throws: `FontError.malformed` if a number is truncated or not a number, a reserved byte
  ///   appears, or more than 48 operands precede an operator.
  init(reader: FontReader, range: Range<Int>, name: String) throws(FontError) {
    self.name = name
    var operands: [Double] = []
    var cursor = range.lowerBound
    func byte() throws(FontError) -> Int {
      guard cursor < range.upperBound else {
        throw .malformed("\(name) ends inside an operand or operator")
      }
      defer { cursor += 1 }
      return Int(try reader.uint8(cursor))
    }
    while cursor < range.upperBound {
      let b0 = try byte()
      let operand: Double
      switch b0 {
      case 0...21:
        let key = b0 == 12 ? 1200 + (try byte()) : b0
        entries[key] = operands
        operands.removeAll(keepingCapacity: true)
        continue
      case 28: operand = Double(Int16(bitPattern: UInt16(try byte() << 8 | byte())))
      case 29:
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        operand = Double(Int32(bitPattern: value))
      case 30: operand = try Self.real(byte, name: name)
      case 32...246: operand = Double(b0 - 139)
      case 247...250: operand = Double((b0 - 247) * 256 + (try byte()) + 108)
      case 251...254: operand = Double(-(b0 - 251) * 256 - (try byte()) - 108)
      default: throw .malformed("\(name) holds the reserved byte \(b0)")
      }
      guard operands.count < Self.operandLimit else {
        throw .malformed("\(name) has more than \(Self.operandLimit) operands before an operator")
      }
      operands.append(operand)
    }
  }

  /// The operands of `key`, or `nil` if the DICT does not give it.
  subscript(_ key: Operator) -> [Double]? { entries[key.rawValue] }

  /// Operand `index` of `key` as a byte offset or size, or `nil` if the DICT does not give
  /// `key`.
  ///
  /// - Throws: `FontError.malformed` if the operand is missing, fractional, negative or past
  ///   32 bits.
  func offset(_ key: Operator, operand index: Int = 0) throws(FontError) -> Int? {
    guard let operands = self[key] else { return nil }
    guard index < operands.count, let value = Int(exactly: operands[index]),
      (0...Int(Int32.max)).contains(value)
    else {
      throw .malformed("\(name)'s \(key.name) operator lacks a valid offset or size")
    }
    return value
  }

  /// A real number's packed nibbles: digits, '.', 'E', 'E-' and '-', up to the 0xf nibble.
  private static func real(
    _ byte: () throws(FontError) -> Int, name: String
  ) throws(FontError) -> Double {
    var text = ""
    while true {
      let pair = try byte()
      for nibble in [pair >> 4, pair & 0x0f] {
        switch nibble {
        case 0...9: text.append(Character(Unicode.Scalar(UInt8(48 + nibble))))
        case 0xa: text.append(".")
        case 0xb: text.append("E")
        case 0xc: text.append("E-")
        case 0xe: text.append("-")
        case 0xf:
          guard let value = Double(text) else {
            throw .malformed("\(name) holds the real number \"\(text)\", which is not a number")
          }
          return value
        default: throw .malformed("\(name) holds a real number with the reserved nibble 0xd")
        }
      }
      guard text.count <= realLengthLimit else {
        throw .malformed("\(name) holds a real number longer than \(realLengthLimit) characters")
      }
    }
  }
}
