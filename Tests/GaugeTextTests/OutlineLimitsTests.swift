import Testing

@testable import GaugeText

/// The outline limits that keep a hostile font from costing seconds and gigabytes: how far a
/// point may stray (16 em), how long an outline may be (1,024 em), how many points and
/// components it may have. DejaVu Sans has 2,048 units per em: 32,768 and 2,097,152 units.
/// Its glyph 34 is "A" (first point (700, 1294), x from 16 to 1384, as fontTools reads it),
/// 17 is "0" and 21 is "4".
@Suite("Outline limits")
struct OutlineLimitsTests {
  /// A simple glyph of one contour through `points` (x, y, on-curve), with 16-bit deltas.
  static func simpleGlyph(_ points: [(x: Int, y: Int, onCurve: Bool)]) -> [UInt8] {
    var data = FontFixture.bigEndian(1, bytes: 2) + Array(repeating: 0, count: 8)
    data += FontFixture.bigEndian(points.count - 1, bytes: 2) + [0, 0]
    data += points.map { $0.onCurve ? 1 : 0 }
    var previous = (x: 0, y: 0)
    var xs: [UInt8] = []
    var ys: [UInt8] = []
    for point in points {
      xs += FontFixture.bigEndian(point.x - previous.x, bytes: 2)
      ys += FontFixture.bigEndian(point.y - previous.y, bytes: 2)
      previous = (point.x, point.y)
    }
    return data + xs + ys
  }

  /// A composite of `count` copies of glyph 34 ("A"), each with no offset.
  static func composite(copies count: Int, of glyph: Int = 34) -> [UInt8] {
    var data = FontFixture.bigEndian(-1, bytes: 2) + Array(repeating: 0, count: 8)
    for index in 0..<count {
      let more = index < count - 1 ? 0x20 : 0
      data += FontFixture.bigEndian(0x0001 | 0x0002 | more, bytes: 2)
      data += FontFixture.bigEndian(glyph, bytes: 2) + [0, 0, 0, 0]
    }
    return data
  }

  @Test("a composite scaled 2.0 and moved far strays past 16 em and draws as malformed")
  func farComposite() throws {
    // A's xMax 1384 scaled by 2 - 2^-14 lands at 2767.9; + 30000 = 32767.9, inside 32768.
    let inside = FontFixture.composite(
      of: 34, dx: 30_000, dy: 0, transformFlag: 0x08, transform: [2 - 1.0 / 16_384])
    let font = try FontFace(data: FontFixture.replacingGlyphs([129: inside]))
    #expect(
      try font.outline(of: 129).points.count == FontFace.dejaVuSans.outline(of: 34).points.count)
    // One unit further, and A's point (1384, 0) lands at 32768.9: the first point past.
    let far = FontFixture.composite(
      of: 34, dx: 30_001, dy: 0, transformFlag: 0x08, transform: [2 - 1.0 / 16_384])
    let farFont = try FontFace(data: FontFixture.replacingGlyphs([129: far]))
    #expect(
      throws: FontError.malformed(
        "glyph 129 has a point at (32769, 0), farther than 32768 units (16 em) from its origin")
    ) {
      try farFont.outline(of: 129)
    }
  }

  @Test("an outline longer than 1,024 em is malformed; one within it is not")
  func overlongOutline() throws {
    // A closed zig-zag of on-curve points (±16000, index): steps of 32,001 units (|dx| + |dy|)
    // and a closing step of 32,000 + count - 1.
    func zigzag(_ count: Int) -> [UInt8] {
      Self.simpleGlyph((0..<count).map { ($0 % 2 == 0 ? 16_000 : -16_000, $0, true) })
    }
    let font = try FontFace(data: FontFixture.replacingGlyphs([129: zigzag(64), 130: zigzag(66)]))
    // 64 points: 63 * 32,001 + 32,063 = 2,048,126 units, within 2,097,152.
    #expect(try font.outline(of: 129).points.count == 64)
    // 66 points: 65 * 32,001 + 32,065 = 2,112,130 units.
    #expect(
      throws: FontError.malformed(
        "glyph 130's outline is longer than 2097152 units (1024 em) from point to point")
    ) {
      try font.outline(of: 130)
    }
  }

  @Test("components and points past their limits are malformed")
  func pointAndComponentLimits() throws {
    // 4,097 copies of A (11 points each): 45,067 points, so the component count stops it.
    // Two copies of a simple glyph of 40,000 points: the second passes 65,536 points.
    let many = Self.simpleGlyph((0..<40_000).map { ($0 % 2, 0, true) })
    let font = try FontFace(
      data: FontFixture.replacingGlyphs([
        129: Self.composite(copies: 4_097), 130: many, 131: Self.composite(copies: 2, of: 130),
      ]))
    #expect(try font.outline(of: 130).points.count == 40_000)
    #expect(throws: FontError.malformed("a composite glyph has more than 4096 components")) {
      try font.outline(of: 129)
    }
    #expect(throws: FontError.malformed("a composite glyph has more than 65536 points")) {
      try font.outline(of: 131)
    }
  }

  @Test("the digit check names a digit whose outline breaks a limit")
  func digitProblem() throws {
    let far = FontFixture.composite(
      of: 34, dx: 32_767, dy: 0, transformFlag: 0x08, transform: [2 - 1.0 / 16_384])
    let font = try FontFace(data: FontFixture.replacingGlyphs([21: far]))
    // The first point: 700 * (2 - 2^-14) + 32767 = 34166.96, 1294 * (2 - 2^-14) = 2587.92.
    #expect(
      font.digitProblem
        == "the outline of its digit 4 is unusable: glyph 21 has a point at (34167, 2588), "
        + "farther than 32768 units (16 em) from its origin")
    #expect(FontFace.dejaVuSans.digitProblem == nil)
  }
}
