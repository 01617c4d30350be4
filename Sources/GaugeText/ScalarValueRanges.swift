/// A property with a small value per scalar, as sorted disjoint closed ranges each with its
/// value, looked up by binary search; scalars in no range have the property's default.
struct ScalarValueRanges: Sendable {
  /// Bounds in pairs, `[first0, last0, first1, last1, ...]`, closed and ascending, as the
  /// generator writes them.
  let bounds: [UInt32]
  /// The value of each range, one per pair of bounds.
  let values: [UInt8]

  /// Takes bounds and values as `scripts/generate-bidi-tables` writes them.
  ///
  /// Edge cases: an odd count of bounds, a value count that does not match, or ranges out
  /// of order are programmer mistakes (the generator never writes them) and trap.
  init(bounds: [UInt32], values: [UInt8]) {
    precondition(bounds.count % 2 == 0, "ScalarValueRanges needs bounds in pairs")
    precondition(values.count * 2 == bounds.count, "ScalarValueRanges needs a value per range")
    for index in stride(from: 0, to: bounds.count, by: 2) {
      precondition(bounds[index] <= bounds[index + 1], "a range ends before it starts")
      precondition(index == 0 || bounds[index - 1] < bounds[index], "ranges must be sorted")
    }
    self.bounds = bounds
    self.values = values
  }

  /// The value of the range holding `value`, nil if none does.
  func value(for value: UInt32) -> UInt8? {
    var low = 0
    var high = values.count
    // Invariant: every range before `low` ends below `value`; every one from `high` on
    // starts above it.
    while low < high {
      let middle = (low + high) / 2
      if value > bounds[2 * middle + 1] {
        low = middle + 1
      } else if value < bounds[2 * middle] {
        high = middle
      } else {
        return values[middle]
      }
    }
    return nil
  }
}

extension UnicodeTables {
  /// The second value of the pair whose first value is `key`, in a flat array of pairs
  /// sorted by first value; nil if there is none.
  static func pairValue(_ pairs: [UInt32], _ key: UInt32) -> UInt32? {
    var low = 0
    var high = pairs.count / 2
    while low < high {
      let middle = (low + high) / 2
      if key > pairs[2 * middle] {
        low = middle + 1
      } else if key < pairs[2 * middle] {
        high = middle
      } else {
        return pairs[2 * middle + 1]
      }
    }
    return nil
  }
}
