import GaugeGeometry
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The scene for several values at once, one a pointer (`pointers`): each pointer in its
  /// colour at its value, and in the readout's disc one line a pointer, stacked and labelled
  /// ("Systolic 120 mmHg"), every line at one size. One value draws `scene(value:options:)`.
  ///
  /// Edge cases:
  /// - More values than pointers: `GaugeError.invalidOption` naming the preset's
  ///   `pointers` and how many values it takes.
  /// - A value of `nil` (no data) draws no pointer and the placeholder on its line.
  /// - Several values with an animation: `GaugeError.invalidOption`; they are drawn still.
  ///
  /// - Throws: `GaugeError` as `scene(value:options:)` does.
  public func scene(values: [Double?], options: RenderOptions = RenderOptions())
    throws(GaugeError) -> Scene
  {
    try checkValueCount(values.count)
    var base = try scene(value: values.first ?? nil, options: options)
    guard values.count > 1 else { return base }
    guard options.animation == nil else {
      throw .invalidOption("several values are drawn still; leave out the animation")
    }
    var gauge = self
    if let title = options.title { gauge.title = title }
    var layouts: [GaugeLayout] = []
    for value in values {
      layouts.append(
        gauge.checkedLayout(
          value: value, width: options.width, height: options.height, fonts: options.fonts,
          placesTexts: false))
    }
    var items: [SceneItem] = []
    var readout: SceneText?
    var clearRadius = 0.0
    for item in base.items {
      switch item {
      case .ring(let ring):
        // The lines take the ring's hole, as a single readout does when a pointer reaches
        // into the centre: several pointers leave no disc free at every value anyway.
        clearRadius = Swift.max(ring.clearRadius, ring.innerRadius * 0.85)
        items.append(item)
      case .text(let text) where text.role == .readout:
        readout = text
      case .text(let text)
      where text.role == .unit || text.role == .status || text.role == .currentZone:
        // Said on each pointer's line instead.
        continue
      case .polygon(let polygon) where polygon.isPointer:
        items.append(.polygon(pointerPolygon(polygon.points, index: 0)))
      default:
        items.append(item)
      }
    }
    for (index, layout) in layouts.enumerated().dropFirst() {
      guard let pointer = layout.pointer else { continue }
      items.append(.polygon(pointerPolygon(pointer.points, index: index)))
    }
    if let readout {
      items += readoutLines(
        layouts, values: values, around: readout, clearRadius: clearRadius, options: options)
    }
    base.items = items
    base.label =
      (gauge.title.map { $0 + ": " } ?? "")
      + zip(layouts, values).enumerated().map { index, pair in
        line(index, pair.1) + (pair.0.zone.map { " (\($0.label))" } ?? "")
      }.joined(separator: "; ")
    return base
  }

  /// Checks that `count` values fit the gauge: one for each pointer, or one without any.
  ///
  /// - Throws: `GaugeError.invalidOption` naming `pointers` and how many values it takes.
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
  /// hole, and never larger than half the single readout.
  private func readoutLines(
    _ layouts: [GaugeLayout], values: [Double?], around readout: SceneText, clearRadius: Double,
    options: RenderOptions
  ) -> [SceneItem] {
    let texts = values.indices.map { line($0, values[$0]) }
    let widest = texts.map { options.fonts.width(of: $0, weight: .bold) }.max() ?? 1
    let lineHeight = 1.25
    // The stacked block, `widest` ems by `lineHeight · count`, inside the disc: its
    // half-diagonal at most the radius.
    let halfWidth = widest / 2
    let halfHeight = lineHeight * Double(texts.count) / 2
    let fits = clearRadius / (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
    let size = (Swift.min(readout.fontSize / 2, fits) * 100).rounded(.down) / 100
    var items: [SceneItem] = []
    for (index, text) in texts.enumerated() {
      let offset = (Double(index) - Double(texts.count - 1) / 2) * lineHeight * size
      var paint = readout.paint
      if index < pointers.count, let color = pointers[index].color {
        paint = Paint(color, role: .fixed)
      }
      items.append(
        .text(
          SceneText(
            role: .readoutLine, text: text,
            // Centred on the ring: a single readout with an inline unit ends left of it.
            position: Point(
              x: layouts.first?.center.x ?? readout.position.x, y: readout.position.y + offset),
            fontSize: size, anchor: .middle, weight: .bold, paint: paint)))
    }
    return items
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
