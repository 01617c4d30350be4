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
    guard let text, text.utf8.count > limit, text.count > limit else { return }
    add(path, "is \(text.count) characters long; at most \(limit) allowed")
  }
}
