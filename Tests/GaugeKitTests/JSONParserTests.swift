import Testing

@testable import GaugeKit

@Suite struct JSONParserTests {
  /// The problem parsing `text` reports, as a user would read it.
  private func problem(_ text: String, limits: JSONLimits = JSONLimits()) -> String {
    problem(Array(text.utf8), limits: limits)
  }

  private func problem(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> String {
    do {
      _ = try JSONParser.parse(bytes, limits: limits)
      return "no problem"
    } catch {
      return error.diagnostic(file: "t.json").description
    }
  }

  @Test func columnsCountCharactersNotBytes() throws {
    // "é" is 2 bytes, "😤" 4: the key after them is still at the 21st character.
    let root = try JSONParser.parse(Array(#"{"a": "é😤xyz", "b": 1}"#.utf8))
    guard case .object(let members) = root.value else { throw ParserTestFailure() }
    #expect(members.map(\.column) == [2, 16])
    #expect(members.map(\.value.column) == [7, 21])
    #expect(
      problem("{\"é\": 1,\n \"😤\": 2, x}")
        == "t.json:2:10: invalid JSON: unexpected 'x'; expected a key in double quotes")
  }

  @Test func syntaxErrorsNameTheirPath() {
    #expect(
      problem(#"{"zones": [{"label": "a"}, {"label": tru}]}"#)
        == "t.json:1:41: zones[1].label: invalid JSON: unexpected '}'; expected true")
    #expect(
      problem(#"{"a b": {"c": [1 2]}}"#)
        == #"t.json:1:18: ["a b"].c: invalid JSON: unexpected '2'; expected ',' or ']'"#)
  }

  @Test func duplicateKeysAreFoundInSmallAndLargeObjects() {
    #expect(
      problem(#"{"a": 1, "b": 2, "a": 3}"#)
        == #"t.json:1:18: a: invalid JSON: duplicate key "a"; each key may appear once"#)
    // Past eight keys the check is a hash set; the repeat is still exact, not a hash match.
    let keys = (0..<500).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    #expect(problem("{" + keys + "}") == "no problem")
    #expect(
      problem("{" + keys + #", "k250": 0}"#)
        == #"t.json:1:6282: k250: invalid JSON: duplicate key "k250"; each key may appear once"#)
  }

  @Test func keysThatAreNotPlainNamesAreQuotedInPaths() {
    #expect(
      problem(Array(#"{"bogus\u001b]0;pwned\u0007": [1,]}"#.utf8))
        == #"t.json:1:34: ["bogus\u001b]0;pwned\u0007"]: invalid JSON: trailing comma before ']'; remove it"#
    )
  }

  @Test func escapesDecode() throws {
    let root = try JSONParser.parse(Array(#"["a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude24z"]"#.utf8))
    #expect(
      root.value
        == .array([JSONNode(value: .string("a\"\\/\u{8}\u{C}\n\r\té😤z"), line: 1, column: 2)]))
    #expect(
      problem(#"["\x"]"#)
        == "t.json:1:4: [0]: invalid JSON: invalid escape 'x' after '\\' in a string")
    #expect(
      problem(#"["\udc00"]"#)
        == #"t.json:1:3: [0]: invalid JSON: unpaired surrogate \u escape in a string"#)
    #expect(
      problem(#"["\ud83dx"]"#)
        == #"t.json:1:3: [0]: invalid JSON: unpaired surrogate \u escape in a string"#)
    #expect(
      problem([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
        == "t.json:1:3: [0]: invalid JSON: invalid UTF-8 in a string")
  }

  @Test func numbersReadExactly() throws {
    let root = try JSONParser.parse(
      Array("[0, -0, 123456789012345, 1234567890123456789, 2.5e-3, 1e400, -7]".utf8))
    guard case .array(let elements) = root.value else { throw ParserTestFailure() }
    let numbers = elements.map { node -> Double in
      if case .number(let value) = node.value { return value }
      return .nan
    }
    // Past 15 digits the text goes through Double(String): rounded to the nearest Double.
    #expect(
      numbers == [0, 0, 123_456_789_012_345, 1_234_567_890_123_456_768, 0.0025, .infinity, -7])
    #expect(numbers[1].sign == .minus)
  }

  // MARK: - Caps, each at the cap and one past it

  @Test func nestingIsCappedAt64() {
    let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(problem(deep) == "no problem")
    let deeper = "[" + deep + "]"
    #expect(
      problem(deeper)
        == "t.json:1:65: [0][0][0][0][0][0][0][0][0][0][0][0]…: nests more than 64 levels deep; "
        + "at most 64 allowed")
  }

  @Test func stringsAreCappedIn64KiBAfterDecoding() {
    let cap = JSONLimits().stringBytes
    #expect(cap == 65_536)
    let atCap = String(repeating: "a", count: cap)
    #expect(problem(#"{"title": ""# + atCap + #""}"#) == "no problem")
    #expect(
      problem(#"{"title": "a"# + atCap + #""}"#)
        == "t.json:1:11: title: a string is longer than 65536 bytes; at most 65536 allowed")
    // Escaped, each "é" is six bytes of text but two decoded: the cap counts the two.
    let escaped = String(repeating: #"\u00e9"#, count: cap / 2)
    #expect(problem(#"[""# + escaped + #""]"#) == "no problem")
    #expect(
      problem(#"[""# + escaped + #"\u00e9"]"#)
        == "t.json:1:2: [0]: a string is longer than 65536 bytes; at most 65536 allowed")
    #expect(
      problem("{\"" + atCap + "b\": 1}")
        == "t.json:1:2: a key is longer than 65536 bytes; at most 65536 allowed")
  }

  @Test func arrayCountsStopAtTheFirstElementPastTheCap() {
    let count = JSONLimits.Count(maximum: 3, noun: "zones", hint: " (merge some)")
    let limits = JSONLimits(topLevelArrays: ["zones": count], rootArray: count)
    #expect(problem(#"{"zones": [1, 2, 3]}"#, limits: limits) == "no problem")
    // What follows the fourth is never read: the syntax error after it goes unreported.
    #expect(
      problem(#"{"zones": [1, 2, 3, 4, oops]}"#, limits: limits)
        == "t.json:1:21: zones: has more than 3 zones; at most 3 allowed (merge some)")
    #expect(
      problem("[1, 2, 3, 4]", limits: limits)
        == "t.json:1:11: has more than 3 zones; at most 3 allowed (merge some)")
    // Only the named arrays are capped.
    #expect(
      problem(#"{"other": [1, 2, 3, 4], "a": {"zones": [1, 2, 3, 4]}}"#, limits: limits)
        == "no problem")
  }
}

private struct ParserTestFailure: Error {}
