/// How many terminal cells text takes, counted as terminals that follow `wcwidth` count them:
/// the Python package `wcwidth` 0.7 (Unicode 17.0) is the reference, and its `wcswidth` of a
/// grapheme cluster is what `of(_:)` returns for it.
///
/// A terminal draws a grid of cells; a character takes one or two of them, or none when it
/// only changes the one before it (an accent, a joiner). Count wrongly and every column after
/// the text shifts: a frame's right edge breaks, a title overruns its box.
package enum CellWidth {
  /// Cells a grapheme cluster takes, 0, 1 or 2 (units: terminal cells).
  ///
  /// East Asian Wide and Fullwidth characters take 2; so does an emoji presentation sequence
  /// (an Emoji_Presentation base, a base with U+FE0F, a ZWJ sequence, a flag, a keycap, a
  /// skin-tone modifier). Nonspacing and enclosing marks add 0, a spacing mark after its base
  /// adds 1, and default-ignorables take 0.
  ///
  /// Edge cases:
  /// - U+00AD SOFT HYPHEN counts 1 and U+115F HANGUL CHOSEONG FILLER 2, as in wcwidth (and
  ///   glibc): terminals draw them, although they are default-ignorable.
  /// - A control character (C0, DEL, C1) counts 0, where `wcswidth` gives -1 for the whole
  ///   text: controls are for `InvisibleScalars.isForbiddenControl` to remove, not to measure.
  /// - A cluster of marks alone (no base) counts 0; a second spacing mark after the first adds
  ///   nothing more; a virama followed by a consonant (a conjunct) adds one cell for the
  ///   conjunct, as `wcswidth` does.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Most text is one scalar a cluster; that skips the sequence rules.
    if scalars.count == 1, let scalar = scalars.first { return alone(scalar) }
    return sequence(scalars)
  }

  /// Cells `text` takes: the sum over its grapheme clusters (units: terminal cells).
  ///
  /// Edge cases:
  /// - The empty text takes 0.
  /// - Only where a cluster's joiner reaches into the next cluster (a stray U+200D before a
  ///   letter, which `wcswidth` lets hide that letter) can this be more than `wcswidth` of
  ///   the whole text; `InvisibleScalars` counts such a joiner as something to drop.
  package static func of(_ text: String) -> Int {
    // Printable ASCII, which most texts are, takes a cell a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The cells of one scalar alone: what `wcwidth` gives it, with controls as 0.
  static func alone(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    if value < 0xA0 { return 0 }
    if UnicodeTables.zeroWidth.contains(value) { return 0 }
    if UnicodeTables.wide.contains(value) { return 2 }
    return 1
  }

  /// `wcswidth`'s walk over a cluster's scalars: each scalar's own width, changed by what
  /// came before it (a joiner, a variation selector, a regional indicator, a virama).
  private static func sequence(_ scalars: Character.UnicodeScalarView) -> Int {
    var total = 0
    // The last scalar that took cells, while a U+FE0F or a spacing mark may still widen it.
    var widenable: Unicode.Scalar?
    // The last scalar that took cells (or was the second of a flag), for skin tones.
    var lastMeasured: UInt32?
    var afterVirama = false
    var conjunctPending = false
    var skipNext = false
    // How many regional indicators come just before the current scalar.
    var regionalRun = 0
    var index = scalars.startIndex
    while index != scalars.endIndex {
      let scalar = scalars[index]
      let value = scalar.value
      index = scalars.index(after: index)
      let isRegional = UnicodeTables.regionalIndicators.contains(value)
      defer { regionalRun = isRegional ? regionalRun + 1 : 0 }
      if skipNext {
        skipNext = false
        continue
      }
      switch value {
      case 0x200D:
        // A joiner hides what follows it (the rest of an emoji ZWJ sequence), except after a
        // virama, where it asks for a half form and hides nothing.
        if !afterVirama {
          skipNext = index != scalars.endIndex
        }
        continue
      case 0xFE0F where widenable != nil:
        if let base = widenable, UnicodeTables.widenedByVS16.contains(base) { total += 1 }
        widenable = nil
        continue
      default:
        break
      }
      if isRegional && regionalRun % 2 == 1 {
        // The second of a pair: the flag took its 2 cells with the first.
        lastMeasured = value
        continue
      }
      if UnicodeTables.skinTones.contains(value),
        let lastMeasured, UnicodeTables.emojiBases.contains(lastMeasured)
      {
        continue
      }
      if afterVirama && UnicodeTables.indicConsonants.contains(value) {
        widenable = scalar
        lastMeasured = value
        afterVirama = false
        conjunctPending = true
        continue
      }
      let width = alone(scalar)
      if width > 0 {
        if conjunctPending {
          total += 1
          conjunctPending = false
        }
        total += width
        widenable = scalar
        lastMeasured = value
        afterVirama = false
      } else if widenable != nil && UnicodeTables.spacingMarks.contains(value) {
        total += 1
        widenable = nil
        afterVirama = false
        conjunctPending = false
      } else {
        afterVirama = UnicodeTables.viramas.contains(value)
      }
    }
    if conjunctPending { total += 1 }
    return total
  }
}
