/// A CID-keyed CFF font's FDSelect: which Font DICT (and so which Private DICT and Local Subrs)
/// each glyph uses. Formats 0 (one byte per glyph) and 3 (ranges of glyphs) are read.
///
/// Edge cases:
/// - Format 3's ranges are checked to start at glyph 0 and increase when the font is opened;
///   a glyph at or past the sentinel, or a Font DICT index past the FDArray, throws when that
///   glyph is drawn.
struct CFFFontDictSelect: Sendable {
  private enum Layout: Sendable {
    /// One Font DICT index per glyph, from this offset.
    case perGlyph(at: Int)
    /// `count` ranges of (first glyph: 16 bits, Font DICT: 8 bits) from this offset, then the
    /// sentinel: one past the last glyph.
    case ranges(at: Int, count: Int, sentinel: Int)
  }

  private let reader: FontReader
  private let layout: Layout
  /// The number of Font DICTs in the FDArray.
  private let fontDictCount: Int

  /// Reads the FDSelect at `start`, which must end by `limit` (the end of the CFF table).
  ///
  /// - Throws: `FontError.malformed` if the format is neither 0 nor 3, the data is truncated,
  ///   or format 3's ranges do not start at 0 and increase.
  init(
    reader: FontReader, at start: Int, limit: Int, glyphCount: Int, fontDictCount: Int
  ) throws(FontError) {
    self.reader = reader
    self.fontDictCount = fontDictCount
    guard start >= 0, start < limit else {
      throw .malformed("the FDSelect at byte \(start) starts past the end of the CFF table")
    }
    switch try reader.uint8(start) {
    case 0:
      guard glyphCount <= limit - start - 1 else {
        throw .malformed("the FDSelect (format 0) is shorter than the \(glyphCount) glyphs")
      }
      layout = .perGlyph(at: start + 1)
    case 3:
      let count = Int(try reader.uint16(start + 1))
      guard count > 0, 3 + 3 * count + 2 <= limit - start else {
        throw .malformed("the FDSelect (format 3) has \(count) ranges that run past the table")
      }
      var previous = -1
      for range in 0...count {  // the sentinel too: it must follow the last range
        let first = Int(try reader.uint16(start + 3 + 3 * range))
        guard first > previous, range > 0 || first == 0 else {
          throw .malformed("the FDSelect's range \(range) starts at glyph \(first), out of order")
        }
        previous = first
      }
      let sentinel = Int(try reader.uint16(start + 3 + 3 * count))
      layout = .ranges(at: start + 3, count: count, sentinel: sentinel)
    case let format:
      throw .malformed("the FDSelect has format \(format), not 0 or 3")
    }
  }

  /// The index in the FDArray of the Font DICT that `glyph` uses.
  ///
  /// - Throws: `FontError.malformed` if no range covers `glyph` or the index is past the
  ///   FDArray.
  func fontDict(for glyph: Int) throws(FontError) -> Int {
    let index: Int
    switch layout {
    case .perGlyph(let offset):
      index = Int(try reader.uint8(offset + glyph))
    case .ranges(let offset, let count, let sentinel):
      guard glyph < sentinel else {
        throw .malformed("the FDSelect's ranges end at glyph \(sentinel), before glyph \(glyph)")
      }
      // The last range whose first glyph is at most `glyph`; range 0 starts at glyph 0.
      var (low, high) = (0, count - 1)
      while low < high {
        let middle = (low + high + 1) / 2
        if Int(try reader.uint16(offset + 3 * middle)) <= glyph {
          low = middle
        } else {
          high = middle - 1
        }
      }
      index = Int(try reader.uint8(offset + 3 * low + 2))
    }
    guard index < fontDictCount else {
      throw .malformed(
        "the FDSelect gives glyph \(glyph) Font DICT \(index), past the \(fontDictCount) in FDArray"
      )
    }
    return index
  }
}
