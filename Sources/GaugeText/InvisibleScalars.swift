/// Scalars that must not be drawn as themselves: default-ignorables, which a renderer draws as
/// nothing (never as a missing-glyph box), and controls, which must never reach a PNG, an SVG
/// text or a terminal (a terminal acts on them: an escape sequence can retitle the window or
/// move the cursor).
package enum InvisibleScalars {
  /// Whether `scalar` is a Default_Ignorable_Code_Point (Unicode 17.0): invisible unless a
  /// font gives it a glyph, so a renderer without one draws nothing and advances 0.
  ///
  /// These are bidi controls, U+200B ZERO WIDTH SPACE, U+200C/U+200D (ZWNJ, ZWJ), U+2060
  /// WORD JOINER and the invisible operators, U+00AD SOFT HYPHEN, U+034F COMBINING GRAPHEME
  /// JOINER, U+FEFF, the Hangul fillers, the variation selectors (U+FE00-U+FE0F,
  /// U+E0100-U+E01EF), the tags (U+E0000-U+E0FFF) and the unassigned scalars reserved for
  /// more of these.
  ///
  /// Edge cases: U+2028/U+2029 and the C0/C1 controls are not default-ignorable; see
  /// `isForbiddenControl`.
  package static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Nothing below U+00AD is; that is every ASCII character, in one comparison.
    return value >= 0xAD && UnicodeTables.defaultIgnorable.contains(value)
  }

  /// Whether `scalar` is a Bidi_Control (Unicode 17.0): U+061C, U+200E, U+200F,
  /// U+202A-U+202E, U+2066-U+2069. In a terminal these reorder what follows on screen, so a
  /// label could make the numbers beside it read backwards.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value >= 0x61C && UnicodeTables.bidiControls.contains(value)
  }

  /// Whether `scalar` is a C0 control (U+0000-U+001F), DEL (U+007F), a C1 control
  /// (U+0080-U+009F), U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR: what must never
  /// reach a PNG, an SVG text or a terminal.
  ///
  /// Edge cases: tab, line feed and carriage return are C0 controls too; a caller that keeps
  /// their meaning turns them into spaces or line breaks before asking.
  package static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether an image draws `scalar` as nothing, advancing 0: a default-ignorable or a
  /// forbidden control. A font's glyph for one, if it has any, would be a box at best.
  package static func isDrawnAsNothing(_ scalar: Unicode.Scalar) -> Bool {
    isForbiddenControl(scalar) || isDefaultIgnorable(scalar)
  }

  /// Whether `character` is an emoji sequence that default-ignorables may belong to: its
  /// first scalar is Extended_Pictographic, a regional indicator, or a character that U+FE0F
  /// turns into an emoji (digits, "#", "*", "©" for keycaps and the like).
  package static func isEmojiSequence(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    return UnicodeTables.emojiBases.contains(first) || UnicodeTables.widenedByVS16.contains(first)
  }

  /// Whether the default-ignorable `scalar` is one that builds an emoji sequence: U+200D
  /// ZERO WIDTH JOINER, U+FE0E/U+FE0F (text and emoji presentation) or a tag
  /// (U+E0020-U+E007F, as in the flag of Scotland). In an emoji sequence these change what
  /// is drawn and how many cells it takes; elsewhere they do not.
  package static func joinsEmoji(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200D, 0xFE0E, 0xFE0F, 0xE0020...0xE007F: true
    default: false
    }
  }
}
