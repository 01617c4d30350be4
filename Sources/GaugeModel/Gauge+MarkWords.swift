import GaugeLocalization

extension Gauge {
  /// What the accessible name adds for `marks`, each phrase after the locale's list
  /// separator: ", Goal 30, up 7 since 35, range 30–55". Empty without markers, a reference
  /// or a range. Numbers are written as the readout writes them, in the locale's digits.
  package func marksSummary(_ marks: GaugeMarks) -> String {
    markerPhrases + referencePhrase(marks.reference) + rangePhrase(marks.range?.range)
  }

  /// ", Goal 30, Cap 130 (above range)": the markers, which do not depend on the reading,
  /// so a renderer drawing many images writes them once.
  package var markerPhrases: String {
    guard !markers.isEmpty else { return "" }
    let words = MarkWords.words(for: readout.words.language)
    let separator = readout.words.listSeparator
    var text = ""
    for marker in markers {
      let template: String
      switch state(of: marker.value).state {
      case .below: template = words.markerBelow
      case .above: template = words.markerAbove
      case .normal, .noData: template = words.marker
      }
      text += separator
      text += LocaleWords.filled(
        template, ["label": marker.label, "value": readout.number(marker.value)])
    }
    return text
  }

  /// ", up 7 since 35", or ", reference 35" without a value; empty without a reference.
  package func referencePhrase(_ reference: PlacedReference?) -> String {
    guard let reference else { return "" }
    return referencePhrases(reference.value).phrase(reference)
  }

  /// The phrases for one reference, filled in but for the change: a renderer with a fixed
  /// reference makes them once, and each image only puts its change in.
  package func referencePhrases(_ reference: Double) -> ReferencePhrases {
    let words = MarkWords.words(for: readout.words.language)
    let number = readout.number(reference)
    let separator = readout.words.listSeparator
    // The change's place, marked with a character no template holds, then cut there.
    func split(_ template: String) -> (String, String) {
      let filled = MarkWords.filled(template, change: "\u{0}", reference: number)
      guard let mark = filled.firstIndex(of: "\u{0}") else { return (separator + filled, "") }
      return (separator + filled[..<mark], String(filled[filled.index(after: mark)...]))
    }
    let up = split(words.up)
    let down = split(words.down)
    return ReferencePhrases(
      value: reference, upBefore: up.0, upAfter: up.1, downBefore: down.0, downAfter: down.1,
      unchanged: split(words.unchanged).0, alone: split(words.reference).0)
  }

  /// ", lap 2" for a wrapping gauge's reading past its first lap, in the locale's digits;
  /// empty for the first lap.
  package func lapPhrase(_ lap: Int) -> String {
    guard lap > 1 else { return "" }
    let words = MarkWords.words(for: readout.words.language)
    return readout.words.listSeparator
      + LocaleWords.filled(words.lap, ["lap": readout.count(lap)])
  }

  /// ", range 30–55"; empty without a range.
  package func rangePhrase(_ range: ClosedRange<Double>?) -> String {
    guard let range, range.problem == nil else { return "" }
    let words = MarkWords.words(for: readout.words.language)
    return readout.words.listSeparator
      + LocaleWords.filled(
        words.range,
        ["low": readout.number(range.lowerBound), "high": readout.number(range.upperBound)])
  }
}

/// The accessible phrases for one reference with the change left out: `phrase(_:)` puts it
/// in.
package struct ReferencePhrases: Sendable {
  /// The reference they were made for.
  package let value: Double
  let upBefore: String
  let upAfter: String
  let downBefore: String
  let downAfter: String
  let unchanged: String
  let alone: String

  /// ", up 7 since 35" for a placed reference of `value`.
  package func phrase(_ reference: PlacedReference) -> String {
    guard let size = reference.changeText else { return alone }
    switch reference.direction {
    case 0: return unchanged
    case 1: return Self.joined(upBefore, size, upAfter)
    default: return Self.joined(downBefore, size, downAfter)
    }
  }

  /// What `phrase(_:)` writes before and after the change's size for a change in
  /// `direction` (1 up, -1 down, 0 none, which names no size), or for no change at all
  /// (`nil`: the reference alone).
  package func parts(direction: Int?) -> (before: String, after: String) {
    guard let direction else { return (alone, "") }
    switch direction {
    case 0: return (unchanged, "")
    case 1: return (upBefore, upAfter)
    default: return (downBefore, downAfter)
    }
  }

  /// Three strings as one, in one allocation.
  private static func joined(_ first: String, _ second: String, _ third: String) -> String {
    var text = first
    text.reserveCapacity(first.utf8.count + second.utf8.count + third.utf8.count)
    text += second
    text += third
    return text
  }
}
