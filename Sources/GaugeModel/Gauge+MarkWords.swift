import GaugeLocalization

extension Gauge {
  /// What the accessible name adds for `marks`, each phrase after the locale's list
  /// separator: ", Goal 30, up 7 since 35, range 30–55". Empty without markers, a reference
  /// or a range. Numbers are written as the readout writes them, in the locale's digits.
  package func marksSummary(_ marks: GaugeMarks) -> String {
    let words = MarkWords.words(for: readout.words.language)
    let separator = readout.words.listSeparator
    var text = ""
    for placed in marks.markers {
      let template: String
      switch placed.state {
      case .below: template = words.markerBelow
      case .above: template = words.markerAbove
      case .normal, .noData: template = words.marker
      }
      text += separator
      text += LocaleWords.filled(
        template, ["label": placed.marker.label, "value": readout.number(placed.marker.value)])
    }
    if let reference = marks.reference {
      let number = readout.number(reference.value)
      text += separator
      if let change = reference.change {
        let size = readout.number(change.magnitude)
        let template =
          size == readout.number(0) ? words.unchanged : change > 0 ? words.up : words.down
        text += LocaleWords.filled(template, ["change": size, "reference": number])
      } else {
        text += LocaleWords.filled(words.reference, ["reference": number])
      }
    }
    if let range = marks.range {
      text += separator
      text += LocaleWords.filled(
        words.range,
        ["low": readout.number(range.range.low), "high": readout.number(range.range.high)])
    }
    return text
  }
}
