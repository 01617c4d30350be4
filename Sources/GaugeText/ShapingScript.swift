/// The script a run of text is shaped as: which OpenType script tags its lookups are read
/// under and which script shaper (`RunShaper`) orders its features.
///
/// Characters of no script of their own (spaces, punctuation, digits, marks: Unicode's
/// Common and Inherited) have none and join the run they stand in.
package enum ShapingScript: Sendable, Hashable {
  case latin, greek, cyrillic, arabic, hebrew, thai, lao, devanagari, bengali
  /// Hangul syllables and jamo: the default shaper under `hang`, without `calt` (see
  /// `RunShaper.defaultSubstitutions(for:)`).
  case hangul
  /// Any other script: the default shaper under the DFLT script.
  case other

  /// The script of `scalar` by its Unicode block, nil for Common and Inherited characters
  /// (spaces, punctuation, digits, symbols, combining marks outside a script's block).
  ///
  /// Edge cases: letters of blocks not listed here are `.other`.
  package init?(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    switch value {
    case 0x0370...0x03FF, 0x1F00...0x1FFF: self = .greek
    case 0x0400...0x052F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
    case 0x0590...0x05FF, 0xFB1D...0xFB4F: self = .hebrew
    case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
      // Arabic-Indic digits and the Arabic comma are Common but shape with their run; the
      // letters decide.
      self = .arabic
    case 0x0900...0x097F, 0xA8E0...0xA8FF: self = .devanagari
    case 0x0980...0x09FF: self = .bengali
    case 0x0E00...0x0E7F: self = .thai
    case 0x0E80...0x0EFF: self = .lao
    case 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7FF: self = .hangul
    default:
      let properties = scalar.properties
      guard properties.isAlphabetic, !properties.generalCategory.isMark else { return nil }
      if value < 0x0370 || (0x1E00...0x1EFF).contains(value) || (0xA720...0xA7FF).contains(value)
        || (0xFB00...0xFB06).contains(value)
      {
        self = .latin
      } else if (0x2000...0x2BFF).contains(value) {
        return nil
      } else {
        self = .other
      }
    }
  }

  /// The OpenType script tags to look for, preferred first (DFLT, dflt and latn follow).
  package var tags: [UInt32] {
    switch self {
    case .latin: [openTypeTag("latn")]
    case .greek: [openTypeTag("grek")]
    case .cyrillic: [openTypeTag("cyrl")]
    case .arabic: [openTypeTag("arab")]
    case .hebrew: [openTypeTag("hebr")]
    case .thai: [openTypeTag("thai")]
    case .lao: [openTypeTag("lao ")]
    case .devanagari: [openTypeTag("dev2"), openTypeTag("deva")]
    case .bengali: [openTypeTag("bng2"), openTypeTag("beng")]
    case .hangul: [openTypeTag("hang")]
    case .other: []
    }
  }
}

extension Unicode.GeneralCategory {
  /// Whether the category is a mark (Mn, Mc, Me).
  var isMark: Bool {
    self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
  }
}
