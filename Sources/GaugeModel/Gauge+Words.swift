import GaugeLocalization

/// The words a gauge draws and speaks: its own `wording`, else its locale's.
extension Gauge {
  /// What an off-scale or empty reading says on the picture; `nil` for a reading on the scale.
  package func statusText(_ state: GaugeState) -> String? {
    let words = readout.words
    let template: String
    switch state {
    case .normal: return nil
    case .noData: template = wording.noData ?? words.noData
    case .below: template = wording.belowRange ?? words.belowRange
    case .above: template = wording.aboveRange ?? words.aboveRange
    }
    return LocaleWords.filled(
      template, ["title": displayName, "min": readout.number(min), "max": readout.number(max)])
  }

  /// The accessible name of a reading: "Stress 42 of 0–100: Normal".
  ///
  /// - Parameters:
  ///   - readoutText: The readout with its unit, or the placeholder.
  ///   - zoneIndex: The value's zone, if any.
  /// The title and zone name keep their own order, with whatever bidi embeddings they leave
  /// open closed (`EmbeddingCloser`), so they cannot reorder the words after them.
  package func summary(state: GaugeState, readoutText: String, zoneIndex: Int?) -> String {
    let words = readout.words
    let zone = zoneIndex.map { EmbeddingCloser.closed(zones[$0].label) } ?? ""
    let displayName = EmbeddingCloser.closed(self.displayName)
    let low = readout.number(min)
    let high = readout.number(max)
    if let custom = wording.summary {
      let named: String
      switch state {
      case .normal: named = zone
      case .noData: named = statusText(.noData) ?? ""
      case .below, .above: named = (statusText(state) ?? "") + (zone.isEmpty ? "" : " (\(zone))")
      }
      return LocaleWords.filled(
        custom,
        [
          "title": displayName, "value": readoutText, "min": low, "max": high, "zone": named,
        ])
    }
    let template: String
    switch state {
    case .normal: template = words.summary
    case .noData: template = words.summaryNoData
    case .below: template = words.summaryBelow
    case .above: template = words.summaryAbove
    }
    return LocaleWords.filled(
      template,
      ["title": displayName, "value": readoutText, "min": low, "max": high, "zone": zone])
  }

  /// "Gauge from 0 to 100 in 3 zones: Relaxed up to 25, Normal up to 75, High up to 100."
  package var accessibleDescription: String {
    let words = readout.words
    let low = readout.number(min)
    let high = readout.number(max)
    // Built piece by piece into one buffer: this runs once per one-call image.
    var list = ""
    list.reserveCapacity(32 * zones.count)
    if zones.count == 1 && wording.description == nil {
      list = zones[0].label
    } else {
      for (index, zone) in zones.enumerated() {
        if index > 0 { list += words.listSeparator }
        list += LocaleWords.filled(
          words.zoneItem, ["zone": zone.label, "max": readout.number(zone.upperBound)])
      }
    }
    let template =
      wording.description ?? (zones.count == 1 ? words.descriptionOne : words.description)
    return LocaleWords.filled(
      template,
      [
        "title": displayName, "min": low, "max": high,
        "count": readout.count(zones.count),
        "zones": list,
      ])
  }

  /// The title, else the name, else the locale's word for a gauge.
  package var displayName: String {
    title ?? name ?? readout.words.gauge
  }
}

extension Gauge {
  /// The accessible name of several values on one dial, one a pointer: "Blood pressure:
  /// Systolic 120, Diastolic 80 mmHg: High", from `wording.summaryValues` or the locale's
  /// words. Each value is its pointer's name and number, joined by the locale's list
  /// separator, the unit written once, after the last; the zone is the highest any value
  /// falls in (as a blood pressure's category is the higher of its two readings').
  ///
  /// Edge cases:
  /// - A value of `nil`, NaN or an infinity reads as the placeholder; with no value at all
  ///   the zone is the no-data words.
  /// - A pointer without a name, or a value past the last pointer, is its number alone.
  package func valuesSummary(_ values: [Double?]) -> String {
    let words = readout.words
    var list = ""
    for (index, value) in values.enumerated() {
      if index > 0 { list += words.listSeparator }
      if index < pointers.count, !pointers[index].label.isEmpty {
        list += EmbeddingCloser.closed(pointers[index].label) + " "
      }
      list +=
        index == values.count - 1 ? readout.text(for: value) : readout.numberText(for: value)
    }
    let zone =
      values.compactMap { $0.flatMap { $0.isFinite ? zoneIndex(containing: $0) : nil } }.max()
      .map { EmbeddingCloser.closed(zones[$0].label) } ?? (statusText(.noData) ?? "")
    return LocaleWords.filled(
      wording.summaryValues ?? words.summaryValues,
      [
        "title": EmbeddingCloser.closed(displayName), "values": list,
        "min": readout.number(min), "max": readout.number(max), "zone": zone,
      ])
  }
}
