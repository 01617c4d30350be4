import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct PieCommandTests {
  let donationArguments = [
    "Legacies=2.4", "Individual giving=3.2", "Philanthropy and corporate partnerships=4.0",
    "Daffodil Day=4.7", "Other national campaigns and donations=5.5",
  ]

  private var donationItems: [PieItem] {
    [
      PieItem(label: "Legacies", value: 2.4), PieItem(label: "Individual giving", value: 3.2),
      PieItem(label: "Philanthropy and corporate partnerships", value: 4),
      PieItem(label: "Daffodil Day", value: 4.7),
      PieItem(label: "Other national campaigns and donations", value: 5.5),
    ]
  }

  @Test func slicesGroupsTheSmallestIntoOther() throws {
    let run = gauge("pie", "a=1", "b=2", "c=3", "--slices", "2")
    #expect(run.code == 0)
    #expect(run.output.contains("<title>Other (2 items): 3 (50.0%), holding a, b</title>"))
    #expect(!gauge("pie", "a=1", "b=2", "c=3", "--slices", "0").output.contains("Other ("))
    let one = gauge("pie", "a=1", "b=2", "--slices", "1")
    #expect(one.code == 64)
    #expect(
      one.errors
        == "Error: --slices: 1 is out of range; allowed: 0 (every item) or 2...1000\n"
        + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n")
  }

  @Test func itemsTakeEitherSeparatorAsTheServiceDoes() throws {
    let colons = gauge("pie", "Rent:1200", "Ratio 1:2=3", "Food=450")
    #expect(colons.code == 0)
    let chart = PieChart(items: [
      PieItem(label: "Rent", value: 1200), PieItem(label: "Ratio 1:2", value: 3),
      PieItem(label: "Food", value: 450),
    ])
    #expect(colons.output == (try chart.svg(options: RenderOptions())))
  }

  @Test func pipedItWritesTheLibrarysSVG() throws {
    let run = gauge(
      ["pie"] + donationArguments + [
        "--donut", "0.6", "--inset", "3", "--corner-radius", "4", "--sort", "--labels", "value",
        "--legend", "right", "--highlight", "Legacies", "--prefix", "€", "--size", "500",
        "--title", "Donations",
      ])
    #expect(run.code == 0)
    #expect(run.errors == "")
    let chart = PieChart(
      items: donationItems, title: "Donations", innerRadiusRatio: 0.6, angularInset: 3,
      cornerRadius: 4, sortsByValue: true, sliceLabels: .value, legend: .right,
      highlighted: "Legacies", valueFormat: ReadoutFormat(decimals: 2, prefix: "€"))
    #expect(run.output == (try chart.svg(options: RenderOptions(width: 500, height: 500))))
  }

  @Test func csvAndJSONFilesAndStandardInput() throws {
    let folder = try temporaryFolder()
    let csv = folder.appendingPathComponent("d.csv").path
    try "label,value\nA,1\n\"B, b\",3,#FF0000\n".write(
      toFile: csv, atomically: true, encoding: .utf8)
    let expected = try PieChart(items: [
      PieItem(label: "A", value: 1),
      PieItem(label: "B, b", value: 3, color: Color(red: 255, green: 0, blue: 0)),
    ]).svg()
    #expect(gauge("pie", "--csv", csv).output == expected)
    #expect(gauge(["pie", "--csv", "-"], input: "A,1\n\"B, b\",3,red\n").output == expected)
    let json = #"[{"label": "A", "value": 1}, {"label": "B, b", "value": 3, "color": "red"}]"#
    #expect(gauge(["pie", "--json", "-"], input: json).output == expected)
  }

  @Test func writesAFileWithOutput() throws {
    let folder = try temporaryFolder()
    let file = folder.appendingPathComponent("pie.svg").path
    let run = gauge(["pie", "A=1", "B=2", "--animate", "-o", file])
    #expect(run.code == 0)
    #expect(run.output == "")
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == PieChart(items: [PieItem(label: "A", value: 1), PieItem(label: "B", value: 2)]).svg(
          options: RenderOptions(animation: SVGAnimation())))
  }

  @Test func textFormatDrawsTheLibrarysFrame() throws {
    let run = gauge(
      ["pie"] + donationArguments + ["--format", "text", "--columns", "24", "--sort"])
    #expect(run.code == 0)
    let frame = try PieChart(items: donationItems, sortsByValue: true).terminalFrame(
      options: TerminalOptions(columns: 24, depth: .none), legendWidth: 80)
    #expect(run.output == frame.plain())
    #expect(run.output.contains("Daffodil Day                             4.7  23.7%"))
  }

  @Test(
    arguments: [
      (
        ["A=-1", "B=nan"],
        "Error: the chart has 2 problems:\n"
          + "  argument 1: item \"A\" has the negative value -1; values must be finite numbers, 0 or more\n"
          + "  argument 2: item \"B\" has the value NaN; values must be finite numbers, 0 or more\n"
      ),
      (
        ["A=inf"],
        "Error: argument 1: item \"A\" has the value infinity; values must be finite numbers, 0 or more\n"
      ),
      (
        ["A=1", "A=2"],
        "Error: argument 2: \"A\" is also the label of argument 1; labels must be unique\n"
      ),
      (
        ["Rent=1", "--highlight", "Rnet"],
        "Error: --highlight: \"Rnet\" is not the label of any item; did you mean \"Rent\"?\n"
      ),
      (
        ["A=x"],
        "Error: 'A=x': 'x' is not a number; write LABEL=VALUE or LABEL:VALUE with a number, "
          + "0 or more\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
      (
        ["Rent"],
        "Error: 'Rent' is not an item; write LABEL=VALUE or LABEL:VALUE, such as Rent=1200\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
      (
        [":3"],
        "Error: ':3' has no label before ':'; write LABEL=VALUE or LABEL:VALUE\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
      (
        ["A=1", "--donut", "1"],
        "Error: --donut: 1 is out of range; allowed: 0...0.95\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
      (
        ["A=1", "--csv", "x.csv"],
        "Error: give the items one way; found LABEL=VALUE arguments and --csv\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
      (
        ["A=1", "--palette", "red,#12"],
        "Error: --palette: colour 2, '#12', is not a colour; use \(Color.allowedForms)\n"
          + "Usage: gauge pie [<label=value>...] [options]\n  See 'gauge help pie'.\n"
      ),
    ] as [([String], String)])
  func badInputIsExit64NamingTheItem(arguments: [String], message: String) {
    let run = gauge(["pie"] + arguments)
    #expect(run.code == 64)
    #expect(run.output == "")
    #expect(run.errors == message)
  }

  @Test func csvProblemsNameTheFileAndLine() throws {
    let folder = try temporaryFolder()
    let csv = folder.appendingPathComponent("d.csv").path
    try "A,1\nB,-2\n".write(toFile: csv, atomically: true, encoding: .utf8)
    let run = gauge("pie", "--csv", csv)
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: \(csv):2: item \"B\" has the negative value -2; values must be finite numbers, 0 or more\n"
    )
    let missing = gauge("pie", "--csv", folder.appendingPathComponent("none.csv").path)
    #expect(missing.code == 64)
    #expect(missing.errors.hasPrefix("Error: cannot read '"))
  }

  @Test func emptyAndZeroChartsAreDrawnNotRefused() throws {
    let empty = gauge("pie")
    #expect(empty.code == 0)
    #expect(empty.output.contains(">No data</text>"))
    let zero = gauge("pie", "A=0", "--format", "text", "--columns", "20")
    #expect(zero.code == 0)
    #expect(zero.output.contains("A  0  –"))
  }

  @Test func tinySlicesAreNamedOnStandardError() {
    let run = gauge("pie", "Most=1000000", "Speck=1", "--size", "200")
    #expect(run.code == 0)
    #expect(
      run.errors
        == "Note: 1 slice is too thin to see at 200×200: \"Speck\" (<1%); they are in the "
        + "legend and the image's description.\n")
  }

  @Test func helpListsTheCommand() {
    #expect(gauge("--help").output.contains("pie"))
    #expect(gauge("help", "pie").output.contains("--corner-radius PX"))
  }
}
