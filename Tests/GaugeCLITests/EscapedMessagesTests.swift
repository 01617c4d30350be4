import Foundation
import Testing

@testable import GaugeCLI

/// No command lets data send a terminal an escape sequence or a bidirectional override: key
/// names, paths, echoed values and file names reach standard error (and text reports) escaped.
@Suite struct EscapedMessagesTests {
  /// What a terminal would act on: C0 (but the line break) and C1 controls, DEL, bidi controls.
  static func actionable(_ text: String) -> [UInt32] {
    text.unicodeScalars.map(\.value).filter { value in
      (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
        || [0x200E, 0x200F].contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
    }
  }

  @Test func theSanitiserEscapesControlsAndBidiOnly() {
    #expect(TerminalSafe.escaped("a\u{1B}]0;x\u{7}b") == #"a\u{1B}]0;x\u{7}b"#)
    #expect(TerminalSafe.escaped("\u{9B}\u{202E}\u{2066}é✓") == #"\u{9B}\u{202E}\u{2066}é✓"#)
    #expect(TerminalSafe.escaped("one\ntwo") == #"one\u{A}two"#)
    // The Arabic letter mark is a bidi control too; U+2028 and U+2029 break lines.
    #expect(
      TerminalSafe.escaped("\u{61C}a\u{2028}b\u{2029}\u{200D}") == #"\u{61C}a\u{2028}b\u{2029}"#
        + "\u{200D}")
    #expect(TerminalSafe.escaped("one\ntwo", keepingLineBreaks: true) == "one\ntwo")
    #expect(
      TerminalSafe.quote(String(repeating: "x", count: 61)) == "'"
        + String(repeating: "x", count: 60) + "…'")
  }

  @Test func everyCommandEscapesAHostileFileName() throws {
    let folder = try temporaryFolder()
    let name = folder.appendingPathComponent("a\u{1B}]0;pwned\u{7}\u{202E}.json").path
    let preset = #"{"name": "x", "min": 0, "max": 1, "zones": [], "bogus\u001b[2J": 1}"#
    try Data(preset.utf8).write(to: URL(fileURLWithPath: name))
    let shown = name.replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#)
      .replacingOccurrences(of: "\u{7}", with: #"\u{7}"#)
      .replacingOccurrences(of: "\u{202E}", with: #"\u{202E}"#)
    let runs: [[String]] = [
      ["render", name, "4"], ["show", name, "4"], ["layout", name, "4"], ["watch", name],
      ["presets", "validate", name], ["presets", "show", name], ["pie", "--json", name],
      ["pie", "--csv", name + "x"], ["batch", "--jsonl", "--preset", name],
    ]
    for arguments in runs {
      let run = gauge(arguments, input: "{\"id\": \"a\"}\n")
      #expect(run.code != 0, "\(arguments)")
      #expect(Self.actionable(run.errors + run.output) == [], "\(arguments)")
      #expect((run.errors + run.output).contains(shown), "\(arguments)")
    }
  }

  @Test func echoedValuesAndNamesAreEscaped() {
    let preset = gauge("render", "nope\u{1B}[2J", "4")
    #expect(preset.errors.hasPrefix(#"Error: unknown preset 'nope\u{1B}[2J'; "#))
    let value = gauge("render", "stress", "x\u{9B}2J")
    #expect(value.errors.hasPrefix(#"Error: <value>: 'x\u{9B}2J' is not a number; "#))
    let item = gauge("pie", "a\u{1B}=1", "b=1e9", "-o", "/dev/null")
    #expect(Self.actionable(item.errors) == [])
    #expect(item.errors.contains(#"a\u001b"#))
  }
}
