import GaugeGeometry

/// Writes JSON text in one pass: two-space indentation, keys in the order written, and
/// containers marked compact kept on one line (`{"index": 9, "start": 224.384}`).
///
/// Numbers go through `FixedDecimal`, so output is byte-stable. Callers pair every `begin`
/// with an `end`; a mismatch is a programming error and traps in debug builds.
package struct JSONWriter {
  package private(set) var bytes: [UInt8] = []
  private var stack: [(compact: Bool, count: Int)] = []
  private var afterKey = false

  package init(capacity: Int = 1024) {
    bytes.reserveCapacity(capacity)
  }

  /// The finished text, ending in a newline.
  package var text: String {
    precondition(stack.isEmpty, "JSONWriter: a container was left open")
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  private mutating func beforeValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard let top = stack.last else { return }
    if top.count > 0 { bytes.append(UInt8(ascii: ",")) }
    if top.compact {
      if top.count > 0 { bytes.append(UInt8(ascii: " ")) }
    } else {
      newline()
    }
    stack[stack.count - 1].count += 1
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: stack.count * 2))
  }

  package mutating func beginObject(compact: Bool = false) {
    beforeValue()
    bytes.append(UInt8(ascii: "{"))
    stack.append((compact || (stack.last?.compact ?? false), 0))
  }

  package mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  package mutating func beginArray(compact: Bool = false) {
    beforeValue()
    bytes.append(UInt8(ascii: "["))
    stack.append((compact || (stack.last?.compact ?? false), 0))
  }

  package mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  private mutating func close(_ bracket: UInt8) {
    let top = stack.removeLast()
    if !top.compact && top.count > 0 { newline() }
    bytes.append(bracket)
  }

  package mutating func key(_ name: String) {
    beforeValue()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(UInt8(ascii: " "))
    afterKey = true
  }

  package mutating func string(_ value: String) {
    beforeValue()
    appendQuoted(value)
  }

  /// A number rounded to `decimals` places with trailing zeros dropped.
  package mutating func number(_ value: Double, decimals: Int = 3) {
    beforeValue()
    FixedDecimal.append(value, decimals: decimals, to: &bytes)
  }

  /// A number in its shortest exact form ("0.015", "73").
  package mutating func exactNumber(_ value: Double) {
    beforeValue()
    bytes.append(contentsOf: FixedDecimal.plain(value).utf8)
  }

  package mutating func integer(_ value: Int) {
    beforeValue()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    FixedDecimal.appendInteger(value.magnitude.toUInt64, to: &bytes)
  }

  package mutating func bool(_ value: Bool) {
    beforeValue()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  package mutating func null() {
    beforeValue()
    bytes.append(contentsOf: "null".utf8)
  }

  private mutating func appendQuoted(_ value: String) {
    JSONWriter.appendQuoted(value, to: &bytes)
  }

  /// Appends `value` as a JSON string literal.
  ///
  /// Besides what JSON requires, DEL, the C1 controls (U+0080–U+009F) and the bidirectional
  /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are written as `\uXXXX`:
  /// the text is valid JSON either way, but raw, they could steer a terminal or reorder what a
  /// reader sees.
  package static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    let utf8 = value.utf8
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      utf8.formIndex(after: &index)
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20, 0x7F: appendEscape(UInt32(byte), to: &bytes)
      case 0xC2 where index != utf8.endIndex && (0x80...0x9F).contains(utf8[index]):
        appendEscape(UInt32(utf8[index]), to: &bytes)
        utf8.formIndex(after: &index)
      case 0xE2:
        if let (code, next) = bidiControl(in: utf8, after: index) {
          appendEscape(code, to: &bytes)
          index = next
        } else {
          bytes.append(byte)
        }
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The bidirectional control whose lead byte 0xE2 precedes `index`, and the index after
  /// it: U+202A–U+202E are E2 80 AA–AE, U+2066–U+2069 are E2 81 A6–A9.
  private static func bidiControl(in utf8: String.UTF8View, after index: String.Index)
    -> (UInt32, String.Index)?
  {
    var rest = index
    guard rest != utf8.endIndex else { return nil }
    let second = utf8[rest]
    utf8.formIndex(after: &rest)
    guard rest != utf8.endIndex else { return nil }
    let third = utf8[rest]
    let isBidi =
      (second == 0x80 && (0xAA...0xAE).contains(third))
      || (second == 0x81 && (0xA6...0xA9).contains(third))
    guard isBidi else { return nil }
    utf8.formIndex(after: &rest)
    return (0x2000 | UInt32(second & 0x0F) << 6 | UInt32(third & 0x3F), rest)
  }

  /// `\u` and four lowercase hex digits.
  private static func appendEscape(_ code: UInt32, to bytes: inout [UInt8]) {
    let hex: StaticString = "0123456789abcdef"
    bytes.append(contentsOf: #"\u"#.utf8)
    for shift in [12, 8, 4, 0] {
      bytes.append(hex.utf8Start[Int(code >> UInt32(shift) & 15)])
    }
  }
}

/// JSON text for callers outside the library (the command line's machine-readable reports).
@_spi(Service)
public enum JSONText {
  /// `value` as a JSON string literal, quotes included.
  public static func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The most characters of a piece of data that a message quotes.
  package static let quotedPrefixLength = 40

  /// `value` quoted as `quoted(_:)` does, cut to its first 40 characters and "…" when
  /// longer: a message names what it is about without echoing a megabyte of it.
  package static func quotedPrefix(_ value: String) -> String {
    // Never more characters than UTF-8 bytes: most values need no counting.
    guard value.utf8.count > quotedPrefixLength, value.count > quotedPrefixLength else {
      return quoted(value)
    }
    let prefix = String(value.prefix(quotedPrefixLength))
    return String(quoted(prefix).dropLast()) + "…\""
  }
}

extension UInt {
  fileprivate var toUInt64: UInt64 { UInt64(self) }
}
