extension BidiLine {
  /// X10 and the rules after it: splits the line into isolating run sequences and resolves
  /// the weak types (W1-W7), paired brackets (N0), neutrals (N1-N2) and implicit levels
  /// (I1-I2) in each.
  struct ImplicitResolver {
    let scalars: [Unicode.Scalar]
    /// The classes before X1-X9 changed them.
    let original: [BidiClass]
    var classes: [BidiClass]
    /// The levels X1-X8 gave, which sos and eos compare (resolved sequences change `levels`).
    let explicitLevels: [UInt8]
    private(set) var levels: [UInt8]
    let removed: [Bool]
    let matches: [Int?]
    let paragraphLevel: UInt8

    init(
      scalars: [Unicode.Scalar], original: [BidiClass], classes: [BidiClass], levels: [UInt8],
      removed: [Bool], matches: [Int?], paragraphLevel: UInt8
    ) {
      self.scalars = scalars
      self.original = original
      self.classes = classes
      self.levels = levels
      self.explicitLevels = levels
      self.removed = removed
      self.matches = matches
      self.paragraphLevel = paragraphLevel
    }

    mutating func resolve() {
      for sequence in isolatingRunSequences() {
        resolve(sequence)
      }
    }

    /// X10: level runs of the characters X9 keeps, chained across isolates: a run that
    /// ends with an isolate initiator continues with the run that starts at its matching
    /// PDI.
    private func isolatingRunSequences() -> [[Int]] {
      var runs: [[Int]] = []
      for index in levels.indices where !removed[index] {
        if let last = runs.last?.last, levels[last] == levels[index] {
          runs[runs.count - 1].append(index)
        } else {
          runs.append([index])
        }
      }
      var runStartingAt: [Int: Int] = [:]
      for (number, run) in runs.enumerated() { runStartingAt[run[0]] = number }
      var isMatchedPDI = [Bool](repeating: false, count: levels.count)
      for case let match? in matches { isMatchedPDI[match] = true }
      var sequences: [[Int]] = []
      for run in runs {
        // A run that starts with a matched PDI was appended to its initiator's sequence.
        if isMatchedPDI[run[0]] { continue }
        var sequence = run
        while let last = sequence.last, let match = matches[last],
          let next = runStartingAt[match]
        {
          sequence += runs[next]
        }
        sequences.append(sequence)
      }
      return sequences
    }

    /// Resolves one isolating run sequence, `indices` in logical order.
    private mutating func resolve(_ indices: [Int]) {
      let level = levels[indices[0]]
      let first = indices[0]
      let last = indices[indices.count - 1]
      let before =
        (0..<first).last { !removed[$0] }.map { explicitLevels[$0] } ?? paragraphLevel
      // After an isolate initiator with no matching PDI comes the paragraph's end (X10).
      var after = paragraphLevel
      if !original[last].isIsolateInitiator {
        after =
          (last + 1..<levels.count).first { !removed[$0] }.map { explicitLevels[$0] }
          ?? paragraphLevel
      }
      let start: BidiClass = max(level, before) & 1 == 1 ? .rightToLeft : .leftToRight
      let end: BidiClass = max(level, after) & 1 == 1 ? .rightToLeft : .leftToRight
      var types = indices.map { classes[$0] }
      BidiLine.resolveWeakTypes(&types, start: start)
      let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
      resolvePairedBrackets(&types, indices, embedding: embedding, start: start)
      BidiLine.resolveNeutrals(&types, start: start, end: end, embedding: embedding)
      for (position, index) in indices.enumerated() {
        levels[index] = BidiLine.implicitLevel(level, types[position])
      }
    }

  }

  /// I1-I2: the level of a character of resolved type `type` in a sequence at `level`.
  static func implicitLevel(_ level: UInt8, _ type: BidiClass) -> UInt8 {
    if level & 1 == 0 {
      switch type {
      case .rightToLeft: return level + 1
      case .arabicNumber, .europeanNumber: return level + 2
      default: return level
      }
    }
    switch type {
    case .leftToRight, .europeanNumber, .arabicNumber: return level + 1
    default: return level
    }
  }

  /// N1-N2: each run of neutrals and isolate controls takes the direction of the text on
  /// both sides if they agree (numbers count as R), else the embedding direction.
  static func resolveNeutrals(
    _ types: inout [BidiClass], start: BidiClass, end: BidiClass, embedding: BidiClass
  ) {
    func direction(_ type: BidiClass) -> BidiClass? {
      switch type {
      case .leftToRight: .leftToRight
      case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
      default: nil
      }
    }
    var position = 0
    while position < types.count {
      guard types[position].isNeutralOrIsolate else {
        position += 1
        continue
      }
      var runEnd = position
      while runEnd < types.count, types[runEnd].isNeutralOrIsolate { runEnd += 1 }
      let leading = position == 0 ? start : direction(types[position - 1]) ?? start
      let trailing = runEnd == types.count ? end : direction(types[runEnd]) ?? end
      let resolved = leading == trailing ? leading : embedding
      for index in position..<runEnd { types[index] = resolved }
      position = runEnd
    }
  }
}
