import GaugeGeometry

/// Problems collected while checking a gauge or a chart, with the checks both share, so the
/// same mistake reads the same in either.
package struct ProblemList {
  /// The longest label, title, prefix, suffix or placeholder, in characters.
  package static let maximumTextLength = 200

  package init() {}

  package private(set) var problems: [Diagnostic] = []

  package var isEmpty: Bool { problems.isEmpty }

  package mutating func add(_ path: String, _ message: String) {
    problems.append(Diagnostic(path: path, message: message))
  }

  /// "… is out of range; allowed: 0...0.95" unless `value` is finite and in `range`.
  package mutating func checkRange(_ path: String, _ value: Double, _ range: ClosedRange<Double>) {
    guard !(value.isFinite && range.contains(value)) else { return }
    add(
      path,
      "\(FixedDecimal.plain(value)) is out of range; allowed: "
        + "\(FixedDecimal.plain(range.lowerBound))...\(FixedDecimal.plain(range.upperBound))")
  }

  /// "is 240 characters long; at most 200 allowed", counting characters as people see them.
  package mutating func checkText(
    _ path: String, _ text: String?, limit: Int = ProblemList.maximumTextLength
  ) {
    // Never more characters than UTF-8 bytes: most texts need no counting.
    guard let text, text.utf8.count > limit else { return }
    // Marks stacked on one letter past the two an accent needs count as characters of their
    // own, so one letter with thousands of marks is refused, not drawn as one tall cluster.
    var stacked = 0
    for character in text {
      var marks = 0
      for scalar in character.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: marks += 1
        default: continue
        }
      }
      stacked += Swift.max(0, marks - 2)
    }
    let length = text.count + stacked
    guard length > limit else { return }
    add(
      path,
      stacked == 0
        ? "is \(length) characters long; at most \(limit) allowed"
        : "is \(length) characters long, counting \(stacked) combining marks stacked past two on "
          + "a letter; at most \(limit) allowed")
  }
}
