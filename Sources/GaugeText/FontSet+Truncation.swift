extension FontSet {
  /// `text` cut short with "…" so that, set in this font set, it is at most `maximum` ems
  /// wide: whole grapheme clusters only, so no accent, emoji sequence or syllable is split,
  /// and never inside a joined word (Arabic letters that join across the cut would change
  /// form); each candidate is shaped again with its "…", so ligatures, kerning and joining
  /// forms are those of the cut text.
  ///
  /// Edge cases:
  /// - Text that fits comes back unchanged; when not even "…" fits, the result is empty.
  /// - Trailing white space before the "…" is dropped.
  /// - A joined word longer than the width is dropped whole.
  package func truncated(_ text: String, toWidth maximum: Double, weight: FontWeight) -> String {
    guard width(of: text, weight: weight) > maximum else { return text }
    guard width(of: "…", weight: weight) <= maximum else { return "" }
    let clusters = Array(text)
    let cuts = Self.cutPoints(clusters)
    // The longest prefix that fits with its "…": widths grow with the prefix (kerning aside),
    // so a binary search over the allowed cuts finds it in a few measurements.
    var low = 0
    var high = cuts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if width(of: String(clusters[..<cuts[middle]]) + "…", weight: weight) <= maximum {
        low = middle
      } else {
        high = middle - 1
      }
    }
    var kept = clusters[..<cuts[low]]
    while kept.last?.isWhitespace == true { kept.removeLast() }
    return String(kept) + "…"
  }

  /// The cluster counts a text may be cut after, ascending from 0: every boundary between
  /// grapheme clusters but those inside a joined word, where the letter before the cut
  /// joins the one after it (its form is initial or medial).
  static func cutPoints(_ clusters: [Character]) -> [Int] {
    let scalars = clusters.flatMap(\.unicodeScalars)
    guard scalars.contains(where: ArabicJoining.isArabic) else {
      return Array(0..<clusters.count)
    }
    let forms = ArabicJoining.forms(scalars)
    var cuts = [0]
    var scalar = 0
    var joinsNext = false
    for (index, cluster) in clusters.enumerated() {
      for offset in 0..<cluster.unicodeScalars.count {
        switch forms[scalar + offset] {
        case .initial, .medial: joinsNext = true
        case .final, .isolated: joinsNext = false
        case nil:
          // Transparent marks keep the letter's state; anything else ends the word.
          if JoiningType(scalars[scalar + offset]) != .transparent { joinsNext = false }
        }
      }
      scalar += cluster.unicodeScalars.count
      if index + 1 < clusters.count, !joinsNext { cuts.append(index + 1) }
    }
    return cuts
  }
}
