import GaugeGeometry
import GaugeSupport
import GaugeText

/// A marker laid out: a bar across the ring at its value and its label outside the ring.
package struct PlacedMarker: Sendable, Hashable {
  package var marker: GaugeMarker
  /// `normal` on the scale; `below` or `above` when it is pegged at an end of the arc.
  package var state: GaugeState
  /// The bearing of its bar in degrees, not normalised.
  package var angle: Double
  /// The bar: a thin quadrilateral across the ring, from just inside it to just outside.
  package var bar: [Point]
  /// Its label outside the ring; `nil` when no place clear of every other text was found.
  package var label: GaugeLabel?
}

/// The reference laid out: a ghost pointer at it and the change since it.
package struct PlacedReference: Sendable, Hashable {
  /// The reference as given.
  package var value: Double
  /// `normal`, or `below`/`above` when the ghost pointer is pegged.
  package var state: GaugeState
  /// The ghost pointer's bearing in degrees, not normalised.
  package var angle: Double
  /// The ghost pointer's corners, the same shape as the pointer's.
  package var pointer: [Point]
  /// The value less the reference; `nil` without a value.
  package var change: Double?
  /// The change's size as the readout writes it ("7"), and its direction as drawn: 1 for a
  /// rise, -1 for a fall, 0 for none or one that rounds to nothing; `nil` without a value.
  package var changeText: String?
  package var direction = 0
  /// "▲ 7", "▼ 3" or "= 0", in the readout's digits; `nil` without a value or room.
  package var delta: GaugeLabel?
}

/// The range laid out: a band just inside the ring from low to high.
package struct PlacedRange: Sendable, Hashable {
  /// The range as given.
  package var range: ClosedRange<Double>
  /// Bearings of its ends in degrees (clamped to the arc), start <= end, not normalised.
  package var startAngle: Double
  package var endAngle: Double
  /// The band's radii, in pixels.
  package var innerRadius: Double
  package var outerRadius: Double
}

/// What a reading shows besides the ring, the pointer and the readout: markers, threshold
/// marks, minor ticks, the reference and the range. All empty for a gauge that uses none.
package struct GaugeMarks: Sendable, Hashable {
  package var markers: [PlacedMarker] = []
  /// One small triangle per boundary between zones, just outside the ring, pointing in.
  package var thresholds: [[Point]] = []
  /// Short radial strokes between the major ticks.
  package var minorTicks: [Tick] = []
  package var reference: PlacedReference?
  package var range: PlacedRange?

  package init() {}

  /// Whether there is nothing to draw.
  package var isEmpty: Bool {
    markers.isEmpty && thresholds.isEmpty && minorTicks.isEmpty && reference == nil
      && range == nil
  }
}

/// A state's marks but the change since the reference, with the boxes of the texts that no
/// reading in the state moves, found once (`GaugeLayout.stateMarks`) by a renderer that
/// draws many images: each image then lays out only the change, and measures only its own
/// texts again (the readout, its unit, the current zone's name).
///
/// Only for layouts whose texts were placed once for each state (`placedLabels`) with no
/// zone labels or tick numbers: there, every other text is the same in each image of the
/// state.
///
/// A class, so that an image takes it with one retain rather than one per part.
package final class StateMarks: Sendable {
  package let marks: GaugeMarks
  /// The boxes of the layout's texts but those a reading moves
  /// (`GaugeLayout.movesWithReading`), and of the markers' labels, in pixels.
  package let fixedBoxes: [TextBox]
  /// Zero as the readout writes it: a change that rounds to it has no direction.
  package let zero: String

  init(marks: GaugeMarks, fixedBoxes: [TextBox], zero: String) {
    self.marks = marks
    self.fixedBoxes = fixedBoxes
    self.zero = zero
  }
}

extension Gauge {
  /// The radius, in outer radii, up to which marks outside the ring reach (ticks, threshold
  /// marks, marker bars), before any marker label.
  var outsideMarksReach: Double {
    labels.ticks > 0 || thresholdMarkers ? 1.09 : markers.isEmpty ? 1 : 1.06
  }

  /// How far past the ring, in outer radii, a gauge needs room for: its marker labels, at
  /// the label size, stand outside the ring.
  var outsideReach: Double {
    markers.isEmpty ? 1 : 1.2
  }

  /// Whether the gauge draws anything `GaugeMarks` holds, whatever the reading.
  package var hasMarks: Bool {
    !markers.isEmpty || thresholdMarkers || (labels.minorTicks > 1 && labels.ticks > 0)
  }

  /// Where `value` sits on the arc: its state and bearing, pegged at an end when off the
  /// scale.
  func bearing(of value: Double, in sectorLayout: SectorLayout) -> (GaugeState, Double) {
    let (state, _, progress) = self.state(of: value)
    return (state, sectorLayout.angle(atProgress: progress ?? 0))
  }
}

extension GaugeLayout {
  /// The marks of this reading with `reference` and `range` (either may be `nil`).
  ///
  /// Marker labels are placed clear of every text of the layout and of each other, then the
  /// delta clear of those too, with `placement` (made here when `nil`). Units: pixels and
  /// degrees.
  ///
  /// A renderer drawing many images finds the marks of each state once (`stateMarks`) and
  /// then only each image's change since the reference (`changedReference`).
  ///
  /// Edge cases:
  /// - A marker or reference off the scale is pegged at the arc's nearer end; a NaN or
  ///   infinite reference draws nothing.
  /// - A range is clamped to the domain; a `nil` or unreadable range draws nothing.
  /// - A text with no clear place is left out of the picture (the accessible text still
  ///   names it).
  package func marks(
    reference: Double?, range: ClosedRange<Double>?, measure: TextMeasure = .font,
    fonts: FontSet = .standard, placement given: LabelPlacement? = nil
  ) -> GaugeMarks {
    let hasReference = reference.map(\.isFinite) ?? false
    let hasRange = range.map { $0.problem == nil } ?? false
    guard gauge.hasMarks || hasReference || hasRange else { return GaugeMarks() }
    // Only texts need the placement (and the boxes of the texts placed so far).
    let placesTexts = !gauge.markers.isEmpty || (hasReference && value != nil)
    let reference = hasReference ? reference : nil
    let range = hasRange ? range : nil
    // A given placement is passed on where it is: a local copy (a `??`) retains each of
    // its parts.
    guard placesTexts else { return checkedMarks(reference: reference, range: range) }
    guard given == nil else {
      return checkedMarks(reference: reference, range: range, placement: given)
    }
    return checkedMarks(
      reference: reference, range: range,
      placement: LabelPlacement(
        gauge: gauge, sectorLayout: sectorLayout, center: center, outerRadius: outerRadius,
        innerRadius: innerRadius, width: Double(width), height: Double(height),
        measure: measure, fonts: fonts))
  }

  /// The marks of this layout's state but the change since the reference, and the boxes of
  /// the texts no reading in the state moves, placed by `placement`: what
  /// `changedReference` takes for every other image of the state. (See `StateMarks` for the
  /// layouts it suits.)
  package func stateMarks(
    reference: Double?, range: ClosedRange<Double>?, placement: LabelPlacement
  ) -> StateMarks {
    // The checking entry point, which leaves out an unreadable reference or range.
    var marks = self.marks(
      reference: reference, range: range, measure: placement.measure, fonts: placement.fonts,
      placement: placement)
    // The change since the reference is each image's own.
    marks.reference?.delta = nil
    var boxes = labels.filter { !GaugeLayout.movesWithReading($0.role) }.map(placement.box(of:))
    boxes += marks.markers.compactMap(\.label).map(placement.box(of:))
    return StateMarks(marks: marks, fixedBoxes: boxes, zero: gauge.readout.number(0))
  }

  /// The reference of `known` (the marks of this layout's state, `stateMarks`) with this
  /// image's change since it, its delta placed by `placement` clear of the known boxes and
  /// this image's own texts: all of an image's marks that a renderer drawing the rest from
  /// items made once needs. `nil` when `known` has no reference.
  package func changedReference(of known: StateMarks, placement: LabelPlacement?)
    -> PlacedReference?
  {
    guard let reference = known.marks.reference else { return nil }
    return withChange(reference, zero: known.zero, placement: placement) {
      var placed = known.fixedBoxes
      // By index: a `for label in labels` copies each label, and retains its text.
      for index in texts.indices where GaugeLayout.movesWithReading(texts.role(at: index)) {
        if let box = placement?.box(of: texts[index]) { placed.append(box) }
      }
      return placed
    }
  }

  /// Whether a text of `role` changes from one reading to another in a state whose texts
  /// were placed once: the readout, its unit and the current zone's name.
  static func movesWithReading(_ role: TextRole) -> Bool {
    role == .readout || role == .unit || role == .currentZone
  }

  /// `marks(reference:range:measure:fonts:placement:)` with a readable `reference` and
  /// `range` or `nil`, and the placement of the texts, `nil` where none are placed.
  private func checkedMarks(
    reference: Double?, range: ClosedRange<Double>?, placement: LabelPlacement? = nil
  ) -> GaugeMarks {
    var placed = placement.map { placement in labels.map { placement.box(of: $0) } } ?? []
    var marks = fixedMarks(
      reference: reference, range: range, placement: placement, placed: &placed)
    if let placedReference = marks.reference {
      marks.reference = withChange(placedReference, zero: nil, placement: placement) { placed }
    }
    return marks
  }

  /// `placedReference` with the change of this layout's value since it, in the readout's
  /// digits (`zero`: zero as the readout writes it, written here when `nil`), and its delta
  /// placed by `placement` clear of `placed()`, asked for only when there is a delta to
  /// place.
  private func withChange(
    _ placedReference: PlacedReference, zero: String?, placement: LabelPlacement?,
    avoiding placed: () -> [TextBox]
  ) -> PlacedReference {
    var placedReference = placedReference
    let change = value.map { $0 - placedReference.value }
    placedReference.change = change
    placedReference.changeText = nil
    placedReference.direction = 0
    placedReference.delta = nil
    guard let change else { return placedReference }
    let size = gauge.readout.number(change.magnitude)
    placedReference.changeText = size
    placedReference.direction = size == (zero ?? gauge.readout.number(0)) ? 0 : change > 0 ? 1 : -1
    // Optional chaining, not `if let`: a bound placement is a copy, retaining its parts.
    if placement != nil {
      let text = Gauge.deltaText(size, direction: placedReference.direction)
      placedReference.delta = placement?.deltaLabel(
        text, direction: placedReference.direction, avoiding: placed())
    }
    return placedReference
  }

  /// The marks that do not depend on the value: the range's band, the threshold marks, the
  /// minor ticks, the reference's ghost pointer (without its change) and the markers with
  /// their labels, placed clear of `placed`, to which their boxes are added.
  private func fixedMarks(
    reference: Double?, range: ClosedRange<Double>?, placement: LabelPlacement?,
    placed: inout [TextBox]
  ) -> GaugeMarks {
    var marks = GaugeMarks()
    if let range {
      let low = gauge.bearing(of: range.lowerBound, in: sectorLayout).1
      let high = gauge.bearing(of: range.upperBound, in: sectorLayout).1
      let thickness = outerRadius - innerRadius
      marks.range = PlacedRange(
        range: range, startAngle: low, endAngle: high,
        innerRadius: Swift.max(0, innerRadius - thickness * 0.45),
        outerRadius: Swift.max(0, innerRadius - thickness * 0.15))
    }
    if gauge.thresholdMarkers {
      marks.thresholds = gauge.zones.dropLast().map { zone in
        thresholdMark(at: gauge.bearing(of: zone.upperBound, in: sectorLayout).1)
      }
    }
    marks.minorTicks = minorTicks()
    if let reference {
      let (state, angle) = gauge.bearing(of: reference, in: sectorLayout)
      marks.reference = PlacedReference(
        value: reference, state: state, angle: angle,
        pointer: gauge.pointer.polygon(center: center, radius: outerRadius, angle: angle).points,
        change: nil, delta: nil)
    }
    for marker in gauge.markers {
      let (state, angle) = gauge.bearing(of: marker.value, in: sectorLayout)
      var label: GaugeLabel?
      if let placement {
        label = placement.markerLabel(
          marker.label, bearing: angle,
          from: outerRadius * gauge.outsideMarksReach + placement.margin, avoiding: placed)
        if let label { placed.append(placement.box(of: label)) }
      }
      marks.markers.append(
        PlacedMarker(
          marker: marker, state: state, angle: angle, bar: markerBar(at: angle), label: label))
    }
    return marks
  }

  /// A bar across the ring at `angle`: from 4% of the outer radius inside the ring to 6%
  /// outside it, 2.5% wide (at least a pixel).
  func markerBar(at angle: Double) -> [Point] {
    let (s, c) = sinCos(degrees: angle)
    let half = Swift.max(0.5, outerRadius * 0.0125)
    let across = Point(x: c * half, y: s * half)
    let inside = Point(
      center: center, radius: Swift.max(0, innerRadius - outerRadius * 0.04), degrees: angle)
    let outside = Point(center: center, radius: outerRadius * 1.06, degrees: angle)
    return [
      Point(x: inside.x - across.x, y: inside.y - across.y),
      Point(x: outside.x - across.x, y: outside.y - across.y),
      Point(x: outside.x + across.x, y: outside.y + across.y),
      Point(x: inside.x + across.x, y: inside.y + across.y),
    ]
  }

  /// A triangle just outside the ring at `angle`, its tip 2% of the outer radius out and its
  /// base at 9%, within a tenth of the radius.
  func thresholdMark(at angle: Double) -> [Point] {
    let (s, c) = sinCos(degrees: angle)
    let half = outerRadius * 0.03
    let tip = Point(center: center, radius: outerRadius * 1.02, degrees: angle)
    let base = Point(center: center, radius: outerRadius * 1.09, degrees: angle)
    return [
      tip, Point(x: base.x + c * half, y: base.y + s * half),
      Point(x: base.x - c * half, y: base.y - s * half),
    ]
  }

  /// The minor ticks: `labels.minorTicks` parts between each two major ticks, shorter than
  /// the major ones (1.03 to 1.06 outer radii).
  func minorTicks() -> [Tick] {
    let major = gauge.labels.ticks
    let parts = gauge.labels.minorTicks
    guard major > 0, parts > 1 else { return [] }
    var ticks: [Tick] = []
    ticks.reserveCapacity(major * (parts - 1))
    for k in 0..<major {
      for m in 1..<parts {
        let progress = (Double(k) + Double(m) / Double(parts)) / Double(major)
        let angle = sectorLayout.angle(atProgress: progress)
        ticks.append(
          Tick(
            value: gauge.min + progress * (gauge.max - gauge.min), angle: angle,
            from: Point(center: center, radius: outerRadius * 1.03, degrees: angle),
            to: Point(center: center, radius: outerRadius * 1.06, degrees: angle)))
      }
    }
    return ticks
  }
}

extension Gauge {
  /// The change as drawn: "▲ 7" for a rise, "▼ 3" for a fall and "= 0" for none (or one
  /// that rounds to nothing at the readout's decimals), from its size as the readout writes
  /// it (so in the readout's digits) and its direction.
  package static func deltaText(_ size: String, direction: Int) -> String {
    (direction > 0 ? "▲ " : direction < 0 ? "▼ " : "= ") + size
  }

  /// `deltaText(_:direction:)` for a change.
  package func deltaText(_ change: Double) -> String {
    let size = readout.number(change.magnitude)
    return Gauge.deltaText(
      size, direction: size == readout.number(0) ? 0 : change > 0 ? 1 : -1)
  }

  /// Whether a change reads as good, bad or neither, by the preset's `delta.increase`.
  package func deltaMeaning(direction: Int) -> DeltaMeaning {
    guard direction != 0 else { return .neutral }
    switch increaseMeans {
    case .neutral: return .neutral
    case .good: return direction > 0 ? .good : .bad
    case .bad: return direction > 0 ? .bad : .good
    }
  }
}
