/// Which family of system fonts a character most likely needs, by its Unicode block, as
/// font names spell the script ("Arabic" in Noto Sans Arabic, "CJK" in Noto Sans CJK).
///
/// It only orders the search: a face is used only when its character map covers the
/// cluster, so a block missing here costs a slower search, never a wrong glyph. The ranges
/// are the Unicode blocks (Blocks.txt) of the scripts with a Noto family of their own.
enum ScriptHint: String, Sendable, Hashable {
  case arabic = "Arabic"
  case armenian = "Armenian"
  case bengali = "Bengali"
  case cjk = "CJK"
  case devanagari = "Devanagari"
  case emoji = "Emoji"
  case ethiopic = "Ethiopic"
  case georgian = "Georgian"
  case gujarati = "Gujarati"
  case gurmukhi = "Gurmukhi"
  case hebrew = "Hebrew"
  case kannada = "Kannada"
  case khmer = "Khmer"
  case lao = "Lao"
  case malayalam = "Malayalam"
  case myanmar = "Myanmar"
  case oriya = "Oriya"
  case sinhala = "Sinhala"
  case symbols = "Symbols"
  case tamil = "Tamil"
  case telugu = "Telugu"
  case thai = "Thai"
  case tibetan = "Tibetan"
  /// Latin, Greek, Cyrillic and everything else a general face covers.
  case general = "Sans"

  /// The hint for `scalar`.
  init(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x0530...0x058F, 0xFB13...0xFB17: self = .armenian
    case 0x0590...0x05FF, 0xFB1D...0xFB4F: self = .hebrew
    case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
      self = .arabic
    case 0x0900...0x097F, 0xA8E0...0xA8FF: self = .devanagari
    case 0x0980...0x09FF: self = .bengali
    case 0x0A00...0x0A7F: self = .gurmukhi
    case 0x0A80...0x0AFF: self = .gujarati
    case 0x0B00...0x0B7F: self = .oriya
    case 0x0B80...0x0BFF: self = .tamil
    case 0x0C00...0x0C7F: self = .telugu
    case 0x0C80...0x0CFF: self = .kannada
    case 0x0D00...0x0D7F: self = .malayalam
    case 0x0D80...0x0DFF: self = .sinhala
    case 0x0E00...0x0E7F: self = .thai
    case 0x0E80...0x0EFF: self = .lao
    case 0x0F00...0x0FFF: self = .tibetan
    case 0x1000...0x109F: self = .myanmar
    case 0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F: self = .georgian
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
      0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
      self = .cjk
    case 0x1200...0x139F, 0x2D80...0x2DDF: self = .ethiopic
    case 0x1780...0x17FF, 0x19E0...0x19FF: self = .khmer
    case 0x2190...0x23FF, 0x2460...0x27FF, 0x2900...0x2BFF: self = .symbols
    case 0x1F000...0x1FAFF: self = .emoji
    default: self = .general
    }
  }

  /// Whether faces of this script differ by language (Han: Japanese, Korean, Chinese).
  var picksByLanguage: Bool { self == .cjk }
}
