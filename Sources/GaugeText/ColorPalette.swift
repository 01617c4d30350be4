/// The first palette of a CPAL table (versions 0 and 1): the colours a COLR table's layers
/// name by index.
///
/// Palette 0 is the one the spec asks readers without a palette choice to use; the others
/// (dark-background variants and the like) are not read.
///
/// Edge cases:
/// - A table with no palettes, or whose palette 0 runs past its colour records, is malformed.
/// - A palette of zero entries is valid; any layer that names an entry in it is then malformed.
struct ColorPalette: Sendable {
  /// Palette 0's colours, by palette entry index.
  let colors: [ColorLayers.Color]

  /// Reads palette 0 of the CPAL table at `table`.
  ///
  /// - Throws: `FontError.malformed` if the version is neither 0 nor 1, the table has no
  ///   palette, or palette 0's colour records lie outside the table.
  init(reader: FontReader, table: (offset: Int, length: Int)) throws(FontError) {
    let start = table.offset
    try reader.require(start, 12, within: table, "the CPAL header")
    let version = try reader.uint16(start)
    guard version <= 1 else { throw .malformed("CPAL version \(version) is neither 0 nor 1") }
    let entries = Int(try reader.uint16(start + 2))
    let palettes = Int(try reader.uint16(start + 4))
    let records = Int(try reader.uint16(start + 6))
    guard palettes > 0 else { throw .malformed("CPAL has no palettes") }
    try reader.require(start + 12, 2, within: table, "the CPAL palette indices")
    let first = Int(try reader.uint16(start + 12))
    guard first + entries <= records else {
      throw .malformed(
        "CPAL palette 0 takes colour records \(first)..<\(first + entries), "
          + "past the \(records) records")
    }
    // Each colour record is 4 bytes: blue, green, red, alpha (not premultiplied).
    let array = start + Int(try reader.uint32(start + 8))
    try reader.require(array + 4 * first, 4 * entries, within: table, "the CPAL colour records")
    var colors: [ColorLayers.Color] = []
    colors.reserveCapacity(entries)
    for entry in 0..<entries {
      let record = array + 4 * (first + entry)
      colors.append(
        ColorLayers.Color(
          red: try reader.uint8(record + 2), green: try reader.uint8(record + 1),
          blue: try reader.uint8(record), alpha: try reader.uint8(record + 3)))
    }
    self.colors = colors
  }
}
