/// What a character is to the Indic shaper's syllable rules (HarfBuzz's Indic categories,
/// from Unicode's Indic_Syllabic_Category).
///
/// The raw values are the indices `scripts/generate-indic-tables` writes, in this order.
package enum IndicCategory: UInt8, Sendable, CaseIterable {
  /// X: takes no part in a syllable (Latin, spaces, punctuation).
  case other = 0
  /// C: a consonant (क, ক).
  case consonant
  /// V: an independent vowel (अ, অ), which starts a syllable of its own.
  case vowel
  /// N: a nukta (़), which changes the consonant before it.
  case nukta
  /// H: the virama or halant (्), which kills the vowel of the consonant before it.
  case halant
  /// ZWNJ: U+200C, which keeps a consonant from joining the next.
  case nonJoiner
  /// ZWJ: U+200D, which asks for a half or subjoined form.
  case joiner
  /// M: a dependent vowel sign, a matra (ि, ো).
  case matra
  /// SM: anusvara, visarga, candrabindu and other syllable modifiers.
  case syllableModifier
  /// A: a Vedic accent or cantillation mark.
  case vedicSign
  /// PLACEHOLDER: a character that carries marks like a consonant (digits, U+00A0, dashes).
  case placeholder
  /// DOTTEDCIRCLE: U+25CC, the carrier a broken cluster gets.
  case dottedCircle
  /// RS: a register shifter.
  case registerShifter
  /// MPst: a post-base matra that may follow a syllable modifier.
  case postMatra
  /// Repha: an encoded reph character.
  case repha
  /// Ra: the consonant Ra (र, র, ৰ), which may become a reph.
  case ra
  /// CM: a consonant medial or subjoined consonant.
  case consonantMedial
  /// Symbol: avagraha and Vedic symbols that take marks.
  case symbol
  /// CS: a consonant with stacker.
  case consonantWithStacker

  /// The bit of this category in a set of categories.
  var flag: UInt32 { 1 << UInt32(rawValue) }
}

/// Where a glyph belongs in a syllable, left to right: the order initial reordering sorts by
/// (HarfBuzz's `ot_position_t`).
package enum IndicPosition: UInt8, Sendable, Comparable, CaseIterable {
  case start = 0
  case raToBecomeReph
  case preMatra
  case preConsonant
  case baseConsonant
  case afterMain
  case aboveConsonant
  case beforeSub
  case belowConsonant
  case afterSub
  case beforePost
  case postConsonant
  case afterPost
  case syllableModifiers
  case end

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension IndicCategory {
  /// The category and initial position of `scalar` in HarfBuzz 6.0's Indic shaper.
  ///
  /// Edge cases:
  /// - A character outside Devanagari, Bengali, Vedic Extensions and Devanagari Extended is
  ///   `.other` at `.end`, but for the few that take part in syllables (digits, dashes and
  ///   U+00A0 as placeholders, the joiners, U+25CC, superscript digits).
  /// - A consonant's position is `.baseConsonant` here; the font decides later whether it
  ///   has a below-base or post-base form.
  package static func properties(of scalar: Unicode.Scalar) -> (IndicCategory, IndicPosition) {
    let value = scalar.value
    let packed: UInt16
    switch value {
    case 0x0900...0x09FF: packed = UnicodeTables.indicDevanagariBengali[Int(value - 0x0900)]
    case 0x1CD0...0x1CFF: packed = UnicodeTables.indicVedic[Int(value - 0x1CD0)]
    case 0xA8E0...0xA8FF: packed = UnicodeTables.indicDevanagariExtended[Int(value - 0xA8E0)]
    default: packed = UnicodeTables.indicOutsideBlocks(value)
    }
    let category = IndicCategory(rawValue: UInt8(packed & 0xFF)) ?? .other
    let position = IndicPosition(rawValue: UInt8(packed >> 8)) ?? .end
    return (category, position)
  }
}
