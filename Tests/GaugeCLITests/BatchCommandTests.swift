import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct BatchCommandTests {
  let input = """
    {"id": "u1", "preset": "stress", "value": 42}
    {"id": "../../etc/passwd", "value": 1}
    {"id": "u2", "value": "x"}
    not json
    {"id": "u1", "value": 3}
    {"id": "u3", "preset": "aqi", "value": 180, "size": 200, "theme": "dark"}

    {"id": "u4", "value": null}
    """

  @Test func jsonLinesKeepInputOrderAndReportEveryFailure() throws {
    let run = gauge(["batch", "--jsonl", "--preset", "stress"], input: input)
    #expect(run.code == 1)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 3)
    let stress = try BuiltinPresets.gauge(named: "stress")
    let aqi = try BuiltinPresets.gauge(named: "aqi")
    let expected: [(String, String)] = [
      ("u1", try stress.svg(value: 42)),
      (
        "u3", try aqi.svg(value: 180, options: RenderOptions(width: 200, height: 200, theme: .dark))
      ),
      ("u4", try stress.svg(value: nil)),
    ]
    for (line, (id, svg)) in zip(lines, expected) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
      #expect(object == ["id": id, "svg": svg])
    }
    #expect(
      run.errors == """
        gauge batch: line 2 (id '../../etc/passwd'): column 8: id: "../../etc/passwd" cannot name a file; use 1 to 200 letters, digits, '.', '_' and '-', not starting with '.'
        gauge batch: line 3 (id 'u2'): column 23: value: expected a number or null, found a string
        gauge batch: line 4: column 2: invalid JSON: unexpected 'o'; expected null
        gauge batch: line 5 (id 'u1'): duplicate id; line 1 has the same id
        3 rendered, 4 failed

        """)
  }

  @Test func filesAreWrittenWholeAndIdsNeverBecomePaths() throws {
    let folder = try temporaryFolder()
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
    let errors = folder.appendingPathComponent("errors.jsonl").path
    let run = gauge(
      ["batch", "--out-dir", out.path, "--preset", "stress", "--errors", errors], input: input)
    #expect(run.code == 1)
    #expect(run.errors == "3 rendered, 4 failed\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
        "u1.svg", "u3.svg", "u4.svg",
      ])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "errors.jsonl", "out",
      ])
    #expect(
      try String(contentsOf: out.appendingPathComponent("u1.svg"), encoding: .utf8)
        == (try BuiltinPresets.gauge(named: "stress").svg(value: 42)))
    let reported = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(reported.map { $0["line"] as? Int } == [2, 3, 4, 5])
    #expect(reported.map { $0["id"] as? String } == ["../../etc/passwd", "u2", nil, "u1"])

    // Resuming: existing files are left alone and counted.
    let again = gauge(
      ["batch", "--out-dir", out.path, "--preset", "stress", "--skip-existing"],
      input: #"{"id": "u1", "value": 1}"# + "\n" + #"{"id": "u9", "value": 9}"#)
    #expect(again.code == 0)
    #expect(again.errors == "1 rendered, 0 failed, 1 skipped\n")
    #expect(
      try String(contentsOf: out.appendingPathComponent("u1.svg"), encoding: .utf8).contains(
        "Stress 42 of"))
  }

  @Test func theOutputFolderIsMadeOrRefusedBeforeAnyLine() throws {
    let folder = try temporaryFolder()
    let nested = folder.appendingPathComponent("a/b").path
    let made = gauge(["batch", "--out-dir", nested, "--preset", "stress"], input: #"{"id": "u1"}"#)
    #expect(made.code == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: nested) == ["u1.svg"])

    let file = folder.appendingPathComponent("file").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let lines = #"{"id": "u1"}"# + "\n" + #"{"id": "u2"}"#
    let notFolder = gauge(["batch", "--out-dir", file, "--preset", "stress"], input: lines)
    #expect(notFolder.code == 64)
    #expect(notFolder.errors == "Error: cannot use --out-dir '\(file)': it is not a folder\n")
    let under = gauge(["batch", "--out-dir", file + "/x", "--preset", "stress"], input: lines)
    #expect(under.code == 64)
    #expect(under.errors == "Error: cannot use --out-dir '\(file)/x': Not a directory\n")
  }

  /// The job's preset is loaded before any line is read: a wrong one is one usage error
  /// naming the flag, not a failure on every line without a preset of its own.
  @Test func theJobsPresetIsCheckedBeforeAnyLine() throws {
    let lines = #"{"id": "u1", "value": 1}"# + "\n" + #"{"id": "u2", "preset": "cpu"}"#
    let unknown = gauge(["batch", "--jsonl", "--preset", "nope"], input: lines)
    #expect(unknown.code == 64)
    #expect(unknown.output == "")
    #expect(
      unknown.errors
        == "Error: --preset: unknown preset 'nope'; the built-in presets are aqi, battery, "
        + "body-battery, cpu, disk, glucose, heart-rate, memory, sleep, speed, spo2, stress, "
        + "uv; or give the path of a preset JSON file\n")
    let folder = try temporaryFolder()
    let broken = folder.appendingPathComponent("broken.json").path
    try Data(#"{"min": 0, "max": "x"}"#.utf8).write(to: URL(fileURLWithPath: broken))
    let invalid = gauge(["batch", "--jsonl", "--preset", broken], input: lines)
    #expect(invalid.code == 64)
    #expect(invalid.output == "")
    #expect(
      invalid.errors
        == "Error: --preset: '\(broken)' has 2 problems:\n"
        + "  \(broken):1:1: zones: is missing; required: an array of zones\n"
        + "  \(broken):1:19: max: expected a number, found a string\n")
  }

  /// An `--errors` file that could never be written is refused before any line; one that
  /// fails when written at the end leaves its failures on standard error, not lost.
  @Test func anErrorsFileIsCheckedFirstAndItsFailuresAreNeverLost() throws {
    let folder = try temporaryFolder().path
    let lines = #"{"id": "u1", "value": 1}"# + "\n" + #"{"id": "u2", "preset": "nope"}"#
    for (path, message) in [
      (folder, "Error: cannot use --errors '\(folder)': it is a folder; give a file\n"),
      (
        folder + "/missing/e.jsonl",
        "Error: cannot use --errors '\(folder)/missing/e.jsonl': the folder "
          + "'\(folder)/missing' does not exist\n"
      ),
    ] {
      let run = gauge(["batch", "--jsonl", "--preset", "stress", "--errors", path], input: lines)
      #expect(run.code == 64, "\(path)")
      #expect(run.output == "", "\(path)")
      #expect(run.errors == message)
    }
    let full = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--errors", folder + "/e.jsonl"], input: lines,
      files: FullDisk())
    #expect(full.code == 1)
    #expect(full.output.hasPrefix(#"{"id":"u1","svg":"<svg "#))
    #expect(
      full.errors
        == #"{"line": 2, "id": "u2", "error": "unknown preset 'nope'; the built-in presets are "#
        + "aqi, battery, body-battery, cpu, disk, glucose, heart-rate, memory, sleep, speed, "
        + #"spo2, stress, uv"}"# + "\n1 rendered, 1 failed\n"
        + "Error: cannot write '\(folder)/e.jsonl': No space left on device\n")
  }

  /// The real disk, but full: every write fails as `write` does on a full disk.
  struct FullDisk: FileAccess {
    let disk = DiskFiles()
    func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
      try disk.read(path, limit: limit)
    }
    func writeAtomically(
      _ bytes: [UInt8], to path: String, durable: Bool, regularOnly: Bool
    ) throws(FileError) {
      throw FileError(path: path, reason: "No space left on device", affectsEveryFile: true)
    }
    func fileExists(_ path: String) -> Bool { disk.fileExists(path) }
    func identity(of path: String) -> FileIdentity? { disk.identity(of: path) }
    func makeFolder(_ path: String) throws(FileError) { try disk.makeFolder(path) }
    func open(_ path: String) throws(FileError) -> (input: any InputSource, size: Int) {
      try disk.open(path)
    }
  }

  @Test func aFullDiskStopsTheJobAfterOneChunk() throws {
    let out = try temporaryFolder().path
    let lines = (1...1200).map { #"{"id": "u\#($0)"}"# }.joined(separator: "\n")
    let run = gauge(
      ["batch", "--out-dir", out, "--preset", "stress"], input: lines, files: FullDisk())
    #expect(run.code == 1)
    let reported = run.errors.split(separator: "\n")
    #expect(reported.count == BatchCommand.chunkSize + 2)
    #expect(
      reported.first
        == "gauge batch: line 1 (id 'u1'): cannot write '\(out)/u1.svg': No space left on device")
    #expect(
      reported.suffix(2) == [
        "gauge batch: stopped after line 512, because every file would fail: "
          + "cannot write '\(out)/u1.svg': No space left on device",
        "0 rendered, 512 failed",
      ])

    // Filling up in the last chunk: every line was tried and is reported; nothing is left.
    let short = gauge(
      ["batch", "--out-dir", out, "--preset", "stress"], input: #"{"id": "a"}"#,
      files: FullDisk())
    #expect(short.code == 1)
    #expect(
      short.errors
        == "gauge batch: line 1 (id 'a'): cannot write '\(out)/a.svg': No space left on device\n"
        + "0 rendered, 1 failed\n")
  }

  @Test(arguments: [
    (
      ["batch"],
      "Error: give exactly one of --out-dir DIR and --jsonl\nUsage: gauge batch [<file.jsonl>] [options]\n  See 'gauge help batch'.\n"
    ),
    (
      ["batch", "--jsonl", "--out-dir", "x"],
      "Error: give exactly one of --out-dir DIR and --jsonl\nUsage: gauge batch [<file.jsonl>] [options]\n  See 'gauge help batch'.\n"
    ),
    (
      ["batch", "--jsonl", "--skip-existing"],
      "Error: --skip-existing goes with --out-dir\nUsage: gauge batch [<file.jsonl>] [options]\n  See 'gauge help batch'.\n"
    ),
    (
      ["batch", "/no/such.jsonl", "--jsonl"],
      "Error: cannot read '/no/such.jsonl': No such file or directory\n"
    ),
  ])
  func badUse(arguments: [String], message: String) {
    let run = gauge(arguments, input: "")
    #expect(run.code == 64)
    #expect(run.errors == message)
  }

  @Test(arguments: [
    ("user-123", true), ("a.b_c-D9", true), (".hidden", false), ("..", false), ("a/b", false),
    ("", false), ("é", false), (String(repeating: "a", count: 201), false),
  ])
  func ids(id: String, valid: Bool) {
    #expect(BatchRequest.isValidID(id) == valid)
  }

  /// Streamed PNGs are held until their window is written: a window's pixels stay within
  /// the budget, whatever the chunk's lines.
  @Test func streamedImagesAreWrittenInWindowsOfPixels() {
    let big = 8192 * 8192
    #expect(
      BatchJob.windows(costs: [big, big, big, 1, big], count: 5, budget: 2 * big)
        == [0..<2, 2..<4, 4..<5])
    #expect(BatchJob.windows(costs: [3 * big, 1], count: 2, budget: 2 * big) == [0..<1, 1..<2])
    #expect(BatchJob.windows(costs: [0, 0, 0], count: 3, budget: 1) == [0..<3])
    // SVG, or files written to a folder: nothing held, one window.
    #expect(BatchJob.windows(costs: [], count: 512, budget: 1) == [0..<512])
    #expect(BatchJob.windows(costs: [], count: 0, budget: 1) == [])
    #expect(BatchCommand.streamedPixels == 2 * big)
  }

  @Test func summaryGroupsThousands() {
    #expect(BatchJob.grouped(999_998) == "999,998")
    #expect(BatchJob.grouped(12) == "12")
    #expect(BatchJob.grouped(1_000_000) == "1,000,000")
  }
}

/// One rule for repeated ids, whatever became of the line that claimed it first.
@Suite struct BatchDuplicateTests {
  /// A line of invalid JSON reports the id it gives before its error, in both reports, and
  /// claims it as any failing line does.
  @Test func anInvalidJSONLineKeepsItsId() throws {
    let folder = try temporaryFolder()
    let errors = folder.appendingPathComponent("errors.jsonl").path
    let input = [
      #"{"id": "a1", "value": 4x}"#, #"{"value": 4x, "id": "a2"}"#, #"{"id": "a1", "value": 4}"#,
    ].joined(separator: "\n")
    let run = gauge(["batch", "--jsonl", "--preset", "stress"], input: input)
    #expect(run.code == 1)
    #expect(
      run.errors == """
        gauge batch: line 1 (id 'a1'): column 24: invalid JSON: unexpected 'x'; expected ',' or '}'
        gauge batch: line 2: column 12: invalid JSON: unexpected 'x'; expected ',' or '}'
        gauge batch: line 3 (id 'a1'): duplicate id; line 1 has the same id
        0 rendered, 3 failed

        """)
    let reported = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--errors", errors], input: input)
    #expect(reported.code == 1)
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8) == """
        {"line": 1, "id": "a1", "error": "column 24: invalid JSON: unexpected 'x'; expected ',' or '}'"}
        {"line": 2, "id": null, "error": "column 12: invalid JSON: unexpected 'x'; expected ',' or '}'"}
        {"line": 3, "id": "a1", "error": "duplicate id; line 1 has the same id"}

        """)
  }

  @Test func theFirstLineWithAnIdClaimsItEvenWhenItFails() {
    let lines = [
      #"{"id": "a", "value": "x"}"#, #"{"id": "a", "value": 1}"#, #"{"id": "b", "preset": 4}"#,
      #"{"id": "b"}"#, #"{"id": "c"}"#, #"{"id": "c", "value": true}"#, #"{"id": "a.b"}"#,
      #"{"id": "a_b"}"#,
    ]
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress"], input: lines.joined(separator: "\n"))
    #expect(run.code == 1)
    #expect(
      run.errors == """
        gauge batch: line 1 (id 'a'): column 22: value: expected a number or null, found a string
        gauge batch: line 2 (id 'a'): duplicate id; line 1 has the same id
        gauge batch: line 3 (id 'b'): column 23: preset: expected a string, found a number
        gauge batch: line 4 (id 'b'): duplicate id; line 3 has the same id
        gauge batch: line 6 (id 'c'): duplicate id; line 5 has the same id
        3 rendered, 5 failed

        """)
  }
}

/// Lines name presets, not files, unless the job allows paths.
@Suite struct BatchPresetNameTests {
  static let refusal =
    "is not a preset name; only built-in presets and presets in --preset-dir can be named here"

  @Test func aLinesPresetIsANameAndNoPathIsRead() throws {
    let folder = try temporaryFolder()
    let stress = try #require(BuiltinPresets.json(named: "stress"))
    try Data(stress.utf8).write(to: folder.appendingPathComponent("mine.json"))
    try Data(#"{"extends": "./mine.json"}"#.utf8).write(
      to: folder.appendingPathComponent("child.json"))
    let lines = [
      #"{"id": "a", "preset": "/etc/passwd"}"#, #"{"id": "b", "preset": "/no/such.json"}"#,
      #"{"id": "c", "preset": "Package.swift"}"#, #"{"id": "d", "preset": "mine"}"#,
      #"{"id": "e", "preset": "child"}"#, #"{"id": "f", "preset": "../mine"}"#,
    ]
    let run = gauge(
      ["batch", "--jsonl", "--preset", "stress", "--preset-dir", folder.path],
      input: lines.joined(separator: "\n"))
    #expect(run.code == 1)
    #expect(run.output.split(separator: "\n").count == 1)
    #expect(run.output.hasPrefix(#"{"id":"d","svg":"#))
    let reported = run.errors.split(separator: "\n").map(String.init)
    #expect(
      reported == [
        "gauge batch: line 1 (id 'a'): '/etc/passwd' \(Self.refusal)",
        "gauge batch: line 2 (id 'b'): '/no/such.json' \(Self.refusal)",
        "gauge batch: line 3 (id 'c'): unknown preset 'Package.swift'; the built-in presets are "
          + BuiltinPresets.names.joined(separator: ", "),
        "gauge batch: line 5 (id 'e'): \(folder.path)/child.json:1:13: extends: './mine.json' "
          + Self.refusal,
        "gauge batch: line 6 (id 'f'): '../mine' \(Self.refusal)",
        "1 rendered, 5 failed",
      ])
  }

  @Test func theJobsOwnPresetAndAllowedPathsMayBeFiles() throws {
    let folder = try temporaryFolder()
    let own = folder.appendingPathComponent("own.json").path
    let other = folder.appendingPathComponent("other.json").path
    let aqi = try #require(BuiltinPresets.json(named: "aqi"))
    try Data(aqi.utf8).write(to: URL(fileURLWithPath: own))
    try Data(aqi.utf8).write(to: URL(fileURLWithPath: other))
    let lines = [
      #"{"id": "a", "preset": "\#(other)"}"#, #"{"id": "b"}"#, #"{"id": "c", "preset": "\#(own)"}"#,
    ].joined(separator: "\n")
    let refused = gauge(["batch", "--jsonl", "--preset", own], input: lines)
    #expect(refused.output.split(separator: "\n").count == 2)
    #expect(
      refused.errors == "gauge batch: line 1 (id 'a'): '\(other)' \(Self.refusal)\n"
        + "2 rendered, 1 failed\n")
    let allowed = gauge(
      ["batch", "--jsonl", "--preset", own, "--allow-preset-paths"], input: lines)
    #expect(allowed.code == 0)
    #expect(allowed.output.split(separator: "\n").count == 3)
  }
}
