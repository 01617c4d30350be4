import Foundation
import Testing

@testable import GaugeCLI

/// Whole-or-nothing writes, both the Linux way (an unnamed file, named when whole) and the
/// portable way (a temporary name, then a rename).
@Suite struct DiskFilesTests {
  @Test(arguments: [true, false])
  func writesNewFilesAndReplacesOldOnesLeavingNothingElse(unnamed: Bool) throws {
    let files = DiskFiles(unnamedFiles: unnamed)
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("a.svg").path
    try files.writeAtomically(Array("first".utf8), to: path, durable: false)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
    try files.writeAtomically(Array("second, longer".utf8), to: path, durable: true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
    try files.writeAtomically([], to: path, durable: false)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.svg"])
  }

  @Test(arguments: [true, false])
  func failuresNameThePathAndLeaveNothingBehind(unnamed: Bool) throws {
    let files = DiskFiles(unnamedFiles: unnamed)
    let folder = try temporaryFolder()
    let missing = folder.appendingPathComponent("no/such/a.svg").path
    #expect(throws: FileError(path: missing, reason: "No such file or directory")) {
      try files.writeAtomically(Array("x".utf8), to: missing, durable: false)
    }
    let directory = folder.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    #expect(throws: FileError(path: directory.path, reason: "Is a directory")) {
      try files.writeAtomically(Array("x".utf8), to: directory.path, durable: false)
    }
    #expect(throws: FileError(path: folder.path + "/", reason: "it names a directory")) {
      try files.writeAtomically(Array("x".utf8), to: folder.path + "/", durable: false)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func bothWaysGiveTheSameFileMode() throws {
    let folder = try temporaryFolder()
    let unnamed = folder.appendingPathComponent("unnamed").path
    let renamed = folder.appendingPathComponent("renamed").path
    try DiskFiles(unnamedFiles: true).writeAtomically([1], to: unnamed, durable: false)
    try DiskFiles(unnamedFiles: false).writeAtomically([1], to: renamed, durable: false)
    let mode = { (path: String) in
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }
    #expect(try mode(unnamed) == mode(renamed))
    #expect(try mode(unnamed).map { $0 & 0o600 } == 0o600)
  }

  #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// The fast way is really taken here (it falls back silently where it cannot be).
    @Test func linuxNamesUnnamedFiles() throws {
      let folder = try temporaryFolder()
      let path = folder.appendingPathComponent("b.svg").path
      let written = try DiskFiles().writeUnnamed(
        Array("whole".utf8), to: path, directory: folder.path + "/", base: "b.svg",
        durable: false)
      #expect(written)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "whole")
    }
  #endif
}
