extension PieChart {
  /// Every rule the chart breaks, each at its path (`items[3].value`) and naming the item by
  /// its label, so a message points at the data a person wrote.
  public func problems() -> [Diagnostic] {
    var problems: [Diagnostic] = []
    func problem(_ path: String, _ message: String) {
      problems.append(Diagnostic(path: path, message: message))
    }
    func checkRange(_ path: String, _ value: Double, _ range: ClosedRange<Double>) {
      guard !(value.isFinite && range.contains(value)) else { return }
      problem(
        path,
        "\(FixedDecimal.plain(value)) is out of range; allowed: "
          + "\(FixedDecimal.plain(range.lowerBound))...\(FixedDecimal.plain(range.upperBound))")
    }
    func checkText(_ path: String, _ text: String?) {
      let limit = Gauge.maximumTextLength
      guard let text, text.utf8.count > limit, text.count > limit else { return }
      problem(path, "is \(text.count) characters long; at most \(limit) allowed")
    }

    if items.count > PieChart.maximumItemCount {
      problem(
        "items",
        "has \(items.count) items; at most \(PieChart.maximumItemCount) allowed (group the "
          + "smallest into one \"Other\" item)")
    }
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let path = "items[\(index)]"
      let name = JSONText.quoted(item.label)
      if item.label.allSatisfy(\.isWhitespace) {
        problem(path + ".label", "is empty; every item needs a label for its legend entry")
      } else if let first = firstIndex[item.label] {
        problem(
          path + ".label",
          "\(name) is also the label of items[\(first)]; labels must be unique")
      } else {
        firstIndex[item.label] = index
      }
      checkText(path + ".label", item.label)
      if item.value.isNaN || item.value.isInfinite {
        problem(
          path + ".value",
          "item \(name) has the value \(FixedDecimal.plain(item.value)); values must be "
            + "finite numbers, 0 or more")
      } else if item.value < 0 {
        problem(
          path + ".value",
          "item \(name) has the negative value \(FixedDecimal.plain(item.value)); values must "
            + "be finite numbers, 0 or more")
      }
    }
    if problems.isEmpty, !total.isFinite {
      problem("items", "the values add up to more than \(Double.greatestFiniteMagnitude)")
    }
    checkText("title", title)
    checkRange("innerRadiusRatio", innerRadiusRatio, 0...0.95)
    checkRange("angularInset", angularInset, 0...100)
    checkRange("cornerRadius", cornerRadius, 0...1000)
    if let labelRadiusRatio { checkRange("labelRadiusRatio", labelRadiusRatio, 0...1.2) }
    if !(0...6).contains(valueFormat.decimals) {
      problem("valueFormat.decimals", "\(valueFormat.decimals) is out of range; allowed: 0...6")
    }
    checkText("valueFormat.prefix", valueFormat.prefix)
    checkText("valueFormat.suffix", valueFormat.suffix)
    if let highlighted, firstIndex[highlighted] == nil, !items.isEmpty {
      var message = "\(JSONText.quoted(highlighted)) is not the label of any item"
      let labels = items.map(\.label)
      if let suggestion = Suggestion.closest(to: highlighted, among: labels) {
        message += "; did you mean \(JSONText.quoted(suggestion))?"
      } else if labels.count <= 8 {
        message += "; the labels are " + labels.map(JSONText.quoted).joined(separator: ", ")
      }
      problem("highlighted", message)
    }
    return problems
  }

  /// Throws every problem at once.
  ///
  /// - Throws: `GaugeError.invalidChart` listing every rule the chart breaks.
  public func validate() throws(GaugeError) {
    let found = problems()
    if !found.isEmpty { throw .invalidChart(found) }
  }
}
