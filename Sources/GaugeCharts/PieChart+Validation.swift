import GaugeGeometry
import GaugeModel
@_spi(Service) import GaugeSupport

extension PieChart {
  /// Every rule the chart breaks, each at its path (`items[3].value`) and naming the item by
  /// its label, so a message points at the data a person wrote.
  ///
  /// - Parameter earlier: how a repeated label names the item that used it first, given its
  ///   index: `of items[0]` by default; a reader of CSV says `on line 2` instead.
  @_spi(Service) public func problems(naming earlier: (Int) -> String = { "of items[\($0)]" })
    -> [Diagnostic]
  {
    var list = ProblemList()

    if items.count > PieChart.maximumItemCount {
      list.add(
        "items",
        "has \(items.count) items; at most \(PieChart.maximumItemCount) allowed (group the "
          + "smallest into one \"Other\" item)")
    }
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let path = "items[\(index)]"
      let name = JSONText.quoted(item.label)
      if item.label.allSatisfy(\.isWhitespace) {
        list.add(path + ".label", "is empty; every item needs a label for its legend entry")
      } else if let first = firstIndex[item.label] {
        list.add(
          path + ".label",
          "\(name) is also the label \(earlier(first)); labels must be unique")
      } else {
        firstIndex[item.label] = index
      }
      list.checkText(path + ".label", item.label)
      if item.value.isNaN || item.value.isInfinite {
        list.add(
          path + ".value",
          "item \(name) has the value \(FixedDecimal.plain(item.value)); values must be "
            + "finite numbers, 0 or more")
      } else if item.value < 0 {
        list.add(
          path + ".value",
          "item \(name) has the negative value \(FixedDecimal.plain(item.value)); values must "
            + "be finite numbers, 0 or more")
      }
    }
    if list.isEmpty, !total.isFinite {
      list.add("items", "the values add up to more than \(Double.greatestFiniteMagnitude)")
    }
    list.checkText("title", title)
    list.checkRange("innerRadiusRatio", innerRadiusRatio, 0...0.95)
    list.checkRange("angularInset", angularInset, 0...100)
    list.checkRange("cornerRadius", cornerRadius, 0...1000)
    if let sliceLimit, !(2...PieChart.maximumItemCount).contains(sliceLimit) {
      list.add(
        "sliceLimit",
        "\(sliceLimit) is out of range; allowed: 2...\(PieChart.maximumItemCount), or none "
          + "(0 in JSON and on the command line) to draw every item")
    }
    if let labelRadiusRatio { list.checkRange("labelRadiusRatio", labelRadiusRatio, 0...1.2) }
    if !(0...6).contains(valueFormat.decimals) {
      list.add("valueFormat.decimals", "\(valueFormat.decimals) is out of range; allowed: 0...6")
    }
    list.checkText("valueFormat.prefix", valueFormat.prefix)
    list.checkText("valueFormat.suffix", valueFormat.suffix)
    if let highlighted, firstIndex[highlighted] == nil, !items.isEmpty {
      var message = "\(JSONText.quoted(highlighted)) is not the label of any item"
      let labels = items.map(\.label)
      if let suggestion = Suggestion.closest(to: highlighted, among: labels) {
        message += "; did you mean \(JSONText.quoted(suggestion))?"
      } else if labels.count <= 8 {
        message += "; the labels are " + labels.map(JSONText.quoted).joined(separator: ", ")
      }
      list.add("highlighted", message)
    }
    return list.problems
  }

  /// Throws every problem at once.
  ///
  /// - Throws: `GaugeError.invalidChart` listing every rule the chart breaks.
  public func validate() throws(GaugeError) {
    let found = problems()
    if !found.isEmpty { throw .invalidChart(found) }
  }
}
