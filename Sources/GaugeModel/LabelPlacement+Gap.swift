import GaugeGeometry
import GaugeSupport

/// The status, the end labels and the title of an image: each in one place for a gauge and
/// size, whatever the reading.
extension LabelPlacement {
  /// The texts in the gap, top to bottom, and their boxes:
  ///
  /// 1. The status slot, just under the readout's disc: found for the widest of "Below
  ///    range", "Above range" and "No data", so each shows in the same place, and kept free
  ///    in every state.
  /// 2. The end labels, level with each other and wholly below the status slot's line, so
  ///    "No data" never reads as a step of "0 … 100"; both or neither. Where they do not
  ///    fit there (a gap too narrow, about 120 px) they keep the place they have alone and
  ///    the slot goes under them; where not even that fits, they show only in readings
  ///    without a status.
  /// 3. The title, below the end labels (below the status slot without them), at the label
  ///    size or smaller; a title too long there is cut at a word, keeping two words at
  ///    least, or left out: never a stub such as "UV…".
  ///
  /// Nothing in it depends on the value but which status shows, so the ends and the title
  /// stay put from reading to reading, and they stay when the value is off the scale.
  func gapTexts(state: GaugeState) -> (labels: [GaugeLabel], boxes: [TextBox]) {
    var labels: [GaugeLabel] = []
    var placed: [TextBox] = []
    /// A band across the image down to `bottom`: what goes under a text avoids it.
    func band(_ bottom: Double) -> TextBox { TextBox(minX: 0, minY: 0, maxX: width, maxY: bottom) }
    let statuses = [GaugeState.below, .above, .noData].compactMap { gauge.statusText($0) }
    let widest = statuses.max {
      box($0, size: 1, at: center).maxX < box($1, size: 1, at: center).maxX
    }
    // The scale's end numbers in the ring's hole (with tick numbers) keep their places: the
    // slot and the title go clear of them.
    var ends: [GaugeLabel] = []
    var scaleEnds: [TextBox] = []
    if tickBand > 0 && gauge.labels.showEnds {
      let count = gauge.labels.ticks
      for k in [0, count] {
        let bearing = sectorLayout.angle(atProgress: Double(k) / Double(count))
        if let (_, box) = insideRing(
          tickText(k), size: scaleTextSize, bearing: bearing, inset: 2 * margin)
        {
          scaleEnds.append(box)
        }
      }
    }
    var slot = widest.flatMap { gapLine(.status, $0, avoiding: scaleEnds) }
    // With tick numbers, the ends are the first and last of them (`tickNumbers`).
    if gauge.labels.showEnds && tickBand == 0 {
      ends = endLabels(avoiding: slot.map { [box(of: $0), band(box(of: $0).maxY)] } ?? [])
      if ends.isEmpty, let widest {
        // No room under the slot (a narrow gap, about 120 px): the ends where they stand
        // alone, and the slot under them, still never on their line.
        let alone = endLabels(avoiding: [])
        let bottom = alone.map { box(of: $0).maxY }.max() ?? 0
        if !alone.isEmpty,
          let lower = gapLine(.status, widest, avoiding: alone.map(box(of:)) + [band(bottom)])
        {
          ends = alone
          slot = lower
        } else if gauge.statusText(state) == nil || slot == nil {
          // No room for both (a 120 px stress gauge): the ends where they stand alone, in
          // the readings without a status; the status outranks them.
          ends = alone
        }
      }
    }
    var floor: Double?
    if let slot {
      placed.append(box(of: slot))
      floor = box(of: slot).maxY
      if let status = gauge.statusText(state) {
        labels.append(
          GaugeLabel(
            role: .status, text: status, position: slot.position, fontSize: slot.fontSize,
            anchor: .middle))
      }
    }
    for end in ends {
      labels.append(end)
      placed.append(box(of: end))
      floor = Swift.max(floor ?? 0, box(of: end).maxY)
    }
    if let title = gauge.title, !title.isEmpty {
      let avoiding = placed + scaleEnds + (floor.map { [band($0)] } ?? [])
      if let label = gapLine(.title, title, avoiding: avoiding)
        ?? shortenedAtWord(title, avoiding: avoiding)
      {
        labels.append(label)
        placed.append(box(of: label))
      }
    }
    return (labels, placed)
  }

  /// The start and end labels stepped along the ring's tangent into the gap until both are
  /// clear, by the same distance so they sit level; none when either has no clear place.
  func endLabels(avoiding placed: [TextBox]) -> [GaugeLabel] {
    let startText = gauge.labels.start ?? gauge.readout.number(gauge.min)
    let endText = gauge.labels.end ?? gauge.readout.number(gauge.max)
    let both = [
      (TextRole.start, startText, sectorLayout.arcStart, -1.0),
      (TextRole.end, endText, sectorLayout.arcEnd, 1.0),
    ]
    var step = 0.0
    for (role, text, bearing, sign) in both {
      guard
        let found = endLabel(
          role, text, bearing: bearing, towards: sign, from: step, avoiding: placed)
      else { return [] }
      step = Swift.max(step, found.step)
    }
    // The farther step for both (the end steps on past the start's box if it must).
    var labels: [GaugeLabel] = []
    var taken = placed
    for (role, text, bearing, sign) in both {
      guard
        let found = endLabel(
          role, text, bearing: bearing, towards: sign, from: step, avoiding: taken)
      else { return [] }
      labels.append(found.label)
      taken.append(box(of: found.label))
    }
    return labels
  }

  /// A title too long for the gap, cut after its last word that fits at the minimum size,
  /// with "…"; `nil` when fewer than two words would be left, a stub that names nothing.
  func shortenedAtWord(_ title: String, avoiding placed: [TextBox]) -> GaugeLabel? {
    let words = title.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count > 2 else { return nil }
    // From the longest start down: fitting only gets easier as the text shrinks.
    for kept in stride(from: words.count - 1, through: 2, by: -1) {
      let text = words[..<kept].joined(separator: " ") + "…"
      if let label = gapLine(.title, text, avoiding: placed) { return label }
    }
    return nil
  }
}
