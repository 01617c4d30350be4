extension FontFace {
  /// The glyph id for `scalar`, 0 (`.notdef`) if the font has no glyph for it.
  package func glyph(for scalar: Unicode.Scalar) -> UInt16 {
    characterMap.glyph(for: scalar)
  }

  /// How far the pen moves after `glyph`, in font units; 0 for a glyph id past the font's.
  package func advance(of glyph: UInt16) -> Int {
    guard Int(glyph) < glyphCount else { return 0 }
    let index = min(Int(glyph), horizontalMetrics.count - 1)
    return Int((try? reader.uint16(horizontalMetrics.offset + 4 * index)) ?? 0)
  }

  /// The kerning between `left` and the glyph after it, `right`, in font units (negative
  /// moves them closer); 0 if the font has no pair for them.
  package func kerning(between left: UInt16, and right: UInt16) -> Int {
    if let pairAdjustments { return pairAdjustments.advance(between: left, and: right) }
    return kerningTable(between: left, and: right)
  }

  /// `kerning(between:and:)` for every glyph of `lefts` followed by every glyph of `rights`,
  /// row by row (`rights.count * row + column`), with the GPOS table's reads shared between
  /// pairs.
  package func kerning(lefts: [UInt16], rights: [UInt16]) -> [Int] {
    if let pairAdjustments { return pairAdjustments.advances(lefts: lefts, rights: rights) }
    return lefts.flatMap { left in rights.map { kerningTable(between: left, and: $0) } }
  }

  /// The pair's value in the `kern` table, 0 if it has none.
  func kerningTable(between left: UInt16, and right: UInt16) -> Int {
    guard let kerning else { return 0 }
    let key = UInt32(left) << 16 | UInt32(right)
    var low = 0
    var high = kerning.count
    // Pairs are sorted by left then right glyph, i.e. by this 32-bit key.
    while low < high {
      let middle = (low + high) / 2
      let offset = kerning.offset + 6 * middle
      guard let found = try? reader.uint32(offset) else { return 0 }
      if found == key { return Int((try? reader.int16(offset + 4)) ?? 0) }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return 0
  }

  /// The box around `glyph`'s outline in font units, y up, from its `glyf` header; nil for a
  /// glyph with no outline (such as the space) or a malformed entry.
  package func boundingBox(of glyph: UInt16) -> (xMin: Int, yMin: Int, xMax: Int, yMax: Int)? {
    guard let range = try? glyphRange(glyph), range.count >= 10 else { return nil }
    guard let xMin = try? reader.int16(range.lowerBound + 2),
      let yMin = try? reader.int16(range.lowerBound + 4),
      let xMax = try? reader.int16(range.lowerBound + 6),
      let yMax = try? reader.int16(range.lowerBound + 8)
    else { return nil }
    return (Int(xMin), Int(yMin), Int(xMax), Int(yMax))
  }

  /// The width of `text` set at `size` pixels per em, with kerning, in pixels.
  ///
  /// Edge cases:
  /// - Empty text, or a size that is zero, negative or not finite, measures 0.
  /// - Characters the font lacks measure as `.notdef`.
  /// - Default-ignorables and controls measure 0, as they are drawn as nothing.
  package func width(of text: String, size: Double) -> Double {
    guard size.isFinite, size > 0 else { return 0 }
    var units = 0
    var previous: UInt16?
    for scalar in text.unicodeScalars where !InvisibleScalars.isDrawnAsNothing(scalar) {
      let glyph = glyph(for: scalar)
      if let previous { units += kerning(between: previous, and: glyph) }
      units += advance(of: glyph)
      previous = glyph
    }
    return Double(units) * size / Double(unitsPerEm)
  }
}

extension FontFace {
  /// Whether the face draws glyphs in colour (CBDT bitmaps or COLR layers):
  /// an emoji face, used for emoji presentation sequences and never for plain text.
  package var hasColorGlyphs: Bool {
    tables["CBDT"] != nil || tables["COLR"] != nil
  }

  /// Whether the face maps every one of `scalars` to a glyph.
  package func covers(_ scalars: [Unicode.Scalar]) -> Bool {
    scalars.allSatisfy { characterMap.glyph(for: $0) != 0 }
  }
}

extension FontFace {
  /// What keeps the face from drawing the digits 0-9, which every readout needs, or nil:
  /// a face that maps none of them, a digit whose outline is malformed or past a limit (it
  /// would draw as nothing), or digits that all have no outline (an emptied `glyf`).
  package var digitProblem: String? {
    let digits = (0x30...0x39).compactMap(Unicode.Scalar.init)
    let glyphs = digits.map { glyph(for: $0) }
    if glyphs.contains(0) {
      let missing = zip(digits, glyphs).filter { $0.1 == 0 }.map { String($0.0) }
      return "it has no glyph for the digit"
        + (missing.count == 1 ? " " : "s ")
        + missing.joined(separator: ", ")
    }
    var drawn = 0
    for (digit, glyph) in zip(digits, glyphs) {
      var counter = OutlinePointCounter()
      do {
        try outline(of: glyph, scale: 1, into: &counter)
      } catch {
        let reason: String
        switch error {
        case .malformed(let text), .unsupportedFormat(let text), .noDigits(let text): reason = text
        }
        return "the outline of its digit \(digit) is unusable: \(reason)"
      }
      drawn += counter.points
    }
    return drawn == 0 ? "its digits have no outlines (the glyph data is empty)" : nil
  }
}
