import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport

extension PieChart {
  /// The chart as terminal cells: the pie `options.columns` cells wide (about half as many
  /// rows tall), with the legend as text below it (unless `showLabels` is false):
  /// a swatch, the label, the value and the share, one item a line.
  ///
  /// - Parameters:
  ///   - legendWidth: how wide legend lines may run, in cells (a terminal's width); `nil`
  ///     keeps them within the pie's width. Labels too long are cut with "…".
  ///   - sweptAngle: for an animation, how far round the ring has been drawn, 0...360.
  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidChart` when the data or options break a rule.
  public func terminalFrame(
    options: TerminalOptions = TerminalOptions(), legendWidth: Int? = nil,
    sweptAngle: Double = 360
  ) throws(GaugeError) -> TerminalFrame {
    let scene = try terminalScene(options: options)
    let drawer = TerminalChartDrawer(scene: scene, options: options, sweptAngle: sweptAngle)
    return drawer.draw(
      width: Swift.max(options.columns, Swift.min(legendWidth ?? 0, TerminalOptions.maximumColumns))
    )
  }

  /// The chart's scene on a grid of cells (a cell 1 unit wide and 2 tall), `options.columns`
  /// wide and as many units tall: the ring alone, with its texts laid out in cells rather
  /// than pixels. The title sits on the row above the picture (`y` of -1); a donut's value
  /// and caption, or an empty chart's message, sit on the centre rows when they fit the
  /// hole; the legend travels as `legend` entries.
  ///
  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidChart` when the data or options break a rule.
  package func terminalScene(options: TerminalOptions) throws(GaugeError) -> Scene {
    try options.checkColumns("chart")
    var ring = self
    if let title = options.title { ring.title = title }
    let title = options.showLabels ? ring.title : nil
    // The ring alone: texts in cells are placed here, not by the image layout.
    ring.title = nil
    ring.legend = .none
    ring.sliceLabels = .none
    let rows = TerminalOptions.rows(forColumns: options.columns)
    let size = RenderOptions(width: options.columns, height: rows * 2)
    let layout = try ring.layout(width: size.width, height: size.height)
    var scene = PieScene(layout: layout, options: size, duration: nil).scene()
    let style = Style.light
    let readout = Paint(style.readout, role: .readout)
    let label = Paint(style.label, role: .label)
    scene.items.removeAll {
      if case .text = $0 { return true }
      return false
    }
    if let title {
      // Centred over the pie, whole cells from its left edge.
      let width = TerminalText.width(TerminalText.sanitized(title))
      let left = Swift.max(0, (options.columns - width) / 2)
      scene.items.append(
        .text(
          SceneText(
            role: .title, text: title,
            position: Point(x: Double(left) + Double(width) / 2, y: -1), fontSize: 2,
            weight: .bold, paint: readout)))
    }
    scene.items += Self.centerTexts(layout, readout: readout, label: label).map(SceneItem.text)
    if options.showLabels && legend != .none { scene.legend = layout.legendEntries }
    return scene
  }

  /// A donut's total (or highlighted item) in its hole, the value on the centre row and the
  /// caption above it, each only when it fits; an empty chart's message in the middle.
  private static func centerTexts(_ layout: PieLayout, readout: Paint, label: Paint)
    -> [SceneText]
  {
    let lines: [(text: String, role: TextRole, paint: Paint)]
    if let message = layout.emptyMessage {
      lines = [(message.text, .message, label)]
    } else if let content = layout.centerContent {
      lines = [(content.value, .value, readout), (content.caption, .caption, label)]
    } else {
      return []
    }
    // The hole's width in cells at the centre row; a pie's message sits on the disc.
    let room = Int(
      2
        * (layout.isEmpty && layout.innerRadius == 0
          ? layout.outerRadius * 0.8 : layout.innerRadius * 0.9))
    let centerRow = Int(layout.center.y / 2)
    var texts: [SceneText] = []
    for (offset, line) in lines.enumerated() {
      let width = TerminalText.width(TerminalText.sanitized(line.text))
      // The caption needs a hole of 4 cells' radius, or it would sit on the ring.
      guard width <= room, offset == 0 || layout.innerRadius >= 4 else { continue }
      texts.append(
        SceneText(
          role: line.role, text: line.text,
          position: Point(x: layout.center.x, y: Double(2 * (centerRow - offset)) + 1),
          fontSize: 2, weight: offset == 0 ? .bold : .regular, paint: line.paint))
    }
    return texts
  }
}
