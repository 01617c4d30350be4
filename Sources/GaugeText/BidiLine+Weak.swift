extension BidiLine {
  /// The most brackets open at once in a sequence (BD16); past it no more pairs are found.
  static let maximumOpenBrackets = 63

  /// W1-W7 over one isolating run sequence's classes, `start` being its sos: marks take the
  /// class before them, numbers after Arabic letters become Arabic numbers, separators
  /// between numbers and terminators beside them join the number, and European numbers
  /// after L become L. So "75%" and "-1.5" stay one left-to-right number in Arabic text.
  static func resolveWeakTypes(_ types: inout [BidiClass], start: BidiClass) {
    // W1.
    for index in types.indices where types[index] == .nonspacingMark {
      if index == 0 {
        types[index] = start
      } else {
        let previous = types[index - 1]
        types[index] =
          previous.isIsolateInitiator || previous == .popDirectionalIsolate
          ? .otherNeutral : previous
      }
    }
    // W2, W3.
    var strong = start
    for index in types.indices {
      switch types[index] {
      case .leftToRight, .rightToLeft: strong = types[index]
      case .arabicLetter:
        strong = .arabicLetter
        types[index] = .rightToLeft
      case .europeanNumber where strong == .arabicLetter: types[index] = .arabicNumber
      default: break
      }
    }
    // W4.
    if types.count >= 3 {
      for index in 1..<types.count - 1 {
        let before = types[index - 1]
        let after = types[index + 1]
        switch types[index] {
        case .europeanSeparator where before == .europeanNumber && after == .europeanNumber:
          types[index] = .europeanNumber
        case .commonSeparator
        where before == after && (before == .europeanNumber || before == .arabicNumber):
          types[index] = before
        default: break
        }
      }
    }
    // W5: a run of terminators beside a European number joins it.
    var index = 0
    while index < types.count {
      guard types[index] == .europeanTerminator else {
        index += 1
        continue
      }
      var end = index
      while end < types.count, types[end] == .europeanTerminator { end += 1 }
      let touchesNumber =
        (index > 0 && types[index - 1] == .europeanNumber)
        || (end < types.count && types[end] == .europeanNumber)
      if touchesNumber {
        for position in index..<end { types[position] = .europeanNumber }
      }
      index = end
    }
    // W6, W7.
    strong = start
    for index in types.indices {
      switch types[index] {
      case .europeanSeparator, .europeanTerminator, .commonSeparator:
        types[index] = .otherNeutral
      case .leftToRight, .rightToLeft: strong = types[index]
      case .europeanNumber where strong == .leftToRight: types[index] = .leftToRight
      default: break
      }
    }
  }
}

extension BidiLine.ImplicitResolver {
  /// N0: each pair of brackets takes the embedding direction if the text inside has it,
  /// else the other direction if the text inside and the text before have it; marks after
  /// a changed bracket follow it. `types` are the sequence's classes after W1-W7.
  func resolvePairedBrackets(
    _ types: inout [BidiClass], _ indices: [Int], embedding: BidiClass, start: BidiClass
  ) {
    func direction(_ type: BidiClass) -> BidiClass? {
      switch type {
      case .leftToRight: .leftToRight
      case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
      default: nil
      }
    }
    for (open, close) in bracketPairs(types, indices) {
      var inside: BidiClass?
      for position in open + 1..<close {
        guard let found = direction(types[position]) else { continue }
        inside = found
        if found == embedding { break }
      }
      guard let inside else { continue }
      var resolved = embedding
      if inside != embedding {
        var before = start
        for position in (0..<open).reversed() {
          guard let found = direction(types[position]) else { continue }
          before = found
          break
        }
        if before == inside { resolved = inside }
      }
      for bracket in [open, close] {
        types[bracket] = resolved
        var position = bracket + 1
        while position < types.count, original[indices[position]] == .nonspacingMark {
          types[position] = resolved
          position += 1
        }
      }
    }
  }

  /// BD16: the positions in the sequence of each bracket pair, by opening position.
  private func bracketPairs(_ types: [BidiClass], _ indices: [Int]) -> [(Int, Int)] {
    var open: [(pair: UInt32, position: Int)] = []
    var pairs: [(Int, Int)] = []
    for (position, index) in indices.enumerated() where types[position] == .otherNeutral {
      guard let bracket = BidiClass.bracket(of: scalars[index]) else { continue }
      if bracket.isOpening {
        guard open.count < BidiLine.maximumOpenBrackets else { break }
        open.append((bracket.pair, position))
      } else if let match = open.lastIndex(where: { $0.pair == bracket.pair }) {
        pairs.append((open[match].position, position))
        open.removeSubrange(match...)
      }
    }
    return pairs.sorted { $0.0 < $1.0 }
  }
}
