import GaugeGeometry
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The scene for several values at once, one a pointer (`pointers`): each pointer in its
  /// colour at its value, over the ring only (from 90% of its inner radius, or the preset's
  /// `pointer.inner` if further out), and in the ring's hole one line a pointer, stacked
  /// about its centre and labelled ("Systolic 120 mmHg"), every line at one size, clear of
  /// every pointer at any value. Where the gauge draws a halo behind its pointer (a pointer
  /// short of 3:1 against what it crosses), every pointer has one. One value draws
  /// `scene(value:options:)`.
  ///
  /// With an animation every pointer sweeps from the animation's start to its value on the
  /// one timeline, and every line counts in step with its pointer; the ring reveals as the
  /// first pointer passes.
  ///
  /// The accessible name names every value, then what the marks add as one value's does:
  /// "Blood pressure: Systolic 120, Diastolic 80 mmHg: High, Goal 130, up 10 since 110,
  /// range 100–130", the change being the first value's.
  ///
  /// Edge cases:
  /// - More values than pointers: `GaugeError.invalidOption` naming the preset's
  ///   `pointers` and how many values it takes.
  /// - A value of `nil` (no data) draws no pointer and the placeholder on its line.
  ///
  /// - Throws: `GaugeError` as `scene(value:options:)` does.
  public func scene(values: [Double?], options: RenderOptions = RenderOptions())
    throws(GaugeError) -> Scene
  {
    try scene(values: values, options: options, timelines: nil)
  }

  /// `scene(values:options:)` with each pointer's own timeline (whose target is its value),
  /// as a live view heads each pointer from where it stands; `nil` for the options'
  /// animation (every pointer from its start).
  ///
  /// Edge cases: a timeline list shorter than the values leaves the rest still.
  ///
  /// - Throws: `GaugeError` as `scene(values:options:)` does.
  package func scene(
    values: [Double?], options: RenderOptions, timelines given: [GaugeTimeline?]?
  ) throws(GaugeError) -> Scene {
    try checkValueCount(values.count)
    guard values.count > 1 else { return try scene(value: values.first ?? nil, options: options) }
    var gauge = self
    if let title = options.title { gauge.title = title }
    // Several pointers stand over the ring only, from just inside it, so the hole is the
    // lines' at every value: pointers reaching in from every side leave no place free.
    gauge.pointer.inner = Swift.min(
      gauge.pointer.outer, Swift.max(gauge.pointer.inner, gauge.ring.innerRadius * 0.9))
    let scenes = try GaugeScenes(gauge: gauge, options: options)
    var layouts: [GaugeLayout] = []
    var timelines: [GaugeTimeline?] = []
    for (index, value) in values.enumerated() {
      layouts.append(
        gauge.checkedLayout(
          value: value, width: options.width, height: options.height, fonts: options.fonts,
          placesTexts: false))
      if let given {
        timelines.append(index < given.count ? given[index] : nil)
      } else {
        timelines.append(try gauge.timeline(to: value, options: options))
      }
    }
    var base = try scenes.scene(value: values.first ?? nil, timeline: timelines[0])
    var items: [SceneItem] = []
    var readout: SceneText?
    // The lines take the ring's hole, inside where the shortened pointers start.
    let clearRadius = Swift.min(
      layouts[0].innerRadius * 0.85, gauge.pointer.inner * layouts[0].outerRadius)
    for item in base.items {
      switch item {
      case .text(let text) where text.role == .readout:
        // An animation's frames of the first value's readout: the lines count instead.
        readout = text
      case .text(let text)
      where text.role == .unit || text.role == .status || text.role == .currentZone:
        // Said on each pointer's line instead.
        continue
      case .polygon(let polygon) where polygon.isPointer && polygon.paint.role != .background:
        // The first pointer, in its own colour; its halo (the background's) stays as it is.
        items.append(.polygon(gauge.pointerPolygon(polygon.points, index: 0)))
      default:
        items.append(item)
      }
    }
    var otherSweeps: [PointerSweep] = []
    for (index, layout) in layouts.enumerated().dropFirst() {
      guard let pointer = layout.pointer else { continue }
      var polygon = gauge.pointerPolygon(pointer.points, index: index)
      // The same halo as the first pointer's, where the gauge draws one, turning with it.
      var halo = scenes.pointerHalo(layout)
      halo?.isPointer = false
      if let timeline = timelines[index],
        let sweep = GaugeScenes.pointerSweep(timeline, layout: layout)
      {
        polygon.otherSweep = otherSweeps.count
        halo?.otherSweep = otherSweeps.count
        otherSweeps.append(sweep)
      }
      if let halo { items.append(.polygon(halo)) }
      items.append(.polygon(polygon))
    }
    if var readout {
      // Centred in the hole, whose disc the lines are sized to fit.
      readout.position = layouts[0].center
      readout.window = nil
      items += gauge.readoutLines(
        values: values, timelines: timelines, around: readout, clearRadius: clearRadius,
        options: options)
    }
    base.items = items
    if var timeline = base.timeline {
      timeline.otherSweeps = otherSweeps
      base.timeline = timeline
    }
    // What the marks add follows the values, as it follows one value: the markers, the
    // change since the reference of the first value (whose ghost pointer and delta are
    // drawn) and the range.
    let marks = layouts[0].marks(
      reference: options.reference, range: options.range, measure: options.textMeasure,
      fonts: options.fonts)
    base.label = gauge.valuesSummary(values) + gauge.marksSummary(marks)
    return base
  }

  /// Checks that `count` values fit the gauge: one for each pointer, or one without any.
  ///
  /// - Throws: `GaugeError.invalidOption` naming `pointers` and how many values it takes.
  @_spi(Service)
  public func checkValueCount(_ count: Int) throws(GaugeError) {
    guard count >= 1 else { throw .invalidOption("a gauge needs a value") }
    guard count <= valueCount else {
      let pointers =
        self.pointers.isEmpty
        ? "one pointer (no \"pointers\")" : "\(self.pointers.count) pointers (\"pointers\")"
      throw .invalidOption(
        "\(count) values for a gauge of \(pointers); give at most \(valueCount)")
    }
  }

  /// "Systolic 120 mmHg", or the readout alone for a pointer without a name.
  package func line(_ index: Int, _ value: Double?) -> String {
    let number = readout.text(for: value)
    guard index < pointers.count, !pointers[index].label.isEmpty else { return number }
    return pointers[index].label + " " + number
  }

  private func pointerPolygon(_ points: [Point], index: Int) -> ScenePolygon {
    let paint =
      index < pointers.count
      ? pointers[index].color.map { Paint($0, role: .fixed) } : nil
    let style = Paint(self.style.pointer, role: .pointer)
    return ScenePolygon(points: points, paint: paint ?? style, isPointer: index == 0)
  }

  /// The lines stacked about the readout's place, as large as the widest fits the ring's
  /// hole, and never larger than half the single readout. With an animation each line is
  /// its frames, one a text its counting value shows (as the single readout's are), and the
  /// size fits the widest of them all.
  private func readoutLines(
    values: [Double?], timelines: [GaugeTimeline?], around readout: SceneText,
    clearRadius: Double, options: RenderOptions
  ) -> [SceneItem] {
    let frames = values.indices.map { index in lineFrames(index, values[index], timelines[index]) }
    let widest =
      frames.flatMap { $0.map { options.fonts.width(of: $0.text, weight: .bold) } }.max() ?? 1
    let lineHeight = 1.25
    // The stacked block, `widest` ems by `lineHeight · count`, inside the disc: its
    // half-diagonal at most the radius.
    let halfWidth = widest / 2
    let halfHeight = lineHeight * Double(values.count) / 2
    let fits = clearRadius / (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
    let size = (Swift.min(readout.fontSize / 2, fits) * 100).rounded(.down) / 100
    var items: [SceneItem] = []
    for (index, texts) in frames.enumerated() {
      let offset = (Double(index) - Double(values.count - 1) / 2) * lineHeight * size
      var paint = readout.paint
      if index < pointers.count, let color = pointers[index].color {
        paint = Paint(color, role: .fixed)
      }
      for frame in texts {
        items.append(
          .text(
            SceneText(
              role: .readoutLine, text: frame.text,
              position: Point(x: readout.position.x, y: readout.position.y + offset),
              fontSize: size, anchor: .middle, weight: .bold, paint: paint,
              window: frame.window)))
      }
    }
    return items
  }

  /// Line `index`'s texts over the animation, each with its window, as the single readout's
  /// frames are timed (whole milliseconds, so neighbours never overlap); the final text
  /// alone, with no window, when still.
  private func lineFrames(_ index: Int, _ value: Double?, _ timeline: GaugeTimeline?)
    -> [(text: String, window: TextWindow?)]
  {
    guard let timeline, timeline.to != nil, timeline.options.duration > 0 else {
      return [(line(index, value), nil)]
    }
    var texts: [(text: String, start: Double)] = []
    for time in timeline.sampleTimes() {
      let text = line(index, timeline.frame(at: time).value)
      if texts.last?.text != text { texts.append((text, time)) }
    }
    return texts.indices.map { frame in
      let start = (texts[frame].start * 1000).rounded() / 1000
      guard frame < texts.count - 1 else { return (texts[frame].text, .from(start)) }
      let next = (texts[frame + 1].start * 1000).rounded() / 1000
      return (texts[frame].text, .during(start: start, length: next - start))
    }
  }
}

extension Gauge {
  /// The gauge as an SVG image for several values, one a pointer; see `scene(values:options:)`.
  ///
  /// - Throws: `GaugeError` as `scene(values:options:)` does.
  public func svgBytes(values: [Double?], options: RenderOptions = RenderOptions())
    throws(GaugeError) -> [UInt8]
  {
    guard values.count > 1 else {
      return try svgBytes(value: values.first ?? nil, options: options)
    }
    var renderer = SVGSceneRenderer(scene: try scene(values: values, options: options))
    return renderer.render()
  }

  /// The gauge as a PNG image for several values; see `scene(values:options:)` and
  /// `png(value:options:scale:)`.
  ///
  /// - Throws: `GaugeError` as `scene(values:options:)` does.
  public func png(values: [Double?], options: RenderOptions = RenderOptions(), scale: Double = 1)
    throws(GaugeError) -> [UInt8]
  {
    try PNGSceneRenderer(scene: scene(values: values, options: options), scale: scale).png()
  }
}
