import GaugeText
import Testing

@testable import GaugeKit

/// The SVG legend is a table: label, value and share in columns measured with the font's
/// advance widths, inside the image and clear of one another.
struct PieLegendTests {
  @Test func columnsLineUp() throws {
    let chart = PieChart(items: donations, sortsByValue: true, legend: .right)
    let layout = try chart.layout(width: 560, height: 320)
    let values = layout.legend.compactMap(\.value)
    let shares = layout.legend.compactMap(\.share)
    #expect(values.map(\.text) == ["5.5", "4.7", "4.0", "3.2", "2.4"])
    #expect(shares.map(\.text) == ["27.8%", "23.7%", "20.2%", "16.2%", "12.1%"])
    #expect(Set(layout.legend.map(\.text.position.x)).count == 1)
    #expect(Set(values.map(\.position.x)).count == 1)
    #expect(Set(shares.map(\.position.x)).count == 1)
    #expect((values + shares).allSatisfy { $0.anchor == .end })
    // Labels were cut to the column, so the value column starts past the widest label.
    let labelEnd = layout.legend.map { right(of: $0.text) }.max() ?? 0
    let valueStart = values.map { left(of: $0) }.min() ?? 0
    #expect(valueStart - labelEnd >= values[0].fontSize * 0.8 - 1e-9)
  }

  @Test func aBottomLegendRunsDownColumnsThenAcross() throws {
    let items = (1...12).map { PieItem(label: "Item \($0)", value: Double($0)) }
    let layout = try PieChart(items: items).layout(width: 500, height: 500)
    let xs = layout.legend.map(\.text.position.x)
    let columns = Set(xs).count
    #expect(columns == 2)
    let rows = layout.legend.count / columns
    #expect(xs == (0..<12).map { xs[$0 / rows * rows] })
    #expect(layout.legend.map(\.text.text) == items.map(\.label))
  }

  /// Twelve items with room for two columns: every item listed, no "+N more" (issue 26).
  @Test func twelveItemsUseTheRoomBeforePlusMore() throws {
    let names = [
      "Rent and utilities", "Groceries", "Transport", "Eating out", "Insurance",
      "Phone and internet", "Streaming", "Clothing", "Gifts", "Health", "Books", "Hobbies",
    ]
    let items = names.enumerated().map { PieItem(label: $1, value: Double(12 - $0)) }
    let layout = try PieChart(items: items).layout(width: 400, height: 400)
    #expect(layout.legend.count == 12)
    #expect(!layout.legend.contains { $0.text.text.hasSuffix("more") })
    #expect(Set(layout.legend.map(\.text.position.x)).count == 2)
  }

  /// A right legend cuts a name only when it does not fit whole, at the legend's size, in the
  /// room right of the chart at its smallest (40% of the shorter side), measured with
  /// DejaVu Sans's advance widths (#26 item 12: at 400 px "Groceries" was "Groc…").
  @Test func aRightLegendCutsOnlyNamesThatDoNotFit() throws {
    let names = [
      "Rent", "Groceries", "Transport", "Utilities", "Insurance", "Eating out", "Childcare",
      "Savings", "Phone and internet", "Clothing", "Health", "Gifts",
    ]
    let items = names.enumerated().map { PieItem(label: $1, value: Double(1200 - 100 * $0)) }
    let layout = try PieChart(items: items, legend: .right).layout(width: 400, height: 400)
    #expect(
      layout.legend.map(\.text.text) == [
        "Rent", "Groceries", "Transport", "Utilities", "Insurance", "Eating out", "Childcare",
        "Savings", "Phone an…", "Clothing", "Health", "Gifts",
      ])
    // The label column: from the labels' start to the value column, less its gap.
    let size = layout.legend[0].text.fontSize
    let values = layout.legend.compactMap(\.value)
    let column =
      (values.map(left(of:)).min() ?? 0) - 0.8 * size - layout.legend[0].text.position.x
    for (entry, name) in zip(layout.legend, names) {
      let whole = FontSet.standard.width(of: name, weight: .regular) * size
      if entry.text.text == name {
        #expect(whole <= column + 1e-9, "\(name)")
      } else {
        #expect(whole > column, "\(name) is cut but fits")
      }
    }
    // Something is cut, so the chart's area is at its smallest, 40% of 400 px, between the
    // 12 px margin and the legend (a font size apart), and the table ends at the margin.
    let left = try #require(layout.legend[0].swatchOrigin).x
    #expect(abs(left - size - 12 - 0.4 * 400) < 1e-9, "\(left)")
    #expect(layout.legend.compactMap(\.share).allSatisfy { right(of: $0) <= 400 - 12 + 1e-9 })
  }

  /// A long title is cut to the image measured bold, as it is drawn; long names on slices
  /// are shortened to what fits rather than left out.
  @Test func titlesStayInsideAndNamesAreShortened() throws {
    var chart = PieChart(
      items: [
        PieItem(label: "Housing and utilities", value: 1200),
        PieItem(label: "Groceries and household", value: 450),
        PieItem(label: "Transport and commuting", value: 300),
      ], sliceLabels: .name)
    chart.title = "Monthly household spending across every category in 2026"
    let layout = try chart.layout(width: 240, height: 240)
    let title = try #require(layout.title)
    #expect(title.text.hasSuffix("…"))
    #expect(left(of: title) >= 0 && right(of: title) <= 240)
    let texts = layout.slices.compactMap(\.text).map(\.text)
    #expect(texts.count == 3)
    #expect(texts.allSatisfy { $0.hasSuffix("…") && $0.count >= 3 })
  }

  /// At every size, in every position, with many items: each legend text is inside the
  /// image, at least 9 px, and overlaps no other text of the chart.
  @Test(arguments: [LegendPosition.bottom, .top, .right])
  func textsStayInsideAndApart(position: LegendPosition) throws {
    let items = (1...30).map { PieItem(label: "Category number \($0)", value: Double($0 % 7 + 1)) }
    for side in stride(from: 120, through: 800, by: 40) {
      for (width, height, limit) in [(side, side, 12), (2 * side, side, nil)] {
        let chart = PieChart(items: items, legend: position, sliceLimit: limit)
        let layout = try chart.layout(width: width, height: height)
        let texts =
          layout.legend.flatMap { [$0.text, $0.value, $0.share].compactMap { $0 } }
          + [layout.title].compactMap { $0 }
        for (index, text) in texts.enumerated() {
          #expect(text.fontSize >= 9)
          #expect(left(of: text) >= 0 && right(of: text) <= Double(width), "\(text.text)")
          #expect(text.position.y - text.fontSize / 2 >= 0)
          #expect(text.position.y + text.fontSize / 2 <= Double(height))
          for other in texts[(index + 1)...] {
            let apart =
              right(of: text) <= left(of: other) || right(of: other) <= left(of: text)
              || abs(text.position.y - other.position.y) >= text.fontSize
            #expect(apart, "\(text.text) and \(other.text) at \(width)×\(height)")
          }
        }
      }
    }
  }

  private func width(of text: ChartText) -> Double {
    FontSet.standard.width(of: text.text, weight: text.bold ? .bold : .regular) * text.fontSize
  }

  private func left(of text: ChartText) -> Double {
    switch text.anchor {
    case .start: text.position.x
    case .middle: text.position.x - width(of: text) / 2
    case .end: text.position.x - width(of: text)
    }
  }

  private func right(of text: ChartText) -> Double { left(of: text) + width(of: text) }
}
