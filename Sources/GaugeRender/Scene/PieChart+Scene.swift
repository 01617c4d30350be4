import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

extension PieChart {
  /// The seconds a chart's sweep takes when an animation names no duration.
  @_spi(Service) public static let defaultSweepDuration = 1.0

  /// The picture of the chart, decided down to every colour, text and time: what
  /// `svg(options:)` and the terminal draw.
  ///
  /// The options work as for a gauge: size, theme (the built-in light and dark styles),
  /// background and `title`; `showLabels: false` leaves out the title, legend and slice
  /// texts; `animation` sweeps the slices in, in 1 s unless it names a duration (its `from`
  /// does not apply to charts).
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or data and options that break a rule.
  public func scene(options: RenderOptions = RenderOptions()) throws(GaugeError) -> Scene {
    var chart = self
    if let title = options.title { chart.title = title }
    if !options.showLabels {
      chart.title = nil
      chart.legend = .none
      chart.sliceLabels = .none
    }
    var duration: Double?
    if let animation = options.animation {
      let seconds = animation.duration ?? PieChart.defaultSweepDuration
      try RenderLimits.checkDuration(seconds)
      duration = seconds
    }
    let layout = try chart.layout(
      width: options.width, height: options.height, fonts: options.fonts)
    return PieScene(layout: layout, options: options, duration: duration).scene()
  }
}

/// Turns a laid-out chart into a scene.
struct PieScene {
  let layout: PieLayout
  let options: RenderOptions
  /// The sweep's seconds, when it animates at all.
  let duration: Double?
  let style: Style

  init(layout: PieLayout, options: RenderOptions, duration: Double?) {
    self.layout = layout
    self.options = options
    self.style = options.theme == .dark ? Style.dark : Style.light
    // A chart with nothing drawn, or a sweep of no time, has nothing to animate.
    self.duration = (duration ?? 0) > 0 && !layout.slices.isEmpty ? duration : nil
  }

  func scene() -> Scene {
    var items: [SceneItem] = []
    let readout = Paint(style.readout, role: .readout)
    let label = Paint(style.label, role: .label)
    if let empty = layout.emptyRing {
      items.append(.sector(SceneSector(sector: empty, paint: Paint(style.track, role: .emptyRing))))
    } else {
      items.append(
        .sectors(
          layout.slices.map { slice in
            let item = layout.chart.items[slice.itemIndex]
            return SceneSector(
              sector: slice.sector, paint: Paint(slice.color, role: .fixed),
              tooltip: item.label + ": " + layout.valueText(slice.value) + " ("
                + layout.chart.preciseShareText(slice.share) + ")"
                + (layout.chart.isOther(slice.itemIndex)
                  ? ", holding " + layout.chart.otherSummary() : ""))
          }))
    }
    for slice in layout.slices {
      guard let text = slice.text else { continue }
      // A slice's text waits, hidden, until the sweep has drawn its slice.
      let appears = duration.map { slice.endAngle / 360 * $0 } ?? 0
      items.append(
        .text(
          sceneText(
            text, role: .slice, paint: text.color.map { Paint($0, role: .fixed) } ?? readout,
            window: appears > 0 ? .from(appears) : nil)))
    }
    if let message = layout.emptyMessage {
      items.append(.text(sceneText(message, role: .message, paint: label)))
    }
    for (index, text) in layout.centerTexts.enumerated() {
      items.append(
        .text(
          sceneText(
            text, role: index == 0 ? .caption : .value, paint: index == 0 ? label : readout)))
    }
    for entry in layout.legend {
      if let origin = entry.swatchOrigin, let color = entry.color {
        items.append(
          .swatch(
            SceneSwatch(
              origin: origin, side: entry.swatchSide, cornerRadius: entry.swatchSide * 0.2,
              paint: Paint(color, role: .fixed))))
      }
      for text in [entry.text, entry.value, entry.share].compactMap({ $0 }) {
        items.append(.text(sceneText(text, role: .legend, paint: readout)))
      }
    }
    if let title = layout.title {
      items.append(.text(sceneText(title, role: .title, paint: readout)))
    }
    return Scene(
      width: layout.width, height: layout.height, label: layout.summary,
      description: layout.chart.items.isEmpty
        ? layout.chart.valueFormat.words.noData + "." : layout.itemDescription + ".",
      background: background, items: items, darkColors: darkColors,
      timeline: duration.map { duration in
        SceneTimeline(
          duration: duration,
          reveal: SweepReveal(
            center: layout.center,
            // Wide enough to cover a highlighted slice, which grows past the others.
            radius: layout.outerRadius * (1 + PieLayout.highlightGrowth) + 2, duration: duration))
      }, legend: layout.chart.legend == .none ? [] : layout.legendEntries,
      fonts: options.fonts, language: layout.chart.valueFormat.locale?.identifier)
  }

  private var background: Paint? {
    switch options.background {
    case .preset: return style.background.map { Paint($0, role: .background) }
    case .none: return nil
    case .color(let chosen): return Paint(chosen, role: .fixed)
    }
  }

  private var darkColors: [RoleColor] {
    guard options.theme == .auto else { return [] }
    let dark = Style.dark
    return [
      RoleColor(.background, dark.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0)),
      RoleColor(.emptyRing, dark.track), RoleColor(.readout, dark.readout),
      RoleColor(.label, dark.label),
    ]
  }

  private func sceneText(
    _ text: ChartText, role: TextRole, paint: Paint, window: TextWindow? = nil
  ) -> SceneText {
    SceneText(
      role: role, text: text.text, position: text.position, fontSize: text.fontSize,
      anchor: text.anchor, weight: text.bold ? .bold : .regular, paint: paint, window: window)
  }
}

extension PieLayout {
  /// Every item in drawing order (zeros included) as the legend lists it: label, value,
  /// share of the total, and the slice whose colour its swatch shows.
  var legendEntries: [SceneLegendEntry] {
    let sliceIndex = Dictionary(
      uniqueKeysWithValues: slices.enumerated().map { ($1.itemIndex, $0) })
    return order.map { index in
      let item = chart.items[index]
      let sector = sliceIndex[index]
      return SceneLegendEntry(
        label: item.label, value: valueText(item.value),
        share: total > 0 ? chart.preciseShareText(item.value / total) : "–", sector: sector,
        swatch: sector.map { Paint(slices[$0].color, role: .fixed) },
        isHighlighted: chart.highlighted == item.label)
    }
  }
}
