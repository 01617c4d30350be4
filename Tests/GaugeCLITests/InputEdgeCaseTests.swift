import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// Small edges of the command line: one spelling per preset file, one line per batch
/// failure, `-` as standard output, and options named as the user wrote them.
@Suite struct InputEdgeCaseTests {
  @Test(arguments: [
    ("a/./b.json", "a/b.json"), ("./self.json", "self.json"), ("a//b/../c.json", "a/c.json"),
    ("/x/../../y.json", "/y.json"), ("../a/../../b", "../../b"), ("./", "."), ("/", "/"),
  ])
  func pathsAreNormalisedFromTheirText(path: String, normalized: String) {
    #expect(PresetLibrary.normalized(path) == normalized)
  }

  @Test func aPresetExtendingItselfIsACycle() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("self.json").path
    try Data(#"{"extends": "./self.json"}"#.utf8).write(to: URL(fileURLWithPath: path))
    let run = gauge("render", path, "4")
    #expect(run.code == 64)
    #expect(
      run.errors
        == "Error: \(path):1:13: extends: \"./self.json\" leads back to itself "
        + "(\(path) → \(path)); a preset cannot extend itself\n")
  }

  @Test func aBatchFailureIsOneLineEvenWithSeveralProblems() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("bad.json").path
    try Data(#"{"name": "x", "min": 0, "max": "a", "zones": []}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    let run = gauge(
      ["batch", "--jsonl", "--allow-preset-paths"], input: #"{"id": "a", "preset": "\#(path)"}"#)
    #expect(
      run.errors
        == "gauge batch: line 1 (id 'a'): '\(path)' has 2 problems: \(path):1:32: max: expected "
        + "a number, found a string; \(path):1:46: zones: is empty; a gauge needs at least one "
        + "zone\n0 rendered, 1 failed\n")
  }

  @Test func errorsDashIsStandardOutput() throws {
    let out = try temporaryFolder().path
    let lines = #"{"id": "a", "value": "x"}"# + "\n" + #"{"id": "b"}"#
    let run = gauge(
      ["batch", "--out-dir", out, "--preset", "stress", "--errors", "-"], input: lines)
    #expect(run.code == 1)
    #expect(
      run.output
        == #"{"line": 1, "id": "a", "error": "column 22: value: expected a number or null, "#
        + #"found a string"}"# + "\n")
    #expect(!FileManager.default.fileExists(atPath: "-"))
    let mixed = gauge(["batch", "--jsonl", "--preset", "stress", "--errors", "-"], input: lines)
    #expect(mixed.code == 64)
    #expect(
      mixed.errors.hasPrefix(
        "Error: --errors - would mix failures into the --jsonl stream; give a file\n"))
  }

  @Test func chartOptionsAreNamedAsTyped() {
    let long = String(repeating: "x", count: 201)
    for option in ["--prefix", "--suffix"] {
      let run = gauge("pie", "a=1", option, long, "-o", "/dev/null")
      #expect(run.code == 64)
      #expect(run.errors == "Error: \(option): is 201 characters long; at most 200 allowed\n")
    }
  }
}
