extension ColorBitmaps {
  /// A glyph's metrics in a strike, in pixels, y up (OpenType's small and big glyph metrics).
  struct Metrics: Equatable {
    var width: Int
    var height: Int
    var bearingX: Int
    var bearingY: Int
    var advance: Int
  }

  /// Where a glyph's image record lies in the font file, and its metrics when the index
  /// holds them (index formats 2 and 5).
  struct ImageLocation {
    let offset: Int
    let length: Int
    let imageFormat: UInt16
    let metrics: Metrics?
  }

  /// `glyph`'s image record in `strike`, checked to lie inside CBDT; nil if the strike has
  /// no image of a colour format for it.
  func location(of glyph: UInt16, in strike: Strike) throws(FontError) -> ImageLocation? {
    guard
      let subtable = strike.subtables.first(where: { $0.first <= glyph && glyph <= $0.last }),
      (17...19).contains(subtable.imageFormat)
    else { return nil }
    guard let (start, length, metrics) = try entry(of: glyph, in: subtable) else { return nil }
    let offset = try Self.at(
      data, subtable.imageData - data.offset + start, length, "glyph \(glyph)'s image")
    return ImageLocation(
      offset: offset, length: length, imageFormat: subtable.imageFormat, metrics: metrics)
  }

  /// The offset of `glyph`'s image from the subtable's image data, its length, and the
  /// metrics the index holds; nil if the subtable has no image for it (an empty entry).
  private func entry(
    of glyph: UInt16, in subtable: IndexSubtable
  ) throws(FontError) -> (start: Int, length: Int, metrics: Metrics?)? {
    let index = Int(glyph - subtable.first)
    let what = "glyph \(glyph)'s index entry"
    // The file offset of `length` bytes `offset` past the subtable's start, inside CBLC.
    func field(_ offset: Int, _ length: Int) throws(FontError) -> Int {
      try Self.at(locations, subtable.offset - locations.offset + offset, length, what)
    }
    switch subtable.indexFormat {
    case 1, 3:
      // Offsets per glyph and one past the last (32-bit in format 1, 16-bit in 3): a glyph's
      // image runs to the next one's, so an entry equal to the next is an absent glyph.
      let size = subtable.indexFormat == 1 ? 4 : 2
      let entries = try field(8 + size * index, 2 * size)
      let start = size == 4 ? Int(try reader.uint32(entries)) : Int(try reader.uint16(entries))
      let end =
        size == 4 ? Int(try reader.uint32(entries + 4)) : Int(try reader.uint16(entries + 2))
      guard end >= start else { throw .malformed("\(what) ends before it starts") }
      return end > start ? (start, end - start, nil) : nil
    case 2:
      // Images of one size, one after the other, and metrics shared by all of them.
      let imageSize = Int(try reader.uint32(try field(8, 12)))
      guard imageSize > 0 else { return nil }
      return (index * imageSize, imageSize, try metrics(at: subtable.offset + 12))
    case 4:
      // Sorted (glyph, 16-bit offset) pairs, and a last pair that only ends the final image.
      let glyphs = Int(try reader.uint32(try field(8, 4)))
      let pairs = try field(12, 4 * (glyphs + 1))
      guard let found = try search(glyph, at: pairs, count: glyphs, stride: 4) else { return nil }
      let start = Int(try reader.uint16(pairs + 4 * found + 2))
      let end = Int(try reader.uint16(pairs + 4 * found + 6))
      guard end >= start else { throw .malformed("\(what) ends before it starts") }
      return end > start ? (start, end - start, nil) : nil
    case 5:
      // Format 2 for a sparse set of glyphs, listed sorted.
      let imageSize = Int(try reader.uint32(try field(8, 16)))
      let glyphs = Int(try reader.uint32(try field(20, 4)))
      let ids = try field(24, 2 * glyphs)
      guard imageSize > 0, let found = try search(glyph, at: ids, count: glyphs, stride: 2)
      else { return nil }
      return (found * imageSize, imageSize, try metrics(at: subtable.offset + 12))
    default:
      throw .malformed("strike index format \(subtable.indexFormat) is not 1...5")
    }
  }

  /// The position of `glyph` in `count` sorted big-endian glyph ids `stride` bytes apart
  /// from `offset` (already checked to lie in the data), if it is there.
  private func search(
    _ glyph: UInt16, at offset: Int, count: Int, stride: Int
  ) throws(FontError) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let found = try reader.uint16(offset + stride * middle)
      if found == glyph { return middle }
      if found < glyph { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Small glyph metrics (5 bytes) at `offset`, or the horizontal part of big glyph metrics
  /// (8 bytes), which begin with the same five fields: height, width, bearing x and y, and
  /// advance.
  func metrics(at offset: Int) throws(FontError) -> Metrics {
    Metrics(
      width: Int(try reader.uint8(offset + 1)), height: Int(try reader.uint8(offset)),
      bearingX: Int(Int8(bitPattern: try reader.uint8(offset + 2))),
      bearingY: Int(Int8(bitPattern: try reader.uint8(offset + 3))),
      advance: Int(try reader.uint8(offset + 4)))
  }
}
