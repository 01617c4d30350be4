/// A font's colour glyphs as COLR version 0 describes them: each a stack of ordinary glyphs
/// (layers), drawn bottom to top, each filled with a colour of CPAL palette 0 or with the
/// text's own colour.
///
/// COLR version 1 tables are read for their version-0 records only. Their paint graphs
/// (gradients, transforms, compositing) are not read: a glyph that has only a version-1 paint
/// has no layers here (`nil`, so it draws as its plain outline), and a glyph that has both
/// gets its version-0 layers, the fallback the format keeps for version-0 readers.
///
/// Everything is checked and resolved when the value is made, so looking a glyph up cannot
/// fail.
///
/// Edge cases:
/// - A layer whose palette index is 0xFFFF takes the text's colour (`Layer.color == nil`).
/// - A glyph with a record of zero layers has layers `[]`, not `nil`: it draws nothing.
/// - Layer glyph ids are not checked against the font's glyph count; a missing glyph draws as
///   nothing, as a glyph outline lookup past the end does.
package struct ColorLayers: Sendable {
  /// A colour of the palette: sRGB channels, 0...255, alpha not premultiplied.
  package struct Color: Sendable, Hashable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }
  }

  /// One layer of a colour glyph: an ordinary glyph filled with one colour.
  package struct Layer: Sendable, Equatable {
    package var glyph: UInt16
    /// nil: the text's own colour (palette index 0xFFFF).
    package var color: Color?

    package init(glyph: UInt16, color: Color?) {
      self.glyph = glyph
      self.color = color
    }
  }

  /// The most layers one glyph may have. Each layer is a glyph outline filled on its own, so
  /// this bounds the work of drawing one character; colour emoji fonts stay far below it.
  package static let maximumLayersPerGlyph = 1024

  /// The glyphs with a colour record, ascending.
  private let baseGlyphs: [UInt16]
  /// For `baseGlyphs[i]`, its layers' range in `allLayers`.
  private let layerRanges: [Range<Int>]
  /// Every layer record, its colour already taken from the palette.
  private let allLayers: [Layer]

  /// Reads the COLR table at `colr`, with colours from the CPAL table at `cpal`.
  ///
  /// - Throws: `FontError.malformed` if either table is truncated or of an unknown version,
  ///   base glyph records are out of order, a glyph's layers run past the layer records or
  ///   number more than `maximumLayersPerGlyph`, or a layer names a palette entry that palette
  ///   0 lacks (or there is no CPAL table).
  package init(
    reader: FontReader, colr: (offset: Int, length: Int), cpal: (offset: Int, length: Int)?
  ) throws(FontError) {
    let start = colr.offset
    try reader.require(start, 14, within: colr, "the COLR header")
    let version = try reader.uint16(start)
    guard version <= 1 else { throw .malformed("COLR version \(version) is neither 0 nor 1") }
    // Version 1 appends five offsets (paint graphs, clip boxes, variations) to the header.
    if version == 1 { try reader.require(start, 34, within: colr, "the COLR version 1 header") }
    let baseCount = Int(try reader.uint16(start + 2))
    let layerCount = Int(try reader.uint16(start + 12))
    let palette = try cpal.map { table throws(FontError) in
      try ColorPalette(reader: reader, table: table).colors
    }

    var allLayers: [Layer] = []
    if layerCount > 0 {
      let records = start + Int(try reader.uint32(start + 8))
      try reader.require(records, 4 * layerCount, within: colr, "the COLR layer records")
      allLayers.reserveCapacity(layerCount)
      for index in 0..<layerCount {
        let record = records + 4 * index
        let entry = Int(try reader.uint16(record + 2))
        var color: Color?
        if entry != 0xFFFF {
          guard let palette else {
            throw .malformed(
              "COLR layer \(index) uses palette entry \(entry), but the font has no CPAL table")
          }
          guard entry < palette.count else {
            throw .malformed(
              "COLR layer \(index) uses palette entry \(entry), "
                + "but CPAL palette 0 has \(palette.count) entries")
          }
          color = palette[entry]
        }
        allLayers.append(Layer(glyph: try reader.uint16(record), color: color))
      }
    }

    var baseGlyphs: [UInt16] = []
    var layerRanges: [Range<Int>] = []
    if baseCount > 0 {
      let records = start + Int(try reader.uint32(start + 4))
      try reader.require(records, 6 * baseCount, within: colr, "the COLR base glyph records")
      baseGlyphs.reserveCapacity(baseCount)
      layerRanges.reserveCapacity(baseCount)
      for index in 0..<baseCount {
        let record = records + 6 * index
        let glyph = try reader.uint16(record)
        let first = Int(try reader.uint16(record + 2))
        let count = Int(try reader.uint16(record + 4))
        // Lookups search by binary search, which needs strictly ascending glyph ids.
        if let previous = baseGlyphs.last, glyph <= previous {
          throw .malformed(
            "COLR base glyph records are not in ascending glyph order (\(glyph) after \(previous))"
          )
        }
        guard count <= Self.maximumLayersPerGlyph else {
          throw .malformed(
            "COLR glyph \(glyph) has \(count) layers, more than the limit of "
              + "\(Self.maximumLayersPerGlyph)")
        }
        guard first + count <= layerCount else {
          throw .malformed(
            "COLR glyph \(glyph) takes layers \(first)..<\(first + count), "
              + "past the \(layerCount) layer records")
        }
        baseGlyphs.append(glyph)
        layerRanges.append(first..<(first + count))
      }
    }
    self.baseGlyphs = baseGlyphs
    self.layerRanges = layerRanges
    self.allLayers = allLayers
  }

  /// `glyph`'s layers bottom to top, coloured from palette 0; nil if the glyph has no colour
  /// record (it is drawn as an ordinary glyph).
  package func layers(of glyph: UInt16) -> [Layer]? {
    var low = 0
    var high = baseGlyphs.count
    while low < high {
      let middle = (low + high) / 2
      if baseGlyphs[middle] == glyph { return Array(allLayers[layerRanges[middle]]) }
      if baseGlyphs[middle] < glyph { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
