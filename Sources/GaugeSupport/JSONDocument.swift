import GaugeGeometry

/// A parsed JSON value that remembers where it stood in its text, so every problem found in
/// a preset can name its line and column as well as its JSON path.
package struct JSONNode: Sendable, Hashable {
  package var value: JSONValue
  /// 1-based line and column (in Unicode scalars) of the value's first character.
  package var line: Int
  package var column: Int
  /// The file it was read from, which differs within a preset that extends another.
  package var source: String? = nil
}

/// An object member: its key, where the key stood, and its value.
package struct JSONMember: Sendable, Hashable {
  package var key: String
  package var line: Int
  package var column: Int
  package var value: JSONNode
}

package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONNode])
  case object([JSONMember])

  /// "a number", "a string"...: for "expected X, found Y" messages.
  package var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A JSON syntax error with its position.
package struct JSONSyntaxError: Error, Sendable, Hashable {
  package var message: String
  package var line: Int
  package var column: Int
}

/// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, numbers
/// that must fit a Double, and a nesting limit so hostile input cannot exhaust the stack.
package struct JSONParser {
  package static let maximumDepth = 64

  private let bytes: [UInt8]
  private let source: String?
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  private init(bytes: [UInt8], source: String?) {
    self.bytes = bytes
    self.source = source
  }

  /// Parses one JSON document.
  ///
  /// Edge cases:
  /// - A leading UTF-8 byte order mark is skipped.
  /// - Invalid UTF-8 inside a string is a syntax error at that position.
  package static func parse(_ bytes: [UInt8], source: String? = nil) throws(JSONSyntaxError)
    -> JSONNode
  {
    var parser = JSONParser(bytes: bytes, source: source)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    guard parser.index < bytes.count else {
      throw parser.error("the file is empty; expected a JSON object")
    }
    let node = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return node
  }

  /// The column of the current position: Unicode scalars since the line's start, plus one.
  private var column: Int {
    var count = 1
    var position = lineStart
    while position < index && position < bytes.count {
      // Count lead bytes only, so a multi-byte character is one column.
      if bytes[position] & 0xC0 != 0x80 { count += 1 }
      position += 1
    }
    return count
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, line: line, column: column)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F {
      return "'\(Character(Unicode.Scalar(byte)))'"
    }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
    let startLine = line
    let startColumn = column
    guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
    let value: JSONValue
    switch bytes[index] {
    case UInt8(ascii: "{"): value = try parseObject()
    case UInt8(ascii: "["): value = try parseArray()
    case UInt8(ascii: "\""): value = .string(try parseString())
    case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
    default:
      throw error("unexpected \(describeCurrent()); expected a value")
    }
    return JSONNode(value: value, line: startLine, column: startColumn, source: source)
  }

  private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        throw error("unexpected \(describeCurrent()); expected \(word)")
      }
      index += 1
    }
    return value
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else {
      throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()); expected a key in double quotes")
      }
      let keyLine = line
      let keyColumn = column
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        throw JSONSyntaxError(
          message: "duplicate key \"\(key)\"; each key may appear once", line: keyLine,
          column: keyColumn)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()); expected ':' after the key")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONMember(key: key, line: keyLine, column: keyColumn, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
          throw error("trailing comma before '}'; remove it")
        }
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else {
        throw error("unexpected \(describeCurrent()); expected ',' or '}'")
      }
      index += 1
      return .object(members)
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
          throw error("trailing comma before ']'; remove it")
        }
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else {
        throw error("unexpected \(describeCurrent()); expected ',' or ']'")
      }
      index += 1
      return .array(elements)
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var pendingHigh: UInt32?
    // Where the first half of a surrogate pair stood, to point at it if no second half comes.
    var pendingColumn = 0
    func unpaired() -> JSONSyntaxError {
      JSONSyntaxError(
        message: "unpaired surrogate \\u escape in a string", line: line, column: pendingColumn)
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string; expected '\"'") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if pendingHigh != nil { throw unpaired() }
        index += 1
        return String(scalars)
      }
      if byte < 0x20 {
        throw error("control character (0x\(String(byte, radix: 16))) in a string; escape it")
      }
      if byte == UInt8(ascii: "\\") {
        let escapeColumn = column
        let wasPending = pendingHigh != nil
        let scalar: Unicode.Scalar?
        do {
          scalar = try parseEscape(&pendingHigh)
        } catch {
          throw wasPending && error.message.hasPrefix("unpaired") ? unpaired() : error
        }
        if let scalar { scalars.append(scalar) } else { pendingColumn = escapeColumn }
        continue
      }
      if pendingHigh != nil { throw unpaired() }
      guard let (scalar, length) = decodeUTF8(at: index) else {
        throw error("invalid UTF-8 in a string")
      }
      scalars.append(scalar)
      index += length
    }
  }

  /// Decodes one escape; returns nil after the first half of a surrogate pair.
  private mutating func parseEscape(_ pendingHigh: inout UInt32?) throws(JSONSyntaxError)
    -> Unicode.Scalar?
  {
    index += 1
    guard index < bytes.count else { throw error("unterminated escape in a string") }
    let escape = bytes[index]
    index += 1
    if escape != UInt8(ascii: "u") && pendingHigh != nil {
      throw error("unpaired surrogate \\u escape in a string")
    }
    switch escape {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      var code: UInt32 = 0
      for _ in 0..<4 {
        guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
          throw error("\\u must be followed by four hex digits")
        }
        code = code << 4 | UInt32(digit)
        index += 1
      }
      if let high = pendingHigh {
        guard (0xDC00...0xDFFF).contains(code) else {
          throw error("unpaired surrogate \\u escape in a string")
        }
        pendingHigh = nil
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
      }
      if (0xD800...0xDBFF).contains(code) {
        pendingHigh = code
        return nil
      }
      guard let scalar = Unicode.Scalar(code) else {
        throw error("unpaired surrogate \\u escape in a string")
      }
      return scalar
    default:
      throw error("invalid escape \\\(Character(Unicode.Scalar(escape))) in a string")
    }
  }

  private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// One UTF-8 sequence at `position`: its scalar and length; nil when malformed.
  private func decodeUTF8(at position: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[position]
    let length: Int
    var code: UInt32
    switch lead {
    case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
    case 0xC2...0xDF:
      length = 2
      code = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      code = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      code = UInt32(lead & 0x07)
    default: return nil
    }
    guard position + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[position + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      code = code << 6 | UInt32(byte & 0x3F)
    }
    // Reject overlong forms and surrogates, which Unicode.Scalar also refuses.
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard code >= minimum, let scalar = Unicode.Scalar(code) else { return nil }
    return (scalar, length)
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let startColumn = column
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw error("invalid number; expected a digit after '-'")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && isDigit(bytes[index]) {
        throw JSONSyntaxError(
          message: "invalid number; leading zeros are not allowed", line: line,
          column: startColumn)
      }
    } else {
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number; expected a digit after '.'")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number; expected a digit in the exponent")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // The grammar above guarantees Double can read it; it may overflow to an infinity,
    // which validation reports as not finite.
    return .number(Double(text) ?? .nan)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
