import GaugeGeometry

/// Approximate advance widths of DejaVu Sans, the font every renderer we target has, used to
/// size text so that it fits. Units: ems (multiply by the font size for pixels).
package enum TextMetrics {
  /// The advance width of `text`, in ems.
  ///
  /// Edge cases:
  /// - Characters outside the table count as 0.62 em; East Asian wide ones as 1 em;
  ///   combining marks and other zero-width scalars as 0.
  package static func width(of text: String) -> Double {
    var total = 0.0
    for scalar in text.unicodeScalars {
      total += advance(of: scalar)
    }
    return total
  }

  private static func advance(of scalar: Unicode.Scalar) -> Double {
    switch scalar.value {
    case 0x30...0x39: return 0.636  // digits
    case 0x20, 0x2C, 0x2E, 0x3A, 0x3B: return 0.318  // space , . : ;
    case 0x25: return 0.95  // %
    case 0x2D: return 0.361  // -
    case 0x2B, 0x3C, 0x3D, 0x3E: return 0.838  // + < = >
    case 0x2F: return 0.337  // /
    case 0x2013: return 0.5  // en dash
    case 0x2014: return 1.0  // em dash
    case 0x2026: return 1.0  // horizontal ellipsis
    case 0x69, 0x6A, 0x6C: return 0.278  // i j l
    case 0x66, 0x74, 0x72: return 0.39  // f t r
    case 0x6D, 0x77: return 0.95  // m w
    case 0x4D, 0x57: return 0.9  // M W
    case 0x41...0x5A: return 0.70  // other capitals
    case 0x61...0x7A: return 0.61  // other small letters
    case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // marks, zero width
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
      0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return 1.0  // wide
    default: return 0.62
    }
  }
}

extension TextMetrics {
  /// `text` cut short with "…" so that it is at most `maximum` ems wide; whole characters
  /// only, so no cluster or emoji is split.
  ///
  /// Edge cases:
  /// - Text that fits comes back unchanged; when not even "…" fits, the result is empty.
  package static func truncated(_ text: String, toWidth maximum: Double) -> String {
    guard width(of: text) > maximum else { return text }
    let ellipsis = width(of: "…")
    guard ellipsis <= maximum else { return "" }
    var kept = ""
    var used = ellipsis
    for character in text {
      let advance = width(of: String(character))
      if used + advance > maximum { break }
      kept.append(character)
      used += advance
    }
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return kept + "…"
  }
}
