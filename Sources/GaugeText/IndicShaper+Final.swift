extension IndicShaper {
  /// Final reordering, after the basic features: in each syllable move a pre-base matra
  /// after the half forms to just before the base, the reph to its script's place, and a
  /// pre-base-reordering form before the base; mark a word-initial pre-base matra `init`.
  ///
  /// `virama` is the font's virama glyph, which a ligature may have hidden from its category.
  ///
  /// Edge cases:
  /// - A reph moves only when Ra,Halant became one glyph (`rphf` ligated), a `pref` glyph
  ///   only when it formed.
  /// - A syllable whose base was lost (every consonant became part of a ligature) keeps its
  ///   matra just before its last glyph.
  package func reorderFinally(_ glyphs: inout [IndicGlyph], virama: UInt16?) {
    if let virama {
      for index in glyphs.indices
      where glyphs[index].id == virama && glyphs[index].ligated && glyphs[index].multiplied {
        glyphs[index].category = .halant
        glyphs[index].ligated = false
        glyphs[index].multiplied = false
      }
    }
    for range in Self.syllableRanges(glyphs) {
      reorderSyllableFinally(&glyphs, range)
    }
  }

  private func reorderSyllableFinally(_ glyphs: inout [IndicGlyph], _ range: Range<Int>) {
    let start = range.lowerBound
    let end = range.upperBound
    var tryPref = glyphs[range].contains { $0.mask.contains(.pref) }
    var base = findBaseAgain(&glyphs, range, tryPref: &tryPref)
    moveMatras(&glyphs, range, base: &base)
    moveReph(&glyphs, range, base: &base)
    if tryPref, base + 1 < end { movePref(&glyphs, range, base: &base) }
    // A pre-base matra at the start of a word takes its initial form.
    if glyphs[start].position == .preMatra, start == 0 || !glyphs[start - 1].isLetterOrMark {
      glyphs[start].mask.insert(.initial)
    }
  }

  private func findBaseAgain(
    _ glyphs: inout [IndicGlyph], _ range: Range<Int>, tryPref: inout Bool
  ) -> Int {
    let start = range.lowerBound
    let end = range.upperBound
    var base = start
    while base < end {
      defer { base += 1 }
      guard glyphs[base].position >= .baseConsonant else { continue }
      if tryPref, base + 1 < end,
        let index = (base + 1..<end).first(where: { glyphs[$0].mask.contains(.pref) })
      {
        let formed =
          glyphs[index].substituted && glyphs[index].ligated
          && !glyphs[index].multiplied
        if !formed {
          // A pref candidate that formed nothing: the base is around here.
          base = index
          while base < end, glyphs[base].isHalant { base += 1 }
          if base < end { glyphs[base].position = .baseConsonant }
          tryPref = false
        }
        if base == end { return Self.settleBase(glyphs, range, base) }
      }
      if start < base, glyphs[base].position > .baseConsonant { base -= 1 }
      return Self.settleBase(glyphs, range, base)
    }
    return Self.settleBase(glyphs, range, end)
  }

  /// Steps the base back over a ZWJ at the end, and over nuktas and halants.
  private static func settleBase(_ glyphs: [IndicGlyph], _ range: Range<Int>, _ found: Int)
    -> Int
  {
    var base = found
    if base == range.upperBound, range.lowerBound < base, glyphs[base - 1].is(.joiner) {
      base -= 1
    }
    if base < range.upperBound {
      while range.lowerBound < base, glyphs[base].is(.nukta, .halant) { base -= 1 }
    }
    return base
  }

  /// Moves pre-base matras to after the last halant before the base (after the half forms).
  private func moveMatras(_ glyphs: inout [IndicGlyph], _ range: Range<Int>, base: inout Int) {
    let start = range.lowerBound
    let end = range.upperBound
    guard start + 1 < end, start < base else { return }
    var newPosition = base == end ? base - 2 : base - 1
    while true {
      while newPosition > start, !glyphs[newPosition].is(.matra, .postMatra, .halant) {
        newPosition -= 1
      }
      // A halant of the matra's own, or none: the matra stays.
      guard glyphs[newPosition].isHalant, glyphs[newPosition].position != .preMatra else {
        newPosition = start
        break
      }
      // Halant,ZWJ keeps the half form joined to what follows: look further back.
      if newPosition + 1 < end, glyphs[newPosition + 1].category == .joiner, newPosition > start {
        newPosition -= 1
        continue
      }
      break
    }
    if start < newPosition, glyphs[newPosition].position != .preMatra {
      var index = newPosition
      while index > start {
        defer { index -= 1 }
        guard glyphs[index - 1].position == .preMatra else { continue }
        let old = index - 1
        if old < base, base <= newPosition { base -= 1 }
        let matra = glyphs.remove(at: old)
        glyphs.insert(matra, at: newPosition)
        Self.mergeClusters(&glyphs, newPosition..<min(end, base + 1))
        newPosition -= 1
      }
    } else if let index = (start..<base).first(where: { glyphs[$0].position == .preMatra }) {
      Self.mergeClusters(&glyphs, index..<min(end, base + 1))
    }
  }

  /// Moves a reph formed from Ra,Halant to where the script puts it.
  private func moveReph(_ glyphs: inout [IndicGlyph], _ range: Range<Int>, base: inout Int) {
    let start = range.lowerBound
    let end = range.upperBound
    guard start + 1 < end, glyphs[start].position == .raToBecomeReph,
      glyphs[start].ligated, !glyphs[start].multiplied
    else { return }
    var target = start + 1
    func afterHalant() -> Int? {
      var index = start + 1
      while index < base, !glyphs[index].isHalant { index += 1 }
      guard index < base, glyphs[index].isHalant else { return nil }
      if index + 1 < base, glyphs[index + 1].isJoiner { index += 1 }
      return index
    }
    var placed = false
    if let found = afterHalant() {
      // After the first explicit halant between the reph and the main consonant.
      target = found
      placed = true
    } else if script.rephPosition == .afterSub, base < end {
      // Before the first post-base consonant form, matra or syllable modifier.
      target = base
      while target + 1 < end,
        ![.postConsonant, .afterPost, .syllableModifiers].contains(glyphs[target + 1].position)
      {
        target += 1
      }
      placed = true
    }
    if !placed {
      // Devanagari (before post), or no base: at the end of the syllable, before its
      // syllable modifiers.
      target = end - 1
      while target > start, glyphs[target].position == .syllableModifiers { target -= 1 }
      // A reph after Matra,Halant goes before the halant, to meet the matra.
      if glyphs[target].isHalant {
        var index = base + 1
        while index < target {
          if glyphs[index].is(.matra, .postMatra) { target -= 1 }
          index += 1
        }
      }
    }
    Self.mergeClusters(&glyphs, start..<(target + 1))
    let reph = glyphs.remove(at: start)
    glyphs.insert(reph, at: target)
    if start < base, base <= target { base -= 1 }
  }

  /// Moves a formed pre-base-reordering consonant (pref) before the base.
  private func movePref(_ glyphs: inout [IndicGlyph], _ range: Range<Int>, base: inout Int) {
    let start = range.lowerBound
    let end = range.upperBound
    guard let index = (base + 1..<end).first(where: { glyphs[$0].mask.contains(.pref) }),
      glyphs[index].ligated, !glyphs[index].multiplied
    else { return }
    var newPosition = base
    while newPosition > start, !glyphs[newPosition - 1].is(.matra, .postMatra, .halant) {
      newPosition -= 1
    }
    if newPosition > start, glyphs[newPosition - 1].isHalant, newPosition < end,
      glyphs[newPosition].isJoiner
    {
      newPosition += 1
    }
    Self.mergeClusters(&glyphs, newPosition..<(index + 1))
    let glyph = glyphs.remove(at: index)
    glyphs.insert(glyph, at: newPosition)
    if newPosition <= base, base < index { base += 1 }
  }
}
