import Testing

@testable import GaugeCLI

/// Lines from a stream cut anywhere, with long lines counted but never kept.
@Suite struct LineSplitterTests {
  static func lines(_ reads: [String], maximumLength: Int = 8) -> [LineSplitter.Line] {
    var splitter = LineSplitter(maximumLength: maximumLength)
    var found: [LineSplitter.Line] = []
    for read in reads {
      splitter.append(Array(read.utf8))
      while let line = splitter.next() { found.append(line) }
    }
    if let last = splitter.finish() { found.append(last) }
    return found
  }

  static func line(_ text: String) -> LineSplitter.Line { .complete(Array(text.utf8)) }

  @Test func linesAreTheSameHoweverTheStreamIsCut() {
    let whole = "ab\n\ncd\nef"
    let expected = [Self.line("ab"), Self.line(""), Self.line("cd"), Self.line("ef")]
    #expect(Self.lines([whole]) == expected)
    #expect(Self.lines(whole.map { String($0) }) == expected)
    #expect(Self.lines(["ab\n\nc", "d", "\nef"]) == expected)
    #expect(Self.lines(["ab\n"]) == [Self.line("ab")])
    #expect(Self.lines([]) == [])
  }

  @Test func aLineAtTheCapIsKeptAndOnePastItIsCounted() {
    #expect(Self.lines(["12345678\nx"]) == [Self.line("12345678"), Self.line("x")])
    #expect(Self.lines(["123456789\nx"]) == [.overlong(9), Self.line("x")])
    #expect(Self.lines(["1234", "5678", "9\n", "x"]) == [.overlong(9), Self.line("x")])
    #expect(Self.lines(["1234", "56789", "0123"]) == [.overlong(13)])
  }

  @Test func aLongLineHoldsNoMoreThanTheCap() {
    var splitter = LineSplitter(maximumLength: 1000)
    for _ in 0..<1000 {
      splitter.append([UInt8](repeating: UInt8(ascii: "x"), count: 997))
      #expect(splitter.next() == nil)
      #expect(splitter.pendingCount <= 1000)
    }
    splitter.append(Array("\nok\n".utf8))
    #expect(splitter.next() == .overlong(997_000))
    #expect(splitter.next() == Self.line("ok"))
    #expect(splitter.finish() == nil)
  }

  @Test func batchReportsAnOverlongLineAndGoesOn() {
    let long = #"{"id": "a", "title": ""# + String(repeating: "x", count: 70_000) + #""}"#
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress"], input: long + "\n" + #"{"id": "b"}"#)
    #expect(run.code == 1)
    #expect(run.output.hasPrefix(#"{"id":"b","svg":"#))
    #expect(
      run.errors
        == "gauge batch: line 1: the line is 70,024 bytes; at most 65,536 allowed\n"
        + "1 rendered, 1 failed\n")
  }

  @Test func watchSkipsAnOverlongLine() {
    let run = gauge(["watch", "stress"], input: String(repeating: "1", count: 5000) + "\n7\n")
    #expect(run.code == 0)
    #expect(
      run.errors
        == "gauge: warning: line 1: the line is 5,000 bytes; at most 4,096 allowed; skipped\n")
    #expect(run.output == gauge("show", "stress", "7").output)
  }
}
