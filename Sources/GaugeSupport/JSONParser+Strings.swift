import GaugeGeometry

extension JSONParser {
  /// A string or key (`what`) at the opening quote.
  ///
  /// Most strings hold no escape: they are checked in place and copied once. The first
  /// backslash switches to decoding byte by byte.
  package mutating func parseString(what: String) throws(JSONProblem) -> String {
    let openingColumn = column
    index += 1
    let start = index
    // The end of the plain run is bounded by the cap, so the loop need not check it.
    let plainEnd = Swift.min(bytes.count, start + limits.stringBytes + 1)
    while index < plainEnd {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: bytes[start..<index - 1], as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte >= 0x20 && byte < 0x80 {
        index += 1
      } else {
        try readRawScalar()
      }
    }
    if index - start > limits.stringBytes { throw tooLong(what, column: openingColumn) }
    guard index < bytes.count else { throw syntax("unterminated string; expected '\"'") }
    var decoded = Array(bytes[start..<index])
    while true {
      guard index < bytes.count else { throw syntax("unterminated string; expected '\"'") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: decoded, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        appendUTF8(try parseEscape(), to: &decoded)
      } else {
        let from = index
        try readRawScalar()
        decoded.append(contentsOf: bytes[from..<index])
      }
      if decoded.count > limits.stringBytes { throw tooLong(what, column: openingColumn) }
    }
  }

  /// A string past the cap, placed at its opening quote.
  private func tooLong(_ what: String, column: Int) -> JSONProblem {
    let cap = limits.stringBytes
    return problem("\(what) is longer than \(cap) bytes; at most \(cap) allowed", column: column)
  }

  /// Steps over one unescaped character of a string, checking it is allowed and valid UTF-8.
  private mutating func readRawScalar() throws(JSONProblem) {
    let byte = bytes[index]
    if byte < 0x20 {
      throw syntax("control character (0x\(String(byte, radix: 16))) in a string; escape it")
    }
    if byte < 0x80 {
      index += 1
      return
    }
    guard let length = utf8Length(at: index) else { throw syntax("invalid UTF-8 in a string") }
    index += length
    lineContinuations += length - 1
  }

  /// One escape at its backslash; a surrogate pair (`\\uD83D\\uDE24`) is read whole.
  private mutating func parseEscape() throws(JSONProblem) -> Unicode.Scalar {
    let escapeColumn = column
    index += 1
    guard index < bytes.count else { throw syntax("unterminated escape in a string") }
    let escape = bytes[index]
    index += 1
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
      let unpaired = syntax("unpaired surrogate \\u escape in a string", column: escapeColumn)
      let code = try hexQuad()
      if (0xDC00...0xDFFF).contains(code) { throw unpaired }
      guard (0xD800...0xDBFF).contains(code) else {
        // Anything else below 0x10000 that is not a surrogate is a scalar.
        return Unicode.Scalar(code) ?? "\u{FFFD}"
      }
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw unpaired }
      index += 2
      let low = try hexQuad()
      guard (0xDC00...0xDFFF).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
      else { throw unpaired }
      return scalar
    default:
      index -= 1
      throw syntax("invalid escape \(describeCurrent()) after '\\' in a string")
    }
  }

  private mutating func hexQuad() throws(JSONProblem) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
        throw syntax("\\u must be followed by four hex digits")
      }
      code = code << 4 | UInt32(digit)
      index += 1
    }
    return code
  }

  private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private func appendUTF8(_ scalar: Unicode.Scalar, to decoded: inout [UInt8]) {
    UTF8.encode(scalar) { decoded.append($0) }
  }

  /// The length of the well-formed UTF-8 sequence of two or more bytes at `position`; nil
  /// when it is malformed, overlong or a surrogate.
  private func utf8Length(at position: Int) -> Int? {
    let lead = bytes[position]
    let length: Int
    var code: UInt32
    switch lead {
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
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard code >= minimum, Unicode.Scalar(code) != nil else { return nil }
    return length
  }
}
