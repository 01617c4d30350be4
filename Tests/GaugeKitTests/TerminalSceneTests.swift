import Foundation
import Testing

@testable import GaugeKit

/// The terminal backend draws scenes and nothing else: a scene made by hand draws without a
/// chart behind it, and the facts it needs (a gauge's rows, a chart's texts in cells and its
/// legend) come from the scene builders.
struct TerminalSceneTests {
  /// A disc of radius 8 about (10, 10) on a 20 × 20 grid, a title above it and a two-line
  /// legend, in ASCII without colour: one pixel a cell, at the cell's centre.
  @Test func aSceneMadeByHandDrawsWithoutAChart() {
    let red = Paint(Color(red: 0xFF, green: 0, blue: 0), role: .fixed)
    let ink = Paint(Color(red: 0, green: 0, blue: 0), role: .readout)
    let disc = AnnularSector(
      center: Point(x: 10, y: 10), innerRadius: 0, outerRadius: 8, startAngle: 0, endAngle: 360)
    let scene = Scene(
      width: 20, height: 20, label: "Pie", description: "", background: nil,
      items: [
        .sectors([SceneSector(sector: disc, paint: red)]),
        // 3 cells wide, starting at cell 8: its centre is 9.5; y of -1 is the row above.
        .text(
          SceneText(
            role: .title, text: "Pie", position: Point(x: 9.5, y: -1), fontSize: 2,
            weight: .bold, paint: ink)),
      ],
      legend: [
        SceneLegendEntry(
          label: "Rent", value: "1,200", share: "60%", sector: 0, swatch: red,
          isHighlighted: true),
        SceneLegendEntry(
          label: "Fun", value: "0", share: "0%", sector: nil, swatch: nil, isHighlighted: false),
      ])
    let options = TerminalOptions(columns: 20, glyphs: .ascii, depth: .none)
    let frame = TerminalChartDrawer(scene: scene, options: options).draw(width: 30)
    // Rows reach the last whose pixel centre (y = 2 row + 1) is above the disc's bottom
    // (y = 18): 9 rows. Cells inside are those with (x − 10)² + (y − 10)² < 64, x = column +
    // 0.5 (no ties: x² has a quarter, y² none). The legend's columns: label 4 wide (the
    // longest), value 5, share 3, each two spaces apart; the highlighted line ends in " <".
    let expected = [
      "        Pie",
      "",
      "      ........",
      "    ............",
      "   ..............",
      "  ................",
      "  ................",
      "   ..............",
      "    ............",
      "      ........",
      "",
      ".. Rent  1,200  60% <",
      "   Fun       0   0%",
    ]
    #expect(frame.columns == 30)
    #expect(frame.plain() == expected.map { $0 + "\n" }.joined())
  }

  /// A chart's terminal scene: the ring alone, the title above it, the total in the hole and
  /// the legend as entries that say what the image's legend says.
  @Test func aChartsTerminalSceneCarriesItsTextsAndLegend() throws {
    let chart = PieChart(
      items: donations, title: "Donations", innerRadiusRatio: 0.6, highlighted: "Daffodil Day")
    let scene = try chart.terminalScene(options: TerminalOptions(columns: 40))
    #expect(scene.width == 40 && scene.height == 40)
    let texts = scene.items.compactMap { item -> SceneText? in
      if case .text(let text) = item { return text }
      return nil
    }
    #expect(texts.map(\.role) == [.title, .value, .caption])
    #expect(texts[0].position == Point(x: 15 + 4.5, y: -1))
    #expect(texts[1].text == "4.7" && texts[2].text == "Daffodil Day")
    // The value on the centre row (20 / 2 = row 10), the caption on the row above.
    #expect(texts[1].position.y == 21 && texts[2].position.y == 19)
    #expect(texts.map(\.weight) == [.bold, .bold, .regular])
    // The image's legend (wide enough to cut no label) lists the same labels, values and
    // shares, in the same order.
    let image = try chart.scene(options: RenderOptions(width: 1000, height: 600))
    let legendTexts = image.items.compactMap { item -> String? in
      if case .text(let text) = item, text.role == .legend { return text.text }
      return nil
    }
    #expect(image.legend == scene.legend)
    #expect(legendTexts == scene.legend.flatMap { [$0.label, $0.value, $0.share] })
    #expect(scene.legend.map(\.label) == donations.map(\.label))
    #expect(scene.legend.map(\.isHighlighted) == [false, false, false, true, false])
    // Each swatch shows its slice's paint, by its index among the scene's sectors.
    guard case .sectors(let sectors) = scene.items.first else {
      Issue.record("the first item is not the chart's sectors")
      return
    }
    for entry in scene.legend {
      #expect(entry.swatch == entry.sector.map { sectors[$0].paint })
    }
  }

  @Test func noLegendWithoutLabelsOrWithTheLegendOff() throws {
    let options = TerminalOptions(columns: 30, showLabels: false)
    #expect(try PieChart(items: donations).terminalScene(options: options).legend.isEmpty)
    let off = PieChart(items: donations, legend: .none)
    #expect(try off.terminalScene(options: TerminalOptions(columns: 30)).legend.isEmpty)
  }

  /// A gauge's terminal scene is cut below the lowest thing it draws: its height is the
  /// frame's rows, which fitting a window counts without drawing.
  @Test(arguments: [20, 46, 47, 80])
  func aGaugesTerminalSceneIsAsTallAsItsFrame(columns: Int) throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    let options = TerminalOptions(columns: columns)
    let renderer = try TerminalGaugeRenderer(gauge: stress, options: options)
    let scene = try #require(renderer.scene(value: 42))
    #expect(scene.width == columns)
    #expect(scene.height == 2 * (try TerminalGaugeRenderer.rows(of: stress, options: options)))
    #expect(renderer.frame(value: 42).rows == scene.height / 2)
  }
}

/// The boundary in the source: no file of the terminal backend names the model, a layout or
/// a chart, or imports their modules (docs/architecture.md).
struct TerminalBoundaryTests {
  @Test func theTerminalBackendNamesOnlyTheScene() throws {
    let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    let folder = "/" + root + "/Sources/GaugeRender/Terminal/"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 10)
    let forbidden = [
      "Gauge", "GaugeLayout", "PieLayout", "PieChart", "GaugeMoment", "GaugeModel", "GaugeCharts",
      "GaugePresets",
    ]
    for file in files {
      let source = try readFile(folder + file)
      // Whole words only: "TerminalGaugeRenderer" or "gauge" in a comment are fine.
      let words = Set(source.split { !$0.isLetter && !$0.isNumber }.map(String.init))
      #expect(words.isDisjoint(with: forbidden), "\(file)")
    }
  }
}
