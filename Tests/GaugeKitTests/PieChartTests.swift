@_spi(Service) import GaugeCharts
import GaugeTestSupport
import Testing

@testable import GaugeKit

/// The seed's donations data, € million, in the order the report lists it.
let donations = [
  PieItem(label: "Legacies", value: 2.4),
  PieItem(label: "Individual giving", value: 3.2),
  PieItem(label: "Philanthropy and corporate partnerships", value: 4.0),
  PieItem(label: "Daffodil Day", value: 4.7),
  PieItem(label: "Other national campaigns and donations", value: 5.5),
]

@Suite struct PieChartTests {
  /// The ring alone, so radii follow from the margin only: 400 − 2 × 12 = 376, halved, with
  /// room for a highlighted slice's 6% growth.
  private func ringOnly(_ items: [PieItem]) -> PieChart {
    PieChart(items: items, sliceLabels: .none, legend: .none)
  }

  @Test func seedDonationsSortedGiveThePublishedSweeps() throws {
    var chart = PieChart(items: donations, innerRadiusRatio: 0.6, sortsByValue: true)
    chart.angularInset = 3
    let layout = try chart.layout()
    let sweeps = layout.slices.map { (($0.endAngle - $0.startAngle) * 100).rounded() / 100 }
    #expect(sweeps == [100, 85.45, 72.73, 58.18, 43.64])
    #expect(layout.slices.map(\.itemIndex) == [4, 3, 2, 1, 0])
    #expect(layout.slices.first?.startAngle == 0)
    #expect(layout.slices.last?.endAngle == 360)
    #expect(layout.total == 19.8)
  }

  @Test func unsortedKeepsTheItemsOrderAndSortKeepsTiesInInputOrder() throws {
    let items = [
      PieItem(label: "a", value: 1), PieItem(label: "b", value: 2), PieItem(label: "c", value: 2),
    ]
    #expect(PieChart(items: items).orderedItemIndices == [0, 1, 2])
    #expect(PieChart(items: items, sortsByValue: true).orderedItemIndices == [1, 2, 0])
  }

  @Test func exactGeometryOfTwoSlices() throws {
    var chart = ringOnly([PieItem(label: "a", value: 1), PieItem(label: "b", value: 3)])
    chart.innerRadiusRatio = 0.6
    chart.angularInset = 4
    chart.cornerRadius = 5
    let layout = try chart.layout(width: 400, height: 400)
    let outer = 188 / 1.06
    #expect(layout.center == Point(x: 200, y: 200))
    #expect(layout.outerRadius == outer)
    #expect(layout.innerRadius == outer * 0.6)
    #expect(
      layout.slices.map(\.sector) == [
        AnnularSector(
          center: Point(x: 200, y: 200), innerRadius: outer * 0.6, outerRadius: outer,
          startAngle: 0, endAngle: 90, padWidth: 4, cornerRadius: 5),
        AnnularSector(
          center: Point(x: 200, y: 200), innerRadius: outer * 0.6, outerRadius: outer,
          startAngle: 90, endAngle: 360, padWidth: 4, cornerRadius: 5),
      ])
    #expect(layout.slices.map(\.share) == [0.25, 0.75])
  }

  @Test func oneSliceIsAFullRingWithoutPadding() throws {
    var chart = ringOnly([PieItem(label: "all", value: 7), PieItem(label: "none", value: 0)])
    chart.innerRadiusRatio = 0.5
    chart.angularInset = 6
    let layout = try chart.layout()
    #expect(layout.slices.count == 1)
    #expect(layout.padWidth == 0)
    let commands = layout.slices[0].sector.commands
    // Two half-circle arcs per circle: one SVG arc cannot close on itself.
    #expect(commands.count == 8)
    #expect(commands.filter { if case .arc = $0 { return true } else { return false } }.count == 4)
    #expect(layout.slice(at: Point(x: 200, y: 200 - layout.outerRadius * 0.75)) == 0)
  }

  @Test func noItemsAndZeroTotalGiveAnEmptyChartWithAMessage() throws {
    let empty = try PieChart(items: []).layout()
    #expect(empty.isEmpty)
    #expect(empty.emptyMessage?.text == "No data")
    #expect(empty.slices.isEmpty)
    #expect(empty.legend.isEmpty)
    let zero = try PieChart(items: [PieItem(label: "a", value: 0)], innerRadiusRatio: 0.5).layout()
    #expect(zero.emptyMessage?.text == "Total is 0")
    #expect(zero.legend.map(\.text.text) == ["a"])
    let svg = try PieChart(items: []).svg()
    #expect(svg.contains(">No data</text>"))
    #expect(svg.contains("<desc>No data.</desc>"))
  }

  @Test func hitTestingByPoint() throws {
    var chart = ringOnly([PieItem(label: "a", value: 1), PieItem(label: "b", value: 3)])
    chart.innerRadiusRatio = 0.5
    chart.angularInset = 10
    let layout = try chart.layout()
    let middle = layout.outerRadius * 0.75
    #expect(layout.slice(at: Point(center: layout.center, radius: middle, degrees: 45)) == 0)
    #expect(layout.slice(at: Point(center: layout.center, radius: middle, degrees: 200)) == 1)
    // In the hole, outside the ring, in the gap at 90°, and not a point at all.
    #expect(
      layout.slice(at: Point(center: layout.center, radius: middle * 0.5, degrees: 45)) == nil)
    #expect(layout.slice(at: Point(center: layout.center, radius: 190, degrees: 45)) == nil)
    #expect(layout.slice(at: Point(center: layout.center, radius: middle, degrees: 90)) == nil)
    #expect(layout.slice(at: Point(x: .nan, y: 3)) == nil)
    // The gap is 10 px wide at every radius: 4.9 px off the boundary is in it, 5.1 is not.
    let onBoundary = Point(center: layout.center, radius: middle, degrees: 90)
    #expect(layout.slice(at: Point(x: onBoundary.x, y: onBoundary.y - 4.9)) == nil)
    #expect(layout.slice(at: Point(x: onBoundary.x, y: onBoundary.y - 5.1)) == 0)
    #expect(layout.slice(at: Point(x: onBoundary.x, y: onBoundary.y + 5.1)) == 1)
  }

  @Test func anAppAsksTheChartForTheItemUnderAPoint() throws {
    var chart = ringOnly([
      PieItem(label: "a", value: 1), PieItem(label: "b", value: 3), PieItem(label: "c", value: 0.5),
    ])
    chart.sliceLimit = 2
    let layout = try chart.layout(width: 300, height: 200)
    func middle(of slice: PieSlice) -> Point {
      Point(
        center: layout.center, radius: layout.outerRadius * 0.75,
        degrees: (slice.startAngle + slice.endAngle) / 2)
    }
    #expect(layout.slices.count == 2)
    for slice in layout.slices {
      let item = try chart.item(at: middle(of: slice), width: 300, height: 200)
      #expect(item == layout.chart.items[slice.itemIndex])
    }
    // "a" and "c" share one slice: its item is the one drawn, holding their sum.
    let values = try layout.slices.map { slice in
      try chart.item(at: middle(of: slice), width: 300, height: 200)?.value
    }
    #expect(values.sorted { ($0 ?? 0) < ($1 ?? 0) } == [1.5, 3])
    #expect(try chart.item(at: Point(x: 1, y: 1), width: 300, height: 200) == nil)
    #expect(throws: GaugeError.self) { try chart.item(at: Point(x: 1, y: 1), width: 0, height: 9) }
  }

  @Test func hitTestingByCumulativeValue() throws {
    let layout = try ringOnly([PieItem(label: "a", value: 2), PieItem(label: "b", value: 3)])
      .layout()
    #expect(layout.slice(atCumulativeValue: 0) == 0)
    #expect(layout.slice(atCumulativeValue: 1.999) == 0)
    #expect(layout.slice(atCumulativeValue: 2) == 1)
    #expect(layout.slice(atCumulativeValue: 5) == 1)
    #expect(layout.slice(atCumulativeValue: 5.001) == nil)
    #expect(layout.slice(atCumulativeValue: -0.1) == nil)
    #expect(layout.slice(atCumulativeValue: .nan) == nil)
    #expect(try PieChart(items: []).layout().slice(atCumulativeValue: 0) == nil)
  }

  @Test func highlightedSliceGrowsOutwardAndThickens() throws {
    var chart = ringOnly(donations)
    chart.innerRadiusRatio = 0.6
    chart.highlighted = "Daffodil Day"
    let layout = try chart.layout()
    let outer = 188 / 1.06
    let highlighted = try #require(layout.slices.first { $0.isHighlighted })
    #expect(highlighted.itemIndex == 3)
    #expect(highlighted.sector.outerRadius == outer + outer * 0.06)
    #expect(highlighted.sector.innerRadius == outer * 0.6 - outer * 0.06 / 2)
    #expect(layout.slices.filter(\.isHighlighted).count == 1)
    #expect(layout.centerContent?.caption == "Daffodil Day")
    #expect(layout.centerContent?.value == "4.7")
    chart.highlighted = nil
    #expect(try chart.layout().centerContent?.caption == "Total")
    #expect(try chart.layout().centerContent?.value == "19.8")
  }

  @Test func problemsNameTheItem() {
    let chart = PieChart(
      items: [
        PieItem(label: "Rent", value: -5), PieItem(label: "Food", value: .nan),
        PieItem(label: "Fun", value: .infinity), PieItem(label: "Rent", value: 1),
        PieItem(label: " ", value: 1),
      ], innerRadiusRatio: 1, highlighted: "Fnu")
    #expect(
      chart.problems().map(\.description) == [
        #"items[0].value: item "Rent" has the negative value -5; values must be finite numbers, 0 or more"#,
        #"items[1].value: item "Food" has the value NaN; values must be finite numbers, 0 or more"#,
        #"items[2].value: item "Fun" has the value infinity; values must be finite numbers, 0 or more"#,
        #"items[3].label: "Rent" is also the label of items[0]; labels must be unique"#,
        #"items[4].label: is empty; every item needs a label for its legend entry"#,
        "innerRadiusRatio: 1 is out of range; allowed: 0...0.95",
        #"highlighted: "Fnu" is not the label of any item; did you mean "Fun"?"#,
      ])
    #expect(throws: GaugeError.self) { try chart.svg() }
  }

  @Test func csvReadsQuotesHeadersAndLineEnds() throws {
    let text =
      "\u{FEFF}label,value,color\r\n\"Philanthropy, \"\"corporate\"\"\",4.0,#E15759\r\n\r\n"
      + "Legacies , 2.4\nDaffodil Day,4.7,\n"
    let chart = try PieChart(csv: Array(text.utf8), file: "d.csv")
    #expect(
      chart.items == [
        PieItem(
          label: "Philanthropy, \"corporate\"", value: 4,
          color: Color(red: 0xE1, green: 0x57, blue: 0x59)),
        PieItem(label: "Legacies", value: 2.4),
        PieItem(label: "Daffodil Day", value: 4.7),
      ])
  }

  @Test func csvProblemsCarryTheirLines() {
    let text = "A,1\nB,x\nA,2\nC,-1\nD,1,2,3\n\"E,1\n"
    #expect {
      try PieChart(csv: Array(text.utf8), file: "d.csv")
    } throws: { error in
      guard case GaugeError.invalidChart(let problems) = error else { return false }
      return problems.map(\.description) == [
        #"d.csv:2: "x" is not a number (the value of "B")"#,
        #"d.csv:3: "A" is also the label on line 1; labels must be unique"#,
        #"d.csv:4: item "C" has the negative value -1; values must be finite numbers, 0 or more"#,
        "d.csv:5: expected label,value[,color]; found 4 fields; put a label that contains "
          + "commas in double quotes",
        #"d.csv:6: a quoted field is not closed; add the closing ""#,
      ]
    }
  }

  @Test func jsonProblemsCarryLineColumnAndPath() {
    let text =
      "[\n  {\"label\": \"Rent\", \"value\": 1200},\n  {\"label\": \"Rent\", \"value\": 80},\n"
      + "  {\"label\": \"Food\", \"value\": -5},\n  {\"label\": \"Fun\", \"valeu\": 3}\n]"
    #expect {
      try PieChart(json: Array(text.utf8), file: "s.json")
    } throws: { error in
      guard case GaugeError.invalidChart(let problems) = error else { return false }
      // Columns counted independently of the parser (Python's str.index on each line).
      return problems.map(\.description) == [
        #"s.json:3:13: items[1].label: "Rent" is also the label of items[0]; labels must be unique"#,
        #"s.json:4:30: items[2].value: item "Food" has the negative value -5; values must be finite numbers, 0 or more"#,
        #"s.json:5:20: items[3].valeu: unknown key "valeu"; allowed: label, value, color (did you mean "value"?)"#,
      ]
    }
  }

  @Test func jsonObjectWithTitle() throws {
    let text =
      #"{"title": "Spending", "items": [{"label": "Rent", "value": 1200, "color": "navy"}]}"#
    let chart = try PieChart(json: Array(text.utf8))
    #expect(chart.title == "Spending")
    #expect(
      chart.items == [
        PieItem(label: "Rent", value: 1200, color: Color(red: 0, green: 0, blue: 0x80))
      ])
  }

  private func jsonProblems(_ text: String) -> [String] {
    do {
      _ = try PieChart(json: Array(text.utf8), file: "s.json")
      return []
    } catch {
      guard case .invalidChart(let problems) = error else { return ["\(error)"] }
      return problems.map(\.description)
    }
  }

  @Test func jsonItemsAreCappedAt1000WhileParsing() throws {
    func items(_ count: Int) -> String {
      (0..<count).map { #"{"label": "i\#($0)", "value": 1}"# }.joined(separator: ",\n")
    }
    #expect(try PieChart(json: Array(("[" + items(1000) + "]").utf8)).items.count == 1000)
    let message =
      #"items: has more than 1000 items; at most 1000 allowed (group the smallest into one "Other" item)"#
    // Nothing after the 1001st item is read, not even the syntax error that follows it.
    #expect(jsonProblems("[" + items(1001) + ", oops]") == ["s.json:1001:1: " + message])
    #expect(
      jsonProblems(#"[{"label": "a", "value": 1}, {"label": "b", "value": 01}]"#) == [
        "s.json:1:54: items[1].value: invalid JSON: invalid number; leading zeros are not allowed"
      ])
    #expect(
      jsonProblems(#"{"title": "t", "items": ["# + items(1001) + "]}")
        == ["s.json:1001:1: " + message])
  }

  @Test func jsonFilesAreCappedAt1MiB() throws {
    let items = Array(#"[{"label": "a", "value": 1}]"#.utf8)
    let atCap = items + Array(repeating: UInt8(ascii: "\n"), count: (1 << 20) - items.count)
    #expect(try PieChart(json: atCap).items.count == 1)
    #expect(
      throws: GaugeError.invalidChart([
        Diagnostic(
          path: "", message: "the data is 1048577 bytes; at most 1048576 (1 MiB) allowed",
          file: "s.json")
      ])
    ) {
      try PieChart(json: atCap + [UInt8(ascii: "\n")], file: "s.json")
    }
  }

  /// The wording a preset uses for the same kind of problem.
  @Test func jsonShapeProblemsReadAsInPresets() {
    #expect(
      jsonProblems(#"{"title": "t"}"#) == [
        #"s.json:1:1: items: is missing; required: an array of {"label", "value"} objects"#
      ])
    #expect(
      jsonProblems(#"{"items": [{"value": "3", "color": 5}, 7], "titel": "x"}"#) == [
        #"s.json:1:12: items[0].label: is missing; required: the item's name, a string"#,
        "s.json:1:22: items[0].value: expected a number, found a string",
        "s.json:1:36: items[0].color: expected a string, found a number",
        "s.json:1:40: items[1]: expected an object, found a number",
        #"s.json:1:44: titel: unknown key "titel"; allowed: items, title, sliceLimit (did you mean "title"?)"#,
      ])
  }

  @Test func paletteCyclesWithoutMatchingNeighboursAcrossTheTop() {
    let items = (0..<21).map { PieItem(label: "i\($0)", value: 1) }
    let colors = PieChart(items: items, sliceLimit: nil).colors
    #expect(Array(colors.prefix(20)) == PieChart.defaultPalette)
    #expect(colors[20] == PieChart.defaultPalette[1])
    #expect(Set(PieChart.defaultPalette + [PieChart.otherColor]).count == 21)
    var own = PieChart(items: [
      PieItem(label: "x", value: 1, color: Color(red: 1, green: 2, blue: 3))
    ])
    own.palette = [Color(red: 9, green: 9, blue: 9)]
    #expect(own.colors == [Color(red: 1, green: 2, blue: 3)])
  }

  @Test func percentsAndSharedDecimals() throws {
    let chart = PieChart(items: donations)
    #expect(chart.percentText(0.004) == "<1%")
    #expect(chart.percentText(0.996) == ">99%")
    #expect(chart.percentText(0.278) == "28%")
    #expect(chart.percentText(1) == "100%")
    #expect(chart.preciseShareText(0.0001) == "<0.1%")
    var german = chart
    german.valueFormat.locale = try GaugeLocale("de")
    #expect(german.percentText(0.004) == "<1\u{A0}%")
    #expect(german.percentText(0.278) == "28\u{A0}%")
    #expect(german.preciseShareText(0.9999) == ">99,9\u{A0}%")
    var turkish = chart
    turkish.valueFormat.locale = try GaugeLocale("tr")
    #expect(turkish.preciseShareText(0.278) == "%27,8")
    #expect(PieChart(items: donations).sharedDecimals == 1)
    let layout = try PieChart(items: donations).layout()
    #expect(layout.valueText(4) == "4.0")
    #expect(PieChart(items: [PieItem(label: "a", value: 3)]).sharedDecimals == 0)
    #expect(PieChart(items: [PieItem(label: "a", value: 0.125)]).sharedDecimals == 2)
  }

  @Test func sliceTextsShowOnlyWhereTheyFitAndContrast() throws {
    let chart = PieChart(
      items: [
        PieItem(label: "big", value: 97), PieItem(label: "tiny", value: 1),
        PieItem(label: "yellow", value: 2, color: Color(red: 0xED, green: 0xC9, blue: 0x48)),
      ], legend: .none)
    let layout = try chart.layout()
    #expect(layout.slices[0].text?.text == "97%")
    #expect(layout.slices[0].text?.color == Color(red: 0xFF, green: 0xFF, blue: 0xFF))
    #expect(layout.slices[1].text == nil)
    #expect(layout.slices[2].text == nil)
    let yellow = try PieChart(
      items: [PieItem(label: "y", value: 1, color: Color(red: 0xED, green: 0xC9, blue: 0x48))]
    ).layout()
    #expect(yellow.slices[0].text?.color == Color(red: 0x1C, green: 0x1C, blue: 0x1E))
  }

  @Test func tinySlicesAreKeptAndReported() throws {
    let layout = try PieChart(
      items: [PieItem(label: "most", value: 1e6), PieItem(label: "speck", value: 1)],
      angularInset: 2
    ).layout()
    #expect(layout.slices.count == 2)
    #expect(layout.tinySlices.map(\.itemIndex) == [1])
    #expect(layout.legend.map(\.text.text) == ["most", "speck"])
    #expect(
      try PieChart(items: [PieItem(label: "speck", value: 1)] + [PieItem(label: "b", value: 1e6)])
        .svg().contains("speck 1 (&lt;0.1%)"))
  }

  /// Every default colour, and the "Other" grey, has 3:1 against both themes' backgrounds.
  @Test func paletteContrastsWithBothBackgrounds() throws {
    let light = try #require(Style.light.background)
    let dark = try #require(Style.dark.background)
    for color in PieChart.defaultPalette + [PieChart.otherColor] {
      #expect(color.contrast(with: light) >= 3, "\(color.hex)")
      #expect(color.contrast(with: dark) >= 3, "\(color.hex)")
    }
  }

  @Test func itemsPastTheSliceLimitShareOneOtherSlice() throws {
    let items = (1...15).map { PieItem(label: "i\($0)", value: Double($0)) }
    let chart = PieChart(items: items, sortsByValue: true, highlighted: "i2", sliceLimit: 5)
    let grouped = chart.grouped()
    #expect(grouped.items.map(\.label) == ["i2", "i13", "i14", "i15", "Other (11 items)"])
    #expect(grouped.items.map(\.value) == [2, 13, 14, 15, 76])
    #expect(grouped.items[4].color == PieChart.otherColor)
    #expect(grouped.otherMembers == ["i1"] + (3...12).map { "i\($0)" })
    let layout = try chart.layout()
    // Sorted largest first, yet "Other" stays last though it is the largest.
    #expect(layout.order == [3, 2, 1, 0, 4])
    #expect(layout.summary == "Pie chart of 15 items, total 120")
    let svg = try chart.svg()
    #expect(
      svg.contains(
        "<title>Other (11 items): 76 (63.3%), holding i1, i3, i4, i5, i6, i7, i8, i9 and 3 more"
      ))
    #expect(svg.contains("Other (11 items) 76 (63.3%): i1, i3, i4, i5, i6, i7, i8, i9, i10"))
    // At or under the limit, or with no limit, nothing is grouped.
    #expect(PieChart(items: Array(items.prefix(5)), sliceLimit: 5).grouped().items.count == 5)
    #expect(PieChart(items: items, sliceLimit: nil).grouped().items.count == 15)
    #expect(
      PieChart(items: items, sliceLimit: 1).problems().map(\.description) == [
        "sliceLimit: 1 is out of range; allowed: 2...1000, or none (0 in JSON and on the "
          + "command line) to draw every item"
      ])
  }

  @Test func jsonSetsTheSliceLimit() throws {
    let items = #"[{"label": "a", "value": 1}, {"label": "b", "value": 2}]"#
    let two = try PieChart(json: Array(#"{"items": \#(items), "sliceLimit": 2}"#.utf8))
    #expect(two.sliceLimit == 2)
    let all = try PieChart(json: Array(#"{"items": \#(items), "sliceLimit": 0}"#.utf8))
    #expect(all.sliceLimit == nil)
    #expect(try PieChart(json: Array(items.utf8)).sliceLimit == 12)
  }

  @Test func legendOverflowCountsWhatIsLeftOut() throws {
    let items = (0..<300).map { PieItem(label: "Item \($0)", value: Double($0 + 1)) }
    let layout = try PieChart(items: items, sliceLimit: nil).layout(width: 300, height: 300)
    let last = try #require(layout.legend.last)
    #expect(last.itemIndex == nil)
    let shown = layout.legend.filter { $0.itemIndex != nil }.count
    #expect(last.text.text == "+\(300 - shown) more")
    let right = try PieChart(items: items, legend: .right, sliceLimit: nil).layout(
      width: 600, height: 300)
    #expect(right.legend.last?.text.text == "+\(300 - (right.legend.count - 1)) more")
  }

  @Test func sizesAndOptionsOutOfRangeThrow() {
    #expect(throws: GaugeError.self) { try PieChart(items: donations).layout(width: 0, height: 10) }
    #expect(throws: GaugeError.self) {
      try PieChart(items: donations).svg(
        options: RenderOptions(animation: SVGAnimation(duration: 61)))
    }
  }

  @Test func randomChartsNeverTrapAndCloseTheRing() throws {
    var generator = SeededGenerator(seed: 0x5EED_C4A7)
    let values: [Double] = [0, 1e-300, 1, 1e300, 0.5, 1e-9, 42]
    for round in 0..<300 {
      let count = Int.random(in: 0...40, using: &generator)
      let items = (0..<count).map {
        PieItem(label: "i\($0)", value: values.randomElement(using: &generator)!)
      }
      var chart = PieChart(items: items)
      chart.innerRadiusRatio = [0, 0.3, 0.95].randomElement(using: &generator)!
      chart.angularInset = [0, 1, 100].randomElement(using: &generator)!
      chart.cornerRadius = [0, 4, 1000].randomElement(using: &generator)!
      chart.legend = LegendPosition.allCases.randomElement(using: &generator)!
      chart.sortsByValue = Bool.random(using: &generator)
      let side = [1, 17, 400, 8192].randomElement(using: &generator)!
      let layout = try chart.layout(width: side, height: side)
      if let last = layout.slices.last {
        #expect(last.endAngle == 360, "round \(round)")
        #expect(layout.slices.first?.startAngle == 0, "round \(round)")
      }
      for (a, b) in zip(layout.slices, layout.slices.dropFirst()) {
        #expect(a.endAngle == b.startAngle, "round \(round)")
      }
      let svg = try chart.svg(options: RenderOptions(width: side, height: side))
      #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains("e+"), "round \(round)")
    }
  }

  @Test func sameInputGivesTheSameBytes() throws {
    let chart = PieChart(items: donations, innerRadiusRatio: 0.6)
    let options = RenderOptions(theme: .auto, animation: SVGAnimation())
    #expect(try chart.svg(options: options) == chart.svg(options: options))
  }

  @Test(
    arguments: [
      (
        "donations-donut",
        PieChart(
          items: donations, title: "Donations (€ million)", innerRadiusRatio: 0.6,
          angularInset: 3, cornerRadius: 4, sortsByValue: true), RenderOptions()
      ),
      (
        "donations-pie-values-right",
        PieChart(
          items: donations, sortsByValue: true, sliceLabels: .value, legend: .right,
          highlighted: "Daffodil Day", valueFormat: ReadoutFormat(decimals: 2, prefix: "€")),
        RenderOptions(width: 560, height: 320)
      ),
      (
        "donations-animated-auto",
        PieChart(
          items: donations, innerRadiusRatio: 0.6, angularInset: 3, cornerRadius: 4,
          sortsByValue: true, highlighted: "Legacies"),
        RenderOptions(theme: .auto, animation: SVGAnimation(duration: 1.5))
      ),
      ("empty-dark", PieChart(items: [], innerRadiusRatio: 0.5), RenderOptions(theme: .dark)),
      (
        "one-item",
        PieChart(items: [PieItem(label: "Everything", value: 3)], innerRadiusRatio: 0.5),
        RenderOptions(width: 200, height: 200)
      ),
    ] as [(String, PieChart, RenderOptions)])
  func goldens(name: String, chart: PieChart, options: RenderOptions) throws {
    try assertGolden(try chart.svg(options: options), named: name + ".svg", test: "PieChartTests")
  }

  @Test(
    arguments: [
      ("donations-truecolor", ColorDepth.trueColor, GlyphSet.halfBlocks),
      ("donations-plain", ColorDepth.none, GlyphSet.halfBlocks),
      ("donations-braille-16", ColorDepth.ansi16, GlyphSet.braille),
    ] as [(String, ColorDepth, GlyphSet)])
  func terminalGoldens(name: String, depth: ColorDepth, glyphs: GlyphSet) throws {
    let chart = PieChart(
      items: donations, title: "Donations (€ million)", innerRadiusRatio: 0.6, sortsByValue: true,
      valueFormat: ReadoutFormat(decimals: 2, prefix: "€"))
    let frame = try chart.terminalFrame(
      options: TerminalOptions(columns: 32, glyphs: glyphs, depth: depth), legendWidth: 60)
    let text = depth == .none ? frame.plain() : frame.ansi()
    try assertGolden(text, named: name + (depth == .none ? ".txt" : ".ans"), test: "PieChartTests")
  }

  /// Without colour or bold, the highlighted row still stands out: it ends in an arrow, and
  /// the others keep their alignment.
  @Test func terminalHighlightShowsWithoutColour() throws {
    let chart = PieChart(
      items: [PieItem(label: "Rent", value: 1200), PieItem(label: "Food", value: 450)],
      highlighted: "Food")
    for (glyphs, arrow) in [(GlyphSet.halfBlocks, "◀"), (.ascii, "<")] {
      let frame = try chart.terminalFrame(
        options: TerminalOptions(columns: 20, glyphs: glyphs, depth: .none), legendWidth: 40)
      let lines = frame.plain().split(separator: "\n").suffix(2).map(String.init)
      let swatches = glyphs == .ascii ? ["..", "oo"] : ["░░", "▒▒"]
      #expect(
        lines == [
          swatches[0] + " Rent  1200  72.7%", swatches[1] + " Food   450  27.3% " + arrow,
        ])
    }
  }

  @Test func terminalSweepDrawsOnlyWhatIsSwept() throws {
    let chart = PieChart(items: donations, legend: .none)
    let options = TerminalOptions(columns: 20, depth: .none)
    let start = try chart.terminalFrame(options: options, sweptAngle: 0)
    #expect(start.cells.allSatisfy { $0.text == " " })
    let half = try chart.terminalFrame(options: options, sweptAngle: 180)
    // Left of the centre column nothing is drawn yet; right of it, the ring is.
    let rows = half.rows
    #expect((0..<rows).allSatisfy { half[$0, 2].text == " " })
    #expect((0..<rows).contains { half[$0, 17].text != " " })
  }
}
