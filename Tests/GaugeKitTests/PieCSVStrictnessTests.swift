import GaugeKit
import Testing

/// CSV is read as written: nothing after a closing quote, nothing hidden after a number.
@Suite struct PieCSVStrictnessTests {
  static func problems(_ csv: String) -> [String] {
    do {
      _ = try PieChart(csv: Array(csv.utf8))
      return []
    } catch {
      guard case .invalidChart(let found) = error else { return ["\(error)"] }
      return found.map(\.description)
    }
  }

  @Test func textAfterAClosingQuoteIsAProblem() {
    #expect(
      Self.problems("\"A\"x,1\nB,2\n") == [
        "1: \"x\" follows a closing quote; a quoted field ends at its quote (write \"\" "
          + "for a quote inside it)"
      ])
    #expect(Self.problems("\"A\" ,1\n\"B\"\"q\"\t,2\n\"C,D\",3") == [])
  }

  @Test func aNULAfterANumberIsNotANumber() {
    #expect(
      Self.problems("A,1\nB,2\u{0}\n") == [#"2: "2\u0000" is not a number (the value of "B")"#]
    )
  }
}
