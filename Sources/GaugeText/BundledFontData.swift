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
    var text = text
    return text.withUTF8 { decode(utf8: $0) }
  }

  /// `decode(_:)` over the text's UTF-8 bytes. The bundled fonts are 640 KB of base64,
  /// decoded at the start of every command that draws text: groups of four characters with
  /// no padding, space or line break in them (all but a few of them) take one table look-up
  /// a character and one test a group; the rest go through `Decoder.add`, one at a time.
  private static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var valid = true
    let bytes = values.withUnsafeBufferPointer { table in
      [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3) { output, written in
        var decoder = Decoder(output: output)
        var index = 0
        let end = input.count
        while index < end {
          // Only between groups, and before any padding: nothing but padding may follow it.
          if decoder.count == 0 && decoder.padding == 0 && end - index >= 4 {
            let a = table[Int(input[index])]
            let b = table[Int(input[index + 1])]
            let c = table[Int(input[index + 2])]
            let d = table[Int(input[index + 3])]
            // Every value of a plain group is below 64; a marker is 64 or more.
            if (a | b | c | d) < 64 {
              let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
              decoder.write(group, bytes: 3)
              index += 4
              continue
            }
          }
          guard decoder.add(input[index], table[Int(input[index])]) else {
            valid = false
            break
          }
          index += 1
        }
        if decoder.count != 0 { valid = false }
        written = decoder.written
      }
    }
    return valid ? bytes : nil
  }

  /// The decoder's state between characters: the group being read and where its bytes go.
  private struct Decoder {
    let output: UnsafeMutableBufferPointer<UInt8>
    var written = 0
    var group: UInt32 = 0
    /// Characters of the group read so far, padding included.
    var count = 0
    var padding = 0

    init(output: UnsafeMutableBufferPointer<UInt8>) {
      self.output = output
    }

    /// The first `bytes` of the group's three.
    mutating func write(_ group: UInt32, bytes: Int) {
      output[written] = UInt8(truncatingIfNeeded: group >> 16)
      if bytes > 1 { output[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
      if bytes > 2 { output[written + 2] = UInt8(truncatingIfNeeded: group) }
      written += bytes
    }

    /// Reads one character whose table entry is `entry`; false if the text is not base64.
    mutating func add(_ character: UInt8, _ entry: UInt8) -> Bool {
      if entry == BundledFontData.skip { return true }
      guard entry != BundledFontData.invalid else { return false }
      let value: UInt32
      if entry == BundledFontData.pad {
        padding += 1
        value = 0
      } else {
        value = UInt32(entry)
      }
      // Nothing but padding may follow padding.
      if padding > 0, character != UInt8(ascii: "=") { return false }
      group = group << 6 | value
      count += 1
      if count == 4 {
        guard padding <= 2 else { return false }
        write(group, bytes: 3 - padding)
        group = 0
        count = 0
      }
      return true
    }
  }
}
