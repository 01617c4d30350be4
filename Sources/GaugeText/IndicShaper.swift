/// What the Indic shaper asks of a font: its glyphs and what its GSUB features would do.
/// The OpenType engine answers for a real face; tests answer with a table.
package protocol IndicFontQueries {
  /// The font's glyph for `scalar` (its character map), nil when it has none.
  func indicGlyph(for scalar: Unicode.Scalar) -> UInt16?
  /// Whether the font has `feature` for the script being shaped.
  func hasIndicFeature(_ feature: IndicFeatures) -> Bool
  /// Whether a lookup of `feature` would substitute exactly `glyphs`, with no context.
  func wouldSubstitute(_ feature: IndicFeatures, _ glyphs: [UInt16]) -> Bool
}

/// One glyph of an Indic run while the shaper reorders it.
package struct IndicGlyph: Sendable, Hashable {
  package var id: UInt16
  /// The index of the first character (in the run's own counting) this glyph draws.
  package var cluster: Int
  /// The character it was made from (a ligature's first).
  package var scalar: Unicode.Scalar
  package var category: IndicCategory
  package var position: IndicPosition
  /// The masked features that may apply to this glyph.
  package var mask: IndicFeatures = []
  /// Its syllable: a serial number (1...15, then around again) in the high four bits,
  /// the syllable's `IndicSyllables.Kind` in the low four.
  package var syllable: UInt8 = 0
  /// Where it was in the glyph buffer it was read from (`IndicShaper+Layout.swift`).
  package var origin = 0
  /// Whether its character is a letter, mark or format character: a pre-base matra after
  /// one is not at a word's start (no `init` form).
  package var isLetterOrMark = false
  /// Set by GSUB: formed by a ligature (`ligated`), one of several glyphs a multiple
  /// substitution made (`multiplied`), or substituted at all (`substituted`).
  package var ligated = false
  package var multiplied = false
  package var substituted = false

  package init(id: UInt16, cluster: Int, scalar: Unicode.Scalar) {
    self.id = id
    self.cluster = cluster
    self.scalar = scalar
    (category, position) = IndicCategory.properties(of: scalar)
    switch scalar.properties.generalCategory {
    case .format, .unassigned, .privateUse, .surrogate, .lowercaseLetter, .modifierLetter,
      .otherLetter, .titlecaseLetter, .uppercaseLetter, .spacingMark, .enclosingMark,
      .nonspacingMark:
      isLetterOrMark = true
    default:
      isLetterOrMark = false
    }
  }

  /// Whether it still counts as one of `categories` (a ligature no longer counts as any).
  func `is`(_ categories: IndicCategory...) -> Bool {
    !ligated && categories.contains(category)
  }

  /// Whether it is a consonant for the reordering rules: vowels, placeholders and the
  /// dotted circle carry a syllable as consonants do.
  var isConsonant: Bool {
    `is`(
      .consonant, .consonantWithStacker, .ra, .consonantMedial, .vowel, .placeholder, .dottedCircle)
  }
  var isJoiner: Bool { `is`(.joiner, .nonJoiner) }
  var isHalant: Bool { `is`(.halant) }
}

/// The Indic shaping model for Devanagari and Bengali (HarfBuzz's Indic shaper with the
/// `dev2`/`bng2` rules): syllables, initial reordering and masks before the basic features,
/// final reordering before the presentation features.
///
/// The engine calls, in order: `normalized`, then `prepare` (categories, syllables, dotted
/// circles), `locl` and `ccmp`, `reorderInitially`, each of `IndicFeatures.basic` alone,
/// `reorderFinally`, `IndicFeatures.presentation` together, then GPOS (`kern dist abvm blwm`).
package struct IndicShaper: Sendable {
  /// The scripts the shaper knows, with what differs between them.
  package enum Script: Sendable {
    case devanagari, bengali

    /// Where a reph goes in final reordering.
    var rephPosition: IndicPosition {
      self == .devanagari ? .beforePost : .afterSub
    }
    /// The virama, whose glyph the font's below-base and post-base forms are probed with.
    var virama: Unicode.Scalar { self == .devanagari ? "\u{094D}" : "\u{09CD}" }
    /// The script's OpenType tags, the new model's first.
    package var tags: [String] { self == .devanagari ? ["dev2", "deva"] : ["bng2", "beng"] }
  }

  package var script: Script

  package init(script: Script) { self.script = script }

  /// The Indic script of a run of `script`, if the shaper handles it.
  package static func script(of script: ShapingScript?) -> Script? {
    switch script {
    case .devanagari?: .devanagari
    case .bengali?: .bengali
    default: nil
    }
  }

  /// The script of a run whose first Indic character is `scalar`, if the shaper handles it.
  package static func script(of scalar: Unicode.Scalar) -> Script? {
    switch scalar.value {
    case 0x0900...0x097F, 0xA8E0...0xA8FF, 0x1CD0...0x1CFF: .devanagari
    case 0x0980...0x09FF: .bengali
    default: nil
    }
  }
}
