import GaugePNG

/// CBLC and CBDT tables built from images, to test index formats 2 to 5, image formats 18 and
/// 19, strike choice and damage; laid out as the OpenType specification's CBLC and CBDT pages
/// describe.
struct BitmapTables {
  /// One index subtable: glyphs first...last, their PNGs (a glyph without one is absent), and
  /// one set of metrics for all of them (width and height from the PNG unless `size` is set).
  struct Subtable {
    var first: UInt16
    var last: UInt16
    var indexFormat: Int
    var imageFormat: Int
    var pngs: [UInt16: [UInt8]]
    var size: (width: Int, height: Int)
    var bearing = (x: 1, y: 3)
    var advance = 9
  }

  /// The tables one after the other, and where each lies.
  var bytes: [UInt8] = []
  var cblc = (offset: 0, length: 0)
  var cbdt = (offset: 0, length: 0)

  init(strikes: [(ppem: Int, subtables: [Subtable])], cblcVersion: Int = 3) {
    var cbdtBytes: [UInt8] = [0, 3, 0, 0]
    var indexes: [[UInt8]] = []
    for strike in strikes {
      var array: [UInt8] = []
      var bodies: [UInt8] = []
      let arrayLength = 8 * strike.subtables.count
      for subtable in strike.subtables {
        array += Self.be(Int(subtable.first), 2) + Self.be(Int(subtable.last), 2)
        array += Self.be(arrayLength + bodies.count, 4)
        bodies += Self.index(subtable, imageData: &cbdtBytes)
      }
      indexes.append(array + bodies)
    }
    var cblcBytes = Self.be(cblcVersion, 2) + [0, 0] + Self.be(strikes.count, 4)
    var arrayOffset = 8 + 48 * strikes.count
    for (strike, index) in zip(strikes, indexes) {
      cblcBytes += Self.be(arrayOffset, 4) + Self.be(index.count, 4)
      cblcBytes += Self.be(strike.subtables.count, 4) + [0, 0, 0, 0]
      cblcBytes += [UInt8](repeating: 0, count: 24)
      let first = strike.subtables.map(\.first).min() ?? 0
      let last = strike.subtables.map(\.last).max() ?? 0
      cblcBytes += Self.be(Int(first), 2) + Self.be(Int(last), 2)
      cblcBytes += [UInt8(strike.ppem), UInt8(strike.ppem), 32, 1]
      arrayOffset += index.count
    }
    cblcBytes += indexes.joined()
    bytes = cblcBytes + cbdtBytes
    cblc = (0, cblcBytes.count)
    cbdt = (cblcBytes.count, cbdtBytes.count)
  }

  static func be(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// Small glyph metrics; big ones add three bytes of vertical metrics, left 0.
  static func smallMetrics(_ subtable: Subtable) -> [UInt8] {
    [
      UInt8(subtable.size.height), UInt8(subtable.size.width),
      UInt8(bitPattern: Int8(subtable.bearing.x)), UInt8(bitPattern: Int8(subtable.bearing.y)),
      UInt8(subtable.advance),
    ]
  }

  /// The image record of one glyph.
  static func record(_ png: [UInt8], _ subtable: Subtable) -> [UInt8] {
    let small = smallMetrics(subtable)
    switch subtable.imageFormat {
    case 17: return small + be(png.count, 4) + png
    case 18: return small + [0, 0, 0] + be(png.count, 4) + png
    default: return be(png.count, 4) + png
    }
  }

  /// The index subtable's bytes, appending its images to `imageData`.
  static func index(_ subtable: Subtable, imageData: inout [UInt8]) -> [UInt8] {
    let start = imageData.count
    let glyphs = Array(subtable.first...subtable.last)
    let records = glyphs.map { glyph in subtable.pngs[glyph].map { record($0, subtable) } ?? [] }
    var header =
      be(subtable.indexFormat, 2) + be(subtable.imageFormat, 2) + be(start, 4)
    let big = smallMetrics(subtable) + [0, 0, 0]
    switch subtable.indexFormat {
    case 1, 3:
      var offset = 0
      for record in records {
        header += be(offset, subtable.indexFormat == 1 ? 4 : 2)
        imageData += record
        offset += record.count
      }
      header += be(offset, subtable.indexFormat == 1 ? 4 : 2)
    case 2, 5:
      // One record size for all: shorter records are padded.
      let present = glyphs.filter { subtable.pngs[$0] != nil }
      let size = records.map(\.count).max() ?? 0
      header += be(size, 4) + big
      if subtable.indexFormat == 5 {
        header += be(present.count, 4) + present.flatMap { be(Int($0), 2) }
      }
      for (glyph, record) in zip(glyphs, records)
      where subtable.indexFormat == 2 || subtable.pngs[glyph] != nil {
        imageData += record + [UInt8](repeating: 0, count: size - record.count)
      }
    default:
      let present = zip(glyphs, records).filter { !$0.1.isEmpty }
      header += be(present.count, 4)
      var offset = 0
      for (glyph, record) in present {
        header += be(Int(glyph), 2) + be(offset, 2)
        imageData += record
        offset += record.count
      }
      header += [0, 0] + be(offset, 2)
    }
    return header
  }
}
