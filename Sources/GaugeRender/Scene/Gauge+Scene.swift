import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

extension Gauge {
  /// The picture of the gauge at `value`, decided down to every colour, text and time: what
  /// `svg(value:options:)` and the terminal draw, and what `gauge layout` prints.
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or a gauge that breaks a rule. Odd values (NaN, infinities, off-scale)
  ///   never throw: they draw the no-data or off-scale states.
  public func scene(value: Double?, options: RenderOptions = RenderOptions()) throws(GaugeError)
    -> Scene
  {
    try GaugeScenes(gauge: self, options: options).scene(value: value)
  }
}

/// Makes the scenes of one gauge with one set of options: checks them once and keeps what
/// does not depend on the value (the ring's zones, the description, the dark colours), so a
/// renderer drawing a gauge per user pays only for what changes.
package struct GaugeScenes: Sendable {
  package let gauge: Gauge
  package let options: RenderOptions
  /// The ring at full light; each scene sets how much of it is lit.
  package let ring: SceneRing
  package let description: String
  /// The readout's language, for the document's `lang` (reading `gauge.readout` copies it).
  let language: String?
  package let darkColors: [RoleColor]
  /// The texts placed for each state, so an image does not search the gap again; `nil` for
  /// a scene made once (finding them costs four layouts).
  let placed: [GaugeState: [GaugeLabel]]?
  /// What places the texts, found once for a renderer that draws many images.
  let placement: LabelPlacement?
  /// The ring's sectors, found once for a renderer that draws many images.
  let sectors: SectorTemplate?
  let style: Style
  /// The outline colours of the ring's palette (`outlinePalettes(for:)`), worked out once:
  /// finding each shade costs more than the rest of an image's outline.
  private(set) var outlinePalettes: (light: [Color], dark: [Color]) = ([], [])
  /// The outline ring's colours for the ring's own zones and palette, made once: an
  /// image's outline ring shares them (`outlineRing(for:)`).
  private(set) var outlineColors = RingColors(zones: [], palette: [], darkPalette: [])
  /// Whether any of the ring's own zones needs an outline in either scheme: asked once.
  private(set) var ownZonesNeedOutlines = false
  /// Whether the pointer needs a halo against what it crosses: decided once, not per image.
  private(set) var pointerNeedsHalo = false
  /// What the accessible name adds for the markers and the range, which no value changes.
  private(set) var markerWords = ""
  /// The accessible name around the readout for each state and zone, filled in once for a
  /// renderer that draws many images (`repeated`): each image only puts its readout in.
  private(set) var summaries = SummaryTable()
  private(set) var rangeWords = ""
  private(set) var referenceWords: ReferencePhrases?
  /// Which of each state's texts placed once are the gap's, for a renderer that draws many
  /// images with texts measured in a font (`repeated`): empty otherwise, or where zone
  /// labels move with the pointer (the texts are then placed per image). A renderer that
  /// cannot write a state's texts once removes its run (`PreparedGapTexts`).
  var gapTextRuns = GapTextRuns()
  /// Whether any image draws marks (`GaugeMarks`): decided once, so a plain gauge's images
  /// never lay them out.
  private(set) var drawsMarks = false
  /// The marks of each state but the change since the reference, and their items, for a
  /// renderer that draws many images (`repeated`); empty where a text that moves with the
  /// value (a zone label, tick numbers cleared of the pointer) could move a marker's label.
  private(set) var knownMarks = KnownMarksByState()

  /// - Throws: `GaugeError` for a gauge that breaks a rule or options out of range.
  /// - Parameter repeated: true for a renderer that draws many images: it places each state's
  ///   texts once, up front.
  package init(gauge: Gauge, options: RenderOptions, repeated: Bool = false) throws(GaugeError) {
    var gauge = gauge
    if let title = options.title { gauge.title = title }
    if !options.showLabels {
      // Nothing of the scale's labels is drawn, so the ring takes their room.
      gauge.title = nil
      gauge.labels.showEnds = false
      gauge.labels.zones = false
      gauge.labels.ticks = 0
    }
    try RenderLimits.checkSize(width: options.width, height: options.height)
    try gauge.validate()
    if let problem = options.range?.problem { throw .invalidOption("range: " + problem) }
    // Any value gives the same sectors; the texts are placed per scene.
    let layout = gauge.checkedLayout(
      value: nil, width: options.width, height: options.height, measure: options.textMeasure,
      fonts: options.fonts, placesTexts: false)
    _ = try gauge.timeline(to: gauge.min, options: options)
    self.gauge = gauge
    self.options = options
    style = Self.readable(
      options.theme == .dark ? gauge.darkStyle : gauge.style, on: options.background)
    let zonePaints = gauge.zones.map { Paint($0.color, role: .fixed) }
    // Gaps under a pixel only shimmer (moiré on rings of 100 sectors at small sizes), and
    // sectors whose gaps leave them under a pixel of colour at the inner edge vanish (3,600
    // sectors at 400 px are lines): an image then closes the gaps, so each zone's sectors
    // merge into one arc. A scene on a grid of cells keeps its sectors: a cell-sized pixel
    // is coarser than any gap, so its backend decides which gaps it can show.
    let innerArc = layout.innerRadius * layout.sectorLayout.step * Double.pi / 180
    let merges =
      options.textMeasure == .font && (layout.padWidth < 1 || innerArc - layout.padWidth < 1)
    ring = SceneRing(
      center: layout.center, innerRadius: layout.innerRadius, outerRadius: layout.outerRadius,
      padWidth: merges ? 0 : layout.padWidth,
      cornerRadius: layout.cornerRadius,
      origin: layout.sectorLayout.gapCenter, offset: layout.sectorLayout.hiddenPerSide,
      step: layout.sectorLayout.step, zones: layout.sectors.map(\.zoneIndex), palette: zonePaints,
      litCount: layout.sectors.count, track: Paint(style.track, role: .track),
      clearRadius: Swift.min(
        layout.innerRadius,
        (options.textMeasure == .cells
          ? Swift.min(layout.gauge.pointer.inner, LabelPlacement.terminalReadoutShare)
          : layout.gauge.pointer.inner) * layout.outerRadius))
    description = gauge.accessibleDescription
    language = gauge.readout.locale?.identifier
    placed =
      repeated
      ? gauge.placedLabels(
        width: options.width, height: options.height, measure: options.textMeasure,
        fonts: options.fonts) : nil
    sectors = repeated ? layout.sectorTemplate : nil
    if repeated {
      var made = gauge.labelPlacement(
        width: options.width, height: options.height, measure: options.textMeasure,
        fonts: options.fonts)
      if options.reference != nil { made.measureDeltaArrows() }
      placement = made
    } else {
      placement = nil
    }
    if options.theme == .auto {
      let dark = Self.readable(gauge.darkStyle, on: options.background)
      var colors = [
        RoleColor(.background, dark.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0)),
        RoleColor(.track, dark.track), RoleColor(.pointer, dark.pointer),
        RoleColor(.label, dark.label), RoleColor(.readout, dark.readout),
      ]
      if options.reference != nil {
        // The delta's colours, only when a delta may be drawn: other images keep their bytes.
        for meaning in [DeltaMeaning.good, .bad] {
          if let color = Style.deltaColor(meaning, dark: true) {
            colors.append(RoleColor(meaning == .good ? .good : .bad, color))
          }
        }
      } else if options.background != .none, let color = Style.deltaColor(.bad, dark: true) {
        // The off-scale status and end stop take the warning colour.
        colors.append(RoleColor(.bad, color))
      }
      darkColors = colors
    } else {
      darkColors = []
    }
    markerWords = gauge.markerPhrases
    if repeated { summaries = Self.summaryParts(of: gauge) }
    rangeWords = gauge.rangePhrase(options.range)
    if let reference = options.reference, reference.isFinite {
      referenceWords = gauge.referencePhrases(reference)
    }
    drawsMarks =
      gauge.hasMarks || (options.reference.map(\.isFinite) ?? false) || options.range != nil
    if let placed, options.textMeasure == .font, !gauge.labels.zones {
      gapTextRuns = GapTextRuns(placed: placed)
    }
    if repeated, drawsMarks, !gauge.labels.zones, gauge.labels.ticks == 0 {
      knownMarks = fixedMarksByState()
    }
    pointerNeedsHalo = pointerCrossesWeakly
    outlinePalettes = outlinePalettes(for: ring.palette)
    outlineColors = RingColors(
      zones: ring.zones, palette: outlinePalettes.light.map { Paint($0, role: .fixed) },
      darkPalette: outlinePalettes.dark)
    ownZonesNeedOutlines =
      outlinePalettes.light.contains { $0.alpha > 0 }
      || outlinePalettes.dark.contains { $0.alpha > 0 }
  }

  /// The scene for `value`.
  package func scene(value: Double?) throws(GaugeError) -> Scene {
    try scene(value: value, timeline: try gauge.timeline(to: value, options: options))
  }

  /// The scene for `value` animated along `timeline` (whose target is `value`), or still
  /// for `nil`: a terminal passes the timeline it draws, an image the options' animation.
  package func scene(value: Double?, timeline: GaugeTimeline?) throws(GaugeError) -> Scene {
    var leftOut = LeftOutParts()
    return scene(value: value, timeline: timeline, leavingOut: [], leftOut: &leftOut)
  }

  /// The scene for `value`, less the parts `leaving` names where it can leave them out,
  /// which a prepared renderer writes itself; `leftOut` says where they go and holds what
  /// it needs to write them (`LeftOutParts`).
  ///
  /// - `.knownMarks`, where the value's state has known marks: their items are left out.
  /// - `.summary`, where the summary's parts were filled in once: the label leaves the
  ///   summary out (it starts with what the marks add). Building the name costs an image
  ///   more than writing its parts.
  /// - `.gapTexts`, where the state's texts in the gap were placed once (`GapTextRuns`):
  ///   their items are left out.
  /// - `.rings`, in a still scene whose rings have the ring's own colours (`RingSlot`):
  ///   the ring and its outline are left out.
  func scene(
    value: Double?, timeline: GaugeTimeline?, leavingOut leaving: LeftOutParts.Kinds,
    leftOut: inout LeftOutParts
  ) -> Scene {
    let layout = gauge.checkedLayout(
      value: value, width: options.width, height: options.height, measure: options.textMeasure,
      fonts: options.fonts, placed: placed, placement: placement, sectors: sectors)
    let known = knownMarks[layout.state]
    let leavesOut = leaving.contains(.knownMarks) && known != nil
    if leavesOut { leftOut.marks = KnownMarkSlots(state: layout.state) }
    let marks: GaugeMarks?
    if !drawsMarks {
      marks = nil
    } else if let known {
      // Only the change since the reference is the image's own; the rest of its marks are
      // the known items, added below.
      var own = GaugeMarks()
      own.reference = layout.changedReference(of: known.fixed, placement: placement)
      marks = own
    } else {
      marks = layout.marks(
        reference: options.reference, range: options.range, measure: options.textMeasure,
        fonts: options.fonts, placement: placement)
    }
    var ring = self.ring
    ring.litCount = layout.sectors.count { $0.lit }
    if gauge.neutral != nil, gauge.fill != .zones {
      // The lit sectors run from the neutral point to the value: one run, anywhere.
      ring.litStart = layout.sectors.firstIndex { $0.lit } ?? 0
      ring.litCount = (layout.sectors.lastIndex { $0.lit } ?? -1) + 1
    }
    if gauge.fill == .progressZone, let zone = layout.zoneIndex {
      // The whole lit arc takes the colour of the value's zone.
      ring.zones = [Int](repeating: zone, count: ring.count)
    }
    if layout.state == .noData {
      // No zone is lit: the empty track, as a progress gauge shows below its value, so the
      // ring reads as empty rather than full.
      ring.litCount = 0
    }

    var items: [SceneItem] = []
    // Two rings, the ticks, an end stop, a halo and the pointer, each text, and room for
    // a few marks: growing the array later would copy every item.
    items.reserveCapacity(10 + layout.texts.count)
    // Merged arcs show whole from the first frame of an animation: at this size a reveal
    // sector by sector would not read anyway.
    if ring.padWidth == 0 && layout.padWidth > 0 {
      items.append(contentsOf: mergedOutlines(ring))
      items.append(contentsOf: mergedArcs(ring))
    } else if leaving.contains(.rings), timeline == nil, ring.colors === self.ring.colors {
      // Only which sectors are lit is this image's own (the rings are neither merged nor
      // recoloured by the value's zone).
      leftOut.rings = RingSlot(
        litStart: ring.litStart, litCount: ring.litCount, outlined: outlinesOwnRing(ring))
    } else {
      if let outline = outlineRing(for: ring) { items.append(.ring(outline)) }
      items.append(.ring(ring))
    }
    if layout.lap > 1 { appendLapEnd(layout: layout, ring: ring, to: &items) }
    let labelPaint = Paint(style.label, role: .label)
    if leavesOut {
      leftOut.marks?.under = items.count
    } else if let known {
      items.append(contentsOf: known.under)
    } else if let marks {
      appendUnderMarks(marks, layout: layout, to: &items)
    }
    if options.showLabels && !layout.ticks.isEmpty {
      let segments = layout.ticks.map { Segment(from: $0.from, to: $0.to) }
      items.append(
        .strokes(
          SceneStrokes(
            segments: segments, paint: labelPaint, width: Swift.max(1, layout.outerRadius * 0.008))
        ))
    }
    let pointerPaint = Paint(style.pointer, role: .pointer)
    if let marker = layout.offScaleMarker {
      // The end stop in the status's colour, so the two read as one message.
      items.append(.polygon(ScenePolygon(points: marker, paint: statusPaint(layout, isStop: true))))
    }
    if leavesOut {
      leftOut.marks?.over = items.count
    } else if let known {
      items.append(contentsOf: known.over)
    } else if let marks {
      appendOverMarks(marks, to: &items)
    }
    if let pointer = layout.pointer {
      if let halo = pointerHalo(layout) { items.append(.polygon(halo)) }
      items.append(
        .polygon(ScenePolygon(points: pointer.points, paint: pointerPaint, isPointer: true)))
    }
    let readoutPaint = Paint(style.readout, role: .readout)
    let gapRun =
      leaving.contains(.gapTexts)
      ? gapTextRuns.run(layout.state, labelCount: layout.texts.count) : nil
    for index in layout.texts.indices {
      if let gapRun, gapRun.contains(index) {
        if index == gapRun.lowerBound {
          leftOut.gapTexts = GapTextSlot(state: layout.state, index: items.count)
        }
        continue
      }
      let label = layout.texts[index]
      let role = label.role
      if role == .readout && layout.state == .noData {
        // The placeholder is quiet: a caption's colour and weight, not a bold black dash
        // that reads as a value.
        items.append(
          .text(
            SceneText(
              role: role, text: label.text, position: label.position, fontSize: label.fontSize,
              anchor: label.anchor, paint: labelPaint)))
      } else if role == .readout {
        appendReadout(label, layout: layout, timeline: timeline, paint: readoutPaint, to: &items)
      } else if role == .unit || role == .status || role == .currentZone {
        // Part of the reading, so shown even without labels.
        let paint =
          role == .unit ? readoutPaint : role == .status ? statusPaint(layout) : labelPaint
        items.append(
          .text(
            SceneText(
              role: role, text: label.text, position: label.position, fontSize: label.fontSize,
              anchor: label.anchor, paint: paint)))
      } else if options.showLabels {
        var text = SceneText(
          role: role, text: label.text, position: label.position, fontSize: label.fontSize,
          anchor: label.anchor, paint: labelPaint)
        // A terminal measures a cut title against the cells actually free on its row.
        if role == .title, options.textMeasure == .cells, let title = gauge.title,
          label.text != title
        {
          text.whole = title
        }
        items.append(.text(text))
      }
    }
    if leavesOut { leftOut.marks?.texts = items.count }
    if let marks {
      appendMarkTexts(marks, markerTexts: leavesOut ? [] : known?.markerTexts, to: &items)
    }
    let times = timeline.map { sceneTimeline($0, layout: layout, ring: ring) }
    if layout.lap > 1, let sweep = times?.pointerSweep {
      Self.delayLapEnd(in: &items, layout: layout, sweep: sweep)
    }
    // A prepared image's writer adds what the marks say itself, from words it wrote once.
    let wordsApart = leavesOut && splitWords(marks, into: &leftOut.marks)
    if leaving.contains(.summary), layout.lap == 1,
      let parts = summaries[layout.state, layout.zoneIndex]
    {
      leftOut.summary = SummarySlot(parts: parts, readout: layout.readout)
    }
    let summaryApart = leftOut.summary != nil
    let label: String
    if !wordsApart, let marks {
      // In one allocation: the summary, then what the marks add.
      var words = summaryApart ? "" : summary(of: layout)
      let reference = referencePhrase(marks.reference)
      words.reserveCapacity(
        words.utf8.count + markerWords.utf8.count + reference.utf8.count
          + rangeWords.utf8.count)
      words += markerWords
      words += reference
      words += rangeWords
      label = words
    } else {
      label = summaryApart ? "" : summary(of: layout)
    }
    // Built whole and returned: a scene changed after it is made is copied first.
    return Scene(
      width: options.width, height: options.height, label: label, description: description,
      background: background, items: items, darkColors: darkColors, timeline: times,
      fonts: options.fonts, language: language, direction: gauge.direction)
  }

  /// `layout.summary`, from the parts filled in once when there are some.
  private func summary(of layout: GaugeLayout) -> String {
    guard layout.lap == 1,
      let parts = summaries[layout.state, layout.zoneIndex]
    else { return layout.summary }
    guard let after = parts.after else { return parts.before }
    return parts.before + layout.readout + after
  }

  /// The accessible name of every state and zone with the readout left out, for
  /// `summary(of:)`; empty when a template names the value more than once.
  static func summaryParts(of gauge: Gauge) -> SummaryTable {
    // The readout's place, marked with a character no template holds, then cut there.
    let mark: Character = "\u{0}"
    var parts = SummaryTable(zoneCount: gauge.zones.count)
    let zones: [Int?] = [nil] + gauge.zones.indices.map { $0 }
    for state in [GaugeState.normal, .below, .above, .noData] {
      for zone in zones {
        let filled = gauge.summary(state: state, readoutText: String(mark), zoneIndex: zone)
        let pieces = filled.split(separator: mark, omittingEmptySubsequences: false)
        guard pieces.count <= 2 else { return SummaryTable() }
        parts[state, zone] = SummaryParts(
          before: String(pieces[0]), after: pieces.count == 2 ? String(pieces[1]) : nil)
      }
    }
    return parts
  }

  /// The status's and the end stop's paint: off the scale, one warning colour for every
  /// preset (the delta's "bad" red, #D70015 on the light theme and #FF6961 on the dark,
  /// each at least 4.5:1 on its background, switched with the viewer's scheme under `auto`);
  /// without data, or where the page is unknown (`--background none`), the labels' for the
  /// status and the pointer's for the end stop.
  private func statusPaint(_ layout: GaugeLayout, isStop: Bool = false) -> Paint {
    let quiet =
      isStop ? Paint(style.pointer, role: .pointer) : Paint(style.label, role: .label)
    guard layout.state == .below || layout.state == .above, options.background != .none,
      let warning = Style.deltaColor(.bad, dark: options.theme == .dark)
    else { return quiet }
    return Paint(warning, role: .bad)
  }

  /// The reference's accessible phrase, from the phrases made once when they fit.
  private func referencePhrase(_ reference: PlacedReference?) -> String {
    guard let reference else { return "" }
    if let words = referenceWords, words.value == reference.value {
      return words.phrase(reference)
    }
    return gauge.referencePhrase(reference)
  }

  /// A ring whose gaps closed, as one arc per run of sectors of one paint, so no seam
  /// shows between sectors of one zone.
  private func mergedArcs(_ ring: SceneRing) -> [SceneItem] {
    var items: [SceneItem] = []
    var index = 0
    while index < ring.count {
      let paint = ring.paint(ofSector: index)
      var end = index + 1
      while end < ring.count && ring.paint(ofSector: end) == paint { end += 1 }
      let sector = AnnularSector(
        center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
        startAngle: ring.boundary(index), endAngle: ring.boundary(end),
        cornerRadius: ring.cornerRadius)
      items.append(.sector(SceneSector(sector: sector, paint: paint)))
      index = end
    }
    return items
  }

  private var background: Paint? {
    switch options.background {
    case .preset: return style.background.map { Paint($0, role: .background) }
    case .none: return nil
    case .color(let chosen): return Paint(chosen, role: .fixed)
    }
  }

  /// The readout, or for an animation its frames: discrete texts sampled on the pointer's
  /// own timeline, so the number follows the easing curve in step with the needle.
  private func appendReadout(
    _ label: GaugeLabel, layout: GaugeLayout, timeline: GaugeTimeline?, paint: Paint,
    to items: inout [SceneItem]
  ) {
    let still = SceneText(
      role: .readout, text: label.text, position: label.position, fontSize: label.fontSize,
      anchor: label.anchor, weight: .bold, paint: paint)
    guard let timeline, timeline.to != nil else {
      // The last use: moved in, where a text changed below was copied (retaining each of
      // its strings, released again on return).
      items.append(.text(still))
      return
    }
    var text = still
    let frames = timeline.readoutFrames()
    let fitting = layout.readoutFontSizes(
      for: frames.dropLast().map(\.text), endingAt: label.anchor == .end ? label.position.x : nil)
    for (index, frame) in frames.enumerated() {
      let isLast = index == frames.count - 1
      text.text = frame.text
      text.fontSize = isLast ? label.fontSize : Swift.min(label.fontSize, fitting[index])
      // Windows from whole milliseconds, so neighbouring frames never overlap.
      let start = (frame.start * 1000).rounded() / 1000
      if isLast {
        text.window = .from(start)
      } else {
        let next = (frames[index + 1].start * 1000).rounded() / 1000
        text.window = .during(start: start, length: next - start)
      }
      items.append(.text(text))
    }
  }
}

extension Gauge {
  /// The animation an image shows, if any.
  package func timeline(to value: Double?, options: RenderOptions) throws(GaugeError)
    -> GaugeTimeline?
  {
    guard let animation = options.animation else { return nil }
    var timing = self.animation
    if let duration = animation.duration { timing.duration = duration }
    return try GaugeTimeline(gauge: self, from: animation.from, to: value, options: timing)
  }
}
