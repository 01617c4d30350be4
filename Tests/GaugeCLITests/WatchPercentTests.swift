import GaugeKit
import Testing

@testable import GaugeCLI

/// `gauge watch` reads `50%` from a pipe as it does from `--exec`.
@Suite struct WatchPercentTests {
  @Test func aPercentageFromAPipeIsItsNumber() {
    let run = gauge(["watch", "cpu"], input: "10%\n50%\n")
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(run.output == gauge("show", "cpu", "50").output)
  }

  @Test func aPercentSignAloneOrTwiceIsNotANumber() {
    let run = gauge(["watch", "cpu"], input: "%\n5%%\n7\n")
    let hint = "give a number such as 42, or 'none' for no data"
    #expect(
      run.errors
        == "gauge: warning: line 1: '%' is not a number; \(hint); skipped\n"
        + "gauge: warning: line 2: '5%%' is not a number; \(hint); skipped\n")
    #expect(run.output == gauge("show", "cpu", "7").output)
  }

  /// C's strtod, under Swift's `Double`, stops at a NUL: `37<NUL>` read as 37 before
  /// `FiniteNumber` read every number.
  @Test func aLineWithANULIsNotANumber() {
    let run = gauge(["watch", "cpu"], input: "37\u{0}\n7\n")
    #expect(
      run.errors
        == "gauge: warning: line 1: '37\\u{0}' is not a number; give a number such as 42, or "
        + "'none' for no data; skipped\n")
    #expect(run.output == gauge("show", "cpu", "7").output)
  }
}
