extension IndicShaper {
  /// Initial reordering, before the basic features: in each syllable find the base
  /// consonant and a reph, move pre-base matras to the syllable's start, sort the rest by
  /// position, and set each glyph's mask (`rphf` on the reph, `half` and `blwf` before the
  /// base, `blwf abvf pstf` after it, `pref` on a Halant,Ra the font reorders).
  ///
  /// Edge cases:
  /// - Symbol and non-Indic syllables are left alone.
  /// - A Ra,Halant with no other consonant after it is the base, not a reph.
  /// - Clusters of glyphs that crossed the base are merged, as HarfBuzz merges them.
  package func reorderInitially(
    _ glyphs: inout [IndicGlyph], font: some IndicFontQueries
  ) {
    let virama = font.indicGlyph(for: script.virama)
    if let virama {
      // Each consonant is asked about once per text: the answer is the font's.
      var known: [UInt16: IndicPosition] = [:]
      for index in glyphs.indices where glyphs[index].position == .baseConsonant {
        let id = glyphs[index].id
        let position = known[id] ?? consonantPosition(id, virama: virama, font: font)
        known[id] = position
        glyphs[index].position = position
      }
    }
    for range in Self.syllableRanges(glyphs) {
      switch IndicSyllables.Kind(rawValue: glyphs[range.lowerBound].syllable & 0xF) {
      case .consonant, .vowel, .standalone, .broken:
        reorderSyllable(&glyphs, range, font: font)
      case .symbol, .nonIndic, nil:
        continue
      }
    }
  }

  /// Whether the font gives `consonant` a below-base or post-base form after a virama
  /// (either order: some fonts kept the old model's Consonant,Virama).
  private func consonantPosition(
    _ consonant: UInt16, virama: UInt16, font: some IndicFontQueries
  ) -> IndicPosition {
    let pairs = [[virama, consonant], [consonant, virama]]
    if pairs.contains(where: { font.wouldSubstitute(.blwf, $0) || font.wouldSubstitute(.vatu, $0) })
    {
      return .belowConsonant
    }
    if pairs.contains(where: { font.wouldSubstitute(.pstf, $0) || font.wouldSubstitute(.pref, $0) })
    {
      return .postConsonant
    }
    return .baseConsonant
  }

  private func reorderSyllable(
    _ glyphs: inout [IndicGlyph], _ range: Range<Int>, font: some IndicFontQueries
  ) {
    let start = range.lowerBound
    let end = range.upperBound
    var (base, hasReph) = findBase(glyphs, range, font: font)

    // Everything before the base is pre-base; the base is the base; the reph-to-be first.
    for index in start..<base {
      glyphs[index].position = min(.preConsonant, glyphs[index].position)
    }
    if base < end { glyphs[base].position = .baseConsonant }
    if hasReph { glyphs[start].position = .raToBecomeReph }

    attachMarks(&glyphs, range, base: base)
    base = sortByPosition(&glyphs, range)
    setMasks(&glyphs, range, base: base, reph: hasReph, font: font)
  }

  /// The base consonant (or `end` when there is none) and whether the syllable has a reph.
  private func findBase(
    _ glyphs: [IndicGlyph], _ range: Range<Int>, font: some IndicFontQueries
  ) -> (base: Int, reph: Bool) {
    let start = range.lowerBound
    let end = range.upperBound
    var base = end
    var hasReph = false
    var limit = start
    // Does the syllable start with Ra,Halant that the font makes a reph?
    if font.hasIndicFeature(.rphf), start + 3 <= end, !glyphs[start + 2].isJoiner,
      font.wouldSubstitute(.rphf, [glyphs[start].id, glyphs[start + 1].id])
    {
      limit += 2
      while limit < end, glyphs[limit].isJoiner { limit += 1 }
      base = start
      hasReph = true
    }
    // From the end, back to the first consonant without a below-base or post-base form.
    var index = end
    var seenBelow = false
    repeat {
      index -= 1
      if glyphs[index].isConsonant {
        let position = glyphs[index].position
        if position != .belowConsonant && (position != .postConsonant || seenBelow) {
          base = index
          break
        }
        if position == .belowConsonant { seenBelow = true }
        base = index
      } else if start < index, glyphs[index].is(.joiner), glyphs[index - 1].is(.halant) {
        // Halant,ZWJ asks for an explicit half form: the base is after it.
        break
      }
    } while index > limit
    // A reph needs another consonant to sit on.
    if hasReph, base == start, limit - base <= 2 { hasReph = false }
    return (base, hasReph)
  }

  /// Gives joiners, nuktas, halants and register shifters the position of what they follow,
  /// and what lies between post-base consonants the position of the consonant after it.
  private func attachMarks(_ glyphs: inout [IndicGlyph], _ range: Range<Int>, base: Int) {
    var last = IndicPosition.start
    for index in range {
      let glyph = glyphs[index]
      if glyph.is(.joiner, .nonJoiner, .nukta, .registerShifter, .consonantMedial, .halant) {
        glyphs[index].position = last
        // A halant after a pre-base matra stays where the matra was typed (Uniscribe does).
        if glyph.category == .halant, last == .preMatra {
          for before in stride(from: index, to: range.lowerBound, by: -1)
          where glyphs[before - 1].position != .preMatra {
            glyphs[index].position = glyphs[before - 1].position
            break
          }
        }
      } else if glyph.position != .syllableModifiers {
        if glyph.category == .postMatra, index > range.lowerBound,
          glyphs[index - 1].category == .syllableModifier
        {
          glyphs[index - 1].position = glyph.position
        }
        last = glyph.position
      }
    }
    var lastOwner = base
    for index in (base + 1)..<max(base + 1, range.upperBound) {
      if glyphs[index].isConsonant {
        for between in (lastOwner + 1)..<index
        where glyphs[between].position < .syllableModifiers {
          glyphs[between].position = glyphs[index].position
        }
        lastOwner = index
      } else if glyphs[index].is(.matra, .postMatra) {
        lastOwner = index
      }
    }
  }

  /// Sorts the syllable by position (stably), puts several pre-base matras inside-out,
  /// merges the clusters of glyphs that moved across the base, and returns the new base.
  private func sortByPosition(_ glyphs: inout [IndicGlyph], _ range: Range<Int>) -> Int {
    let start = range.lowerBound
    let end = range.upperBound
    let sorted = range.sorted {
      glyphs[$0].position != glyphs[$1].position
        ? glyphs[$0].position < glyphs[$1].position : $0 < $1
    }
    let original = Array(glyphs[range])
    for (offset, from) in sorted.enumerated() { glyphs[start + offset] = original[from - start] }

    var base = end
    var firstLeftMatra = end
    var lastLeftMatra = end
    for index in range {
      if glyphs[index].position == .baseConsonant {
        base = index
        break
      }
      if glyphs[index].position == .preMatra {
        if firstLeftMatra == end { firstLeftMatra = index }
        lastLeftMatra = index
      }
    }
    if firstLeftMatra < lastLeftMatra {
      glyphs[firstLeftMatra...lastLeftMatra].reverse()
      // Each matra keeps its nuktas and halants after it.
      var groupStart = firstLeftMatra
      for index in firstLeftMatra...lastLeftMatra where glyphs[index].is(.matra, .postMatra) {
        glyphs[groupStart...index].reverse()
        groupStart = index + 1
      }
    }
    // Merge the clusters of each cycle of the permutation that reaches past the base.
    var visited = [Bool](repeating: false, count: range.count)
    for index in base..<end where !visited[index - start] {
      var low = index
      var high = index
      var next = sorted[index - start]
      visited[index - start] = true
      while next != index, !visited[next - start] {
        visited[next - start] = true
        low = min(low, next)
        high = max(high, next)
        next = sorted[next - start]
      }
      Self.mergeClusters(&glyphs, max(base, low)..<(high + 1))
    }
    return base
  }

  private func setMasks(
    _ glyphs: inout [IndicGlyph], _ range: Range<Int>, base: Int, reph: Bool,
    font: some IndicFontQueries
  ) {
    let start = range.lowerBound
    let end = range.upperBound
    var index = start
    while index < end, glyphs[index].position == .raToBecomeReph {
      glyphs[index].mask.insert(.rphf)
      index += 1
    }
    for index in start..<min(base, end) { glyphs[index].mask.formUnion([.half, .blwf]) }
    for index in min(base + 1, end)..<end { glyphs[index].mask.formUnion([.blwf, .abvf, .pstf]) }
    // A Halant,Ra after the base that the font reorders before it (pref).
    if font.hasIndicFeature(.pref), base + 2 < end {
      for index in (base + 1)..<(end - 1)
      where font.wouldSubstitute(.pref, [glyphs[index].id, glyphs[index + 1].id]) {
        glyphs[index].mask.insert(.pref)
        glyphs[index + 1].mask.insert(.pref)
        break
      }
    }
    // A ZWNJ stops the half forms of what comes before it back to a consonant.
    for index in (start + 1)..<max(start + 1, end) where glyphs[index].is(.nonJoiner) {
      var before = index
      repeat {
        before -= 1
        glyphs[before].mask.remove(.half)
      } while before > start && !glyphs[before].isConsonant
    }
  }
}
