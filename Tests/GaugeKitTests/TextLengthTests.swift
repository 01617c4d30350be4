import GaugeKit
import Testing

/// Text caps count what is drawn: combining marks stacked on a letter count past the two an
/// accent needs, so one letter with 3,000 marks is refused.
@Suite struct TextLengthTests {
  @Test func marksStackedOnOneLetterCount() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.title = "a" + String(repeating: "\u{301}", count: 3000)
    #expect(
      gauge.problems().map(\.message) == [
        "is 2999 characters long, counting 2998 combining marks stacked past two on a letter; "
          + "at most 200 allowed"
      ])
    #expect(gauge.problems().map(\.path) == ["title"])
  }

  @Test func accentsAndEmojiSequencesCountAsTheirCharacters() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    // 200 clusters of a letter and two marks, and 150 ZWJ families: within the cap.
    gauge.title = String(repeating: "e\u{301}\u{323}", count: 200)
    #expect(gauge.problems().isEmpty)
    gauge.title = String(repeating: "👨‍👩‍👧", count: 150)
    #expect(gauge.problems().isEmpty)
    gauge.title = String(repeating: "x", count: 201)
    #expect(gauge.problems().map(\.message) == ["is 201 characters long; at most 200 allowed"])
  }
}
