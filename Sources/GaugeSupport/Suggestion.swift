import GaugeGeometry

/// "Did you mean ...?": the closest candidate to a misspelt word.
@_spi(Service)
public enum Suggestion {
  /// The candidate nearest `word` by edit distance (insertions, deletions, substitutions and
  /// swaps of neighbours, case-insensitive), if it is close enough to be a likely typo: at
  /// most 1 edit for words of up to 4 letters, 2 up to 8, and 3 beyond.
  ///
  /// Edge cases:
  /// - Ties go to the earlier candidate, so the answer is deterministic.
  /// - An exact match is returned as is.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty, target.count <= 64 else { return nil }
    let limit = target.count <= 4 ? 1 : target.count <= 8 ? 2 : 3
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Optimal string alignment distance.
  package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
