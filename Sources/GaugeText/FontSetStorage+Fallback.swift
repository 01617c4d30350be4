extension FontSetStorage {
  /// Which face of a Han collection a text takes, as Noto Sans CJK names them ("JP", "KR",
  /// "SC", "TC", "HK"): from the set's language, else from kana (Japanese) or Hangul (Korean)
  /// in the text, else Simplified Chinese; nil for a text without Han, kana or Hangul.
  func hanFace(for text: String) -> String? {
    var sawHan = false
    var sawKana = false
    var sawHangul = false
    for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
      switch scalar.value {
      case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: sawKana = true
      case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: sawHangul = true
      case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
        sawHan = true
      default: continue
      }
    }
    guard sawHan || sawKana || sawHangul else { return nil }
    if let language, let face = Self.hanFace(language: language) { return face }
    if sawKana { return "JP" }
    if sawHangul { return "KR" }
    return "SC"
  }

  /// The Han face a BCP 47 language tag asks for; nil for a language without one.
  static func hanFace(language: String) -> String? {
    let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let primary = parts.first else { return nil }
    switch primary {
    case "ja": return "JP"
    case "ko": return "KR"
    case "zh":
      let rest = Set(parts.dropFirst().map(String.init))
      if !rest.isDisjoint(with: ["hk", "mo"]) { return rest.contains("hans") ? "SC" : "HK" }
      if !rest.isDisjoint(with: ["hant", "tw"]) { return "TC" }
      return "SC"
    default: return nil
    }
  }

  /// A system face that covers `scalars`, found once for each cluster and weight; nil when
  /// the set has no system fonts or none covers them.
  func systemFace(
    for scalars: [Unicode.Scalar], weight: FontWeight, hanFace: String?, isEmoji: Bool
  ) -> Int? {
    guard let system else { return nil }
    let hint = isEmoji ? ScriptHint.emoji : ScriptHint(scalars[0])
    let key = FallbackKey(
      scalars: scalars.map(\.value), weight: weight,
      hanFace: hint.picksByLanguage ? hanFace : nil, isEmoji: isEmoji)
    return fallback(key) {
      Self.search(
        system, for: scalars, hint: hint, weight: weight, hanFace: key.hanFace, isEmoji: isEmoji)
    }
  }

  /// The first file and face covering `scalars`: files named for the script first, ranked
  /// by `rank`, then every other file in path order.
  private static func search(
    _ system: SystemFontIndex, for scalars: [Unicode.Scalar], hint: ScriptHint,
    weight: FontWeight, hanFace: String?, isEmoji: Bool
  ) -> (path: String, face: Int)? {
    let ordered = system.searchOrder(hint: hint.rawValue, weight: weight) { paths in
      let ranked = paths.map { ($0, rank($0, hint: hint, weight: weight)) }
      let named = ranked.compactMap { path, rank in rank.map { (path, $0) } }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
      return named + ranked.filter { $0.1 == nil }.map(\.0)
    }
    for path in ordered where system.mayCover(path, scalars) {
      let faces = system.faces(at: path)
      var order = Array(faces.indices)
      if let hanFace {
        // The collection's face for the language first, then the others.
        order.sort { left, right in
          faces[left].familyName.hasSuffix(" " + hanFace)
            && !faces[right].familyName.hasSuffix(" " + hanFace)
        }
      }
      for index in order {
        let face = faces[index]
        guard face.hasColorGlyphs == isEmoji, face.covers(scalars) else { continue }
        return (path, index)
      }
    }
    return nil
  }

  /// How well a file's name fits the script and weight (lower is better), nil if the name
  /// does not name the script. Sans before serif, plain before UI, mono, display or
  /// condensed cuts, the weight asked for before others.
  static func rank(_ path: String, hint: ScriptHint, weight: FontWeight) -> Int? {
    let name = String(path.split(separator: "/").last ?? "")
    let lower = name.lowercased()
    if hint != .general {
      guard lower.contains(hint.rawValue.lowercased()) else { return nil }
    } else if !lower.hasPrefix("notosans-") && !lower.hasPrefix("dejavusans") {
      return nil
    }
    var rank = 0
    if !lower.contains("sans") { rank += 20 }
    for (mark, cost) in [
      ("ui", 4), ("mono", 8), ("display", 6), ("condensed", 6), ("narrow", 6), ("looped", 3),
      ("serif", 10),
    ] where lower.contains(mark) {
      rank += cost
    }
    let weights = ["thin", "light", "medium", "semibold", "extrabold", "black", "heavy"]
    if weights.contains(where: lower.contains) { rank += 12 }
    switch weight {
    case .bold: if !lower.contains("bold") { rank += 2 }
    case .regular: if lower.contains("bold") { rank += 12 }
    }
    if lower.contains("oblique") || lower.contains("italic") { rank += 12 }
    return rank
  }
}
