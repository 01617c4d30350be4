/// Closes what a text leaves open of Unicode's explicit bidi formatting, so that a text
/// filled into a longer one (a title into an accessible name) cannot reorder the words after
/// it: each embedding or override (U+202A, U+202B, U+202D, U+202E) still open at the end gets
/// its U+202C POP DIRECTIONAL FORMATTING, each isolate (U+2066-U+2068) its U+2069 POP
/// DIRECTIONAL ISOLATE, innermost first. The text's own characters stay in their own order.
///
/// Edge cases:
/// - A text with no formatting characters comes back unchanged (the common case, one scan).
/// - A PDF with no open embedding, or inside an isolate opened after the embedding, closes
///   nothing (UAX #9 X7); a PDI closes the innermost isolate and every embedding opened
///   inside it (X6a); one with no open isolate closes nothing.
package enum EmbeddingCloser {
  /// `text` followed by the characters that close what it leaves open.
  package static func closed(_ text: String) -> String {
    // A stack of what is open: true for an isolate, false for an embedding or override.
    var open: [Bool] = []
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x202A, 0x202B, 0x202D, 0x202E:
        open.append(false)
      case 0x2066, 0x2067, 0x2068:
        open.append(true)
      case 0x202C:
        if open.last == false { open.removeLast() }
      case 0x2069:
        guard let isolate = open.lastIndex(of: true) else { continue }
        open.removeSubrange(isolate...)
      default:
        continue
      }
    }
    guard !open.isEmpty else { return text }
    return text + String(open.reversed().map { $0 ? "\u{2069}" : "\u{202C}" })
  }
}
