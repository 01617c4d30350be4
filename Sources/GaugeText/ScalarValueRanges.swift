/// A property with a small value per scalar, as sorted disjoint closed ranges each with its
/// value, looked up by binary search; scalars in no range have the property's default.
struct ScalarValueRanges: Sendable {
  /// The ranges, as `ScalarRanges` keeps them.
  let ranges: ScalarRanges
  /// The value of each range, one per pair of bounds.
  let values: [UInt8]

  /// Takes bounds and values as `scripts/generate-bidi-tables` writes them.
  ///
  /// Edge cases: an odd count of bounds, a value count that does not match, or ranges out
  /// of order are programmer mistakes (the generator never writes them) and trap.
  init(bounds: [UInt32], values: [UInt8]) {
    precondition(values.count * 2 == bounds.count, "ScalarValueRanges needs a value per range")
    ranges = ScalarRanges(bounds: bounds)
    self.values = values
  }

  /// The value of the range holding `value`, nil if none does.
  func value(for value: UInt32) -> UInt8? {
    ranges.index(containing: value).map { values[$0] }
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
