import Foundation
import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugeCLI

/// `--marker`, `--reference`, `--range`, `--ticks` and `--no-ticks`, and batch lines'
/// `reference`, `range` and `markers` (#25): they reach the image, and bad ones get one clear
/// message.
@Suite struct MarkOptionsTests {
  /// `--marker 1:M --marker 2:M …`, `count` times.
  static func markers(_ count: Int) -> [String] {
    (1...count).flatMap { ["--marker", "\($0):M"] }
  }

  @Test func theOptionsReachTheImage() throws {
    var stress = try BuiltinPresets.gauge(named: "stress")
    stress.markers = [GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: -5, label: "A: b")]
    stress.labels.ticks = 4
    var options = RenderOptions()
    options.reference = 35
    options.range = -10...55
    let run = gauge(
      "render", "stress", "42", "--marker", "30:Goal", "--marker", "-5:A: b", "--reference", "35",
      "--range", "-10:55", "--ticks", "4")
    #expect(run.errors == "")
    #expect(run.code == 0)
    #expect(run.output == (try stress.svg(value: 42, options: options)))
  }

  /// A combining mark, a joiner or a variation selector right after the colon makes one
  /// character of the two; the colon still separates, and the label keeps the mark.
  @Test(arguments: ["\u{301}", "\u{200D}", "\u{FE0F}"])
  func aMarkAfterTheColonStillSeparates(mark: String) throws {
    var stress = try BuiltinPresets.gauge(named: "stress")
    stress.markers = [GaugeMarker(value: 30, label: mark + "Goal")]
    var options = RenderOptions()
    options.range = 30...55
    let run = gauge(
      "render", "stress", "42", "--marker", "30:" + mark + "Goal", "--range", "30:" + mark + "55")
    #expect(run.code == 64)
    #expect(
      run.errors.split(separator: "\n").first.map(String.init)
        == "Error: --range: '\(mark)55' is not a number; write LOW:HIGH, such as 30:55")
    let drawn = gauge("render", "stress", "42", "--marker", "30:" + mark + "Goal")
    #expect(drawn.errors == "")
    #expect(drawn.output == (try stress.svg(value: 42)))
    let zoned = try Gauge(
      presetJSON: ##"{"min": 0, "max": 100, "zones": [{"label": "A\##(mark)", "##
        + ##""color": "#FF0000", "upTo": 100}]}"##)
    let fromOptions = gauge(
      "render", "--min", "0", "--max", "100", "--zone", ":100:" + mark + "#FF0000", "4")
    #expect(
      fromOptions.errors.hasPrefix(
        "Error: --zone \":100:\(mark)#FF0000\": \"\(mark)#FF0000\" is not a colour; use #RGB, "))
    let labelled = gauge(
      "render", "--min", "0", "--max", "100", "--zone", "A" + mark + ":100:#FF0000", "4")
    #expect(labelled.errors == "")
    #expect(labelled.output == (try zoned.svg(value: 4)))
  }

  @Test func noTicksLeavesOutMajorAndMinor() throws {
    let json = #"""
      {"min": 0, "max": 10, "zones": [{"label": "A", "color": "#34C759", "upTo": 10}],
       "labels": {"ticks": 5, "minorTicks": 2}}
      """#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gauge-no-ticks-\(getpid()).json")
    try json.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    var plain = try Gauge(presetJSON: json)
    plain.labels.ticks = 0
    plain.labels.minorTicks = 0
    let run = gauge("render", file.path, "3", "--no-ticks")
    #expect(run.code == 0)
    #expect(run.output == (try plain.svg(value: 3)))
    #expect(!run.output.contains("stroke-width"))
  }

  @Test(arguments: [
    (["--range", "55:30"], "Error: --range: low 55 is above high 30; give the lowest value first"),
    (["--range", "30"], "Error: --range: '30' has no colon; write LOW:HIGH, such as 30:55"),
    (["--range=:5"], "Error: --range: '' is not a number; write LOW:HIGH, such as 30:55"),
    (
      ["--marker", "x:Goal"],
      "Error: --marker: 'x' is not a number; write VALUE:LABEL, such as 30:Goal"
    ),
    (
      ["--marker", "30:"],
      "Error: --marker: '30:' has no label; every marker needs a label, such as 30:Goal"
    ),
    (["--ticks", "3", "--no-ticks"], "Error: --ticks and --no-ticks cannot be used together"),
    (["--no-ticks", "--no-ticks"], "Error: --no-ticks is given twice; give it once"),
    (["--show-zone", "--show-zone"], "Error: --show-zone is given twice; give it once"),
    (
      ["--marker", "inf:X"],
      "Error: --marker: 'inf' is not a finite number; write VALUE:LABEL, such as 30:Goal"
    ),
    (
      ["--range", "30:nan"],
      "Error: --range: 'nan' is not a finite number; write LOW:HIGH, such as 30:55"
    ),
    (
      ["--marker", "30: "],
      "Error: --marker: '30: ' has no visible label; every marker needs a label, such as 30:Goal"
    ),
    (
      ["--marker", "30:\u{200B}\t"],
      // The tab shown escaped, as every control in a message is.
      "Error: --marker: '30:\u{200B}\\u{9}' has no visible label; every marker needs a label, such "
        + "as 30:Goal"
    ),
    (
      ["--reference", "abc"],
      "Error: --reference: 'abc' is not a number; give a number such as 42, or 'none' for no data"
    ),
    (["--min", "1e400"], "Error: --min: '1e400' is not a finite number"),
    (["--max", "nan"], "Error: --max: 'nan' is not a finite number"),
    (MarkOptionsTests.markers(21), "Error: --marker: given 21 times; at most 20 allowed"),
  ])
  func badOptionsAreUsageErrors(words: [String], message: String) throws {
    let run = gauge(["render", "stress", "42"] + words)
    #expect(run.code == 64)
    #expect(run.errors.split(separator: "\n").first.map(String.init) == message)
  }

  /// `--reference none` (or NaN, an infinity) is no reference, as a batch line's `null` and
  /// the service's `reference=none` are: the image drawn without the option.
  @Test(arguments: ["none", "nan", "-inf", "1e400"])
  func aReferenceOfNoneDrawsNone(word: String) {
    let plain = gauge("render", "stress", "42")
    let run = gauge("render", "stress", "42", "--reference", word)
    #expect(run.code == 0)
    #expect(run.output == plain.output)
    #expect(!plain.output.isEmpty)
    let shown = gauge("show", "stress", "42", "--reference", word, "--color", "never")
    #expect(shown.code == 0)
    #expect(shown.output == gauge("show", "stress", "42", "--color", "never").output)
  }

  /// A zone bound that reads as an infinity or NaN says so, as the other numbers do.
  @Test(arguments: ["nan", "inf", "-inf", "1e400"])
  func aZoneBoundMustBeFinite(bound: String) {
    let run = gauge("render", "stress", "42", "--zone", "A:\(bound):#000")
    #expect(run.code == 64)
    #expect(
      run.errors == "Error: --zone \"A:\(bound):#000\": \"\(bound)\" is not a finite number\n")
    let line = gauge(
      ["batch", "--jsonl", "--preset", "stress"],
      input: #"{"id": "a", "value": 42, "zones": ["A:\#(bound):#000"]}"# + "\n")
    #expect(
      line.errors
        == "gauge batch: line 1 (id 'a'): column 36: zones[0]: \"\(bound)\" is not a finite "
        + "number\n0 rendered, 1 failed\n")
  }

  /// Markers of the preset and of --marker together past the cap name --marker.
  @Test func markersPastTheCapWithThePresetsNameTheOption() throws {
    let markers = (1...15).map { #"{"value": \#($0), "label": "P\#($0)"}"# }
    let json = #"{"extends": "stress", "markers": [\#(markers.joined(separator: ", "))]}"#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gauge-markers-\(getpid()).json")
    try json.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = gauge(["render", file.path, "42"] + MarkOptionsTests.markers(6))
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: --marker: given 6 times and the preset has 15 markers; at most 20 allowed "
        + "in all\n")
  }

  @Test func batchLinesTakeAReferenceAndARange() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    var options = RenderOptions()
    options.reference = 35
    options.range = 30...55
    let expected = try stress.svgBytes(value: 42, options: options)
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress"],
      input: #"{"id": "a", "value": 42, "reference": 35, "range": [30, 55]}"# + "\n"
        + #"{"id": "b", "value": 42, "range": [55, 30]}"# + "\n")
    #expect(
      run.output == String(decoding: BatchOutput.jsonLine(id: "a", svg: expected), as: UTF8.self))
    #expect(
      run.errors.split(separator: "\n").first.map(String.init)
        == "gauge batch: line 2 (id 'b'): column 35: range: low 55 is above high 30; give the "
        + "lowest value first")
    #expect(run.code == 1)
  }

  /// A line's `markers` are added to the preset's, as `--marker` adds them, the cap counting
  /// both; the gauge's own checks place their problems at the line's column.
  @Test func aLinesMarkersAreAddedToThePresets() throws {
    let folder = try temporaryFolder()
    var marked = try BuiltinPresets.gauge(named: "stress")
    marked.name = "marked"
    marked.markers = (0..<15).map { GaugeMarker(value: Double($0), label: "P") }
    try Data(marked.presetJSON().utf8).write(to: folder.appendingPathComponent("marked.json"))
    let six = (0..<6).map { #"{"value": \#($0), "label": "M"}"# }.joined(separator: ", ")
    let many = (0..<21).map { #"{"value": \#($0), "label": "M"}"# }.joined(separator: ", ")
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--preset-dir", folder.path],
      input: [
        #"{"id": "a", "value": 42, "markers": [{"value": 30, "label": "Goal"}]}"#,
        #"{"id": "b", "value": 42, "markers": [\#(many)]}"#,
        #"{"id": "c", "value": 42, "preset": "marked", "markers": [\#(six)]}"#,
        #"{"id": "d", "value": 42, "zones": ["A:50:red", "B:40:blue"]}"#,
      ].joined(separator: "\n"))
    var stress = try BuiltinPresets.gauge(named: "stress")
    stress.markers.append(GaugeMarker(value: 30, label: "Goal"))
    #expect(
      run.output
        == String(
          decoding: BatchOutput.jsonLine(id: "a", svg: try stress.svgBytes(value: 42)),
          as: UTF8.self))
    #expect(
      run.errors == """
        gauge batch: line 2 (id 'b'): column 608: markers: has more than 20 markers; at most 20 allowed
        gauge batch: line 3 (id 'c'): markers: 6 given and the preset has 15 markers; at most 20 allowed in all
        gauge batch: line 4 (id 'd'): column 48: zones[1]: 40 is not above the previous zone's bound 50; zones go in ascending order
        1 rendered, 3 failed

        """)
  }
}
