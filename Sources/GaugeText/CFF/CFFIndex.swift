/// One INDEX of a CFF table: a count, an array of offsets and the items' bytes, as the Name,
/// Top DICT, String, Global and Local Subrs, CharStrings and FDArray INDEXes are stored.
///
/// The header and the last offset are checked when the INDEX is made, so that `end` (where
/// the next structure starts) is known to lie inside the table; each item's own offsets are
/// checked when it is read, so that a font with 65,535 glyphs is not walked when opened.
///
/// Edge cases:
/// - An empty INDEX is two bytes (a count of 0) with no offset size or offsets.
/// - Offsets count from 1, from the byte before the data; an item's offsets out of order, or
///   past the last offset, throw when that item is read.
struct CFFIndex: Sendable {
  /// The number of items (at most 65,535: CFF 1 counts are 16-bit).
  let count: Int
  /// The byte one past the INDEX, in the font data: where a following structure starts.
  let end: Int
  /// The INDEX's name in error messages ("the CharStrings INDEX").
  let name: String

  private let reader: FontReader
  private let offSize: Int
  /// Where the offset array starts.
  private let offsets: Int
  /// The byte before the first item: offsets count from here.
  private let base: Int
  /// The last offset: the data's length plus one.
  private let lastOffset: Int

  /// Reads the header of the INDEX that starts at `start` and must end by `limit` (the end of
  /// the CFF table).
  ///
  /// - Throws: `FontError.malformed` if the INDEX is truncated, its offset size is not 1-4,
  ///   or its data runs past `limit`.
  init(reader: FontReader, at start: Int, limit: Int, name: String) throws(FontError) {
    self.reader = reader
    self.name = name
    guard start >= 0, start <= limit - 2 else {
      throw .malformed("\(name) at byte \(start) starts past the end of the CFF table")
    }
    count = Int(try reader.uint16(start))
    guard count > 0 else {
      (offSize, offsets, base, lastOffset, end) = (0, start + 2, start + 2, 1, start + 2)
      return
    }
    offSize = Int(try reader.uint8(start + 2))
    guard (1...4).contains(offSize) else {
      throw .malformed("\(name) at byte \(start) has offset size \(offSize), not 1-4")
    }
    offsets = start + 3
    let offsetBytes = (count + 1) * offSize
    guard offsetBytes <= limit - offsets else {
      throw .malformed("\(name) at byte \(start) has offsets that run past the CFF table")
    }
    base = offsets + offsetBytes - 1
    lastOffset = try Self.offset(reader, at: offsets + count * offSize, size: offSize)
    guard lastOffset >= 1, lastOffset <= limit - base else {
      throw .malformed("\(name) at byte \(start) has data that runs past the CFF table")
    }
    end = base + lastOffset
  }

  /// The bytes of item `index`, in the font data.
  ///
  /// - Precondition: `index` is in `0..<count` (callers check indices that come from the font).
  /// - Throws: `FontError.malformed` if the item's offsets are out of order or past the data.
  func item(_ index: Int) throws(FontError) -> Range<Int> {
    precondition(index >= 0 && index < count, "item \(index) of an INDEX of \(count)")
    let start = try Self.offset(reader, at: offsets + index * offSize, size: offSize)
    let end = try Self.offset(reader, at: offsets + (index + 1) * offSize, size: offSize)
    guard start >= 1, start <= end, end <= lastOffset else {
      throw .malformed(
        "\(name)'s item \(index) has offsets \(start)...\(end) outside 1...\(lastOffset)")
    }
    return (base + start)..<(base + end)
  }

  /// A big-endian offset of 1-4 bytes.
  private static func offset(
    _ reader: FontReader, at position: Int, size: Int
  ) throws(FontError) -> Int {
    var value = 0
    for byte in 0..<size {
      value = value << 8 | Int(try reader.uint8(position + byte))
    }
    return value
  }
}
