import GaugeGeometry
import GaugeLocalization
import GaugeModel
import GaugeSupport
import GaugeText

/// A text the chart layout placed. `position` is the centre of the line box, vertically;
/// `fontSize` in pixels.
package struct ChartText: Sendable, Hashable {
  package var text: String
  package var position: Point
  package var fontSize: Double
  package var anchor: TextAnchor
  package var bold: Bool
  /// A colour chosen for contrast with what is under it (a slice); `nil` is the theme's text.
  package var color: Color?
}

/// One item's slice, placed.
package struct PieSlice: Sendable, Hashable {
  /// Which of the chart's items it draws.
  package var itemIndex: Int
  /// The item's value.
  package var value: Double
  /// Its part of the total, 0...1.
  package var share: Double
  /// Bearings in degrees, 0° at 12 o'clock, clockwise; the last slice ends at exactly 360.
  package var startAngle: Double
  /// Where the slice ends, in degrees from 12 o'clock, clockwise (360 for the last).
  package var endAngle: Double
  /// The slice's colour, from the item or the palette.
  package var color: Color
  /// Whether it is the highlighted item's slice, drawn larger.
  package var isHighlighted: Bool
  /// The outline as drawn: grown when highlighted, padded and with rounded corners.
  package var sector: AnnularSector
  /// Whether at least a pixel of it shows along its outer edge once padded. A slice too thin
  /// to see is still drawn, listed in the legend and in `tinySlices`.
  package var isVisible: Bool
  /// The text on the slice, or `nil` when the chart shows none or it does not fit.
  package var text: ChartText?
}

/// A legend entry: a colour swatch, the item's label, and its value and share right-aligned
/// in columns shared by every entry; the "+3 more" entry has only its text.
package struct LegendEntry: Sendable, Hashable {
  /// The item it stands for; `nil` for the entry that counts the ones left out.
  package var itemIndex: Int?
  /// The swatch's top-left corner, in pixels; `nil` without a swatch.
  package var swatchOrigin: Point?
  package var swatchSide: Double
  package var color: Color?
  package var text: ChartText
  /// The value, anchored at its column's right edge.
  package var value: ChartText?
  /// The share of the total ("12.1%"), anchored at its column's right edge.
  package var share: ChartText?
}

/// Where everything of a pie or donut chart goes in an image of a given size. Renderers only
/// draw what it says.
package struct PieLayout: Sendable, Hashable {
  /// The chart laid out: past its `sliceLimit`, the smallest items are one "Other" item, the
  /// last, so item indices here count the drawn items.
  package let chart: PieChart
  /// The image's width in pixels.
  package let width: Int
  /// The image's height in pixels.
  package let height: Int
  /// The ring's centre, in pixels.
  package let center: Point
  /// The radii of a slice that is not highlighted, in pixels.
  package let outerRadius: Double
  /// The hole's radius in pixels: 0 for a pie.
  package let innerRadius: Double
  /// The gap between slices actually used: none when there is only one slice.
  package let padWidth: Double
  /// The sum of the items' values.
  package let total: Double
  /// Decimals every value prints with (`PieChart.sharedDecimals`).
  package let valueDecimals: Int
  /// The slices of the items with a value above 0, in drawing order.
  package let slices: [PieSlice]
  /// Every item, in drawing order (zeros included), as the legend lists them.
  package let order: [Int]
  package let legend: [LegendEntry]
  package let title: ChartText?
  /// A donut's centre: the highlighted item's label and value, or "Total" and the total.
  package private(set) var centerTexts: [ChartText]
  /// With no items or a total of 0: the ring drawn empty, and a message in it.
  package let emptyRing: AnnularSector?
  package let emptyMessage: ChartText?

  /// How much a highlighted slice grows beyond the others' outer radius; the chart always
  /// leaves room for it, so selecting a slice never resizes the chart.
  package static let highlightGrowth = 0.06

  /// The slices too thin to see at this size: an app or the command line can report them.
  package var tinySlices: [PieSlice] { slices.filter { !$0.isVisible } }

  /// Whether there is nothing to draw (no items, or a total of 0).
  package var isEmpty: Bool { emptyRing != nil }

  /// "Donations: donut chart of 5 items, total 19.8"
  package var summary: String {
    let words = chart.valueFormat.words
    let kind = chart.innerRadiusRatio > 0 ? words.donutChart : words.pieChart
    let items = chart.items.count + Swift.max(0, chart.otherMembers.count - 1)
    let count = chart.valueFormat.count(items)
    let body = LocaleWords.filled(
      items == 1 ? words.chartSummaryOne : words.chartSummary,
      ["kind": kind, "count": count, "total": valueText(total)])
    if let title = chart.title, !title.isEmpty { return title + ": " + body }
    return body.prefix(1).uppercased() + body.dropFirst()
  }

  /// A value as the chart prints it: prefix, `valueDecimals` places, suffix.
  package func valueText(_ value: Double) -> String {
    chart.valueText(value, decimals: valueDecimals)
  }

  /// A donut's centre: the highlighted item's label and value, or "Total" and the total;
  /// `nil` for a pie or an empty chart.
  package var centerContent: (caption: String, value: String)? {
    guard innerRadius > 0, total > 0 else { return nil }
    if let label = chart.highlighted, let item = chart.items.first(where: { $0.label == label }) {
      return (item.label, valueText(item.value))
    }
    return (chart.valueFormat.words.total, valueText(total))
  }

  /// Every item with its value and share, in drawing order: "Legacies 2.4 (12.1%), ...".
  package var itemDescription: String {
    order.map { index in
      let item = chart.items[index]
      let share = total > 0 ? item.value / total : 0
      let holds = chart.isOther(index) ? ": " + chart.otherMembers.joined(separator: ", ") : ""
      return "\(item.label) \(valueText(item.value)) (\(chart.preciseShareText(share)))"
        + holds
    }.joined(separator: ", ")
  }
}

extension PieChart {
  /// Lays the chart out in an image of `width` × `height` pixels.
  ///
  /// Edge cases:
  /// - No items, or a total of 0: an empty ring with the message "No data" or "Total is 0".
  /// - One slice (every other value 0): a full ring, unpadded.
  /// - More items than `sliceLimit`: the smallest are drawn as one "Other" slice.
  /// - A legend or title that would leave the chart under 40% of the image's shorter side
  ///   is left out.
  ///
  /// - Throws: `GaugeError.invalidSize` for a side outside 1...8192, and
  ///   `GaugeError.invalidChart` when the data or options break a rule.
  /// - Parameter fonts: The faces that will draw the texts, which measure them.
  package func layout(
    width: Int = 400, height: Int = 400, fonts: FontSet = .standard
  ) throws(GaugeError) -> PieLayout {
    try RenderLimits.checkSize(width: width, height: height)
    try validate()
    return PieLayout(checked: grouped(), width: width, height: height, fonts: fonts)
  }
}

extension PieLayout {
  /// Lays out a chart already validated.
  package init(checked chart: PieChart, width: Int, height: Int, fonts: FontSet) {
    var placement = PiePlacement(chart: chart, width: width, height: height, fonts: fonts)
    placement.valueDecimals = chart.sharedDecimals
    let frame = placement.frame()
    self.chart = chart
    self.width = width
    self.height = height
    order = placement.order
    total = chart.total
    valueDecimals = chart.sharedDecimals
    title = frame.title
    legend = frame.legend
    let available = Swift.max(0, Swift.min(frame.area.width, frame.area.height) / 2)
    center = Point(x: frame.area.x + frame.area.width / 2, y: frame.area.y + frame.area.height / 2)
    outerRadius = available / (1 + PieLayout.highlightGrowth)
    innerRadius = outerRadius * chart.innerRadiusRatio
    let positive = order.filter { chart.items[$0].value > 0 }
    padWidth = positive.count >= 2 ? chart.angularInset : 0

    guard total > 0 else {
      slices = []
      centerTexts = []
      emptyRing = AnnularSector(
        center: center, innerRadius: innerRadius, outerRadius: outerRadius, startAngle: 0,
        endAngle: 360)
      let words = chart.valueFormat.words
      let message = chart.items.isEmpty ? words.noData : words.totalIsZero
      let space = innerRadius > 0 ? innerRadius * 1.7 : outerRadius * 1.6
      let size = Swift.min(
        placement.fontSize, space / Swift.max(1, fonts.width(of: message, weight: .regular)))
      emptyMessage = ChartText(
        text: message, position: center, fontSize: size, anchor: .middle, bold: false, color: nil)
      return
    }
    emptyRing = nil
    emptyMessage = nil

    let colors = chart.colors
    var slices: [PieSlice] = []
    slices.reserveCapacity(positive.count)
    var cumulative = 0.0
    for (position, index) in positive.enumerated() {
      let item = chart.items[index]
      let start = 360 * cumulative / total
      cumulative += item.value
      // The last slice closes the ring exactly, whatever the rounding.
      let end = position == positive.count - 1 ? 360 : 360 * cumulative / total
      let isHighlighted = chart.highlighted == item.label
      let grow = isHighlighted ? outerRadius * PieLayout.highlightGrowth : 0
      let sector = AnnularSector(
        center: center, innerRadius: innerRadius > 0 ? Swift.max(0, innerRadius - grow / 2) : 0,
        outerRadius: outerRadius + grow, startAngle: start, endAngle: end, padWidth: padWidth,
        cornerRadius: chart.cornerRadius)
      let radians = (end - start) * Double.pi / 180
      let padAngle = padWidth > 0 ? 2 * Radians.asin(padWidth / 2 / sector.outerRadius) : 0
      slices.append(
        PieSlice(
          itemIndex: index, value: item.value, share: item.value / total, startAngle: start,
          endAngle: end, color: colors[index], isHighlighted: isHighlighted, sector: sector,
          isVisible: end - start >= 360 || sector.outerRadius * (radians - padAngle) >= 1,
          text: nil))
    }
    for index in slices.indices {
      slices[index].text = placement.sliceText(for: slices[index], padWidth: padWidth)
    }
    self.slices = slices
    centerTexts = []
    centerTexts = placement.centerTexts(
      center: center, holeRadius: innerRadius - (chart.highlighted == nil ? 0 : outerRadius * 0.03),
      content: centerContent)
  }
}

/// The arithmetic of placing a chart's parts: its frame (title, legend, the chart's area)
/// and its texts.
package struct PiePlacement {
  package let chart: PieChart
  package let width: Double
  package let height: Double
  package let order: [Int]
  package let colors: [Color]
  /// The base font size: 3.5% of the shorter side, 9...64 px (no text under 9 px: parts that
  /// do not fit at 9 px are left out instead).
  package let fontSize: Double
  package let margin: Double
  /// The faces that will draw the texts, which measure them.
  package let fonts: FontSet
  /// No text of a chart is smaller, in pixels.
  package static let smallestText = 9.0
  package var valueDecimals = 0

  package init(chart: PieChart, width: Int, height: Int, fonts: FontSet) {
    self.chart = chart
    self.fonts = fonts
    self.width = Double(width)
    self.height = Double(height)
    order = chart.orderedItemIndices
    colors = chart.colors
    let side = Double(Swift.min(width, height))
    fontSize = Swift.min(64, Swift.max(PiePlacement.smallestText, side * 0.035))
    margin = (side * 0.03).rounded()
  }

  package struct Frame {
    var title: ChartText?
    var legend: [LegendEntry]
    var area: (x: Double, y: Double, width: Double, height: Double)
  }

  /// The title, the legend and what is left for the chart; parts that would squeeze the
  /// chart under 40% of the shorter side are dropped, the legend first.
  package mutating func frame() -> Frame {
    let minimum = 0.4 * Swift.min(width, height)
    for (withTitle, withLegend) in [(true, true), (true, false), (false, false)] {
      let frame = frame(title: withTitle, legend: withLegend)
      if Swift.min(frame.area.width, frame.area.height) >= minimum || !withTitle {
        return frame
      }
    }
    return frame(title: false, legend: false)
  }

  private func frame(title withTitle: Bool, legend withLegend: Bool) -> Frame {
    var area = (x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin)
    var title: ChartText?
    if withTitle, let text = chart.title, !text.isEmpty {
      let size = fontSize * 1.25
      // Measured bold, as it is drawn: measured regular, a long title ran past both edges.
      let fitted = fonts.truncated(text, toWidth: area.width / size, weight: .bold)
      title = ChartText(
        text: fitted, position: Point(x: width / 2, y: area.y + size * 0.6), fontSize: size,
        anchor: .middle, bold: true, color: nil)
      area.y += size * 1.5
      area.height -= size * 1.5
    }
    guard withLegend, chart.legend != .none, !order.isEmpty else {
      return Frame(title: title, legend: [], area: area)
    }
    var legend: [LegendEntry]
    switch chart.legend {
    case .right:
      // The room right of the chart at its smallest (40% of the shorter side, as `frame()`
      // keeps it), 45% of the width at least: a name is cut only when it does not fit
      // there whole. The table is no wider than its longest entry needs.
      let smallestChart = 0.4 * Swift.min(width, height)
      let room = Swift.max(0.45 * area.width, area.width - smallestChart - fontSize)
      let grid = legendGrid(width: room, maximumHeight: area.height, columns: 1)
      let top = area.y + (area.height - grid.height) / 2
      legend = legendEntries(grid, x: area.x + area.width - grid.width, top: top)
      area.width -= grid.width + fontSize
    case .top, .bottom:
      let grid = legendGrid(width: area.width, maximumHeight: 0.4 * area.height, columns: nil)
      let top = chart.legend == .top ? area.y : area.y + area.height - grid.height
      legend = legendEntries(grid, x: area.x + (area.width - grid.width) / 2, top: top)
      area.height -= grid.height + fontSize * 0.5
      if chart.legend == .top { area.y += grid.height + fontSize * 0.5 }
    case .none:
      legend = []
    }
    return Frame(title: title, legend: legend, area: area)
  }

  // MARK: - Texts on the chart

  /// The slice's own text at its middle bearing, if the text's box fits inside the slice.
  package func sliceText(for slice: PieSlice, padWidth: Double) -> ChartText? {
    let content: String
    switch chart.sliceLabels {
    case .none: return nil
    case .value: content = chart.valueText(slice.value, decimals: valueDecimals)
    case .percent: content = chart.percentText(slice.share)
    case .name: content = chart.items[slice.itemIndex].label
    }
    let sector = slice.sector
    let ratio =
      chart.labelRadiusRatio
      ?? (sector.innerRadius > 0
        ? (sector.innerRadius + sector.outerRadius) / 2 / sector.outerRadius : 0.65)
    let middle =
      slice.endAngle - slice.startAngle >= 360 ? 0 : (slice.startAngle + slice.endAngle) / 2
    // A full ring without a hole has its text in the middle.
    let radius =
      slice.endAngle - slice.startAngle >= 360 && sector.innerRadius == 0
      ? 0 : sector.outerRadius * ratio
    let position = Point(center: sector.center, radius: radius, degrees: middle)
    let size = fontSize
    // A name too long for its slice is shortened to what fits, down to two letters and an
    // ellipsis; a number is shown whole or not at all.
    var candidates = [content]
    if chart.sliceLabels == .name {
      var width = fonts.width(of: content, weight: .bold)
      while width > 2 {
        width *= 0.85
        let shorter = fonts.truncated(content, toWidth: width, weight: .bold)
        guard shorter.count >= 3 else { break }
        if shorter != candidates.last { candidates.append(shorter) }
      }
    }
    for text in candidates {
      // Measured bold, as it is drawn.
      let halfWidth = fonts.width(of: text, weight: .bold) * size / 2 + size * 0.15
      let halfHeight = size * 0.5
      let corners = [
        Point(x: position.x - halfWidth, y: position.y - halfHeight),
        Point(x: position.x + halfWidth, y: position.y - halfHeight),
        Point(x: position.x - halfWidth, y: position.y + halfHeight),
        Point(x: position.x + halfWidth, y: position.y + halfHeight),
      ]
      // Does it fit? Every corner of its box must lie inside the padded slice.
      if corners.allSatisfy({ PieLayout.contains($0, in: slice, padWidth: padWidth) }) {
        return ChartText(
          text: text, position: position, fontSize: size, anchor: .middle, bold: true,
          color: PiePlacement.textColor(on: slice.color))
      }
    }
    return nil
  }

  /// White or near-black, whichever contrasts more with `background`.
  package static func textColor(on background: Color) -> Color {
    let light = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    let dark = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
    return background.contrast(with: light) >= background.contrast(with: dark) ? light : dark
  }

  /// The centre's caption and value, fitted to the hole.
  package func centerTexts(
    center: Point, holeRadius: Double, content: (caption: String, value: String)?
  )
    -> [ChartText]
  {
    guard holeRadius >= 12, let (caption, value) = content else { return [] }
    let space = holeRadius * 1.5
    let valueSize = Swift.min(
      holeRadius * 0.5, space / Swift.max(0.5, fonts.width(of: value, weight: .bold)))
    let captionSize = Swift.min(fontSize, holeRadius * 0.3)
    // A hole too small for readable texts shows none (the legend and description say it).
    guard Swift.min(valueSize, captionSize) >= PiePlacement.smallestText else { return [] }
    let fittedCaption = fonts.truncated(caption, toWidth: space / captionSize, weight: .regular)
    return [
      ChartText(
        text: fittedCaption, position: Point(x: center.x, y: center.y - valueSize * 0.55),
        fontSize: captionSize, anchor: .middle, bold: false, color: nil),
      ChartText(
        text: value, position: Point(x: center.x, y: center.y + captionSize * 0.6),
        fontSize: valueSize, anchor: .middle, bold: true, color: nil),
    ]
  }
}
