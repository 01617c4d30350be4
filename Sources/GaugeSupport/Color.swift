import GaugeGeometry

/// An sRGB colour with 8-bit channels and alpha.
public struct Color: Sendable, Hashable {
  /// The red channel, 0...255.
  public var red: UInt8
  /// The green channel, 0...255.
  public var green: UInt8
  /// The blue channel, 0...255.
  public var blue: UInt8
  /// 255 is opaque, 0 transparent.
  public var alpha: UInt8

  /// Creates a colour from 8-bit channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The names a preset may use instead of hex digits: CSS's sixteen basic colours, their
  /// "grey" spellings, "orange" and "transparent". Hex covers everything else.
  package static let named: [(name: String, color: Color)] = [
    ("black", Color(red: 0, green: 0, blue: 0)),
    ("silver", Color(red: 0xC0, green: 0xC0, blue: 0xC0)),
    ("gray", Color(red: 0x80, green: 0x80, blue: 0x80)),
    ("grey", Color(red: 0x80, green: 0x80, blue: 0x80)),
    ("white", Color(red: 0xFF, green: 0xFF, blue: 0xFF)),
    ("maroon", Color(red: 0x80, green: 0, blue: 0)),
    ("red", Color(red: 0xFF, green: 0, blue: 0)),
    ("purple", Color(red: 0x80, green: 0, blue: 0x80)),
    ("fuchsia", Color(red: 0xFF, green: 0, blue: 0xFF)),
    ("green", Color(red: 0, green: 0x80, blue: 0)),
    ("lime", Color(red: 0, green: 0xFF, blue: 0)),
    ("olive", Color(red: 0x80, green: 0x80, blue: 0)),
    ("yellow", Color(red: 0xFF, green: 0xFF, blue: 0)),
    ("navy", Color(red: 0, green: 0, blue: 0x80)),
    ("blue", Color(red: 0, green: 0, blue: 0xFF)),
    ("teal", Color(red: 0, green: 0x80, blue: 0x80)),
    ("aqua", Color(red: 0, green: 0xFF, blue: 0xFF)),
    ("orange", Color(red: 0xFF, green: 0xA5, blue: 0)),
    ("transparent", Color(red: 0, green: 0, blue: 0, alpha: 0)),
  ]

  /// What `init?(parsing:)` accepts, for error messages.
  package static let allowedForms =
    "#RGB, #RRGGBB, #RRGGBBAA or a name (black, white, gray, red, orange, yellow, green, "
    + "lime, olive, teal, aqua, blue, navy, purple, fuchsia, maroon, silver, transparent)"

  /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (any case) or one of `named` (lower case).
  ///
  /// Edge cases:
  /// - Surrounding white space, a missing `#`, `#RGBA` and CSS functions are rejected.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    if bytes.first == UInt8(ascii: "#") {
      var nibbles: [UInt8] = []
      for byte in bytes.dropFirst() {
        guard let nibble = Color.hexValue(byte) else { return nil }
        nibbles.append(nibble)
      }
      switch nibbles.count {
      case 3:
        self.init(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
      case 6, 8:
        let alpha = nibbles.count == 8 ? nibbles[6] << 4 | nibbles[7] : 255
        self.init(
          red: nibbles[0] << 4 | nibbles[1], green: nibbles[2] << 4 | nibbles[3],
          blue: nibbles[4] << 4 | nibbles[5], alpha: alpha)
      default:
        return nil
      }
      return
    }
    guard let match = Color.named.first(where: { $0.name == text }) else { return nil }
    self = match.color
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// `#RRGGBB` in upper case, or `#RRGGBBAA` when not opaque.
  public var hex: String {
    var bytes: [UInt8] = []
    appendHex(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `hex` as UTF-8.
  package func appendHex(to out: inout [UInt8]) {
    let digits: StaticString = "0123456789ABCDEF"
    let table = digits.utf8Start
    out.append(UInt8(ascii: "#"))
    out.append(table[Int(red >> 4)])
    out.append(table[Int(red & 15)])
    out.append(table[Int(green >> 4)])
    out.append(table[Int(green & 15)])
    out.append(table[Int(blue >> 4)])
    out.append(table[Int(blue & 15)])
    if alpha != 255 {
      out.append(table[Int(alpha >> 4)])
      out.append(table[Int(alpha & 15)])
    }
  }

  /// Opaque when alpha is 255.
  package var isOpaque: Bool { alpha == 255 }
}

extension Color {
  /// WCAG 2's relative luminance, 0 (black) ... 1 (white), ignoring alpha.
  package var relativeLuminance: Double {
    let linear = Color.linearChannels
    return 0.2126 * linear[Int(red)] + 0.7152 * linear[Int(green)] + 0.0722 * linear[Int(blue)]
  }

  /// Each 8-bit sRGB channel value made linear (sRGB's transfer curve), worked out once: a
  /// scene checks a few dozen contrasts, and `pow` is most of their cost.
  private static let linearChannels: [Double] = (0...255).map { channel in
    let value = Double(channel) / 255
    return value <= 0.04045 ? value / 12.92 : power((value + 0.055) / 1.055, 2.4)
  }

  /// WCAG 2's contrast ratio with `other`, 1...21.
  package func contrast(with other: Color) -> Double {
    let a = relativeLuminance
    let b = other.relativeLuminance
    return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
  }
}
