import GaugeGeometry
import GaugeModel
import GaugeSupport

/// One slice's data: what it is called, how much, and optionally its own colour.
public struct PieItem: Sendable, Hashable {
  /// Shown in the legend and on the slice; unique within a chart, 1...200 characters.
  public var label: String
  /// A finite number, 0 or more. A 0 gets a legend entry but no slice.
  public var value: Double
  /// `nil` takes the next colour of the chart's palette.
  public var color: Color?

  /// Creates an item; `color` `nil` takes the palette's next colour.
  public init(label: String, value: Double, color: Color? = nil) {
    self.label = label
    self.value = value
    self.color = color
  }
}

/// What each slice shows on itself.
public enum SliceLabel: String, Sendable, Hashable, CaseIterable {
  /// The item's value, formatted by `PieChart.valueFormat`.
  case value
  /// Its share of the total, in whole percent ("<1%" for a tiny share).
  case percent
  /// The item's label.
  case name
  /// No text on the slices.
  case none
}

/// Where the legend goes.
public enum LegendPosition: String, Sendable, Hashable, CaseIterable {
  /// Above the chart.
  case top
  /// Below the chart.
  case bottom
  /// To the right of the chart.
  case right
  /// No legend.
  case none
}

/// A pie or donut chart: items drawn as annular sectors from 12 o'clock, clockwise, each
/// sweeping its share of 360°. The geometry is the gauge ring's (`AnnularSector`).
///
/// ```swift
/// var chart = PieChart(items: [
///   PieItem(label: "Legacies", value: 2.4), PieItem(label: "Daffodil Day", value: 4.7),
/// ])
/// chart.innerRadiusRatio = 0.6
/// let svg = try chart.svg(options: RenderOptions(width: 400, height: 400))
/// ```
public struct PieChart: Sendable, Hashable {
  /// The items, in the order given (`sortsByValue` orders the drawing, not this).
  public var items: [PieItem]
  /// Drawn above the chart and used as the image's accessible name.
  public var title: String?
  /// The hole's radius as a fraction of the outer radius, 0...0.95: 0 is a pie.
  public var innerRadiusRatio: Double
  /// The gap between neighbouring slices in pixels, 0...100: a constant width, so the
  /// slices' edges are parallel (Swift Charts' `angularInset`).
  public var angularInset: Double
  /// The radius of the slices' corners in pixels, 0...1000, clamped per slice to what fits.
  public var cornerRadius: Double
  /// Largest first (ties keep their input order); otherwise the items' own order.
  public var sortsByValue: Bool
  /// Colours for items without their own, used in turn and cycled; never empty.
  public var palette: [Color]
  /// What each slice shows on itself.
  public var sliceLabels: SliceLabel
  /// Where on the ring labels sit, as a fraction of the outer radius, 0...1.2; `nil` puts
  /// them mid-ring in a donut and at 0.65 in a pie.
  public var labelRadiusRatio: Double?
  /// Where the legend goes.
  public var legend: LegendPosition
  /// The label of the item drawn selected: its slice grows outward and thickens, and a
  /// donut's centre shows it instead of the total.
  public var highlighted: String?
  /// How values print (decimals are trimmed of trailing zeros).
  public var valueFormat: ReadoutFormat
  /// The most slices drawn, 2...1000: with more items, the largest `sliceLimit - 1` (and the
  /// highlighted item) keep their slices and the rest are summed into one "Other" slice,
  /// grey and last; the legend, tooltip and description say what it holds. `nil` draws every
  /// item.
  public var sliceLimit: Int?
  /// The labels of the items the "Other" slice holds, when this chart is the result of
  /// `grouped()`: then its last item is that slice. Empty otherwise.
  package var otherMembers: [String] = []

  /// Creates a chart; `validate()` or drawing it checks every field.
  public init(
    items: [PieItem], title: String? = nil, innerRadiusRatio: Double = 0,
    angularInset: Double = 0, cornerRadius: Double = 0, sortsByValue: Bool = false,
    palette: [Color] = PieChart.defaultPalette, sliceLabels: SliceLabel = .percent,
    labelRadiusRatio: Double? = nil, legend: LegendPosition = .bottom,
    highlighted: String? = nil, valueFormat: ReadoutFormat = ReadoutFormat(decimals: 2),
    sliceLimit: Int? = 12
  ) {
    self.items = items
    self.title = title
    self.innerRadiusRatio = innerRadiusRatio
    self.angularInset = angularInset
    self.cornerRadius = cornerRadius
    self.sortsByValue = sortsByValue
    self.palette = palette
    self.sliceLabels = sliceLabels
    self.labelRadiusRatio = labelRadiusRatio
    self.legend = legend
    self.highlighted = highlighted
    self.valueFormat = valueFormat
    self.sliceLimit = sliceLimit
  }

  /// Twenty colours, each with at least 3:1 contrast against both the light (white) and the
  /// dark (#1C1C1E) background, so a slice's edge is visible without an outline in either
  /// theme. They are ten OKLCH hues 36° apart at two lightnesses (0.555 and 0.645, the band
  /// that clears 3:1 on both backgrounds), ordered so that any ten in a row are the farthest
  /// apart and every two neighbours, the last and the first included, differ by at least
  /// 0.22 in OKLab. docs/charts.md gives the reasoning and the figures.
  public static let defaultPalette: [Color] = [
    Color(red: 0x05, green: 0x7A, blue: 0xB6), Color(red: 0xDB, green: 0x67, blue: 0x32),
    Color(red: 0x4C, green: 0x85, blue: 0x02), Color(red: 0xC3, green: 0x65, blue: 0xBA),
    Color(red: 0x05, green: 0xA3, blue: 0x99), Color(red: 0xA7, green: 0x5E, blue: 0x03),
    Color(red: 0x4D, green: 0x8C, blue: 0xED), Color(red: 0xB3, green: 0x43, blue: 0x82),
    Color(red: 0x8C, green: 0x97, blue: 0x01), Color(red: 0xDB, green: 0x5D, blue: 0x7D),
    Color(red: 0x5E, green: 0x65, blue: 0xCE), Color(red: 0x26, green: 0xA8, blue: 0x58),
    Color(red: 0x93, green: 0x51, blue: 0xB4), Color(red: 0x01, green: 0x9D, blue: 0xC3),
    Color(red: 0x86, green: 0x72, blue: 0x01), Color(red: 0x96, green: 0x76, blue: 0xE3),
    Color(red: 0x05, green: 0x87, blue: 0x68), Color(red: 0xBF, green: 0x43, blue: 0x40),
    Color(red: 0x04, green: 0x82, blue: 0x8D), Color(red: 0xB8, green: 0x82, blue: 0x09),
  ]

  /// The "Other" slice's colour: a neutral grey (3.4:1 on white, 4.9:1 on the dark
  /// background), apart from every colour of the default palette.
  package static let otherColor = Color(red: 0x8A, green: 0x8A, blue: 0x8A)

  /// The slice limit a chart starts with: twelve, the most slices that stay distinguishable
  /// without colour (the terminal's patterns) and that a legend lists in a readable block.
  package static let defaultSliceLimit = 12

  /// The most items a chart may have.
  public static let maximumItemCount = 1000

  /// The items in drawing order: sorted largest first when asked, else as given; an
  /// "Other" slice is always last.
  package var orderedItemIndices: [Int] {
    guard sortsByValue else { return Array(items.indices) }
    let sorted = items.indices.dropLast(otherMembers.isEmpty ? 0 : 1).sorted { a, b in
      items[a].value != items[b].value ? items[a].value > items[b].value : a < b
    }
    return otherMembers.isEmpty ? sorted : sorted + [items.count - 1]
  }

  /// Each item's colour, by item index: its own, else the palette's next. When the palette
  /// cycles and the last slice would take the same colour as the first (its neighbour round
  /// the ring), the last takes the palette's following colour instead.
  package var colors: [Color] {
    let palette = self.palette.isEmpty ? PieChart.defaultPalette : self.palette
    let order = orderedItemIndices
    var colors = [Color](repeating: palette[0], count: items.count)
    var next = 0
    var lastPaletteIndex: Int?
    for (position, index) in order.enumerated() {
      if let own = items[index].color {
        colors[index] = own
        continue
      }
      var paletteIndex = next % palette.count
      let isLast = position == order.count - 1
      if isLast, order.count > 1, palette.count > 2, colors[order[0]] == palette[paletteIndex] {
        paletteIndex = (paletteIndex + 1) % palette.count
        if paletteIndex == lastPaletteIndex { paletteIndex = (paletteIndex + 1) % palette.count }
      }
      colors[index] = palette[paletteIndex]
      lastPaletteIndex = paletteIndex
      next += 1
    }
    return colors
  }

  /// The sum of the values (of valid items).
  package var total: Double {
    items.reduce(0) { $0 + ($1.value.isFinite && $1.value > 0 ? $1.value : 0) }
  }

  /// `prefix` + the value with `decimals` places + `suffix`.
  package func valueText(_ value: Double, decimals: Int) -> String {
    valueFormat.text(value, decimals: decimals)
  }

  /// The fewest decimals (at most `valueFormat.decimals`) that show every value as it rounds
  /// to `valueFormat.decimals`, so a column of values lines up: 5.5, 4.0, 2.4.
  package var sharedDecimals: Int {
    let most = Swift.min(Swift.max(valueFormat.decimals, 0), 6)
    var needed = 0
    for item in items where item.value.isFinite && needed < most {
      let scaled = FixedDecimal.roundHalfUp(item.value.magnitude * power(10, Double(most)))
      guard scaled < FixedDecimal.exactLimit else { return most }
      var digits = UInt64(scaled)
      var trailing = 0
      while trailing < most && digits % 10 == 0 {
        digits /= 10
        trailing += 1
      }
      needed = Swift.max(needed, most - trailing)
    }
    return needed
  }

  /// A share (0...1) to a tenth of a percent, for descriptions and legends: "27.8%", "4.0%",
  /// "<0.1%" for a positive share that would round to nothing, ">99.9%" for one that would
  /// round to all.
  /// In the values' locale: "27,8 %", "<0,1 %".
  package func preciseShareText(_ share: Double) -> String {
    guard share.isFinite, share > 0 else { return valueFormat.percent(0, decimals: 1) }
    if share < 0.0005 { return "<" + valueFormat.percent(0.001, decimals: 1) }
    if share < 1 && share >= 0.9995 { return ">" + valueFormat.percent(0.999, decimals: 1) }
    return valueFormat.percent(share, decimals: 1)
  }

  /// A share (0...1) in whole percent: "28%", "<1%" for a positive share under 0.5%, and
  /// ">99%" for one that would round up to 100 without being everything.
  /// In the values' locale: "28 %", "<1 %".
  package func percentText(_ share: Double) -> String {
    guard share.isFinite, share > 0 else { return valueFormat.percent(0, decimals: 0) }
    if share < 0.005 { return "<" + valueFormat.percent(0.01, decimals: 0) }
    if share < 1 && share >= 0.995 { return ">" + valueFormat.percent(0.99, decimals: 0) }
    return valueFormat.percent(share, decimals: 0)
  }
}
