import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugePresets
import GaugeSupport

extension PieChart {
  /// The chart as an SVG image.
  ///
  /// The options work as for a gauge: size, theme (the built-in light and dark styles),
  /// background and `title`; `showLabels: false` leaves out the title, legend and slice
  /// texts; `animation` sweeps the slices in (its `from` does not apply to charts).
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or data and options that break a rule.
  public func svg(options: SVGOptions = SVGOptions()) throws(GaugeError) -> String {
    String(decoding: try svgBytes(options: options), as: UTF8.self)
  }

  /// The same image as UTF-8 bytes.
  public func svgBytes(options: SVGOptions = SVGOptions()) throws(GaugeError) -> [UInt8] {
    var chart = self
    if let title = options.title { chart.title = title }
    if !options.showLabels {
      chart.title = nil
      chart.legend = .none
      chart.sliceLabels = .none
    }
    let layout = try chart.layout(width: options.width, height: options.height)
    let timeline = try PieTimeline(
      layout: layout,
      duration: options.animation.map { $0.duration ?? PieTimeline.defaultDuration })
    var renderer = PieSVGRenderer(layout: layout, options: options, timeline: timeline)
    return renderer.render()
  }
}

/// When each slice of an animated chart is drawn: the ring sweeps clockwise at a constant
/// rate, so each slice takes a time proportional to its share, one after another.
public struct PieTimeline: Sendable, Hashable {
  public static let defaultDuration = 1.0
  /// Seconds for the whole ring, 0...60.
  public let duration: Double
  package let total: Double
  package let ends: [Double]

  /// `nil` for no animation.
  ///
  /// - Throws: `GaugeError.invalidOption` for a duration outside 0...60 s.
  package init?(layout: PieLayout, duration: Double?) throws(GaugeError) {
    guard let duration else { return nil }
    guard duration.isFinite, (0...60).contains(duration) else {
      throw .invalidOption(
        "duration \(FixedDecimal.plain(duration)) is out of range; allowed: 0...60 seconds")
    }
    self.duration = duration
    total = layout.total
    ends = layout.slices.map { $0.endAngle / 360 * duration }
  }

  /// Seconds from the start until slice `index` is complete (its text appears then).
  public func completion(ofSlice index: Int) -> Double { ends[index] }

  /// The bearing the sweep has reached at `time` seconds, 0...360.
  public func sweptAngle(at time: Double) -> Double {
    guard duration > 0 else { return 360 }
    return Swift.min(360, Swift.max(0, time / duration * 360))
  }
}

/// Draws a laid-out chart; every position comes from the layout.
package struct PieSVGRenderer {
  package let layout: PieLayout
  package let options: SVGOptions
  package let timeline: PieTimeline?
  package var out: SVGWriter

  package init(layout: PieLayout, options: SVGOptions, timeline: PieTimeline?) {
    self.layout = layout
    self.options = options
    self.timeline = timeline
    out = SVGWriter(capacity: 2000 + layout.slices.count * 260 + layout.legend.count * 160)
  }

  private var style: Style { options.theme == .dark ? Style.dark : Style.light }
  private var isAnimated: Bool { (timeline?.duration ?? 0) > 0 && !layout.slices.isEmpty }
  private var isScoped: Bool { options.theme == .auto || isAnimated }

  package mutating func render() -> [UInt8] {
    header()
    if isScoped { styleSheet() }
    out.background(options, style: style)
    out.raw("<g aria-hidden=\"true\">\n")
    if isAnimated { sweepMask() }
    ring()
    texts()
    out.raw("</g>\n</svg>\n")
    return out.finishBytes()
  }

  private mutating func header() {
    out.documentStart(
      width: layout.width, height: layout.height, summary: layout.summary, scoped: isScoped)
    if layout.chart.items.isEmpty {
      out.raw("No data.")
    } else {
      out.text(layout.itemDescription)
      out.raw(".")
    }
    out.raw("</desc>\n")
  }

  private mutating func styleSheet() {
    out.raw("<style>")
    if options.theme == .auto {
      let dark = Style.dark
      out.raw("@media (prefers-color-scheme:dark){")
      out.fillRule("b", dark.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
      out.fillRule("e", dark.track)
      out.fillRule("r", dark.readout)
      out.fillRule("l", dark.label)
      out.raw("}")
    }
    if let timeline, isAnimated { animationRules(timeline) }
    out.raw("</style>\n")
  }

  /// The sweep: while it runs, the slices are masked by a circle whose dash grows clockwise
  /// from 12 o'clock; once it ends, no mask applies at all, so the final picture is exactly
  /// the static one (and viewers without CSS animation show it from the start).
  private mutating func animationRules(_ timeline: PieTimeline) {
    let circumference = 2 * Double.pi * maskRadius
    let dash = (circumference + 2).rounded(.up)
    out.selector("k")
    out.raw("{animation:")
    out.scope()
    out.raw("-k ")
    out.milliseconds(timeline.duration)
    out.raw(" linear}@keyframes ")
    out.scope()
    out.raw("-k{from,to{mask:url(#")
    out.scope()
    out.raw("-m)}}")
    out.selector("w")
    out.raw("{animation:")
    out.scope()
    out.raw("-w ")
    out.milliseconds(timeline.duration)
    out.raw(" linear both}@keyframes ")
    out.scope()
    out.raw("-w{from{stroke-dashoffset:")
    out.number(dash)
    out.raw("}to{stroke-dashoffset:0}}")
    // Slice texts wait, hidden, for their slice.
    out.hiddenUntilDurationRule()
    out.reducedMotionRule()
  }

  /// The mask circle's radius: its stroke, as wide as the diameter, covers the grown slices.
  private var maskRadius: Double {
    (layout.outerRadius * (1 + PieLayout.highlightGrowth) + 2) / 2
  }

  private mutating func sweepMask() {
    let radius = maskRadius
    let dash = (2 * Double.pi * radius + 2).rounded(.up)
    out.raw("<mask id=\"")
    out.scope()
    out.raw("-m\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"")
    out.integer(layout.width)
    out.raw("\" height=\"")
    out.integer(layout.height)
    out.raw("\"><circle class=\"w\" cx=\"")
    out.number(layout.center.x)
    out.raw("\" cy=\"")
    out.number(layout.center.y)
    out.raw("\" r=\"")
    out.number(radius)
    out.raw("\" fill=\"none\" stroke=\"#FFFFFF\" stroke-width=\"")
    out.number(2 * radius)
    out.raw("\" stroke-dasharray=\"")
    out.number(dash)
    out.byte(UInt8(ascii: " "))
    out.number(dash)
    // A circle's stroke starts at 3 o'clock; turned back a quarter, it starts at 12.
    out.raw("\" transform=\"rotate(-90 ")
    out.number(layout.center.x)
    out.byte(UInt8(ascii: " "))
    out.number(layout.center.y)
    out.raw(")\"/></mask>\n")
  }

  private mutating func ring() {
    if let empty = layout.emptyRing {
      out.raw(options.theme == .auto ? "<path class=\"e\"" : "<path")
      out.fill(style.track)
      out.raw(" d=\"")
      empty.trace(into: &out)
      out.raw("\"/>\n")
      return
    }
    out.raw(isAnimated ? "<g class=\"k\">\n" : "<g>\n")
    for slice in layout.slices {
      out.raw("<path")
      out.fill(slice.color)
      out.raw(" d=\"")
      slice.sector.trace(into: &out)
      // A tooltip where viewers show one.
      out.raw("\"><title>")
      out.text(layout.chart.items[slice.itemIndex].label)
      out.raw(": ")
      out.text(layout.valueText(slice.value))
      out.raw(" (")
      out.text(PieChart.preciseShareText(slice.share))
      out.raw(")</title></path>\n")
    }
    out.raw("</g>\n")
  }

  private mutating func texts() {
    out.raw("<g font-family=\"")
    out.raw(SVGRenderer.fontFamily)
    out.raw("\" text-anchor=\"middle\">\n")
    for (index, slice) in layout.slices.enumerated() {
      guard let text = slice.text else { continue }
      let appears = isAnimated ? timeline?.completion(ofSlice: index) ?? 0 : 0
      write(
        text, className: appears > 0 ? "z" : nil, color: text.color ?? style.readout,
        hiddenFor: appears)
    }
    if let message = layout.emptyMessage {
      write(message, className: "l", color: style.label)
    }
    for (index, text) in layout.centerTexts.enumerated() {
      write(
        text, className: index == 0 ? "l" : "r", color: index == 0 ? style.label : style.readout)
    }
    for entry in layout.legend {
      if let origin = entry.swatchOrigin, let color = entry.color {
        out.raw("<rect x=\"")
        out.number(origin.x)
        out.raw("\" y=\"")
        out.number(origin.y)
        out.raw("\" width=\"")
        out.number(entry.swatchSide)
        out.raw("\" height=\"")
        out.number(entry.swatchSide)
        out.raw("\" rx=\"")
        out.number(entry.swatchSide * 0.2)
        out.byte(UInt8(ascii: "\""))
        out.fill(color)
        out.raw("/>\n")
      }
      write(entry.text, className: "r", color: style.readout)
    }
    if let title = layout.title {
      write(title, className: "r", color: style.readout)
    }
    out.raw("</g>\n")
  }

  private mutating func write(
    _ text: ChartText, className: StaticString?, color: Color, hiddenFor delay: Double? = nil
  ) {
    out.raw("<text")
    // Theme classes matter only with the style sheet; slice texts keep their contrast colour.
    if let className, isScoped, text.color == nil || delay != nil {
      out.raw(" class=\"")
      out.raw(className)
      out.byte(UInt8(ascii: "\""))
    }
    out.raw(" x=\"")
    out.number(text.position.x)
    out.raw("\" y=\"")
    out.number(text.position.y)
    out.raw("\" dy=\".35em\" font-size=\"")
    out.number(text.fontSize)
    out.byte(UInt8(ascii: "\""))
    if text.bold { out.raw(" font-weight=\"700\"") }
    if text.anchor != .middle {
      out.raw(" text-anchor=\"")
      out.raw(text.anchor == .start ? "start" : "end")
      out.byte(UInt8(ascii: "\""))
    }
    if let delay, delay > 0 {
      out.raw(" style=\"animation-duration:")
      out.milliseconds(delay)
      out.byte(UInt8(ascii: "\""))
    }
    out.fill(color)
    out.byte(UInt8(ascii: ">"))
    out.text(text.text)
    out.raw("</text>\n")
  }
}
