import GaugeGeometry

/// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, numbers that
/// must fit a Double. It reads in one pass, in time linear in the text: the column is counted
/// as it goes (never rescanned from the line's start), repeated keys are found by hashing, and
/// each cap of `JSONLimits` stops the parse where it is passed.
package struct JSONParser {
  package let bytes: [UInt8]
  private let source: String?
  package let limits: JSONLimits
  package var index = 0
  private var line = 1
  private var lineStart = 0
  /// UTF-8 continuation bytes read since `lineStart`: a character is one column, not one per
  /// byte. They only occur inside strings, which is where they are counted. (Not private:
  /// the string reading in `JSONParser+Strings.swift` advances it.)
  package var lineContinuations = 0
  private var depth = 0

  private init(bytes: [UInt8], source: String?, limits: JSONLimits) {
    self.bytes = bytes
    self.source = source
    self.limits = limits
  }

  /// Parses one JSON document.
  ///
  /// Edge cases:
  /// - A leading UTF-8 byte order mark is skipped.
  /// - Invalid UTF-8 inside a string is a syntax error at that position.
  /// - A number too large for a Double reads as an infinity, which decoders reject by name.
  package static func parse(
    _ bytes: [UInt8], source: String? = nil, limits: JSONLimits = JSONLimits()
  ) throws(JSONProblem) -> JSONNode {
    var parser = JSONParser(bytes: bytes, source: source, limits: limits)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    guard parser.index < bytes.count else {
      throw parser.syntax("the file is empty; expected a JSON object")
    }
    let node = try parser.parseValue(count: limits.rootArray)
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw parser.syntax("unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return node
  }

  // MARK: - Positions and problems

  package var column: Int { index - lineStart - lineContinuations + 1 }

  package func problem(_ message: String, column: Int? = nil) -> JSONProblem {
    JSONProblem(message: message, line: line, column: column ?? self.column)
  }

  package func syntax(_ message: String, column: Int? = nil) -> JSONProblem {
    problem("invalid JSON: " + message, column: column)
  }

  package func describeCurrent() -> String {
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
        lineContinuations = 0
      default:
        return
      }
    }
  }

  // MARK: - Values

  /// The value at the current position; `count` caps its elements if it is an array.
  private mutating func parseValue(count: JSONLimits.Count? = nil) throws(JSONProblem)
    -> JSONNode
  {
    let startLine = line
    let startColumn = column
    guard index < bytes.count else { throw syntax("unexpected end of file; expected a value") }
    let value: JSONValue
    switch bytes[index] {
    case UInt8(ascii: "{"): value = try parseObject()
    case UInt8(ascii: "["): value = try parseArray(count: count)
    case UInt8(ascii: "\""): value = .string(try parseString(what: "a string"))
    case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
    default:
      throw syntax("unexpected \(describeCurrent()); expected a value")
    }
    return JSONNode(value: value, line: startLine, column: startColumn, source: source)
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue)
    throws(JSONProblem) -> JSONValue
  {
    let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for byte in text {
      guard index < bytes.count, bytes[index] == byte else {
        throw syntax("unexpected \(describeCurrent()); expected \(word)")
      }
      index += 1
    }
    return value
  }

  private mutating func enter() throws(JSONProblem) {
    depth += 1
    guard depth <= limits.depth else {
      throw problem("nests more than \(limits.depth) levels deep; at most \(limits.depth) allowed")
    }
  }

  private mutating func parseObject() throws(JSONProblem) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [JSONMember] = []
    // Small objects compare keys directly; past a handful, a set keeps the check constant.
    var keys: Set<String>?
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw syntax("unexpected \(describeCurrent()); expected a key in double quotes")
      }
      let keyLine = line
      let keyColumn = column
      let key = try parseString(what: "a key")
      let isRepeat = keys?.contains(key) ?? members.contains { $0.key == key }
      if isRepeat {
        throw JSONProblem(
          message: "invalid JSON: duplicate key \(JSONText.quotedPrefix(key)); each key may "
            + "appear once", line: keyLine, column: keyColumn, trail: [.key(key)])
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw syntax("unexpected \(describeCurrent()); expected ':' after the key")
      }
      index += 1
      skipWhitespace()
      let count = depth == 1 && !limits.topLevelArrays.isEmpty ? limits.topLevelArrays[key] : nil
      let value: JSONNode
      do {
        value = try parseValue(count: count)
      } catch {
        throw error.inside(.key(key))
      }
      members.append(JSONMember(key: key, line: keyLine, column: keyColumn, value: value))
      if keys != nil {
        keys?.insert(key)
      } else if members.count == 8 {
        keys = Set(members.map(\.key))
      }
      skipWhitespace()
      guard index < bytes.count else { throw syntax("unexpected end of file; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
          throw syntax("trailing comma before '}'; remove it")
        }
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else {
        throw syntax("unexpected \(describeCurrent()); expected ',' or '}'")
      }
      index += 1
      return .object(members)
    }
  }

  private mutating func parseArray(count: JSONLimits.Count?) throws(JSONProblem) -> JSONValue {
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
      if let count, elements.count == count.maximum {
        throw problem(count.message)
      }
      let element: JSONNode
      do {
        element = try parseValue()
      } catch {
        throw error.inside(.index(elements.count))
      }
      elements.append(element)
      skipWhitespace()
      guard index < bytes.count else { throw syntax("unexpected end of file; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
          throw syntax("trailing comma before ']'; remove it")
        }
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else {
        throw syntax("unexpected \(describeCurrent()); expected ',' or ']'")
      }
      index += 1
      return .array(elements)
    }
  }

  private mutating func parseNumber() throws(JSONProblem) -> JSONValue {
    let start = index
    let startColumn = column
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw syntax("invalid number; expected a digit after '-'")
    }
    var integer: UInt64 = 0
    let digitsStart = index
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && isDigit(bytes[index]) {
        throw syntax("invalid number; leading zeros are not allowed", column: startColumn)
      }
    } else {
      while index < bytes.count && isDigit(bytes[index]) {
        integer = integer &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
    }
    var isInteger = true
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw syntax("invalid number; expected a digit after '.'")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count
      && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
    {
      isInteger = false
      index += 1
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw syntax("invalid number; expected a digit in the exponent")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    // Up to 15 digits an integer is exact in a Double: no text conversion needed.
    if isInteger && index - digitsStart <= 15 {
      let magnitude = Double(integer)
      return .number(negative ? -magnitude : magnitude)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // The grammar above guarantees Double can read it; it may overflow to an infinity.
    return .number(Double(text) ?? .nan)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

extension JSONProblem {
  /// The problem, as seen from the container holding the value it was found in.
  fileprivate consuming func inside(_ step: JSONPathStep) -> JSONProblem {
    trail.append(step)
    return self
  }
}

extension JSONParser {
  /// The string value of `key` in the object `bytes` holds, read only as far as the text is
  /// valid: a member before the first syntax error counts, so a report can still name the
  /// id of a line that is not valid JSON (`{"id": "u1", "value": 4x}` has the id `u1`).
  ///
  /// Edge cases:
  /// - No object, `key` absent or only after the first error, or a value that is not a
  ///   string: nil.
  /// - A key given twice: the first, which comes before the repeat the full parse refuses.
  package static func leadingString(_ key: String, in bytes: [UInt8]) -> String? {
    var parser = JSONParser(bytes: bytes, source: nil, limits: JSONLimits())
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    guard parser.at(UInt8(ascii: "{")) else { return nil }
    // Inside the object, as `parseObject` would be: nested values keep the depth cap.
    parser.depth = 1
    while true {
      parser.index += 1
      parser.skipWhitespace()
      guard parser.at(UInt8(ascii: "\"")), let name = try? parser.parseString(what: "a key")
      else { return nil }
      parser.skipWhitespace()
      guard parser.at(UInt8(ascii: ":")) else { return nil }
      parser.index += 1
      parser.skipWhitespace()
      guard let value = try? parser.parseValue() else { return nil }
      if name == key {
        guard case .string(let text) = value.value else { return nil }
        return text
      }
      parser.skipWhitespace()
      guard parser.at(UInt8(ascii: ",")) else { return nil }
    }
  }

  /// Whether the byte at the current position is `byte`.
  private func at(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }
}
