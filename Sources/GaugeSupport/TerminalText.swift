import GaugeText

/// Text bound for a terminal: made harmless, and measured in cells as terminals that follow
/// `wcwidth` count them (`CellWidth` in GaugeText has the rules and the Unicode tables).
package enum TerminalText {
  /// `text` without anything a terminal would act on or draw unpredictably: C0 and C1
  /// controls (so no escape sequence can start) and DEL are dropped, tabs and line breaks
  /// (U+2028 and U+2029 too) become spaces, and default-ignorables are dropped, the bidi
  /// controls first among them (they would reorder the screen).
  ///
  /// Edge cases:
  /// - A joiner, variation selector or tag inside an emoji sequence is kept: it makes the
  ///   sequence one wide emoji ("❤️" is 2 cells, "❤" 1; "👨‍💻" 2, "👨💻" 4).
  /// - A default-ignorable anywhere else (U+200B, U+00AD, U+FEFF, a ZWJ between letters)
  ///   would be drawn by some terminals as nothing and by others as a cell or a box, so the
  ///   count could not be right for both: it goes.
  /// - "\r\n" is one space, as it is one line break.
  package static func sanitized(_ text: String) -> String {
    // The common case, printable ASCII, is already safe.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = String.UnicodeScalarView()
    for character in text {
      if character == "\r\n" {
        result.append(" ")
        continue
      }
      let emoji = InvisibleScalars.isEmojiSequence(character)
      for scalar in character.unicodeScalars {
        switch scalar {
        case "\t", "\n", "\r", "\u{2028}", "\u{2029}":
          result.append(" ")
        case _ where InvisibleScalars.isForbiddenControl(scalar):
          continue
        case _ where InvisibleScalars.isDefaultIgnorable(scalar):
          if emoji && InvisibleScalars.joinsEmoji(scalar) { result.append(scalar) }
        default:
          result.append(scalar)
        }
      }
    }
    return String(result)
  }

  /// How many cells a character takes (units: terminal cells): 2 for East Asian wide
  /// characters and emoji sequences, 0 for marks and other zero-width characters, otherwise
  /// 1. See `CellWidth.of(_:)`.
  package static func cellWidth(_ character: Character) -> Int {
    CellWidth.of(character)
  }

  /// The width of a whole text (units: terminal cells): the sum over its characters.
  package static func width(_ text: String) -> Int {
    CellWidth.of(text)
  }

  /// `text` cut short with "…" to at most `width` cells (units: terminal cells), between
  /// whole characters (grapheme clusters), so no accent is parted from its letter and no
  /// emoji sequence is split. Pass sanitized text.
  ///
  /// Edge cases:
  /// - Text that fits comes back unchanged.
  /// - A wide character that would cross the limit is left out with everything after it,
  ///   not half-drawn, so the result may be a cell narrower than `width`.
  /// - Spaces before the "…" are dropped ("CPU …" becomes "CPU…").
  /// - A `width` of 1 gives "…" alone; 0 or less gives "".
  package static func fitted(_ text: String, width: Int) -> String {
    guard self.width(text) > width else { return text }
    guard width >= 1 else { return "" }
    var used = 1  // the "…"
    var end = text.startIndex
    for index in text.indices {
      let cells = cellWidth(text[index])
      if used + cells > width { break }
      used += cells
      end = text.index(after: index)
    }
    var kept = text[..<end]
    while kept.last?.isWhitespace == true { kept.removeLast() }
    // "…" joins a cluster only after a prepended mark (U+0600...), which must not leave the
    // result wider than promised: drop characters until it fits.
    var fitted = String(kept) + "…"
    while self.width(fitted) > width, !kept.isEmpty {
      kept.removeLast()
      fitted = String(kept) + "…"
    }
    return fitted
  }
}
