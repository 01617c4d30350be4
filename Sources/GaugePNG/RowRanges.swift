/// Rows of an image as a few disjoint ranges, in order: the rows that drawing changed, kept
/// apart where one range would take in every row between them. A gauge's pointer at the top
/// of its ring and its readout in the middle are two ranges, and the hundred-odd rows between
/// them, which neither touched, are neither compared, encoded again nor copied back.
///
/// At most ``limit`` ranges are kept: past that, the two closest are joined, rows between
/// included, so a set always holds every row inserted (and perhaps some more).
///
/// Each range may also say which columns of its rows were drawn (`columns`, the smallest
/// range holding every column inserted with its rows): a canvas copies back only those.
package struct RowRanges: Sendable, Hashable {
  /// The most ranges kept apart.
  package static let limit = 4

  /// The ranges, in order, none empty, none touching another.
  package private(set) var ranges: [Range<Int>] = []
  /// For each range, the columns inserted with its rows (every column, `0..<Int.max`, when
  /// an insertion did not say).
  package private(set) var columns: [Range<Int>] = []

  /// No rows.
  package init() {}

  /// The rows of `rows`.
  package init(_ rows: Range<Int>) {
    insert(rows)
  }

  /// Whether the set holds no row.
  package var isEmpty: Bool { ranges.isEmpty }

  /// Whether `row` is in the set.
  package func contains(_ row: Int) -> Bool {
    ranges.contains { $0.contains(row) }
  }

  /// Whether any row of `rows` is in the set.
  package func overlaps(_ rows: Range<Int>) -> Bool {
    ranges.contains { $0.overlaps(rows) }
  }

  /// Adds `rows`, with the columns drawn in them (every column when `nil`), joining the
  /// ranges it overlaps or touches; past ``limit`` ranges, the two with the fewest rows
  /// between them are joined.
  package mutating func insert(_ rows: Range<Int>, columns drawn: Range<Int>? = nil) {
    guard !rows.isEmpty else { return }
    let drawn = drawn ?? 0..<Int.max
    // Drawing goes on in the rows it last touched most of the time: extend the last range.
    let last = ranges.count - 1
    if last >= 0, rows.lowerBound <= ranges[last].upperBound,
      rows.upperBound >= ranges[last].lowerBound,
      last == 0 || rows.lowerBound > ranges[last - 1].upperBound
    {
      ranges[last] = Self.hull(ranges[last], rows)
      columns[last] = Self.hull(columns[last], drawn)
      return
    }
    var merged = (rows: rows, columns: drawn)
    var kept: [(rows: Range<Int>, columns: Range<Int>)] = []
    kept.reserveCapacity(ranges.count + 1)
    var placed = false
    for (range, rangeColumns) in zip(ranges, columns) {
      if range.upperBound < merged.rows.lowerBound {
        kept.append((range, rangeColumns))
      } else if range.lowerBound > merged.rows.upperBound {
        if !placed {
          kept.append(merged)
          placed = true
        }
        kept.append((range, rangeColumns))
      } else {
        merged = (Self.hull(merged.rows, range), Self.hull(merged.columns, rangeColumns))
      }
    }
    if !placed { kept.append(merged) }
    while kept.count > Self.limit {
      var closest = 0
      for index in 1..<(kept.count - 1)
      where kept[index + 1].rows.lowerBound - kept[index].rows.upperBound
        < kept[closest + 1].rows.lowerBound - kept[closest].rows.upperBound
      {
        closest = index
      }
      kept[closest] = (
        Self.hull(kept[closest].rows, kept[closest + 1].rows),
        Self.hull(kept[closest].columns, kept[closest + 1].columns)
      )
      kept.remove(at: closest + 1)
    }
    ranges = kept.map(\.rows)
    columns = kept.map(\.columns)
  }

  /// The smallest range holding both, neither empty.
  private static func hull(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }
}
