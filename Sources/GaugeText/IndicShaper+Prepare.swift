extension IndicShaper {
  /// `scalars` (each with its cluster) as the Indic shaper reads them: split two-part vowels
  /// and nukta letters the font draws in parts (U+09CB as U+09C7 U+09BE), and pairs joined
  /// again where Unicode composes them and the font has the whole character (U+0929).
  ///
  /// Edge cases:
  /// - A character is split only when the font has both parts, so a font without U+093C
  ///   keeps U+0958 whole.
  /// - U+0931, U+09DC and U+09DD are never split (HarfBuzz's choice); a split matra is never
  ///   joined again, so its parts can be reordered apart.
  package func normalized(
    _ scalars: [(scalar: Unicode.Scalar, cluster: Int)], font: some IndicFontQueries
  ) -> [(scalar: Unicode.Scalar, cluster: Int)] {
    var result: [(scalar: Unicode.Scalar, cluster: Int)] = []
    result.reserveCapacity(scalars.count + 2)
    for (scalar, cluster) in scalars {
      guard let (a, b, recomposes) = UnicodeTables.indicDecomposition(scalar.value),
        let first = Unicode.Scalar(a), let second = Unicode.Scalar(b),
        !(recomposes && font.indicGlyph(for: scalar) != nil),
        font.indicGlyph(for: first) != nil, font.indicGlyph(for: second) != nil
      else {
        result.append((scalar, cluster))
        continue
      }
      result.append((first, cluster))
      result.append((second, cluster))
    }
    // A letter and a nukta typed apart become the letter the font has whole.
    var index = 1
    while index < result.count {
      if let whole = Self.composition(of: result[index - 1].scalar, result[index].scalar),
        font.indicGlyph(for: whole) != nil
      {
        result[index - 1].scalar = whole
        result.remove(at: index)
      } else {
        index += 1
      }
    }
    return result
  }

  /// The character `first` and `second` compose to, when the shaper joins them again.
  private static func composition(
    of first: Unicode.Scalar, _ second: Unicode.Scalar
  ) -> Unicode.Scalar? {
    switch (first.value, second.value) {
    case (0x0928, 0x093C): "\u{0929}"
    case (0x0933, 0x093C): "\u{0934}"
    case (0x09AF, 0x09BC): "\u{09DF}"
    default: nil
    }
  }

  /// The glyphs of a normalized run, with their categories and syllables, and a dotted
  /// circle at the start of each broken cluster when the font has U+25CC.
  ///
  /// Edge cases:
  /// - A scalar the font lacks gets glyph 0 (.notdef) and keeps its category.
  /// - The dotted circle takes the cluster of the glyph it stands before.
  package func prepare(
    _ scalars: [(scalar: Unicode.Scalar, cluster: Int)], font: some IndicFontQueries
  ) -> [IndicGlyph] {
    var glyphs = scalars.map {
      IndicGlyph(id: font.indicGlyph(for: $0.scalar) ?? 0, cluster: $0.cluster, scalar: $0.scalar)
    }
    let syllables = IndicSyllables(glyphs.map(\.category)).syllables
    for (index, syllable) in syllables.enumerated() {
      let serial = UInt8(index % 15 + 1) << 4
      for position in syllable.range { glyphs[position].syllable = serial | syllable.kind.rawValue }
    }
    guard syllables.contains(where: { $0.kind == .broken }),
      let circle = font.indicGlyph(for: "\u{25CC}")
    else { return glyphs }
    for syllable in syllables.reversed() where syllable.kind == .broken {
      var dotted = glyphs[syllable.range.lowerBound]
      dotted.id = circle
      dotted.scalar = "\u{25CC}"
      dotted.category = .dottedCircle
      dotted.position = .end
      dotted.isLetterOrMark = false
      glyphs.insert(dotted, at: syllable.range.lowerBound)
    }
    return glyphs
  }

  /// The ranges of `glyphs`' syllables, in order (glyphs of one syllable stay together
  /// through reordering and substitution).
  package static func syllableRanges(_ glyphs: [IndicGlyph]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for index in glyphs.indices where index > start {
      if glyphs[index].syllable != glyphs[start].syllable {
        ranges.append(start..<index)
        start = index
      }
    }
    if start < glyphs.count { ranges.append(start..<glyphs.count) }
    return ranges
  }

  /// Gives `glyphs[range]` one cluster, the smallest among them, widened (as HarfBuzz does)
  /// over neighbours that shared a cluster with either end.
  static func mergeClusters(_ glyphs: inout [IndicGlyph], _ range: Range<Int>) {
    guard range.count >= 2 else { return }
    var start = range.lowerBound
    var end = range.upperBound
    let cluster = glyphs[range].map(\.cluster).min() ?? 0
    while end < glyphs.count, glyphs[end - 1].cluster == glyphs[end].cluster { end += 1 }
    while start > 0, glyphs[start - 1].cluster == glyphs[start].cluster { start -= 1 }
    for index in start..<end { glyphs[index].cluster = cluster }
  }
}
