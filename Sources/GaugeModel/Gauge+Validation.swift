import GaugeGeometry
import GaugeLocalization
import GaugeSupport

extension Gauge {
  /// The longest label, title, prefix, suffix or placeholder, in characters.
  public static let maximumTextLength = ProblemList.maximumTextLength
  /// The longest `source`, in characters: citations run longer than labels.
  package static let maximumSourceLength = 1000
  /// The most zones a gauge may have.
  public static let maximumZoneCount = 100

  /// Every rule the gauge breaks, each at the JSON path of the preset key that holds it.
  package func problems() -> [Diagnostic] {
    // One list, passed along rather than captured: closures that captured it made every use
    // a run-time exclusivity check (a twentieth of a layout, in callgrind).
    var list = ProblemList()
    list.checkText("name", name)
    list.checkText("title", title)
    list.checkText("source", source, limit: Gauge.maximumSourceLength)
    checkDomain(&list)
    checkZones(&list)
    checkPointers(&list)

    let ringProblemsBefore = list.problems.count
    if !(1...3600).contains(ring.sectorCount) {
      list.add("ring.sectors", "\(ring.sectorCount) is out of range; allowed: 1...3600")
    }
    list.checkRange("ring.buffer", ring.bufferAngle, 0...180)
    if !ring.gapCenter.isFinite {
      list.add("ring.gapCenter", "\(FixedDecimal.plain(ring.gapCenter)) is not a finite angle")
    }
    if list.problems.count == ringProblemsBefore,
      SectorLayout(
        sectorCount: ring.sectorCount, bufferAngle: ring.bufferAngle, gapCenter: ring.gapCenter)
        == nil
    {
      list.add("ring.buffer", bufferMessage())
    }
    list.checkRange("ring.innerRadius", ring.innerRadius, 0...0.95)
    list.checkRange("ring.sectorGap", ring.sectorGap, 0...0.2)
    list.checkRange("ring.cornerRadius", ring.cornerRadius, 0...0.5)

    list.checkRange("pointer.inner", pointer.inner, 0...1)
    if pointer.inner.isFinite, (0...1).contains(pointer.inner) {
      list.checkRange("pointer.outer", pointer.outer, pointer.inner...1.2)
    } else {
      list.checkRange("pointer.outer", pointer.outer, 0...1.2)
    }
    list.checkRange("pointer.width", pointer.width, 0...0.5)
    if let taper = pointer.taper { list.checkRange("pointer.taper", taper, 0...1) }

    if !(0...6).contains(readout.decimals) {
      list.add("readout.decimals", "\(readout.decimals) is out of range; allowed: 0...6")
    }
    list.checkText("readout.prefix", readout.prefix)
    list.checkText("readout.suffix", readout.suffix)
    list.checkText("readout.placeholder", readout.placeholder)
    checkWording(&list)
    list.checkText("labels.start", labels.start)
    list.checkText("labels.end", labels.end)
    if !(0...100).contains(labels.ticks) {
      list.add("labels.ticks", "\(labels.ticks) is out of range; allowed: 0...100")
    }
    if !(0...10).contains(labels.minorTicks) {
      list.add("labels.minorTicks", "\(labels.minorTicks) is out of range; allowed: 0...10")
    }

    checkMarks(&list)
    checkWrap(&list)

    list.checkRange("animation.duration", animation.duration, RenderLimits.durations)
    list.checkRange("animation.stagger", animation.stagger, 0...1)
    return list.problems
  }

  /// Each template's length and placeholders: a name in braces that the template cannot fill
  /// is refused, with the names it can.
  private func checkWording(_ list: inout ProblemList) {
    for field in Wording.fields {
      guard let template = wording[keyPath: field.path] else { continue }
      let path = "wording." + field.key
      list.checkText(path, template)
      if let name = LocaleWords.placeholders(in: template).first(where: {
        !field.placeholders.contains(String($0))
      }) {
        list.add(
          path,
          "{\(name)} is not a placeholder here; allowed: "
            + field.placeholders.map { "{\($0)}" }.joined(separator: ", "))
      }
    }
  }

  private func checkDomain(_ list: inout ProblemList) {
    if !min.isFinite { list.add("min", "\(FixedDecimal.plain(min)) is not a finite number") }
    if !max.isFinite { list.add("max", "\(FixedDecimal.plain(max)) is not a finite number") }
    guard min.isFinite, max.isFinite else { return }
    if !(min < max) {
      list.add(
        "max",
        "\(FixedDecimal.plain(max)) is not above min \(FixedDecimal.plain(min)); "
          + "the domain needs min < max")
    } else if !(max - min).isFinite {
      list.add("max", "the domain from min to max is wider than a Double can hold")
    }
  }

  private func checkZones(_ list: inout ProblemList) {
    guard !zones.isEmpty else {
      list.add("zones", "is empty; a gauge needs at least one zone")
      return
    }
    if zones.count > Gauge.maximumZoneCount {
      list.add("zones", "has \(zones.count) zones; at most \(Gauge.maximumZoneCount) allowed")
      return
    }
    let domainIsValid = min.isFinite && max.isFinite && min < max
    var previous = min
    for (index, zone) in zones.enumerated() {
      // Paths are built only when there is something to report: this runs on every layout.
      var path: String { "zones[\(index)]" }
      var boundPath: String { zone.rangeStart == nil ? path + ".upTo" : path + ".range[1]" }
      if zone.label.utf8.count > Gauge.maximumTextLength {
        list.checkText(path + ".label", zone.label)
      }
      let bound = zone.upperBound
      let isLast = index == zones.count - 1

      if let start = zone.rangeStart {
        // A closed integer range follows on from the previous one: 0...25 then 26...75.
        let expected = index == 0 ? min : previous + 1
        if !start.isFinite {
          list.add(path + ".range[0]", "\(FixedDecimal.plain(start)) is not a finite number")
        } else if domainIsValid && start != expected {
          let why =
            index == 0
            ? "the first zone starts at the domain min"
            : "the previous zone ends at \(FixedDecimal.plain(previous)), so this range starts at "
              + FixedDecimal.plain(expected)
          list.add(
            path + ".range[0]",
            "starts at \(FixedDecimal.plain(start)); \(why)")
        }
        if start.isFinite, bound.isFinite, bound < start {
          list.add(
            path + ".range",
            "[\(FixedDecimal.plain(start)), \(FixedDecimal.plain(bound))] is empty; "
              + "write [first, last] with first <= last")
        }
      }

      guard bound.isFinite else {
        list.add(boundPath, "\(FixedDecimal.plain(bound)) is not a finite number")
        continue
      }
      guard domainIsValid else { continue }
      if bound > max {
        list.add(
          boundPath,
          "\(FixedDecimal.plain(bound)) is above the domain max \(FixedDecimal.plain(max))")
      } else if bound <= previous {
        let what =
          index == 0
          ? "the domain min \(FixedDecimal.plain(min))"
          : "the previous zone's bound \(FixedDecimal.plain(previous))"
        list.add(
          boundPath,
          "\(FixedDecimal.plain(bound)) is not above \(what); zones go in ascending order")
      } else if isLast && bound != max {
        list.add(
          boundPath,
          "\(FixedDecimal.plain(bound)) leaves (\(FixedDecimal.plain(bound)), "
            + "\(FixedDecimal.plain(max))] uncovered; the last zone ends at the domain max "
            + FixedDecimal.plain(max))
      }
      previous = bound > previous ? bound : previous
    }
  }

  /// Why the buffer angle hides every sector, and the largest buffer that would not.
  private func bufferMessage() -> String {
    let n = ring.sectorCount
    let hidden = Int((Double(n) * ring.bufferAngle / 360 + 0.5).rounded(.down))
    // H ≤ (N − 1) / 2 keeps one sector: N·β/360 + ½ < ⌊(N − 1)/2⌋ + 1.
    let limit = (Double((n - 1) / 2) + 0.5) * 360 / Double(n)
    return
      "\(FixedDecimal.plain(ring.bufferAngle)) leaves no sector visible (it hides \(hidden) of "
      + "the \(n) on each side of the gap); with \(n) sectors the buffer must be below "
      + FixedDecimal.string(limit, decimals: 3)
  }
}
