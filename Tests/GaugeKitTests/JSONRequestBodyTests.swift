import GaugeKit
@_spi(Service) import GaugeSupport
import Testing

/// The service's request bodies, read by the library's strict JSON reader: each problem is
/// one diagnostic with its line, column, JSON path and the words a preset file gets.
@Suite struct JSONRequestBodyTests {
  private func problem(
    _ line: Int, _ column: Int, _ path: String, _ message: String
  ) -> GaugeError {
    .invalidGauge([Diagnostic(path: path, message: message, line: line, column: column)])
  }

  @Test func aTrailingCommaIsRefusedWhereItIs() {
    #expect(
      throws: problem(1, 30, "", "invalid JSON: trailing comma before '}'; remove it")
    ) {
      try JSONRequestBody(json: Array(#"{"preset":"stress","value":1,}"#.utf8))
    }
    #expect(
      throws: problem(4, 5, "items", "invalid JSON: trailing comma before ']'; remove it")
    ) {
      try JSONRequestBody(json: Array("{\"items\":[1,\n  2,\n  3,\n  4,]}".utf8))
    }
  }

  @Test func aDuplicateKeyIsRefusedAtItsSecondUse() {
    #expect(
      throws: problem(
        3, 2, "value", #"invalid JSON: duplicate key "value"; each key may appear once"#)
    ) {
      try JSONRequestBody(json: Array("{\"preset\":\"stress\",\n \"value\":1,\n \"value\":2}".utf8))
    }
  }

  /// A number written as a string is not a number, for whole numbers and decimals alike.
  @Test func aNumberInQuotesIsRefused() throws {
    let body = try JSONRequestBody(json: Array(#"{"size": "400", "value": "42.5"}"#.utf8))
    #expect(throws: problem(1, 10, "size", "expected a number, found a string")) {
      try body.integer("size", in: 1...8192)
    }
    #expect(throws: problem(1, 26, "value", "expected a number or null, found a string")) {
      try body.numberOrNull("value")
    }
  }

  @Test func membersAreReadInTheirRanges() throws {
    let body = try JSONRequestBody(
      json: Array(#"{"preset":"stress","value":null,"size":400,"scale":1.5,"animate":true}"#.utf8))
    #expect(body.keys == ["preset", "value", "size", "scale", "animate"])
    #expect(try body.string("preset") == "stress")
    #expect(try body.numberOrNull("value") == .some(nil))
    #expect(try body.integer("size", in: 1...8192) == 400)
    #expect(try body.number("scale", in: 0.25...8) == 1.5)
    #expect(try body.bool("animate") == true)
    #expect(try body.integer("width", in: 1...8192) == nil)
    #expect(throws: problem(1, 40, "size", "400 is out of range; allowed: 1...300")) {
      try body.integer("size", in: 1...300)
    }
    #expect(throws: problem(1, 52, "scale", "1.5 is not a whole number; allowed: 1...8")) {
      try body.integer("scale", in: 1...8)
    }
  }

  @Test func anUnknownKeyNamesTheAllowedOnes() throws {
    let body = try JSONRequestBody(json: Array(#"{"preset":"stress","valeu":1}"#.utf8))
    #expect(
      throws: problem(
        1, 20, "valeu", #"unknown key "valeu"; allowed: preset, value (did you mean "value"?)"#)
    ) {
      try body.check(allowed: ["preset", "value"])
    }
  }

  @Test func onlyAnObjectIsABody() {
    #expect(throws: problem(1, 1, "", "expected an object, found an array")) {
      try JSONRequestBody(json: Array("[1,2]".utf8))
    }
    #expect(
      throws: problem(1, 1, "", "invalid JSON: the file is empty; expected a JSON object")
    ) {
      try JSONRequestBody(json: [])
    }
  }
}
