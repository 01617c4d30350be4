@testable import GaugeText

/// The bundled fonts' bytes, and font files rebuilt with some tables changed: what the tests
/// use to make long-loca and malformed fonts without shipping more fixtures.
enum FontFixture {
  static let regular = BundledFontData.decode(BundledFontData.dejaVuSans)!
  static let bold = BundledFontData.decode(BundledFontData.dejaVuSansBold)!

  static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    uint16(bytes, offset) << 16 | uint16(bytes, offset + 2)
  }

  static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
    (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// The font's tables in directory order.
  static func tables(_ font: [UInt8]) -> [(tag: String, data: [UInt8])] {
    (0..<uint16(font, 4)).map { index in
      let record = 12 + 16 * index
      let offset = uint32(font, record + 8)
      return (
        String(decoding: font[record..<(record + 4)], as: UTF8.self),
        Array(font[offset..<(offset + uint32(font, record + 12))])
      )
    }
  }

  /// A font file holding `tables` (checksums left 0: GaugeRaster does not check them).
  static func build(_ tables: [(tag: String, data: [UInt8])]) -> [UInt8] {
    var font: [UInt8] = [0, 1, 0, 0] + bigEndian(tables.count, bytes: 2) + [0, 0, 0, 0, 0, 0]
    var offset = 12 + 16 * tables.count
    var body: [UInt8] = []
    for table in tables {
      font += Array(table.tag.utf8) + [0, 0, 0, 0] + bigEndian(offset + body.count, bytes: 4)
      font += bigEndian(table.data.count, bytes: 4)
      body += table.data + Array(repeating: 0, count: (4 - table.data.count % 4) % 4)
    }
    offset += 0
    return font + body
  }

  /// Each glyph's offset in `glyf`, and the table's end, from `loca` in whichever format the
  /// font's head table names.
  static func glyphOffsets(_ font: [UInt8]) -> [Int] {
    let all = tables(font)
    let isLong = all.first { $0.tag == "head" }!.data[51] == 1
    let loca = all.first { $0.tag == "loca" }!.data
    return isLong
      ? stride(from: 0, to: loca.count, by: 4).map { uint32(loca, $0) }
      : stride(from: 0, to: loca.count, by: 2).map { 2 * uint16(loca, $0) }
  }

  /// The regular font with its `loca` table in the long (32-bit) format.
  static func longLoca() -> [UInt8] {
    build(
      tables(regular).map { table in
        switch table.tag {
        case "head":
          var head = table.data
          head[51] = 1
          return (table.tag, head)
        case "loca":
          return (table.tag, glyphOffsets(regular).flatMap { bigEndian($0, bytes: 4) })
        default:
          return table
        }
      })
  }
}

extension FontFixture {
  /// The regular font with some glyphs' `glyf` data replaced (and a long `loca`).
  static func replacingGlyphs(_ replacements: [Int: [UInt8]]) -> [UInt8] {
    let tables = tables(regular)
    let offsets = glyphOffsets(regular)
    let glyf = tables.first { $0.tag == "glyf" }!.data
    var newGlyf: [UInt8] = []
    var newLoca: [UInt8] = []
    for glyph in 0..<(offsets.count - 1) {
      newLoca += bigEndian(newGlyf.count, bytes: 4)
      let start = offsets[glyph]
      let end = offsets[glyph + 1]
      newGlyf += replacements[glyph] ?? Array(glyf[start..<end])
      if newGlyf.count % 2 == 1 { newGlyf.append(0) }
    }
    newLoca += bigEndian(newGlyf.count, bytes: 4)
    return build(
      tables.map { table in
        switch table.tag {
        case "head":
          var head = table.data
          head[51] = 1
          return (table.tag, head)
        case "loca": return (table.tag, newLoca)
        case "glyf": return (table.tag, newGlyf)
        default: return table
        }
      })
  }

  /// A composite glyph of one component, `glyph`, with 16-bit x/y offsets and `transform`
  /// (the flag bits 0x08, 0x40 or 0x80 and their 2.14 values).
  static func composite(
    of glyph: Int, dx: Int, dy: Int, transformFlag: Int, transform: [Double]
  ) -> [UInt8] {
    var data = bigEndian(-1, bytes: 2) + Array(repeating: 0, count: 8)
    data += bigEndian(0x0001 | 0x0002 | transformFlag, bytes: 2) + bigEndian(glyph, bytes: 2)
    data += bigEndian(dx, bytes: 2) + bigEndian(dy, bytes: 2)
    for value in transform { data += bigEndian(Int(value * 16_384), bytes: 2) }
    return data
  }

  /// The regular font with a `cmap` of one format 12 subtable mapping `groups`
  /// (first, last, first glyph).
  static func format12(_ groups: [(Int, Int, Int)]) -> [UInt8] {
    var cmap: [UInt8] = [0, 0, 0, 1, 0, 3, 0, 10] + bigEndian(12, bytes: 4)
    cmap += [0, 12, 0, 0] + bigEndian(16 + 12 * groups.count, bytes: 4) + [0, 0, 0, 0]
    cmap += bigEndian(groups.count, bytes: 4)
    for (first, last, glyph) in groups {
      cmap += bigEndian(first, bytes: 4) + bigEndian(last, bytes: 4) + bigEndian(glyph, bytes: 4)
    }
    return build(tables(regular).map { $0.tag == "cmap" ? ($0.tag, cmap) : $0 })
  }
}

extension FontFixture {
  /// The regular font without the tables tagged `tags`.
  static func without(_ tags: Set<String>) -> [UInt8] {
    build(tables(regular).filter { !tags.contains($0.tag) })
  }

  /// The regular font whose GPOS holds one `kern` lookup with one pair adjustment subtable
  /// of format 1: glyph `left` followed by each of `pairs` (glyph, x advance).
  static func pairPositioningFormat1(left: Int, pairs: [(Int, Int)]) -> [UInt8] {
    // Header (10), empty script list (2), feature list (8) and feature (6), lookup list (4),
    // lookup (8), then at 38 the subtable: header (12), pair set, coverage.
    var gpos: [UInt8] = [0, 1, 0, 0, 0, 10, 0, 12, 0, 26, 0, 0]
    gpos += [0, 1] + Array("kern".utf8) + [0, 8] + [0, 0, 0, 1, 0, 0]
    gpos += [0, 1, 0, 4] + [0, 2, 0, 0, 0, 1, 0, 8]
    let pairSetSize = 2 + 4 * pairs.count
    gpos += [0, 1] + bigEndian(12 + pairSetSize, bytes: 2) + [0, 4, 0, 0, 0, 1, 0, 12]
    gpos += bigEndian(pairs.count, bytes: 2)
    for (right, value) in pairs { gpos += bigEndian(right, bytes: 2) + bigEndian(value, bytes: 2) }
    gpos += [0, 1, 0, 1] + bigEndian(left, bytes: 2)
    return build(tables(regular).map { $0.tag == "GPOS" ? ($0.tag, gpos) : $0 })
  }
}
