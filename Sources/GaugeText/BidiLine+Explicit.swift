extension BidiLine {
  /// X1-X9: the embedding level of each character from the explicit embeddings, overrides
  /// and isolates around it, its class after overrides, and which characters X9 removes.
  struct ExplicitLevels {
    /// One entry of the directional status stack (X1).
    private struct Status {
      var level: UInt8
      /// The class an override forces (L or R), nil outside overrides.
      var override: BidiClass?
      var isolate: Bool
    }

    private(set) var classes: [BidiClass]
    private(set) var levels: [UInt8]
    private(set) var removed: [Bool]
    private let matches: [Int?]
    private let paragraphLevel: UInt8

    init(classes: [BidiClass], matches: [Int?], paragraphLevel: UInt8) {
      self.classes = classes
      self.levels = Array(repeating: paragraphLevel, count: classes.count)
      self.removed = classes.map(\.isRemovedByX9)
      self.matches = matches
      self.paragraphLevel = paragraphLevel
    }

    /// Runs X1-X8 over the whole line; the end of the line closes every embedding (X8).
    mutating func resolve() {
      var stack = [Status(level: paragraphLevel, override: nil, isolate: false)]
      stack.reserveCapacity(Int(BidiLine.maximumDepth) + 2)
      var overflowIsolates = 0
      var overflowEmbeddings = 0
      var validIsolates = 0
      for index in classes.indices {
        let current = stack[stack.count - 1]
        let type = classes[index]
        switch type {
        case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride,
          .leftToRightOverride:
          // X2-X5.
          levels[index] = current.level
          let rightToLeft = type == .rightToLeftEmbedding || type == .rightToLeftOverride
          let level = Self.nextLevel(above: current.level, odd: rightToLeft)
          if level <= BidiLine.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
            let override: BidiClass? =
              switch type {
              case .rightToLeftOverride: .rightToLeft
              case .leftToRightOverride: .leftToRight
              default: nil
              }
            stack.append(Status(level: level, override: override, isolate: false))
          } else if overflowIsolates == 0 {
            overflowEmbeddings += 1
          }
        case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
          // X5a-X5c.
          levels[index] = current.level
          if let override = current.override { classes[index] = override }
          var rightToLeft = type == .rightToLeftIsolate
          if type == .firstStrongIsolate {
            let end = matches[index] ?? classes.count
            rightToLeft = BidiLine.firstStrongLevel(classes, index + 1..<end, matches) == 1
          }
          let level = Self.nextLevel(above: current.level, odd: rightToLeft)
          if level <= BidiLine.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
            validIsolates += 1
            stack.append(Status(level: level, override: nil, isolate: true))
          } else {
            overflowIsolates += 1
          }
        case .popDirectionalIsolate:
          // X6a.
          if overflowIsolates > 0 {
            overflowIsolates -= 1
          } else if validIsolates > 0 {
            overflowEmbeddings = 0
            while !stack[stack.count - 1].isolate { stack.removeLast() }
            stack.removeLast()
            validIsolates -= 1
          }
          let after = stack[stack.count - 1]
          levels[index] = after.level
          if let override = after.override { classes[index] = override }
        case .popDirectionalFormat:
          // X7.
          levels[index] = current.level
          if overflowIsolates > 0 {
            break
          } else if overflowEmbeddings > 0 {
            overflowEmbeddings -= 1
          } else if !current.isolate, stack.count >= 2 {
            stack.removeLast()
          }
        case .paragraphSeparator:
          // X8 would end the paragraph; a label is one paragraph, so it keeps the
          // paragraph level and ends nothing.
          levels[index] = paragraphLevel
        case .boundaryNeutral:
          levels[index] = current.level
        default:
          // X6.
          levels[index] = current.level
          if let override = current.override { classes[index] = override }
        }
      }
    }

    /// The least odd (or even) level above `level`; past 125 when there is none.
    private static func nextLevel(above level: UInt8, odd: Bool) -> UInt8 {
      let isOdd = level & 1 == 1
      return odd ? (isOdd ? level + 2 : level + 1) : (isOdd ? level + 1 : level + 2)
    }
  }
}
