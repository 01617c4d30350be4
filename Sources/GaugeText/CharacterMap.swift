/// A font's map from Unicode scalars to glyph ids, read from a `cmap` subtable of format 12
/// (full Unicode) or, failing that, format 4 (the Basic Multilingual Plane).
struct CharacterMap: Sendable {
  /// Consecutive characters mapped to consecutive glyphs.
  struct Run: Sendable {
    var first: UInt32
    var last: UInt32
    /// The glyph of `first`; later characters add their distance from it.
    var firstGlyph: UInt32
  }

  /// Sorted by `first`, not overlapping.
  private(set) var runs: [Run] = []
  /// The glyphs of U+0000...U+00FF, looked up without a search.
  private(set) var latin1 = [UInt16](repeating: 0, count: 256)
  let glyphCount: Int

  init(reader: FontReader, table: (offset: Int, length: Int), glyphs: Int) throws(FontError) {
    glyphCount = glyphs
    let count = Int(try reader.uint16(table.offset + 2))
    var best: (rank: Int, offset: Int)?
    for index in 0..<count {
      let record = table.offset + 4 + 8 * index
      let platform = try reader.uint16(record)
      let encoding = try reader.uint16(record + 2)
      let offset = table.offset + Int(try reader.uint32(record + 4))
      let format = try reader.uint16(offset)
      // Unicode subtables only: (3, 10) and (0, 4+) are full Unicode, (3, 1) and (0, 0...3) BMP.
      let isUnicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
      guard isUnicode, format == 12 || format == 4 else { continue }
      let rank = format == 12 ? 2 : 1
      if rank > best?.rank ?? 0 { best = (rank, offset) }
    }
    guard let best else { throw .malformed("no Unicode cmap subtable of format 4 or 12") }
    runs =
      best.rank == 2
      ? try Self.format12(reader, best.offset) : try Self.format4(reader, best.offset)
    runs.sort { $0.first < $1.first }
    for code in 0..<256 { latin1[code] = search(UInt32(code)) }
  }

  /// The glyph for `scalar`, 0 (`.notdef`) if the font has none.
  func glyph(for scalar: Unicode.Scalar) -> UInt16 {
    scalar.value < 256 ? latin1[Int(scalar.value)] : search(scalar.value)
  }

  private func search(_ code: UInt32) -> UInt16 {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].last < code { low = middle + 1 } else { high = middle }
    }
    guard low < runs.count, runs[low].first <= code else { return 0 }
    let glyph = UInt64(runs[low].firstGlyph) + UInt64(code - runs[low].first)
    return glyph < UInt64(glyphCount) ? UInt16(glyph) : 0
  }

  private static func format12(_ reader: FontReader, _ offset: Int) throws(FontError) -> [Run] {
    let count = Int(try reader.uint32(offset + 12))
    try reader.require(offset + 16, count * 12, "the cmap format 12 groups")
    var runs: [Run] = []
    runs.reserveCapacity(count)
    for index in 0..<count {
      let group = offset + 16 + 12 * index
      let first = try reader.uint32(group)
      let last = try reader.uint32(group + 4)
      guard first <= last else { throw .malformed("a cmap group ends before it starts") }
      runs.append(Run(first: first, last: last, firstGlyph: try reader.uint32(group + 8)))
    }
    return runs
  }

  private static func format4(_ reader: FontReader, _ offset: Int) throws(FontError) -> [Run] {
    let segments = Int(try reader.uint16(offset + 6)) / 2
    let ends = offset + 14
    let starts = ends + 2 * segments + 2
    let deltas = starts + 2 * segments
    let rangeOffsets = deltas + 2 * segments
    try reader.require(ends, 8 * segments + 2, "the cmap format 4 segments")
    var runs: [Run] = []
    // Segments addressed through the glyph array are read code by code; overlapping ones
    // could make that billions of reads, more than the 65,536 codes a format 4 table can map.
    var codesRead = 0
    for index in 0..<segments {
      let last = UInt32(try reader.uint16(ends + 2 * index))
      let first = UInt32(try reader.uint16(starts + 2 * index))
      let delta = UInt32(try reader.uint16(deltas + 2 * index))
      let rangeOffset = Int(try reader.uint16(rangeOffsets + 2 * index))
      guard first <= last, first != 0xFFFF else { continue }
      if rangeOffset == 0 {
        // Glyph ids wrap around 65536, so a segment may split into two runs.
        let firstGlyph = (first + delta) & 0xFFFF
        let wrapAt = first + (0x1_0000 - firstGlyph)
        if wrapAt <= last {
          runs.append(Run(first: first, last: wrapAt - 1, firstGlyph: firstGlyph))
          runs.append(Run(first: wrapAt, last: last, firstGlyph: 0))
        } else {
          runs.append(Run(first: first, last: last, firstGlyph: firstGlyph))
        }
        continue
      }
      // The glyph ids sit in an array addressed from this segment's own range-offset field.
      codesRead += Int(last - first) + 1
      guard codesRead <= 0x1_0000 else { throw .malformed("cmap format 4 segments overlap") }
      for code in first...last {
        let address = rangeOffsets + 2 * index + rangeOffset + 2 * Int(code - first)
        let glyph = UInt32(try reader.uint16(address))
        guard glyph != 0 else { continue }
        runs.append(Run(first: code, last: code, firstGlyph: (glyph + delta) & 0xFFFF))
      }
    }
    return runs
  }
}
