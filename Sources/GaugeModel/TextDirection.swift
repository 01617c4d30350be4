/// The base direction of a gauge's texts (title, labels, readout): which end a line starts
/// at, and the order of its right-to-left and left-to-right runs.
///
/// Edge cases:
/// - `.auto` takes each text's direction from its first strong character (Unicode's bidi
///   rules P2-P3): "CPU المعالج" reads left to right, "المعالج CPU" right to left; a text
///   with no strong character (a number) is left to right.
/// - `.ltr` and `.rtl` set the base direction of every text of the gauge; numbers still read
///   left to right inside a right-to-left text.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
  /// Each text from its first strong character (Unicode's rule P2): an Arabic title reads
  /// right to left, a Latin one left to right.
  case auto
  /// Every text left to right, whatever its letters.
  case ltr
  /// Every text right to left: the readout's number and unit, too.
  case rtl

  /// The mark that gives a text this base direction when put before it: U+200E LEFT-TO-RIGHT
  /// MARK or U+200F RIGHT-TO-LEFT MARK (a strong character never drawn); none for `.auto`.
  package var mark: String {
    switch self {
    case .auto: ""
    case .ltr: "\u{200E}"
    case .rtl: "\u{200F}"
    }
  }

  /// `text` with this base direction for a shaper that finds it from the first strong
  /// character: the mark put before it, or `text` itself where the mark changes nothing
  /// (`.auto`; `.ltr` before printable ASCII, which has no right-to-left character), so the
  /// common texts keep the shaper's ASCII fast path.
  package func marked(_ text: String) -> String {
    switch self {
    case .auto: text
    case .ltr where text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }): text
    case .ltr, .rtl: mark + text
    }
  }
}
