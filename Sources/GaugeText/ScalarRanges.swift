/// A set of scalar values as sorted, disjoint, non-adjacent closed ranges, looked up by binary
/// search: a few hundred ranges answer in under ten comparisons.
struct ScalarRanges: Sendable {
  /// Bounds in pairs, `[first0, last0, first1, last1, ...]`, each range closed, ascending,
  /// and apart from the next by at least one value. A flat array of integer literals, so the
  /// generated tables type-check quickly.
  let bounds: [UInt32]

  /// Takes bounds as the generator writes them.
  ///
  /// Edge cases: an odd count, a range whose first value is above its last, or ranges out of
  /// order are programmer mistakes (the generator never writes them) and trap.
  init(bounds: [UInt32]) {
    precondition(bounds.count % 2 == 0, "ScalarRanges needs bounds in pairs")
    for index in stride(from: 0, to: bounds.count, by: 2) {
      precondition(bounds[index] <= bounds[index + 1], "a range ends before it starts")
      precondition(
        index == 0 || bounds[index - 1] < bounds[index], "ranges must be sorted and disjoint")
    }
    self.bounds = bounds
  }

  /// Whether `value` lies in one of the ranges.
  func contains(_ value: UInt32) -> Bool {
    index(containing: value) != nil
  }

  /// The position of the range holding `value` (0 for the first pair of bounds), nil if
  /// none does.
  func index(containing value: UInt32) -> Int? {
    var low = 0
    var high = bounds.count / 2
    // Invariant: every range before `low` ends below `value`; every one from `high` on starts
    // above it.
    while low < high {
      let middle = (low + high) / 2
      if value > bounds[2 * middle + 1] {
        low = middle + 1
      } else if value < bounds[2 * middle] {
        high = middle
      } else {
        return middle
      }
    }
    return nil
  }

  /// Whether `scalar` lies in one of the ranges.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    contains(scalar.value)
  }
}
