extension FontSet {
  /// `text` cut short with "…" so that, set in this font set, it is at most `maximum` ems
  /// wide: whole grapheme clusters only, so no accent, emoji sequence or syllable is split.
  ///
  /// Edge cases:
  /// - Text that fits comes back unchanged; when not even "…" fits, the result is empty.
  /// - Trailing white space before the "…" is dropped.
  package func truncated(_ text: String, toWidth maximum: Double, weight: FontWeight) -> String {
    guard width(of: text, weight: weight) > maximum else { return text }
    guard width(of: "…", weight: weight) <= maximum else { return "" }
    // The longest prefix that fits with its "…": widths grow with the prefix (kerning aside),
    // so a binary search over cluster counts finds it in a few measurements.
    let clusters = Array(text)
    var low = 0
    var high = clusters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if width(of: String(clusters[..<middle]) + "…", weight: weight) <= maximum {
        low = middle
      } else {
        high = middle - 1
      }
    }
    var kept = clusters[..<low]
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return String(kept) + "…"
  }
}
