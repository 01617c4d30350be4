extension FontReader {
  /// `glyph`'s index in the coverage table of the GSUB or GPOS subtable at `subtable`:
  /// every lookup subtable but the chaining format 3 names its coverage at byte 2.
  func subtableCoverageIndex(_ subtable: Int, _ glyph: UInt16) throws(FontError) -> Int? {
    try coverageIndex(subtable + Int(try uint16(subtable + 2)), glyph)
  }

  /// `glyph`'s index in the OpenType coverage table at `offset` (format 1: a sorted glyph
  /// array; format 2: sorted glyph ranges with a start index each), nil if the table does not
  /// cover it or has another format.
  ///
  /// Binary search, so a lookup reads about 2 log2(n) values however long the table is.
  ///
  /// Edge cases:
  /// - An unsorted table finds some glyphs and misses others; it never reads out of bounds.
  /// - A format-2 range whose `last` is below its `first` covers nothing.
  func coverageIndex(_ offset: Int, _ glyph: UInt16) throws(FontError) -> Int? {
    let format = try uint16(offset)
    guard format == 1 || format == 2 else { return nil }
    var low = 0
    var high = Int(try uint16(offset + 2))
    while low < high {
      let middle = (low + high) / 2
      if format == 1 {
        let found = try uint16(offset + 4 + 2 * middle)
        if found == glyph { return middle }
        if found < glyph { low = middle + 1 } else { high = middle }
      } else {
        let range = offset + 4 + 6 * middle
        let (first, last) = (try uint16(range), try uint16(range + 2))
        if glyph >= first, glyph <= last {
          return Int(try uint16(range + 4)) + Int(glyph - first)
        }
        if last < glyph { low = middle + 1 } else { high = middle }
      }
    }
    return nil
  }
}
