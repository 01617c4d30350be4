import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// A legend laid out as a table: entries run down each column, then across, and every entry
/// has the same columns (swatch, label, value, share), measured with the font's metrics.
package struct LegendGrid {
  /// Per shown entry: the item (`nil` for "+N more") and its label, already fitted.
  var entries: [(index: Int?, label: String)]
  var rows: Int
  /// The width given to labels, in pixels.
  var labelWidth: Double
  var valueWidth: Double
  var shareWidth: Double
  /// One entry's width and the whole block's, in pixels.
  var cellWidth: Double
  var width: Double
  var height: Double
}

extension PiePlacement {
  var rowHeight: Double { fontSize * 1.6 }
  private var swatchSide: Double { fontSize * 0.85 }
  private var swatchGap: Double { fontSize * 0.45 }
  /// Between the label, value and share columns.
  private var columnGap: Double { fontSize * 0.8 }
  /// Between two columns of entries.
  private var entryGap: Double { fontSize * 1.6 }
  /// The narrowest a label column gets before the legend is too narrow to be worth it.
  private var narrowestLabel: Double { fontSize * 3 }

  private func measure(_ text: String) -> Double {
    fonts.width(of: text, weight: .regular) * fontSize
  }

  /// The value as the legend prints it.
  func legendValue(_ index: Int) -> String {
    chart.valueText(chart.items[index].value, decimals: valueDecimals)
  }

  /// The share as the legend prints it, to a tenth of a percent; "–" when the total is 0.
  func legendShare(_ index: Int) -> String {
    let total = chart.total
    return total > 0 ? chart.preciseShareText(chart.items[index].value / total) : "–"
  }

  /// The table for the items in `order`, at most `width` wide (wider only when even the
  /// narrowest label column does not fit: the frame then drops the legend) and
  /// `maximumHeight` tall; `columns` `nil` uses as many columns of entries as fit.
  func legendGrid(width available: Double, maximumHeight: Double, columns: Int?) -> LegendGrid {
    let valueWidth = order.map { measure(legendValue($0)) }.max() ?? 0
    let shareWidth = order.map { measure(legendShare($0)) }.max() ?? 0
    let fixed = swatchSide + swatchGap + 2 * columnGap + valueWidth + shareWidth
    let widestLabel = order.map { measure(chart.items[$0].label) }.max() ?? 0
    var columnCount = columns ?? Int((available + entryGap) / (fixed + widestLabel + entryGap))
    columnCount = Swift.max(1, Swift.min(columnCount, order.count))
    let maximumRows = Swift.max(1, Int(maximumHeight / rowHeight))
    var rows = Swift.min(maximumRows, (order.count + columnCount - 1) / columnCount)
    // As few columns as the rows need, so a short list is not spread thin.
    columnCount = Swift.max(1, Swift.min(columnCount, (order.count + rows - 1) / rows))
    rows = Swift.min(rows, (order.count + columnCount - 1) / columnCount)
    // Too many items for the rows: more columns, with labels down to the narrowest,
    // before any item becomes "+N more".
    while columns == nil, rows * columnCount < order.count,
      (available + entryGap) / Double(columnCount + 1) - entryGap - fixed >= narrowestLabel
    {
      columnCount += 1
      rows = Swift.min(maximumRows, (order.count + columnCount - 1) / columnCount)
    }
    let room = (available + entryGap) / Double(columnCount) - entryGap - fixed
    let labelWidth = Swift.max(narrowestLabel, Swift.min(widestLabel, room))
    let capacity = rows * columnCount
    var entries: [(index: Int?, label: String)] = []
    let shown = order.count > capacity ? capacity - 1 : order.count
    for index in order.prefix(shown) {
      entries.append(
        (
          index,
          fonts.truncated(
            chart.items[index].label, toWidth: labelWidth / fontSize, weight: .regular)
        ))
    }
    if shown < order.count { entries.append((nil, "+\(order.count - shown) more")) }
    let cellWidth = fixed + labelWidth
    let used = (entries.count + rows - 1) / rows
    return LegendGrid(
      entries: entries, rows: rows, labelWidth: labelWidth, valueWidth: valueWidth,
      shareWidth: shareWidth, cellWidth: cellWidth,
      width: Double(used) * cellWidth + Double(used - 1) * entryGap,
      height: Double(rows) * rowHeight)
  }

  /// The grid's entries with the block's top-left corner at (`x`, `top`).
  func legendEntries(_ grid: LegendGrid, x: Double, top: Double) -> [LegendEntry] {
    grid.entries.enumerated().map { number, entry in
      let left = x + Double(number / grid.rows) * (grid.cellWidth + entryGap)
      let y = top + (Double(number % grid.rows) + 0.5) * rowHeight
      func text(_ content: String, at x: Double, anchor: TextAnchor) -> ChartText {
        ChartText(
          text: content, position: Point(x: x, y: y), fontSize: fontSize, anchor: anchor,
          bold: false, color: nil)
      }
      guard let index = entry.index else {
        return LegendEntry(
          itemIndex: nil, swatchOrigin: nil, swatchSide: 0, color: nil,
          text: text(entry.label, at: left, anchor: .start))
      }
      let labelX = left + swatchSide + swatchGap
      let valueX = labelX + grid.labelWidth + columnGap + grid.valueWidth
      return LegendEntry(
        itemIndex: index, swatchOrigin: Point(x: left, y: y - swatchSide / 2),
        swatchSide: swatchSide, color: colors[index],
        text: text(entry.label, at: labelX, anchor: .start),
        value: text(legendValue(index), at: valueX, anchor: .end),
        share: text(legendShare(index), at: valueX + columnGap + grid.shareWidth, anchor: .end))
    }
  }
}
