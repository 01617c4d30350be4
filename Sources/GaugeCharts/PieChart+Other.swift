import GaugeModel
import GaugeSupport

extension PieChart {
  /// The chart as it is drawn: when it has more items than `sliceLimit`, the largest
  /// `sliceLimit - 1` items (ties keep their input order; the highlighted item always among
  /// them) stay, in their order, and the others become one grey item labelled
  /// "Other (N items)" with their summed value, last. Otherwise the chart itself.
  ///
  /// Zeros count as items: they are the first to be grouped.
  package func grouped() -> PieChart {
    guard let limit = sliceLimit, limit >= 2, items.count > limit, otherMembers.isEmpty else {
      return self
    }
    let ranked = items.indices.sorted { a, b in
      items[a].value != items[b].value ? items[a].value > items[b].value : a < b
    }
    var kept = Set(ranked.prefix(limit - 1))
    if let highlighted, let index = items.firstIndex(where: { $0.label == highlighted }),
      !kept.contains(index)
    {
      // The highlighted item replaces the smallest kept one.
      kept.remove(ranked[limit - 2])
      kept.insert(index)
    }
    var chart = self
    chart.items = items.indices.filter { kept.contains($0) }.map { items[$0] }
    let members = items.indices.filter { !kept.contains($0) }
    let sum = members.reduce(0.0) { $0 + items[$1].value }
    var label = "Other (\(members.count) items)"
    if chart.items.contains(where: { $0.label == label }) { label += ", grouped" }
    chart.items.append(PieItem(label: label, value: sum, color: PieChart.otherColor))
    chart.otherMembers = members.map { items[$0].label }
    return chart
  }

  /// What the "Other" slice holds, for its tooltip: "Oats, Rye, Spelt" with at most `limit`
  /// labels, then "and 4 more"; empty when the chart has no such slice.
  package func otherSummary(limit: Int = 8) -> String {
    guard !otherMembers.isEmpty else { return "" }
    var text = otherMembers.prefix(limit).joined(separator: ", ")
    if otherMembers.count > limit { text += " and \(otherMembers.count - limit) more" }
    return text
  }

  /// Whether `index` is the grouped "Other" item.
  package func isOther(_ index: Int) -> Bool {
    !otherMembers.isEmpty && index == items.count - 1
  }
}
