/// How a character joins its neighbours in cursive scripts (Unicode's Joining_Type).
///
/// The raw values are the indices `scripts/generate-bidi-tables` writes, in this order.
package enum JoiningType: UInt8, Sendable {
  /// U: joins nothing (spaces, Latin, digits).
  case nonJoining = 0
  /// R: joins the character before it only (alef, dal, reh, waw).
  case rightJoining
  /// L: joins the character after it only (rare; Manichaean, Mongolian).
  case leftJoining
  /// D: joins both sides (beh, seen, lam...).
  case dualJoining
  /// C: makes both neighbours join it (tatweel, ZWJ).
  case joinCausing
  /// T: is skipped when joining (marks such as fatha, format characters).
  case transparent

  /// The joining type of `scalar` in Unicode 15.0 (U for anything the data does not list).
  package init(_ scalar: Unicode.Scalar) {
    let raw = UnicodeTables.joiningTypes.value(for: scalar.value) ?? 0
    self = JoiningType(rawValue: raw) ?? .nonJoining
  }

  /// Whether the character can join the one before it (on its right in Arabic).
  var joinsBefore: Bool { self == .rightJoining || self == .dualJoining || self == .joinCausing }
  /// Whether the character can join the one after it (on its left in Arabic).
  var joinsAfter: Bool { self == .leftJoining || self == .dualJoining || self == .joinCausing }
}

/// The shape a joining letter takes from its neighbours; the raw value is the form's index
/// in the generated presentation-form tables.
package enum ArabicForm: UInt8, Sendable, CaseIterable {
  case isolated = 0
  case initial, medial, final

  /// The OpenType feature that substitutes the form's glyph.
  var feature: String {
    switch self {
    case .isolated: "isol"
    case .initial: "init"
    case .medial: "medi"
    case .final: "fina"
    }
  }
}

/// Arabic (and Syriac, N'Ko...) joining: which form each letter takes, and the glyphs a face
/// draws those forms with.
package enum ArabicJoining {
  /// The form of each scalar, from its joining type and the nearest non-transparent
  /// neighbours on each side: medial if it joins both, final if only the one before, initial
  /// if only the one after, isolated if neither; nil for non-joining and transparent scalars
  /// (and for join-causing ones, which have no forms of their own).
  ///
  /// Edge cases: invisible joiners count (U+200D joins, U+200C breaks), so give every scalar
  /// of the text, drawn or not.
  package static func forms(_ scalars: [Unicode.Scalar]) -> [ArabicForm?] {
    let types = scalars.map(JoiningType.init)
    var forms = [ArabicForm?](repeating: nil, count: scalars.count)
    var previous: JoiningType?
    for index in types.indices {
      let type = types[index]
      guard type != .transparent else { continue }
      defer { previous = type }
      guard type == .rightJoining || type == .leftJoining || type == .dualJoining else {
        continue
      }
      let next = types[(index + 1)...].first { $0 != .transparent }
      let before = type.joinsBefore && previous?.joinsAfter == true
      let after = type.joinsAfter && next?.joinsBefore == true
      forms[index] =
        switch (before, after) {
        case (true, true): .medial
        case (true, false): .final
        case (false, true): .initial
        case (false, false): .isolated
        }
    }
    return forms
  }

  /// Whether `scalar` is in a block of the Arabic script (Arabic, its supplements and
  /// extensions, and the presentation forms): what goes through `substitute`.
  package static func isArabic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x600...0x6FF, 0x750...0x77F, 0x870...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: true
    default: false
    }
  }
}
