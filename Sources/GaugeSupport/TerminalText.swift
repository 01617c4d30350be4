import GaugeGeometry

/// Text bound for a terminal: made harmless, and measured in cells.
package enum TerminalText {
  /// `text` without anything a terminal would act on: C0 and C1 controls (so no escape
  /// sequence can start), DEL, and bidirectional overrides that would reorder the screen.
  /// Tabs and line breaks become spaces.
  package static func sanitized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: result.append(" ")
      case 0x00...0x1F, 0x7F...0x9F: continue
      case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: continue
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// How many cells a character takes: 2 for East Asian wide and emoji, 0 for combining
  /// marks and other zero-width characters, otherwise 1.
  package static func cellWidth(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    switch first.value {
    case 0x300...0x36F, 0x200B...0x200D, 0xFE00...0xFE0F: return 0
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The width of a whole text in cells.
  package static func width(_ text: String) -> Int {
    text.reduce(0) { $0 + cellWidth($1) }
  }

  /// `text` cut short with "…" to at most `width` cells.
  package static func fitted(_ text: String, width: Int) -> String {
    guard self.width(text) > width else { return text }
    guard width >= 1 else { return "" }
    var kept = ""
    var used = 1
    for character in text {
      let cells = cellWidth(character)
      if used + cells > width { break }
      kept.append(character)
      used += cells
    }
    return kept + "…"
  }
}
