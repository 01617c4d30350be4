/// Problems collected while checking a gauge or a chart, with the checks both share, so the
/// same mistake reads the same in either.
struct ProblemList {
  private(set) var problems: [Diagnostic] = []

  var isEmpty: Bool { problems.isEmpty }

  mutating func add(_ path: String, _ message: String) {
    problems.append(Diagnostic(path: path, message: message))
  }

  /// "… is out of range; allowed: 0...0.95" unless `value` is finite and in `range`.
  mutating func checkRange(_ path: String, _ value: Double, _ range: ClosedRange<Double>) {
    guard !(value.isFinite && range.contains(value)) else { return }
    add(
      path,
      "\(FixedDecimal.plain(value)) is out of range; allowed: "
        + "\(FixedDecimal.plain(range.lowerBound))...\(FixedDecimal.plain(range.upperBound))")
  }

  /// "is 240 characters long; at most 200 allowed", counting characters as people see them.
  mutating func checkText(_ path: String, _ text: String?, limit: Int = Gauge.maximumTextLength) {
    // Never more characters than UTF-8 bytes: most texts need no counting.
    guard let text, text.utf8.count > limit, text.count > limit else { return }
    add(path, "is \(text.count) characters long; at most \(limit) allowed")
  }
}
