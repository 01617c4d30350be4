/// The DejaVu Sans subsets shipped with GaugeRaster, as base64 text (see scripts/embed-fonts),
/// and the decoder that turns them back into bytes without Foundation.
enum BundledFontData {
  /// Each byte's base64 value (0...63), or one of the markers below.
  private static let values: [UInt8] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt8(byte) - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    case UInt8(ascii: "="): pad
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "): skip
    default: invalid
    }
  }
  private static let pad: UInt8 = 64
  private static let skip: UInt8 = 65
  private static let invalid: UInt8 = 66

  /// The bytes that `text` encodes in standard base64 (RFC 4648, `+` and `/`, `=` padding),
  /// skipping line breaks and spaces; nil if it holds any other character or a partial group.
  static func decode(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count / 4 * 3)
    var group: UInt32 = 0
    var count = 0
    var padding = 0
    for character in text.utf8 {
      // One table look-up a character: the bundled fonts are 640 KB of base64, decoded once
      // per process, and a switch cost 3.5 ms of every command's start.
      let entry = Self.values[Int(character)]
      if entry == Self.skip { continue }
      guard entry != Self.invalid else { return nil }
      let value: UInt32
      if entry == Self.pad {
        padding += 1
        value = 0
      } else {
        value = UInt32(entry)
      }
      // Nothing but padding may follow padding.
      if padding > 0, character != UInt8(ascii: "=") { return nil }
      group = group << 6 | value
      count += 1
      if count == 4 {
        guard padding <= 2 else { return nil }
        bytes.append(UInt8(truncatingIfNeeded: group >> 16))
        if padding < 2 { bytes.append(UInt8(truncatingIfNeeded: group >> 8)) }
        if padding < 1 { bytes.append(UInt8(truncatingIfNeeded: group)) }
        group = 0
        count = 0
      }
    }
    return count == 0 ? bytes : nil
  }
}
