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
  /// 3. The title, below the end labels (below the status slot without them), at the title
  ///    size or smaller down to the end labels' size; a title too long there is cut at a
  ///    word, keeping two words at least, or left out: never a stub such as "UV…".
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
    // (Numbered too without end labels: the tick numbers include the ends.)
    if tickBand > 0 {
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
    // The readout at its widest: the slot may start right under it.
    let readout = readoutExtent
    var slot = widest.flatMap { gapLine(.status, $0, avoiding: scaleEnds + [readout]) }
    // With tick numbers, the ends are the first and last of them (`tickNumbers`).
    if gauge.labels.showEnds && tickBand == 0 {
      let belowSlot = [readout] + (slot.map { [box(of: $0), band(box(of: $0).maxY)] } ?? [])
      ends = endLabels(avoiding: belowSlot)
      if ends.isEmpty || !standApart(ends) {
        // Under the arc's ends, beyond the ring, still below the slot: where the gap is
        // too narrow for them beside the ends, or stepping in brought them together.
        let under = endLabelsUnderEnds(avoiding: belowSlot)
        if !under.isEmpty { ends = under }
      }
      if ends.isEmpty, let widest {
        // No room under the slot (a narrow gap, about 120 px): the ends where they stand
        // alone, and the slot under them, still never on their line.
        var alone = endLabels(avoiding: [readout])
        if !standApart(alone) {
          let under = endLabelsUnderEnds(avoiding: [readout])
          if !under.isEmpty { alone = under }
        }
        let bottom = alone.map { box(of: $0).maxY }.max() ?? 0
        if !alone.isEmpty,
          let lower = gapLine(
            .status, widest, avoiding: alone.map(box(of:)) + [band(bottom), readout])
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
      let avoiding = placed + scaleEnds + [readout] + (floor.map { [band($0)] } ?? [])
      if let label = gapLine(
        .title, title, avoiding: avoiding, preferred: titleSize, floor: labelSize)
        ?? titleBetweenEnds(title, ends: ends, avoiding: placed + scaleEnds + [readout])
        ?? shortenedAtWord(
          title, avoiding: avoiding, ends: ends, besideEnds: placed + scaleEnds + [readout])
      {
        labels.append(label)
        placed.append(box(of: label))
      }
    }
    return (labels, placed)
  }

  /// The start and end labels' roles and texts (the preset's, or the domain's ends in the
  /// readout's format), each with its end of the arc's bearing and the way along the ring
  /// that leads into the gap from there (-1 for the start, 1 for the end).
  var scaleEndTexts: [(role: TextRole, text: String, bearing: Double, sign: Double)] {
    [
      (.start, gauge.labels.start ?? gauge.readout.number(gauge.min), sectorLayout.arcStart, -1),
      (.end, gauge.labels.end ?? gauge.readout.number(gauge.max), sectorLayout.arcEnd, 1),
    ]
  }

  /// The start and end labels stepped along the ring's tangent into the gap until both are
  /// clear, by the same distance so they sit level; none when either has no clear place.
  func endLabels(avoiding placed: [TextBox]) -> [GaugeLabel] {
    let both = scaleEndTexts
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

  /// Whether the end labels stand apart, each by its end of the arc: at least 60% as far
  /// from each other as the arc's ends are (stepped far into a narrow gap, "0 100" reads as
  /// one text).
  func standApart(_ ends: [GaugeLabel]) -> Bool {
    guard ends.count == 2 else { return false }
    let middleRadius = (outerRadius + innerRadius) / 2
    let span = abs(
      Point(center: center, radius: middleRadius, degrees: sectorLayout.arcEnd).x
        - Point(center: center, radius: middleRadius, degrees: sectorLayout.arcStart).x)
    return abs(ends[1].position.x - ends[0].position.x) >= 0.6 * span
  }

  /// The start and end labels straight under the arc's ends (beyond the ring, or in the gap
  /// where the ring's end is there), level with each other and moved in to stay inside the
  /// image; none when either has no clear place. For a gap too narrow at the ends' level to
  /// hold a status line above them (about 120 px).
  /// Only for a gap at the bottom (within 45° of 6 o'clock) of a ring that has one.
  func endLabelsUnderEnds(avoiding placed: [TextBox]) -> [GaugeLabel] {
    guard sectorLayout.sweep < 360, abs(normalizedDegrees(sectorLayout.gapCenter) - 180) <= 45
    else { return [] }
    let texts = scaleEndTexts.map { ($0.role, $0.text, $0.bearing) }
    let middleRadius = (outerRadius + innerRadius) / 2
    let stride = Swift.max(1, outerRadius / 50)
    let size = labelSize
    // The first line under both ends' lowest corner where both are clear.
    let lowest =
      [sectorLayout.arcStart, sectorLayout.arcEnd].flatMap { bearing in
        [innerRadius, outerRadius].map { Point(center: center, radius: $0, degrees: bearing).y }
      }.max() ?? center.y
    let boxes = texts.map { role, text, bearing -> (TextRole, String, TextBox) in
      let line = box(text, size: size, at: center)
      let half = line.maxX - center.x
      let x = Point(center: center, radius: middleRadius, degrees: bearing).x
      let clamped = Swift.min(Swift.max(x, margin + half), width - margin - half)
      return (role, text, line.moved(by: clamped - center.x, 0))
    }
    guard let first = boxes.first else { return [] }
    let half = first.2.maxY - center.y
    // Down in strides, the last try on the image's bottom margin.
    let bottom = height - margin - half
    var y = lowest + margin + half
    guard y <= bottom else { return [] }
    while y <= bottom + stride - 1e-9 {
      y = Swift.min(y, bottom)
      let moved = boxes.map { ($0.0, $0.1, $0.2.moved(by: 0, y - center.y)) }
      if isClear(moved[0].2, avoiding: placed, beyondRing: true),
        isClear(moved[1].2, avoiding: placed + [moved[0].2], beyondRing: true)
      {
        return moved.map { role, text, box in
          GaugeLabel(
            role: role, text: text, position: Point(x: (box.minX + box.maxX) / 2, y: y),
            fontSize: size, anchor: .middle)
        }
      }
      y += stride
    }
    return []
  }

  /// The title centred on the end labels' line, between them, at their size, with an em
  /// to spare on each side: where there is no room under them (a 160 px stress gauge), a
  /// shorter line rather than a smaller size or no title. `nil` without end labels on one
  /// line or when it does not fit whole.
  func titleBetweenEnds(_ title: String, ends: [GaugeLabel], avoiding placed: [TextBox])
    -> GaugeLabel?
  {
    guard ends.count == 2, ends[0].position.y == ends[1].position.y else { return nil }
    let size = ends[0].fontSize
    let position = Point(x: center.x, y: ends[0].position.y)
    let line = box(title, size: size, at: position)
    // An em each side keeps "0  Stress  100" three texts, not one run.
    let wide = TextBox(
      minX: line.minX - size, minY: line.minY, maxX: line.maxX + size, maxY: line.maxY)
    guard isClear(line, avoiding: placed),
      !ends.contains(where: { wide.intersects(box(of: $0), margin: margin) })
    else { return nil }
    return GaugeLabel(
      role: .title, text: title, position: position, fontSize: size, anchor: .middle)
  }

  /// A title too long for the gap, cut after its last word that fits at the end labels' size,
  /// with "…"; `nil` when fewer than two words would be left, a stub that names nothing.
  /// Under the end labels first, then between them (`titleBetweenEnds`, avoiding
  /// `besideEnds`).
  func shortenedAtWord(
    _ title: String, avoiding placed: [TextBox], ends: [GaugeLabel] = [],
    besideEnds: [TextBox] = []
  ) -> GaugeLabel? {
    let words = title.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count > 2 else { return nil }
    // From the longest start down: fitting only gets easier as the text shrinks.
    for kept in stride(from: words.count - 1, through: 2, by: -1) {
      var start = words[..<kept].joined(separator: " ")
      // "hours…", not "hours,…".
      while let last = start.last, ",;:".contains(last) { start.removeLast() }
      let text = start + "…"
      if let label = gapLine(.title, text, avoiding: placed, floor: labelSize)
        ?? titleBetweenEnds(text, ends: ends, avoiding: besideEnds)
      {
        return label
      }
    }
    return nil
  }

  /// Whether the gap holds the status together with both end labels (or the ends alone, for
  /// a gauge that shows none): what `Gauge.ringPlacement` asks of a small image.
  /// `inOrder`: with the status above the ends, its place in every larger image.
  func holdsStatusAndEnds(inOrder: Bool) -> Bool {
    let labels = gapTexts(state: .below).labels
    guard let status = labels.first(where: { $0.role == .status }) else { return false }
    guard gauge.labels.showEnds && tickBand == 0 else { return true }
    let ends = labels.filter { $0.role == .start || $0.role == .end }
    return ends.count == 2 && (!inOrder || ends.allSatisfy { $0.position.y > status.position.y })
  }
}
