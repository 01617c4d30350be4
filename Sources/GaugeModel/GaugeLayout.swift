import GaugeGeometry
import GaugeSupport
import GaugeText

/// What a value means for the gauge.
package enum GaugeState: String, Sendable, Hashable {
  /// A value inside the domain.
  case normal
  /// No value, or NaN or an infinity: no pointer, the readout shows the placeholder.
  case noData
  /// Below min: the pointer stops at the arc's start.
  case below
  /// Above max: the pointer stops at the arc's end.
  case above

  /// Hashes the case, not its raw string (the default for a raw-valued enum): states key
  /// the tables a prepared renderer reads in every image.
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .normal: hasher.combine(0 as UInt8)
    case .noData: hasher.combine(1 as UInt8)
    case .below: hasher.combine(2 as UInt8)
    case .above: hasher.combine(3 as UInt8)
    }
  }
}

/// One visible sector, placed.
package struct GaugeSector: Sendable, Hashable {
  /// The sector's index among all N, counted clockwise from the gap centre.
  package var index: Int
  /// Its index among the visible ones, from the arc's start.
  package var visibleIndex: Int
  /// Start and end bearings in degrees, normalised to [0, 360); the sector runs clockwise
  /// from `startAngle` for one step (so `endAngle` may be smaller, across 12 o'clock).
  package var startAngle: Double
  package var endAngle: Double
  /// The zone holding the value at the sector's middle.
  package var zoneIndex: Int
  /// Whether it shows its zone colour: always in `zones` mode; in `progress` mode when its
  /// middle value is at most the value.
  package var lit: Bool
}

/// A gauge laid out for one value at one size: every angle, point and text a renderer draws.
///
/// Units: pixels in SVG user space (y down) and degrees (0° at 12 o'clock, clockwise).
package struct GaugeLayout: Sendable, Hashable {
  /// The gauge laid out (with any title the options replaced).
  package let gauge: Gauge
  /// The image's width in pixels.
  package let width: Int
  /// The image's height in pixels.
  package let height: Int
  /// The ring's centre: the image's middle.
  package let center: Point
  /// The ring's outer radius: 45% of the shorter side, in pixels.
  package let outerRadius: Double
  /// The ring's inner radius in pixels.
  package let innerRadius: Double
  package let sectorLayout: SectorLayout
  /// Whether the value is in the domain, off it, or missing.
  package let state: GaugeState
  /// The value as given (NaN and infinities become `nil`).
  package let value: Double?
  /// Clamped progress along the arc, 0...1; `nil` without data.
  package let progress: Double?
  /// The pointer's bearing, not normalised (θ0 + p·V·s, plus a turn for each lap past the
  /// first); `nil` without data.
  package let pointerAngle: Double?
  /// Which time round the arc the value is on: 1, or more for a wrapping gauge (`wrap`)
  /// past its maximum, whose `progress` is then within that lap.
  package let lap: Int
  /// The zone of the value clamped to the domain; `nil` without data.
  package let zoneIndex: Int?
  /// The centre text: the value as the readout prints it, or the placeholder.
  package let readout: String
  package let sectors: [GaugeSector]
  package let pointer: PointerPolygon?
  /// The texts, kept as `LayoutLabels` keeps them: read one by one through `texts` where
  /// it matters (every image of a prepared renderer), whole through `labels`.
  package let texts: LayoutLabels
  package let ticks: [Tick]
  /// For `below` and `above`: the end stop, a bar across the ring just past the pegged end
  /// of the arc, in the gap. `nil` otherwise.
  package let offScaleMarker: [Point]?
  /// Constant gap width between sectors and the corner radius, in pixels.
  package let padWidth: Double
  package let cornerRadius: Double

  /// The zone the value falls in, if any.
  package var zone: Zone? { zoneIndex.map { gauge.zones[$0] } }

  /// Every text, in order (a new array where the reading's texts are kept apart).
  package var labels: [GaugeLabel] { texts.all }
}

extension Gauge {
  /// Lays the gauge out for `value` in an image of `width` × `height` pixels.
  ///
  /// The ring is centred, with an outer radius of 45% of the shorter side. Texts are
  /// measured with `fonts`, the faces that will draw them.
  ///
  /// - Throws: `GaugeError.invalidSize` for a side outside 1...8192, and
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  ///
  /// Edge cases:
  /// - `nil`, NaN and infinite values give the `noData` state.
  /// - Values outside the domain keep their readout but peg the pointer at the arc's end.
  package func layout(
    value: Double?, width: Int = 400, height: Int = 400, fonts: FontSet = .standard
  ) throws(GaugeError) -> GaugeLayout {
    try RenderLimits.checkSize(width: width, height: height)
    try validate()
    return checkedLayout(value: value, width: width, height: height, fonts: fonts)
  }

  /// `layout` for a gauge and size already checked (by `GaugeSVGRenderer`, which holds its
  /// gauge immutable): a renderer drawing millions of images checks once.
  /// `measure` says how texts are measured: DejaVu Sans for images, characters for a terminal.
  ///
  /// `placed` are the texts this gauge placed at this size for each state (`placedLabels`):
  /// with them, only the readout's number is set for the value, instead of searching the
  /// gap again for every image. Zone labels move with the pointer, so they are not reused;
  /// tick numbers are, less those the pointer covers in this image.
  ///
  /// `placesTexts: false` leaves the texts and ticks out, for a caller that needs only the
  /// ring.
  ///
  /// `sectors`: this gauge's sectors at this size (`GaugeLayout.sectorTemplate`), found once
  /// for many images, so each image only lights them.
  package func checkedLayout(
    value: Double?, width: Int, height: Int, measure: TextMeasure = .font,
    fonts: FontSet = .standard, placed: [GaugeState: [GaugeLabel]]? = nil,
    placement: LabelPlacement? = nil, placesTexts: Bool = true, sectors: SectorTemplate? = nil
  ) -> GaugeLayout {
    // A checked gauge always has a layout; the fallback only keeps this total.
    let sectorLayout =
      SectorLayout(
        sectorCount: ring.sectorCount, bufferAngle: ring.bufferAngle, gapCenter: ring.gapCenter)
      ?? SectorLayout(sectorCount: 1, bufferAngle: 0, gapCenter: 0)!
    // The pointer an image of this size draws (`fittingPointer`): the placement's, when
    // it was found once for many images.
    let gauge =
      placement?.gauge
      ?? fittingPointer(
        outerRadius: ringPlacement(
          width: width, height: height, sectorLayout: sectorLayout, measure: measure,
          fonts: fonts
        ).outerRadius, measure: measure, fonts: fonts)
    return gauge.makeLayout(
      value: value, width: width, height: height, sectorLayout: sectorLayout, measure: measure,
      fonts: fonts, placed: gauge.labels.zones ? nil : placed, placement: placement,
      placesTexts: placesTexts, template: sectors)
  }

  /// What places the texts at this size, found once (the gap's obstacles, the readout's
  /// sizes): a renderer drawing many images passes it to `checkedLayout`.
  package func labelPlacement(
    width: Int, height: Int, measure: TextMeasure = .font, fonts: FontSet = .standard
  ) -> LabelPlacement {
    let layout = checkedLayout(
      value: nil, width: width, height: height, measure: measure, fonts: fonts,
      placesTexts: false)
    return LabelPlacement(
      gauge: layout.gauge, sectorLayout: layout.sectorLayout, center: layout.center,
      outerRadius: layout.outerRadius, innerRadius: layout.innerRadius, width: Double(width),
      height: Double(height), measure: measure, fonts: fonts)
  }

  /// The texts placed for each state at this size, computed once: a renderer drawing many
  /// images passes them to `checkedLayout`.
  package func placedLabels(
    width: Int, height: Int, measure: TextMeasure = .font, fonts: FontSet = .standard
  ) -> [GaugeState: [GaugeLabel]] {
    let below = min - Swift.max(1, (max - min).magnitude)
    let above = max + Swift.max(1, (max - min).magnitude)
    var placed: [GaugeState: [GaugeLabel]] = [:]
    for value in [min, below, above, nil] as [Double?] {
      // An empty table: tick numbers placed regardless of this pointer, to be cleared of
      // each image's own.
      let layout = checkedLayout(
        value: value, width: width, height: height, measure: measure, fonts: fonts, placed: [:])
      placed[layout.state] = layout.texts.all
    }
    return placed
  }

  private func placedLabels(
    _ placement: LabelPlacement?, number: String, state: GaugeState, zoneIndex: Int?,
    pointer: PointerPolygon?, placed: [GaugeState: [GaugeLabel]]?
  ) -> LayoutLabels {
    guard let labels = placed?[state] else {
      // `placed` empty: texts to reuse, so tick numbers ignore this pointer.
      return LayoutLabels(
        placement?.labels(
          number: number, state: state, zoneIndex: zoneIndex, pointer: pointer,
          ticksAvoidPointer: placed == nil) ?? [])
    }
    guard let reading = placement?.readoutLabels(number: number, state: state) else {
      return LayoutLabels(labels)
    }
    // The zone's name is looked up only where the state shows it. (By index: `contains`
    // on the labels copies each one, retaining its text.)
    let showsZone = labels.indices.contains { labels[$0].role == .currentZone }
    let zone = zoneIndex.flatMap { showsZone ? ($0, zones[$0].label) : nil }
    let texts = LayoutLabels(
      state: labels,
      reading: ReadingLabels(readout: reading.readout, unit: reading.unit, zone: zone))
    // The state's array is shared unless this pointer covers tick numbers or ends, which
    // are then taken out of a copy.
    guard placement?.clearsTicks(of: pointer) == true else { return texts }
    return LayoutLabels(placement?.clearingTicks(texts.all, of: pointer) ?? texts.all)
  }

  /// The state of a value and its clamped progress.
  package func state(of value: Double?) -> (state: GaugeState, value: Double?, progress: Double?) {
    guard let value, value.isFinite else { return (.noData, nil, nil) }
    let state: GaugeState = value < min ? .below : value > max ? .above : .normal
    let raw = (value - min) / (max - min)
    let progress = raw.isNaN ? 0 : Swift.min(1, Swift.max(0, raw))
    return (state, value, progress)
  }

  private func makeLayout(
    value rawValue: Double?, width: Int, height: Int, sectorLayout: SectorLayout,
    measure: TextMeasure, fonts: FontSet, placed: [GaugeState: [GaugeLabel]]?,
    placement given: LabelPlacement?, placesTexts: Bool, template: SectorTemplate?
  ) -> GaugeLayout {
    // A placement found once for many images has the ring's place already.
    let (center, outerRadius) =
      given.map { ($0.center, $0.outerRadius) }
      ?? ringPlacement(
        width: width, height: height, sectorLayout: sectorLayout, measure: measure, fonts: fonts)
    let innerRadius = outerRadius * ring.innerRadius
    let reading = self.reading(of: rawValue)
    let (state, value, progress) = (reading.state, reading.value, reading.progress)
    let pointerAngle = pointerBearing(reading, in: sectorLayout)

    let sectors: [GaugeSector]
    if let template, template.sectors.count == sectorLayout.visibleCount {
      // The same sectors as every image of this size: only which are lit changes.
      sectors = template.lit(by: self, value: value)
    } else {
      sectors = makeSectors(sectorLayout, value: value)
    }

    let pointerPolygon = pointerAngle.map {
      pointer.polygon(center: center, radius: outerRadius, angle: $0)
    }
    let (readoutText, numberText) = readout.texts(for: value)
    let valueZone = value.flatMap { self.zoneIndex(containing: $0) }
    // The placement is only ever read through optional chaining: a placement bound or
    // unwrapped (`if let`, `??`, `map`) is a copy, retaining each of its parts on every
    // prepared image.
    func texts(_ placement: LabelPlacement?) -> (labels: LayoutLabels, ticks: [Tick]) {
      (
        placedLabels(
          placement, number: numberText, state: state, zoneIndex: valueZone,
          pointer: pointerPolygon, placed: placed),
        placement?.ticks() ?? []
      )
    }
    let (labels, ticks) =
      !placesTexts
      ? (LayoutLabels([]), [])
      : given != nil
        ? texts(given)
        : texts(
          LabelPlacement(
            gauge: self, sectorLayout: sectorLayout, center: center, outerRadius: outerRadius,
            innerRadius: innerRadius, width: Double(width), height: Double(height),
            measure: measure, fonts: fonts))

    return GaugeLayout(
      gauge: self, width: width, height: height, center: center, outerRadius: outerRadius,
      innerRadius: innerRadius, sectorLayout: sectorLayout, state: state, value: value,
      progress: progress, pointerAngle: pointerAngle, lap: reading.lap,
      zoneIndex: valueZone, readout: readoutText,
      sectors: sectors, pointer: pointerPolygon,
      texts: labels, ticks: ticks,
      offScaleMarker: offScaleMarker(
        state: state, sectorLayout: sectorLayout, center: center, outerRadius: outerRadius,
        innerRadius: innerRadius, pixel: measure == .cells ? 0 : 1),
      padWidth: ring.sectorGap * outerRadius, cornerRadius: ring.cornerRadius * outerRadius)
  }

  /// The end stop: a bar across the ring just past the pegged end of the arc, in the gap,
  /// beyond the pointer's side, so the pointer reads as pressed against the scale's end.
  /// Its corners in pixels: inner and outer on the pointer's side, then outer and inner
  /// on the far side.
  ///
  /// The bar reaches 15% of the ring's thickness past each edge of the ring, is 3% of the
  /// outer radius thick (at least 1.5 px), and stands 3% of the outer radius (at least 1 px)
  /// clear of the pointer's outer corner.
  ///
  /// Edge cases:
  /// - `nil` for a reading on the scale or without data.
  /// `pixel`: the length of a pixel in the units of `center` and the radii (0 where they
  /// are fractions of the ring, as for the ring's own placement: no pixel minimums).
  func offScaleMarker(
    state: GaugeState, sectorLayout: SectorLayout, center: Point, outerRadius: Double,
    innerRadius: Double, pixel: Double = 1
  ) -> [Point]? {
    let edge: Double
    let direction: Double
    switch state {
    case .below:
      edge = sectorLayout.arcStart
      direction = -1
    case .above:
      edge = sectorLayout.arcEnd
      direction = 1
    case .normal, .noData:
      return nil
    }
    let band = Swift.max(outerRadius - innerRadius, outerRadius * 0.08)
    let low = Swift.max(0, innerRadius - band * 0.1)
    let high = outerRadius + band * 0.1
    let (s, c) = sinCos(degrees: edge)
    // Along the clockwise tangent (cos θ, sin θ) for "above", against it for "below"; the
    // radial unit vector is (sin θ, −cos θ).
    let near = pointer.width * outerRadius / 2 + Swift.max(pixel, outerRadius * 0.03)
    let far = near + Swift.max(1.5 * pixel, outerRadius * 0.03)
    func corner(_ radius: Double, _ along: Double) -> Point {
      Point(
        x: center.x + s * radius + direction * c * along,
        y: center.y - c * radius + direction * s * along)
    }
    return [corner(low, near), corner(high, near), corner(high, far), corner(low, far)]
  }
}

extension GaugeLayout {
  /// The colour a sector shows: its zone's when lit (the value's zone's in `progressZone`
  /// fill), the track's otherwise.
  package func color(of sector: GaugeSector, style: Style) -> Color {
    guard sector.lit else { return style.track }
    if gauge.fill == .progressZone, let zoneIndex { return gauge.zones[zoneIndex].color }
    return gauge.zones[sector.zoneIndex].color
  }

  /// The font sizes at which each of `texts` fits the readout's disc, in pixels: for the
  /// readout frames of an animation, which may be longer than the final one. The placement
  /// is worked out once for them all.
  /// `end`: where an inline readout's number ends (its label's x with anchor `end`); the
  /// frames end there too.
  package func readoutFontSizes(for texts: [String], endingAt end: Double? = nil) -> [Double] {
    guard !texts.isEmpty else { return [] }
    let placement = LabelPlacement(
      gauge: gauge, sectorLayout: sectorLayout, center: center, outerRadius: outerRadius,
      innerRadius: innerRadius, width: Double(width), height: Double(height))
    return texts.map { placement.frameSize(for: $0, endingAt: end) }
  }

  /// The lowest y (pixels) the ring reaches: the circle's bottom if the arc passes 180°,
  /// otherwise the lowest corner at its ends.
  package var ringBottom: Double {
    var lowest = center.y
    if normalizedDegrees(180 - sectorLayout.arcStart) <= sectorLayout.sweep {
      lowest = center.y + outerRadius
    }
    for bearing in [sectorLayout.arcStart, sectorLayout.arcEnd] {
      for radius in [innerRadius, outerRadius] {
        lowest = Swift.max(lowest, Point(center: center, radius: radius, degrees: bearing).y)
      }
    }
    return lowest
  }

  /// The accessible summary: "Stress 42 of 0–100: Normal", in the gauge's words; past the
  /// first lap of a wrapping gauge, with the lap (", lap 2").
  package var summary: String {
    let summary = gauge.summary(state: state, readoutText: readout, zoneIndex: zoneIndex)
    return lap > 1 ? summary + gauge.lapPhrase(lap) : summary
  }
}
