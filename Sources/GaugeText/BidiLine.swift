/// The direction a paragraph is laid out in when the caller decides it.
package enum BaseDirection: Sendable, Hashable {
  case leftToRight
  case rightToLeft
}

/// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0) for one line that is one
/// paragraph: the embedding level of each scalar, and the order to draw them in.
///
/// It runs P2-P3 (the paragraph level from the first strong character, isolates skipped),
/// X1-X10 (embeddings, overrides and isolates, closed at the end of the line), W1-W7, N0
/// (paired brackets), N1-N2, I1-I2, L1 (trailing white space and separators back to the
/// paragraph level) and L2 (reordering). L3 (combining marks) and L4 (mirroring: see
/// `BidiClass.mirror(of:)`) are the renderer's.
///
/// Characters X9 removes (embeddings, overrides, PDF, boundary neutrals such as ZWJ) take
/// the level of the character before them (the paragraph level at the start), as UAX #9
/// section 5.2 suggests, so they stay beside it in `visualOrder()`; `isRemoved` names them.
///
/// Edge cases:
/// - An empty line has no levels; its paragraph level is 0, or 1 for `.rightToLeft`.
/// - A paragraph separator (U+2029, line feed...) inside the line is treated as a neutral
///   that ends nothing: a label is one paragraph.
/// - Embeddings deeper than 125 levels, and brackets nested deeper than 63, are ignored as
///   UAX #9 says (BD2, BD16), so work stays linear in the length for any input.
package struct BidiLine: Sendable {
  /// The paragraph embedding level: 0 left to right, 1 right to left.
  package let paragraphLevel: UInt8
  /// The resolved level of each scalar, after L1: odd levels run right to left.
  package let levels: [UInt8]
  /// Whether X9 removed each scalar from the algorithm (its level is only a placement).
  package let isRemoved: [Bool]

  /// The deepest embedding level (BD2).
  static let maximumDepth: UInt8 = 125

  /// Resolves `scalars` as one paragraph, with the paragraph level from the first strong
  /// character (P2-P3) unless `direction` is given.
  package init(_ scalars: [Unicode.Scalar], direction: BaseDirection? = nil) {
    self.init(scalars, classes: scalars.map(BidiClass.init), direction: direction)
  }

  /// Resolves scalars whose classes are already known (`classes[i]` for `scalars[i]`).
  init(_ scalars: [Unicode.Scalar], classes original: [BidiClass], direction: BaseDirection?) {
    precondition(scalars.count == original.count, "a class per scalar")
    let matches = Self.matchingIsolates(original)
    let paragraphLevel: UInt8 =
      switch direction {
      case .leftToRight: 0
      case .rightToLeft: 1
      case nil: Self.firstStrongLevel(original, 0..<original.count, matches) ?? 0
      }
    var explicit = ExplicitLevels(
      classes: original, matches: matches, paragraphLevel: paragraphLevel)
    explicit.resolve()
    var resolver = ImplicitResolver(
      scalars: scalars, original: original, classes: explicit.classes, levels: explicit.levels,
      removed: explicit.removed, matches: matches, paragraphLevel: paragraphLevel)
    resolver.resolve()
    var levels = resolver.levels
    Self.resetTrailingWhitespace(&levels, original, explicit.removed, paragraphLevel)
    // Removed characters sit beside the character before them.
    var previous = paragraphLevel
    for index in levels.indices {
      if explicit.removed[index] { levels[index] = previous } else { previous = levels[index] }
    }
    self.paragraphLevel = paragraphLevel
    self.levels = levels
    self.isRemoved = explicit.removed
  }

  /// The scalar indices in drawing order, left to right (L2).
  package func visualOrder() -> [Int] { Self.reorder(levels) }

  /// L2 for any items with levels: from the highest level down to the lowest odd one, every
  /// run of items at that level or higher is reversed. The indices of `levels`, left to
  /// right.
  package static func reorder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min()
    else { return order }
    var level = highest
    while level >= lowestOdd {
      var start = 0
      while start < order.count {
        guard levels[order[start]] >= level else {
          start += 1
          continue
        }
        var end = start
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[start..<end].reverse()
        start = end
      }
      level -= 1
    }
    return order
  }

  /// Whether the text needs the algorithm at all: it has a right-to-left character or
  /// control (R, AL, RLE, RLO, RLI) or an Arabic number (AN: Arabic-Indic digits, which a
  /// neutral between them reverses: "١ ٢" draws as "٢ ١"). Without one, nothing moves.
  package static func needsReordering(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
    // Nothing below U+0590 (Hebrew) is right to left or an Arabic number.
    scalars.contains {
      guard $0.value >= 0x590 else { return false }
      let type = BidiClass($0)
      return type.isRightToLeft || type == .arabicNumber
    }
  }

  /// The index of the isolate's matching PDI for each isolate initiator (BD9), nil for
  /// other characters and initiators without one.
  static func matchingIsolates(_ classes: [BidiClass]) -> [Int?] {
    var matches = [Int?](repeating: nil, count: classes.count)
    var open: [Int] = []
    for (index, type) in classes.enumerated() {
      if type.isIsolateInitiator {
        open.append(index)
      } else if type == .popDirectionalIsolate, let initiator = open.popLast() {
        matches[initiator] = index
      }
    }
    return matches
  }

  /// P2-P3 over `range`: 1 if the first strong character outside isolates is R or AL, 0 if
  /// it is L, nil if there is none.
  static func firstStrongLevel(
    _ classes: [BidiClass], _ range: Range<Int>, _ matches: [Int?]
  ) -> UInt8? {
    var index = range.lowerBound
    while index < range.upperBound {
      switch classes[index] {
      case .leftToRight: return 0
      case .rightToLeft, .arabicLetter: return 1
      case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
        // Skip to the matching PDI; without one the isolate runs to the end.
        guard let match = matches[index] else { return nil }
        index = match
      default: break
      }
      index += 1
    }
    return nil
  }

  /// L1: separators, and white space and isolate controls before them or at the end of
  /// the line, go back to the paragraph level. Removed characters among them go too.
  static func resetTrailingWhitespace(
    _ levels: inout [UInt8], _ classes: [BidiClass], _ removed: [Bool], _ paragraphLevel: UInt8
  ) {
    var trailing = true
    for index in classes.indices.reversed() {
      switch classes[index] {
      case .segmentSeparator, .paragraphSeparator:
        levels[index] = paragraphLevel
        trailing = true
      case .whiteSpace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
        .popDirectionalIsolate:
        if trailing { levels[index] = paragraphLevel }
      default:
        if removed[index] {
          if trailing { levels[index] = paragraphLevel }
        } else {
          trailing = false
        }
      }
    }
  }
}

extension BidiLine {
  /// Whether `text`, as one line, reads right to left: its first strong character (outside
  /// isolates) is Hebrew or Arabic, or an embedding says so. An SVG names that direction, so
  /// that a viewer orders the line as the PNG does.
  package static func isRightToLeft(_ text: String) -> Bool {
    guard needsReordering(text.unicodeScalars) else { return false }
    // P2-P3 only: the levels of the rest of the line are not needed to name its direction.
    let classes = text.unicodeScalars.map(BidiClass.init)
    return firstStrongLevel(classes, 0..<classes.count, matchingIsolates(classes)) == 1
  }
}
