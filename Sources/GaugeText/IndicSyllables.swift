/// A run of Indic text cut into syllables, as HarfBuzz's Indic syllable machine cuts it
/// (hb-ot-shaper-indic-machine.rl): each syllable is reordered and shaped on its own.
package struct IndicSyllables: Sendable, Hashable {
  /// What kind of cluster a syllable is; the reordering rules depend on it.
  package enum Kind: UInt8, Sendable, Hashable {
    /// A consonant with what attaches to it: क्षि, র্ক.
    case consonant
    /// An independent vowel with its signs: आँ.
    case vowel
    /// A placeholder (U+00A0, a digit, a dash) or U+25CC carrying signs.
    case standalone
    /// An avagraha or Vedic symbol with its signs.
    case symbol
    /// Signs with nothing to carry them; it gets a dotted circle when the font has one.
    case broken
    /// Anything else, one character at a time.
    case nonIndic
  }

  /// One syllable: its kind and the indices of its characters.
  package struct Syllable: Sendable, Hashable {
    package var kind: Kind
    package var range: Range<Int>
  }

  package var syllables: [Syllable] = []

  /// The syllables of `categories`, the Indic categories of a run's characters in order.
  ///
  /// At each position the longest match of the machine's rules wins, the earlier rule on a
  /// tie (consonant, vowel, standalone, symbol, broken, then any one character).
  ///
  /// Edge cases:
  /// - An empty run has no syllables; every character is in exactly one syllable.
  /// - A syllable is at most 63 characters: a longer one (63 combining marks on one
  ///   consonant) is cut there, where HarfBuzz would keep it whole. Nothing real is that long.
  package init(_ categories: [IndicCategory]) {
    var start = 0
    var matches = [UInt64](repeating: 0, count: IndicCategory.allCases.count)
    while start < categories.count {
      let window = min(categories.count - start, Self.window)
      for index in matches.indices { matches[index] = 0 }
      for offset in 0..<window {
        matches[Int(categories[start + offset].rawValue)] |= 1 << UInt64(offset)
      }
      var best = (length: 1, kind: Kind.nonIndic)
      for (kind, rule) in Self.rules {
        let ends = rule.ends(from: 1, matches)
        guard ends > 1 else { continue }
        // The highest bit set is the longest match.
        let length = 63 - ends.leadingZeroBitCount
        if length > best.length || (length == best.length && best.kind == .nonIndic) {
          best = (length, kind)
        }
      }
      syllables.append(Syllable(kind: best.kind, range: start..<start + best.length))
      start += best.length
    }
  }

  /// The most characters one syllable can have, plus one (a match's end is a bit of 64).
  private static let window = 63
}

/// A regular expression over Indic categories, matched as sets of positions: bit `p` of a
/// set means "`p` characters from the syllable's start".
///
/// A tree of plain values (the parts in arrays), not an indirect enum: the sanitizers'
/// leak checker cannot follow an indirect case's tagged pointer from the static `rules`.
struct IndicRule: Sendable {
  enum Operation: UInt8, Sendable {
    case one, sequence, either, optional, repeated
  }

  var operation: Operation
  /// The categories `one` accepts.
  var flags: UInt32 = 0
  var parts: [IndicRule] = []

  static func one(_ flags: UInt32) -> Self { Self(operation: .one, flags: flags) }
  static func sequence(_ parts: [Self]) -> Self { Self(operation: .sequence, parts: parts) }
  static func either(_ parts: [Self]) -> Self { Self(operation: .either, parts: parts) }
  static func optional(_ part: Self) -> Self { Self(operation: .optional, parts: [part]) }
  static func repeated(_ part: Self) -> Self { Self(operation: .repeated, parts: [part]) }

  /// The positions where a match of the rule can end, from any position in `starts`.
  /// `matches[c]` has bit `p` set when character `p` of the window has category `c`.
  func ends(from starts: UInt64, _ matches: [UInt64]) -> UInt64 {
    switch operation {
    case .one:
      var accepted: UInt64 = 0
      var rest = flags
      while rest != 0 {
        accepted |= matches[rest.trailingZeroBitCount]
        rest &= rest - 1
      }
      return (starts & accepted) << 1
    case .sequence:
      return parts.reduce(starts) { $1.ends(from: $0, matches) }
    case .either:
      return parts.reduce(0) { $0 | $1.ends(from: starts, matches) }
    case .optional:
      return starts | parts[0].ends(from: starts, matches)
    case .repeated:
      var reached = starts
      while true {
        let next = reached | parts[0].ends(from: reached, matches)
        if next == reached { return reached }
        reached = next
      }
    }
  }
}

extension IndicSyllables {
  /// The machine's rules in order of precedence (HarfBuzz 6.0's, for Devanagari and Bengali).
  static let rules: [(Kind, IndicRule)] = {
    typealias R = IndicRule
    func one(_ categories: IndicCategory...) -> R {
      .one(categories.reduce(0) { $0 | $1.flag })
    }
    let c = one(.consonant, .ra)
    let n = R.sequence([
      .optional(.sequence([.optional(one(.nonJoiner)), one(.registerShifter)])),
      .optional(.sequence([one(.nukta), .optional(one(.nukta))])),
    ])
    let z = one(.joiner, .nonJoiner)
    let reph = R.either([.sequence([one(.ra), one(.halant)]), one(.repha)])
    let cn = R.sequence([c, .optional(one(.joiner)), .optional(n)])
    let symbol = R.sequence([one(.symbol), .optional(one(.nukta))])
    let matraGroup = R.sequence([
      .repeated(z),
      .either([one(.matra), .sequence([.optional(one(.syllableModifier)), one(.postMatra)])]),
      .optional(one(.nukta)), .optional(one(.halant)),
    ])
    let syllableTail = R.sequence([
      .optional(
        .sequence([
          .optional(z), one(.syllableModifier), .optional(one(.syllableModifier)),
          .optional(one(.nonJoiner)),
        ])),
      .repeated(one(.vedicSign)),
    ])
    let halantGroup = R.sequence([
      .optional(z), one(.halant), .optional(.sequence([one(.joiner), .optional(one(.nukta))])),
    ])
    let finalHalantGroup = R.either([halantGroup, .sequence([one(.halant), one(.nonJoiner)])])
    let halantOrMatraGroup = R.either([finalHalantGroup, .repeated(matraGroup)])
    let complexTail = R.sequence([
      .repeated(.sequence([halantGroup, cn])), .optional(one(.consonantMedial)),
      halantOrMatraGroup, syllableTail,
    ])
    let consonant = R.sequence([
      .optional(one(.repha, .consonantWithStacker)), cn, complexTail,
    ])
    let vowel = R.sequence([
      .optional(reph), one(.vowel), .optional(n), .either([one(.joiner), complexTail]),
    ])
    let standalone = R.sequence([
      .either([
        .sequence([.optional(one(.repha, .consonantWithStacker)), one(.placeholder)]),
        .sequence([.optional(reph), one(.dottedCircle)]),
      ]),
      .optional(n), complexTail,
    ])
    let symbolCluster = R.sequence([symbol, syllableTail])
    let broken = R.sequence([.optional(reph), .optional(n), complexTail])
    return [
      (.consonant, consonant), (.vowel, vowel), (.standalone, standalone),
      (.symbol, symbolCluster), (.broken, broken),
    ]
  }()
}
