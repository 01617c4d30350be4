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
  mutating func number(_ value: Double, decimals: Int = 3) {
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
  static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 15)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// JSON text for callers outside the library (the command line's machine-readable reports).
public enum JSONText {
  /// `value` as a JSON string literal, quotes included.
  public static func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendQuoted(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension UInt {
  fileprivate var toUInt64: UInt64 { UInt64(self) }
}
