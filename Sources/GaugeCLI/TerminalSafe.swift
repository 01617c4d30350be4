import GaugeText

/// Text from data (key names, JSON paths, echoed values, file names) made safe for standard
/// error: every message on it passes through here, so no input can send a terminal an escape
/// sequence (setting its title, moving the cursor) or reorder what the reader sees.
enum TerminalSafe {
  /// `'text'`, escaped, with long input cut at 60 characters.
  static func quote(_ text: String) -> String {
    var shown = escaped(String(String.UnicodeScalarView(text.unicodeScalars.prefix(60))))
    if text.unicodeScalars.count > 60 { shown += "…" }
    return "'\(shown)'"
  }

  /// `text`, whole, with C0 and C1 controls, DEL, U+2028, U+2029 and the bidirectional
  /// controls written as `\u{1B}`. A message's own line breaks stay with `keepingLineBreaks`
  /// (a report of several problems is several lines); otherwise they are escaped too.
  static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) && !(keepingLineBreaks && scalar == "\n") {
        shown.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    InvisibleScalars.isForbiddenControl(scalar) || InvisibleScalars.isBidiControl(scalar)
  }
}
