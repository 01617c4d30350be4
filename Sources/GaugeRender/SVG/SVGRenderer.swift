import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugePresets
import GaugeSupport

extension Gauge {
  /// The gauge as an SVG image for `value`.
  ///
  /// ```swift
  /// let stress = try BuiltinPresets.gauge(named: "stress")
  /// let svg = try stress.svg(value: 42)
  /// ```
  ///
  /// - Throws: `GaugeError` for a size outside 1...8192, an animation duration outside
  ///   0...60 s, or a gauge that breaks a rule. Odd values (NaN, infinities, off-scale)
  ///   never throw: they draw the no-data or off-scale states.
  public func svg(value: Double?, options: SVGOptions = SVGOptions()) throws(GaugeError) -> String {
    String(decoding: try svgBytes(value: value, options: options), as: UTF8.self)
  }

  /// The same image as UTF-8 bytes, for servers and batch jobs that write bytes anyway: it
  /// skips building (and validating) a `String`.
  public func svgBytes(value: Double?, options: SVGOptions = SVGOptions()) throws(GaugeError)
    -> [UInt8]
  {
    var gauge = self
    if let title = options.title { gauge.title = title }
    let layout = try gauge.layout(value: value, width: options.width, height: options.height)
    var renderer = SVGRenderer(
      layout: layout, options: options, timeline: try gauge.timeline(to: value, options: options),
      ring: nil)
    return renderer.render()
  }

  /// The animation an image shows, if any.
  package func timeline(to value: Double?, options: SVGOptions) throws(GaugeError) -> GaugeTimeline?
  {
    guard let animation = options.animation else { return nil }
    var timing = self.animation
    if let duration = animation.duration { timing.duration = duration }
    return try GaugeTimeline(gauge: self, from: animation.from, to: value, options: timing)
  }
}

/// Renders many images of one gauge with the same options, for backends that draw a gauge
/// per user: the gauge is checked once, and every sector's markup is written once (lit and
/// unlit), so each image writes only what depends on its value.
///
/// ```swift
/// let renderer = try GaugeSVGRenderer(gauge: stress, options: SVGOptions(width: 200, height: 200))
/// for user in users { try save(renderer.svgBytes(value: user.stress), for: user) }
/// ```
///
/// A value type holding no mutable state: share one across threads freely. Its images are
/// byte for byte those of `Gauge.svg(value:options:)`.
public struct GaugeSVGRenderer: Sendable {
  public let gauge: Gauge
  public let options: SVGOptions
  package let ring: PreparedRing

  /// - Throws: `GaugeError` for a gauge that breaks a rule or options out of range.
  public init(gauge: Gauge, options: SVGOptions = SVGOptions()) throws(GaugeError) {
    var gauge = gauge
    if let title = options.title { gauge.title = title }
    // Laying out once checks the gauge and the size; any value gives the same sectors.
    let layout = try gauge.layout(value: nil, width: options.width, height: options.height)
    _ = try gauge.timeline(to: gauge.min, options: options)
    self.gauge = gauge
    self.options = options
    ring = PreparedRing(layout: layout, options: options)
  }

  /// The image for `value` as UTF-8 bytes.
  public func svgBytes(value: Double?) throws(GaugeError) -> [UInt8] {
    let layout = gauge.checkedLayout(value: value, width: options.width, height: options.height)
    var renderer = SVGRenderer(
      layout: layout, options: options, timeline: try gauge.timeline(to: value, options: options),
      ring: ring)
    return renderer.render()
  }

  /// The image for `value` as text.
  public func svg(value: Double?) throws(GaugeError) -> String {
    String(decoding: try svgBytes(value: value), as: UTF8.self)
  }
}

/// Every sector's finished `<path>` element, lit and unlit, in one buffer.
package struct PreparedRing: Sendable {
  package let bytes: [UInt8]
  package let lit: [Range<Int>]
  package let unlit: [Range<Int>]

  package init(layout: GaugeLayout, options: SVGOptions) {
    var writer = SVGWriter(capacity: layout.sectors.count * 260)
    var lit: [Range<Int>] = []
    var unlit: [Range<Int>] = []
    var ring = layout.sectorRing
    let renderer = SVGRenderer(
      layout: layout, options: options,
      timeline: try? layout.gauge.timeline(to: nil, options: options),
      ring: nil)
    for sector in layout.sectors {
      for isLit in [true, false] {
        let start = writer.count
        var shown = sector
        shown.lit = isLit
        renderer.sector(shown, ring: &ring, into: &writer)
        if isLit { lit.append(start..<writer.count) } else { unlit.append(start..<writer.count) }
      }
    }
    bytes = writer.finishBytes()
    self.lit = lit
    self.unlit = unlit
  }
}

/// Draws one laid-out gauge: every position comes from the layout, every moment of the
/// animation from the timeline; this only writes them down.
package struct SVGRenderer {
  package let layout: GaugeLayout
  package let options: SVGOptions
  package let timeline: GaugeTimeline?
  package var out: SVGWriter

  /// The font every renderer has first, then common fallbacks.
  package static let fontFamily: StaticString = "'DejaVu Sans',Verdana,Arial,sans-serif"

  /// Sectors written ahead of time by a `GaugeSVGRenderer`, or `nil` to write them here.
  package let ring: PreparedRing?

  package init(
    layout: GaugeLayout, options: SVGOptions, timeline: GaugeTimeline?, ring: PreparedRing?
  ) {
    self.layout = layout
    self.options = options
    self.timeline = timeline
    self.ring = ring
    // Room for the sectors' path data and the rest, so the buffer grows at most once or twice.
    let estimate = 1500 + layout.sectors.count * 110 + (timeline == nil ? 0 : 6000)
    out = SVGWriter(capacity: estimate)
  }

  private var style: Style {
    options.theme == .dark ? layout.gauge.darkStyle : layout.gauge.style
  }

  /// Class names and keyframes are needed only with a style sheet.
  private var isScoped: Bool { options.theme == .auto || timeline != nil }

  package mutating func render() -> [UInt8] {
    header()
    if isScoped { styleSheet() }
    out.background(options, style: style)
    out.raw("<g aria-hidden=\"true\">\n")
    sectors()
    if options.showLabels { ticks() }
    marker()
    pointer()
    labels()
    out.raw("</g>\n</svg>\n")
    return out.finishBytes()
  }

  // MARK: - Document

  private mutating func header() {
    out.documentStart(
      width: layout.width, height: layout.height, summary: layout.summary, scoped: isScoped)
    description()
    out.raw("</desc>\n")
  }

  /// "Gauge from 0 to 100 in 3 zones: Relaxed up to 25, Normal up to 75, High up to 100."
  private mutating func description() {
    let gauge = layout.gauge
    out.raw("Gauge from ")
    out.text(gauge.readout.number(gauge.min))
    out.raw(" to ")
    out.text(gauge.readout.number(gauge.max))
    if gauge.zones.count == 1 {
      out.raw(" in one zone: ")
      out.text(gauge.zones[0].label)
    } else {
      out.raw(" in ")
      out.integer(gauge.zones.count)
      out.raw(" zones: ")
      for (index, zone) in gauge.zones.enumerated() {
        if index > 0 { out.raw(", ") }
        out.text(zone.label)
        out.raw(" up to ")
        out.text(gauge.readout.number(zone.upperBound))
      }
    }
    out.raw(".")
  }

  private mutating func styleSheet() {
    out.raw("<style>")
    if options.theme == .auto {
      let dark = layout.gauge.darkStyle
      out.raw("@media (prefers-color-scheme:dark){")
      out.fillRule("b", dark.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
      out.fillRule("t", dark.track)
      out.fillRule("p", dark.pointer)
      out.fillRule("l", dark.label)
      out.fillRule("r", dark.readout)
      out.raw("}")
    }
    if let timeline {
      animationRules(timeline)
    }
    out.raw("</style>\n")
  }

  // MARK: - Ring

  private mutating func sectors() {
    // Without data the ring stays, dimmed, so the scale still reads.
    let dimmed = layout.state == .noData
    if dimmed { out.raw("<g opacity=\".4\">\n") }
    if let prepared = ring {
      for sector in layout.sectors {
        let range =
          sector.lit ? prepared.lit[sector.visibleIndex] : prepared.unlit[sector.visibleIndex]
        prepared.bytes.withUnsafeBufferPointer {
          out.append(UnsafeBufferPointer(rebasing: $0[range]))
        }
      }
    } else {
      var tracer = layout.sectorRing
      for sector in layout.sectors {
        self.sector(sector, ring: &tracer, into: &out)
      }
    }
    if dimmed { out.raw("</g>\n") }
  }

  /// One sector's element. One path per sector, animated or not: merging same-coloured
  /// neighbours into one path would save bytes but anti-alias their shared pixels
  /// differently, and an animated image must end on exactly the static image's pixels.
  package func sector(_ sector: GaugeSector, ring: inout SectorRing, into out: inout SVGWriter) {
    let reveals = timeline?.revealsSectors == true
    out.raw("<path")
    switch (reveals, sector.lit, options.theme == .auto) {
    case (true, true, _): out.raw(" class=\"s\"")
    case (true, false, _): out.raw(" class=\"s t\"")
    case (false, false, true): out.raw(" class=\"t\"")
    case (false, _, _): break
    }
    if reveals {
      out.raw(" style=\"animation-delay:")
      out.milliseconds(timeline?.appearance(ofSector: sector.visibleIndex) ?? 0)
      out.raw("\"")
    }
    out.fill(layout.color(of: sector, style: style))
    out.raw(" d=\"")
    let (start, end) = layout.bearings(of: sector)
    ring.trace(from: start, to: end, into: &out)
    out.raw("\"/>\n")
  }

  private mutating func ticks() {
    guard !layout.ticks.isEmpty else { return }
    out.raw("<path class=\"l\" fill=\"none\" stroke=\"")
    out.color(style.label)
    out.raw("\" stroke-width=\"")
    out.number(Swift.max(1, layout.outerRadius * 0.008))
    out.raw("\" d=\"")
    for tick in layout.ticks {
      out.move(to: tick.from)
      out.line(to: tick.to)
    }
    out.raw("\"/>\n")
  }

  private mutating func marker() {
    guard let points = layout.offScaleMarker else { return }
    out.raw("<polygon class=\"p\"")
    out.fill(style.pointer)
    out.raw(" points=\"")
    polygonPoints(points)
    out.raw("\"/>\n")
  }

  private mutating func pointer() {
    guard let polygon = layout.pointer else { return }
    // "n" (the needle) is what the animation turns; "p" is its colour in the dark theme.
    out.raw(timeline == nil ? "<polygon class=\"p\"" : "<polygon class=\"p n\"")
    out.fill(style.pointer)
    out.raw(" points=\"")
    out.point(polygon.innerLeft)
    out.byte(UInt8(ascii: " "))
    out.point(polygon.outerLeft)
    out.byte(UInt8(ascii: " "))
    out.point(polygon.outerRight)
    out.byte(UInt8(ascii: " "))
    out.point(polygon.innerRight)
    out.raw("\"/>\n")
  }

  private mutating func polygonPoints(_ points: [Point]) {
    for (index, point) in points.enumerated() {
      if index > 0 { out.byte(UInt8(ascii: " ")) }
      out.point(point)
    }
  }

  // MARK: - Text

  private mutating func labels() {
    out.raw("<g font-family=\"")
    out.raw(SVGRenderer.fontFamily)
    out.raw("\" text-anchor=\"middle\">\n")
    for label in layout.labels {
      switch label.role {
      case .readout:
        readout(label)
      case .title, .start, .end, .zone:
        guard options.showLabels else { continue }
        text(label, className: "l", color: style.label, bold: false)
      }
    }
    out.raw("</g>\n")
  }

  private mutating func readout(_ label: GaugeLabel) {
    guard let timeline, timeline.to != nil else {
      text(label, className: "r", color: style.readout, bold: true)
      return
    }
    // The readout as discrete text frames sampled on the pointer's own timeline, so the
    // number follows the easing curve in step with the needle.
    let frames = readoutFrames(timeline)
    for (index, frame) in frames.enumerated() {
      let isLast = index == frames.count - 1
      var shown = label
      shown.text = frame.text
      if !isLast {
        shown.fontSize = Swift.min(label.fontSize, layout.readoutFontSize(for: frame.text))
      }
      // Windows from whole milliseconds, so neighbouring frames never overlap.
      let start = (frame.start * 1000).rounded() / 1000
      let next = isLast ? start : (frames[index + 1].start * 1000).rounded() / 1000
      text(
        shown, className: isLast ? "r z" : "r f", color: style.readout, bold: true,
        timing: isLast ? (0, start) : (start, next - start))
    }
  }

  private mutating func text(
    _ label: GaugeLabel, className: StaticString, color: Color, bold: Bool,
    timing: (delay: Double, duration: Double)? = nil
  ) {
    out.raw("<text class=\"")
    out.raw(className)
    out.raw("\" x=\"")
    out.number(label.position.x)
    out.raw("\" y=\"")
    out.number(label.position.y)
    out.raw("\" dy=\".35em\" font-size=\"")
    out.number(label.fontSize)
    out.byte(UInt8(ascii: "\""))
    if bold { out.raw(" font-weight=\"700\"") }
    if label.anchor != .middle {
      out.raw(" text-anchor=\"")
      out.raw(label.anchor == .start ? "start" : "end")
      out.byte(UInt8(ascii: "\""))
    }
    if let timing {
      out.raw(" style=\"animation-delay:")
      out.milliseconds(timing.delay)
      out.raw(";animation-duration:")
      out.milliseconds(timing.duration)
      out.byte(UInt8(ascii: "\""))
    }
    out.fill(color)
    out.byte(UInt8(ascii: ">"))
    out.text(label.text)
    out.raw("</text>\n")
  }
}
