import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct BatchRequestTests {
  private func failure(_ line: String) -> String {
    failure(Array(line.utf8))
  }

  private func failure(_ bytes: [UInt8]) -> String {
    do {
      _ = try BatchRequest(jsonLine: bytes)
      return "no failure"
    } catch {
      return error.description
    }
  }

  @Test func readsEveryKeyAndTakesNullAsAbsent() throws {
    let request = try BatchRequest(
      jsonLine: Array(
        #"{"id": "u-1", "preset": "aqi", "value": 42.5, "size": 200, "height": 100, "theme": "dark", "title": "Air", "animate": true}"#
          .utf8))
    #expect(request.id == "u-1")
    #expect(request.preset == "aqi")
    #expect(request.value == 42.5)
    #expect(request.width == 200 && request.height == 100)
    #expect(request.theme == .dark && request.title == "Air" && request.animate == true)
    let nulls = try BatchRequest(
      jsonLine: Array(
        #"{"id": "u", "preset": null, "value": null, "size": null, "theme": null, "animate": null}"#
          .utf8))
    #expect(try nulls == BatchRequest(jsonLine: Array(#"{"id": "u"}"#.utf8)))
    #expect(nulls.value == nil && nulls.preset == nil && nulls.width == nil)
    let marked = try BatchRequest(
      jsonLine: Array(
        #"{"id": "u", "markers": [{"value": 30, "label": "Goal"}, {"value": -5, "label": "Floor"}]}"#
          .utf8))
    #expect(
      marked.markers
        == [GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: -5, label: "Floor")])
    // Too large for a Double: no value, drawn as no data, like null.
    #expect(try BatchRequest(jsonLine: Array(#"{"id": "u", "value": 1e400}"#.utf8)).value == nil)
  }

  /// Each kind of problem is worded as in presets and charts, placed by column and path.
  @Test(arguments: [
    (
      #"{"id": "u", "vlaue": 1}"#,
      #"column 13: vlaue: unknown key "vlaue"; allowed: id, preset, value, size, width, height, theme, title, animate, locale, min, max, zones, unit, values, reference, range, markers (did you mean "value"?)"#
    ),
    (#"{"value": 1}"#, "column 1: id: is missing; required: the name of the output, a string"),
    (#"{"id": 7}"#, "column 8: id: expected a string, found a number"),
    (
      #"{"id": "a b"}"#,
      #"column 8: id: "a b" cannot name a file; use 1 to 200 letters, digits, '.', '_' and '-', not starting with '.'"#
    ),
    (#"{"id": "u", "value": "x"}"#, "column 22: value: expected a number or null, found a string"),
    (#"{"id": "u", "size": 0}"#, "column 21: size: 0 is out of range; allowed: 1...8192"),
    (#"{"id": "u", "width": 8193}"#, "column 22: width: 8193 is out of range; allowed: 1...8192"),
    (
      #"{"id": "u", "width": -1e300}"#,
      "column 22: width: -1e+300 is out of range; allowed: 1...8192"
    ),
    (#"{"id": "u", "size": 1e400}"#, "column 21: size: is too large; numbers must be finite"),
    (
      #"{"id": "u", "height": 1.5}"#,
      "column 23: height: 1.5 is not a whole number; allowed: 1...8192"
    ),
    (
      #"{"id": "u", "theme": "drak"}"#,
      #"column 22: theme: "drak" is not allowed; use one of light, dark, auto; did you mean "dark"?"#
    ),
    (#"{"id": "u", "animate": 1}"#, "column 24: animate: expected true or false, found a number"),
    (#"["u"]"#, "column 1: expected an object, found an array"),
    (#"{"id": "u",}"#, "column 12: invalid JSON: trailing comma before '}'; remove it"),
    (
      #"{"id": "u", "size": "big", "theme": 3}"#,
      "column 21: size: expected a number, found a string"
    ),
  ])
  func problemsAreWordedOnceForEveryReader(line: String, expected: String) {
    #expect(failure(line) == expected)
  }

  @Test func titlesAreCappedAt200Characters() throws {
    let title = String(repeating: "😤", count: 200)
    #expect(
      try BatchRequest(jsonLine: Array(#"{"id": "u", "title": "\#(title)"}"#.utf8)).title == title)
    #expect(
      failure(#"{"id": "u", "title": "\#(title)x"}"#)
        == "column 22: title: is 201 characters long; at most 200 allowed")
  }

  @Test func linesAreCappedAt64KiB() throws {
    let line = Array(#"{"id": "u", "value": 1}"#.utf8)
    #expect(BatchRequest.maximumLineLength == 65_536)
    let atCap = line + Array(repeating: UInt8(ascii: " "), count: 65_536 - line.count)
    #expect(try BatchRequest(jsonLine: atCap).value == 1)
    #expect(BatchRequest.id(in: atCap) == "u")
    #expect(failure(atCap + [0x20]) == "the line is 65537 bytes; at most 65536 allowed")
    #expect(BatchRequest.id(in: atCap + [0x20]) == nil)
  }

  @Test func reportedIDsAreEscapedAndCut() {
    #expect(BatchRequest.id(in: Array(#"{"id": "u-1", "value": "x"}"#.utf8)) == "u-1")
    #expect(
      BatchRequest.id(in: Array(#"{"id": "a\u001b]0;t\u0007b"}"#.utf8)) == #"a\u001b]0;t\u0007b"#)
    let long = String(repeating: "x", count: 300)
    #expect(
      BatchRequest.id(in: Array(#"{"id": "\#(long)"}"#.utf8))
        == String(repeating: "x", count: 40) + "…")
    #expect(BatchRequest.id(in: Array(#"{"id": 5}"#.utf8)) == nil)
  }

  /// A line that is not valid JSON still names its id when the id comes before the first
  /// syntax error; one after it, or none, is not guessed at.
  @Test(
    arguments: [
      (#"{"id": "u-1", "value": 4x}"#, "u-1"),
      (#"{"title": {"a": [1, 2]}, "id": "u-2", "value": }"#, "u-2"),
      (#"{"id": "u-3", "id": "u-4"}"#, "u-3"),
      (#"{"id": "u-5""#, "u-5"),
      ("\u{FEFF}" + #"{"id": "u-6",}"#, "u-6"),
      (#"{"value": 4x, "id": "u-7"}"#, nil),
      (#"{"id": "u-8}"#, nil),
      (#"{"id" "u-9"}"#, nil),
      (#"["id", "u-10"]"#, nil),
      (#"{"id": 5x}"#, nil),
    ] as [(String, String?)])
  func anInvalidLineNamesAnIdReadBeforeItsError(line: String, id: String?) {
    #expect(BatchRequest.id(in: Array(line.utf8)) == id)
  }

  /// `markers` is read as a preset's is: the same shape, rules and words, at its path.
  @Test(arguments: [
    (
      #"{"id": "u", "markers": [{"value": 30}]}"#,
      "column 25: markers[0].label: is missing; required: the marker's label, a string"
    ),
    (
      #"{"id": "u", "markers": [{"value": "x", "label": "Goal"}]}"#,
      "column 35: markers[0].value: expected a number, found a string"
    ),
    (
      #"{"id": "u", "markers": [{"value": 1e400, "label": "Goal"}]}"#,
      "column 35: markers[0].value: is too large; numbers must be finite"
    ),
    (
      #"{"id": "u", "markers": [{"value": 30, "label": ""}]}"#,
      #"column 48: markers[0].label: is empty; every marker needs a label, such as "Goal""#
    ),
    (
      #"{"id": "u", "markers": [{"value": 30, "label": "  "}]}"#,
      "column 48: markers[0].label: is only spaces or invisible characters; every marker "
        + #"needs a label, such as "Goal""#
    ),
    (
      #"{"id": "u", "markers": [{"value": 30, "label": "Goal", "colour": "red"}]}"#,
      #"column 56: markers[0].colour: unknown key "colour"; allowed: value, label"#
    ),
    (
      #"{"id": "u", "markers": {"value": 30}}"#,
      "column 24: markers: expected an array of markers, found an object"
    ),
  ])
  func markersAreCheckedAsAPresetsAre(line: String, message: String) {
    #expect(failure(line) == message)
  }
}
