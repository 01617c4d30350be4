extension FontReader {
  /// `glyph`'s class in the OpenType class definition table at `offset` (format 1: a glyph
  /// range with a class each; format 2: sorted ranges with a class each); 0 if it has none.
  ///
  /// Edge cases:
  /// - Another format, or a glyph outside the table, is class 0.
  /// - An unsorted format-2 table finds some ranges and misses others; it never reads out
  ///   of bounds.
  func classValue(_ offset: Int, _ glyph: UInt16) throws(FontError) -> Int {
    switch try uint16(offset) {
    case 1:
      let first = try uint16(offset + 2)
      let count = Int(try uint16(offset + 4))
      guard glyph >= first, Int(glyph - first) < count else { return 0 }
      return Int(try uint16(offset + 6 + 2 * Int(glyph - first)))
    case 2:
      var low = 0
      var high = Int(try uint16(offset + 2))
      while low < high {
        let middle = (low + high) / 2
        let range = offset + 4 + 6 * middle
        let (first, last) = (try uint16(range), try uint16(range + 2))
        if glyph >= first, glyph <= last { return Int(try uint16(range + 4)) }
        if last < glyph { low = middle + 1 } else { high = middle }
      }
      return 0
    default:
      return 0
    }
  }

  /// The four-character tag at `offset` as a big-endian number ("kern" is 0x6B65726E).
  func tagValue(_ offset: Int) throws(FontError) -> UInt32 {
    try uint32(offset)
  }
}

/// An OpenType tag ("liga", "arab") as the big-endian number the tables store.
///
/// Edge cases: a tag shorter than four characters is padded with spaces; characters past
/// the fourth, and non-ASCII ones, are a programmer mistake and trap.
package func openTypeTag(_ text: String) -> UInt32 {
  let bytes = Array(text.utf8)
  precondition(bytes.count <= 4 && bytes.allSatisfy { $0 < 0x80 }, "a tag is 4 ASCII characters")
  var value: UInt32 = 0
  for index in 0..<4 { value = value << 8 | UInt32(index < bytes.count ? bytes[index] : 0x20) }
  return value
}
