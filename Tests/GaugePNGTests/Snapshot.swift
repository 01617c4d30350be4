import Foundation
import Testing

/// Golden files at `__Snapshots__/<TestFile>/<name>`, next to this file. A missing reference
/// is recorded and the test fails; `RECORD_SNAPSHOTS=1` re-records; CI never records.
enum Snapshot {
  static func assertBytes(
    _ bytes: [UInt8], named name: String, testFile: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let testURL = URL(fileURLWithPath: testFile)
    let folder = testURL.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
      .appendingPathComponent(testURL.deletingPathExtension().lastPathComponent)
    let url = folder.appendingPathComponent(name)
    let environment = ProcessInfo.processInfo.environment
    let recording = environment["RECORD_SNAPSHOTS"] == "1" && environment["CI"] == nil
    guard !recording, let reference = FileManager.default.contents(atPath: url.path) else {
      if environment["CI"] == nil {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
      }
      Issue.record(
        "Recorded snapshot \(name); check it and run the tests again.",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      [UInt8](reference) == bytes, "Bytes differ from \(name).",
      sourceLocation: sourceLocation)
  }
}
