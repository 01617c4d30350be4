extension FontFace {
  /// Composite glyphs may nest; deeper than this is taken for a loop.
  static let componentDepthLimit = 8
  /// More points than any real glyph has; a composite past it is taken for a loop.
  static let pointLimit = 65_536
  /// More components than any real glyph has, counted through every level of nesting.
  static let componentLimit = 4_096

  /// `glyph`'s outline in font units, composite glyphs resolved.
  ///
  /// - Throws: `FontError.malformed` if the glyph's data is truncated or inconsistent, or it
  ///   breaks a limit: nesting, components, points, a point past ``outlineReachInEms``, or a
  ///   length past ``outlineLengthInEms``.
  func outline(of glyph: UInt16) throws(FontError) -> GlyphOutline {
    var outline = GlyphOutline()
    var components = 0
    try appendOutline(of: glyph, depth: 0, components: &components, to: &outline)
    // Checked once the composite is resolved: scales and offsets decide where points land.
    let reach = outlineReach
    if let far = outline.points.first(where: { abs($0.x) > reach || abs($0.y) > reach }) {
      throw Self.strayingPoint(glyph: glyph, x: far.x, y: far.y, reach: reach)
    }
    guard outline.controlPolygonLength <= outlineLength else {
      throw Self.overlongOutline(glyph: glyph, length: outlineLength)
    }
    return outline
  }

  private func appendOutline(
    of glyph: UInt16, depth: Int, components: inout Int, to outline: inout GlyphOutline
  ) throws(FontError) {
    guard depth <= Self.componentDepthLimit else {
      throw .malformed("composite glyph \(glyph) nests deeper than 8 levels")
    }
    let range = try glyphRange(glyph)
    guard !range.isEmpty else { return }
    let contours = Int(try reader.int16(range.lowerBound))
    if contours >= 0 {
      try appendSimpleOutline(at: range.lowerBound, contours: contours, to: &outline)
    } else {
      try appendComposite(
        at: range.lowerBound + 10, depth: depth, components: &components, to: &outline)
    }
    guard outline.points.count <= Self.pointLimit else {
      throw .malformed("glyph \(glyph) has more than \(Self.pointLimit) points")
    }
  }

  private func appendSimpleOutline(
    at offset: Int, contours: Int, to outline: inout GlyphOutline
  ) throws(FontError) {
    guard contours > 0 else { return }
    var ends: [Int] = []
    for index in 0..<contours {
      let end = Int(try reader.uint16(offset + 10 + 2 * index)) + 1
      guard end > (ends.last ?? 0) else { throw .malformed("contour ends go backwards") }
      ends.append(end)
    }
    let count = ends[contours - 1]
    let instructions = offset + 10 + 2 * contours
    var cursor = instructions + 2 + Int(try reader.uint16(instructions))
    var flags: [UInt8] = []
    flags.reserveCapacity(count)
    while flags.count < count {
      let flag = try reader.uint8(cursor)
      cursor += 1
      var repeats = 1
      if flag & 0x08 != 0 {
        repeats += Int(try reader.uint8(cursor))
        cursor += 1
      }
      flags.append(contentsOf: repeatElement(flag, count: min(repeats, count - flags.count)))
    }
    // x then y: a short (one byte, 0x02 / 0x04) delta takes its sign from 0x10 / 0x20; a long
    // one is an int16 unless that bit says "same as before".
    var xs = [Double](repeating: 0, count: count)
    var ys = [Double](repeating: 0, count: count)
    for (isShort, isSameOrPositive, isX) in [(UInt8(0x02), UInt8(0x10), true), (0x04, 0x20, false)]
    {
      var value = 0
      for index in 0..<count {
        let flag = flags[index]
        if flag & isShort != 0 {
          let delta = Int(try reader.uint8(cursor))
          cursor += 1
          value += flag & isSameOrPositive != 0 ? delta : -delta
        } else if flag & isSameOrPositive == 0 {
          value += Int(try reader.int16(cursor))
          cursor += 2
        }
        if isX { xs[index] = Double(value) } else { ys[index] = Double(value) }
      }
    }
    let base = outline.points.count
    for index in 0..<count {
      outline.points.append(.init(x: xs[index], y: ys[index], onCurve: flags[index] & 0x01 != 0))
    }
    outline.contourEnds.append(contentsOf: ends.map { $0 + base })
  }

  private func appendComposite(
    at start: Int, depth: Int, components: inout Int, to outline: inout GlyphOutline
  ) throws(FontError) {
    var cursor = start
    var flags: UInt16 = 0x20
    while flags & 0x20 != 0 {  // more components follow
      components += 1
      guard components <= Self.componentLimit else {
        throw .malformed("a composite glyph has more than \(Self.componentLimit) components")
      }
      flags = try reader.uint16(cursor)
      let component = try reader.uint16(cursor + 2)
      cursor += 4
      let areWords = flags & 0x01 != 0
      let areOffsets = flags & 0x02 != 0
      let first: Int
      let second: Int
      if areWords {
        first = areOffsets ? Int(try reader.int16(cursor)) : Int(try reader.uint16(cursor))
        second = areOffsets ? Int(try reader.int16(cursor + 2)) : Int(try reader.uint16(cursor + 2))
        cursor += 4
      } else {
        let a = try reader.uint8(cursor)
        let b = try reader.uint8(cursor + 1)
        first = areOffsets ? Int(Int8(bitPattern: a)) : Int(a)
        second = areOffsets ? Int(Int8(bitPattern: b)) : Int(b)
        cursor += 2
      }
      // The transform [a c; b d], identity unless a scale is given.
      var (a, b, c, d) = (1.0, 0.0, 0.0, 1.0)
      if flags & 0x08 != 0 {
        a = try reader.f2Dot14(cursor)
        d = a
        cursor += 2
      } else if flags & 0x40 != 0 {
        a = try reader.f2Dot14(cursor)
        d = try reader.f2Dot14(cursor + 2)
        cursor += 4
      } else if flags & 0x80 != 0 {
        a = try reader.f2Dot14(cursor)
        b = try reader.f2Dot14(cursor + 2)
        c = try reader.f2Dot14(cursor + 4)
        d = try reader.f2Dot14(cursor + 6)
        cursor += 8
      }
      var part = GlyphOutline()
      try appendOutline(of: component, depth: depth + 1, components: &components, to: &part)
      for index in part.points.indices {
        let point = part.points[index]
        part.points[index].x = a * point.x + c * point.y
        part.points[index].y = b * point.x + d * point.y
      }
      var (dx, dy) = (0.0, 0.0)
      if areOffsets {
        (dx, dy) = (Double(first), Double(second))
        // Offsets are unscaled (Microsoft's reading) unless the glyph asks otherwise.
        if flags & 0x0800 != 0, flags & 0x1000 == 0 {
          (dx, dy) = (a * dx + c * dy, b * dx + d * dy)
        }
      } else {
        // Point matching: the component's point `second` lands on the glyph's point `first`.
        guard first < outline.points.count, second < part.points.count else {
          throw .malformed("a component matches a point that does not exist")
        }
        dx = outline.points[first].x - part.points[second].x
        dy = outline.points[first].y - part.points[second].y
      }
      let base = outline.points.count
      for point in part.points {
        outline.points.append(.init(x: point.x + dx, y: point.y + dy, onCurve: point.onCurve))
      }
      outline.contourEnds.append(contentsOf: part.contourEnds.map { $0 + base })
      guard outline.points.count <= Self.pointLimit else {
        throw .malformed("a composite glyph has more than \(Self.pointLimit) points")
      }
    }
  }

  /// The bytes of `glyph` in the `glyf` table; empty for a glyph with no outline.
  func glyphRange(_ glyph: UInt16) throws(FontError) -> Range<Int> {
    guard Int(glyph) < glyphCount else { throw .malformed("glyph \(glyph) does not exist") }
    guard case .glyf(let glyphLocations, let glyphData) = outlines else { return 0..<0 }
    let start: Int
    let end: Int
    if glyphLocations.isLong {
      start = Int(try reader.uint32(glyphLocations.offset + 4 * Int(glyph)))
      end = Int(try reader.uint32(glyphLocations.offset + 4 * Int(glyph) + 4))
    } else {
      start = 2 * Int(try reader.uint16(glyphLocations.offset + 2 * Int(glyph)))
      end = 2 * Int(try reader.uint16(glyphLocations.offset + 2 * Int(glyph) + 2))
    }
    guard start <= end, end <= glyphData.length else {
      throw .malformed("glyph \(glyph)'s loca entry points outside glyf")
    }
    return (glyphData.offset + start)..<(glyphData.offset + end)
  }
}
