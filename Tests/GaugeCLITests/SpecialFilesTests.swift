import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

/// Output paths that are not regular files, and inputs that would block: nothing is renamed
/// over a device, a FIFO or a link, and nothing waits for a writer.
@Suite struct SpecialFilesTests {
  @Test func aCharacterDeviceIsWrittenInPlace() throws {
    try DiskFiles().writeAtomically(Array("x".utf8), to: "/dev/null", durable: true)
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
    let run = gauge("render", "stress", "42", "-o", "/dev/null")
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(try DiskFiles.destination(of: "/dev/null") == .device)
  }

  @Test func aFIFOsReaderGetsTheBytesAndTheFIFOStays() throws {
    let path = try temporaryFolder().appendingPathComponent("pipe").path
    #expect(mkfifo(path, 0o600) == 0)
    #expect(try DiskFiles.destination(of: path) == .device)
    // The reader waits in another thread; the write then goes through the FIFO to it.
    let received = Capture()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let handle = FileHandle(forReadingAtPath: path)
      received.write(Array(handle?.readDataToEndOfFile() ?? Data()))
      done.signal()
    }
    let run = gauge("render", "stress", "42", "-o", path)
    done.wait()
    #expect(run.code == 0)
    #expect(received.text == (try BuiltinPresets.gauge(named: "stress").svg(value: 42)))
    var info = stat()
    #expect(lstat(path, &info) == 0)
    #expect((info.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test func aLinkToAFileKeepsTheLinkAndReplacesItsTarget() throws {
    let folder = try temporaryFolder()
    let target = folder.appendingPathComponent("target.svg").path
    let link = folder.appendingPathComponent("link.svg").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try DiskFiles().writeAtomically(Array("new".utf8), to: link, durable: false)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    let dangling = folder.appendingPathComponent("dangling.svg").path
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: folder.appendingPathComponent("none").path)
    #expect(throws: FileError(path: dangling, reason: "it is a symbolic link to nothing")) {
      try DiskFiles().writeAtomically([1], to: dangling, durable: false)
    }
  }

  @Test func theStandardStreamsAreTheProcesssOwn() throws {
    #expect(try DiskFiles.destination(of: "/dev/stdout") == .stream(1))
    #expect(try DiskFiles.destination(of: "/dev/stderr") == .stream(2))
    #expect(throws: FileError(path: "/dev/stdin", reason: "it is standard input")) {
      try DiskFiles.destination(of: "/dev/stdin")
    }
    let svg = try BuiltinPresets.gauge(named: "stress").svg(value: 42)
    let out = gauge("render", "stress", "42", "-o", "/dev/stdout")
    #expect(out.code == 0)
    #expect(out.output == svg)
    let errors = gauge("render", "stress", "42", "-o", "/dev/stderr")
    #expect(errors.output == "")
    #expect(errors.errors == svg)
  }

  @Test func batchNeverWritesOverItsInput() throws {
    let folder = try temporaryFolder()
    let input = folder.appendingPathComponent("u1.svg").path
    let lines = #"{"id": "u1", "value": 1}"# + "\n" + #"{"id": "u2", "value": 2}"# + "\n"
    try Data(lines.utf8).write(to: URL(fileURLWithPath: input))
    let errors = gauge(["batch", input, "--jsonl", "--preset", "stress", "--errors", input])
    #expect(errors.code == 64)
    #expect(
      errors.errors.hasPrefix(
        "Error: --errors names the input file '\(input)'; give another file\n"))
    #expect(try String(contentsOfFile: input, encoding: .utf8) == lines)
    let out = gauge(["batch", input, "--out-dir", folder.path, "--preset", "stress"])
    #expect(out.code == 1)
    #expect(
      out.errors
        == "gauge batch: line 1 (id 'u1'): its file would replace the input file\n"
        + "1 rendered, 1 failed\n")
    #expect(try String(contentsOfFile: input, encoding: .utf8) == lines)
  }

  @Test func presetsAndChartsMustBeRegularFilesAndNeverBlock() throws {
    let path = try temporaryFolder().appendingPathComponent("preset.json").path
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: FileError(path: path, reason: "it is not a regular file")) {
      try DiskFiles().read(path, limit: 100)
    }
    let render = gauge("render", path, "42")
    #expect(render.code == 64)
    #expect(render.errors == "Error: cannot read preset '\(path)': it is not a regular file\n")
    let pie = gauge("pie", "--csv", path)
    #expect(pie.code == 64)
    #expect(pie.errors == "Error: cannot read '\(path)': it is not a regular file\n")
  }

  @Test func aFIFOAnywhereAPresetIsReadFailsAtOnce() throws {
    let folder = try temporaryFolder()
    let fifo = folder.appendingPathComponent("stress.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let child = folder.appendingPathComponent("child.json").path
    try Data(#"{"extends": "stress.json"}"#.utf8).write(to: URL(fileURLWithPath: child))
    let extends = gauge("render", child, "4")
    #expect(extends.code == 64)
    #expect(
      extends.errors
        == "Error: \(child):1:13: extends: cannot read preset '\(fifo)': it is not a regular file\n"
    )
    let folderPreset = gauge("render", "stress", "4", "--preset-dir", folder.path)
    #expect(folderPreset.code == 64)
    #expect(
      folderPreset.errors == "Error: cannot read preset '\(fifo)': it is not a regular file\n")
    let lines = "{\"id\": \"a\", \"preset\": \"\(fifo)\"}\n{\"id\": \"b\", \"value\": 1}\n"
    let batch = gauge(["batch", "--jsonl", "--preset", "stress"], input: lines)
    #expect(batch.code == 1)
    #expect(batch.output.hasPrefix(#"{"id":"b","svg":"#))
  }
}

/// A batch's files are named by its lines: what is planted in the folder is refused.
@Suite struct BatchFolderTests {
  @Test func aLinkOrFIFOInTheFolderIsRefusedAndNeitherFollowedNorWaitedOn() throws {
    let folder = try temporaryFolder()
    let target = folder.appendingPathComponent("target").path
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("a.svg").path, withDestinationPath: target)
    #expect(mkfifo(folder.appendingPathComponent("b.svg").path, 0o600) == 0)
    let lines = #"{"id": "a"}"# + "\n" + #"{"id": "b"}"# + "\n" + #"{"id": "c"}"#
    let run = gauge(["batch", "--out-dir", folder.path, "--preset", "stress"], input: lines)
    #expect(run.code == 1)
    #expect(
      run.errors
        == "gauge batch: line 1 (id 'a'): cannot write '\(folder.path)/a.svg': it is a symbolic "
        + "link\ngauge batch: line 2 (id 'b'): cannot write '\(folder.path)/b.svg': it is not a "
        + "regular file\n1 rendered, 2 failed\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
  }
}
