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
    // Too large for a Double: no value, drawn as no data, like null.
    #expect(try BatchRequest(jsonLine: Array(#"{"id": "u", "value": 1e400}"#.utf8)).value == nil)
  }

  /// Each kind of problem is worded as in presets and charts, placed by column and path.
  @Test(arguments: [
    (
      #"{"id": "u", "vlaue": 1}"#,
      #"column 13: vlaue: unknown key "vlaue"; allowed: id, preset, value, size, width, height, theme, title, animate, locale, min, max, zones, unit, values, reference, range (did you mean "value"?)"#
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
}
