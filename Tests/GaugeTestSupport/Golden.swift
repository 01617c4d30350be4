import Foundation
import Testing

/// Compares `actual` with `__Snapshots__/<test>/<name>` beside the calling test file. A missing
/// reference is recorded and the test fails; `GAUGE_RECORD=1` re-records on purpose. CI never
/// records (CI=true wins), so a missing golden fails there.
public func assertGolden(
  _ actual: String, named name: String, test: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__").appendingPathComponent(test)
  let file = folder.appendingPathComponent(name)
  let environment = ProcessInfo.processInfo.environment
  let record = environment["GAUGE_RECORD"] == "1" && environment["CI"] != "true"
  let existing = try? String(contentsOf: file, encoding: .utf8)
  if existing == nil && environment["CI"] == "true" {
    Issue.record(
      "no golden at \(file.path); record it locally and commit it", sourceLocation: sourceLocation)
    return
  }
  if existing == nil || record {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(actual.utf8).write(to: file)
    if existing == nil {
      Issue.record(
        "recorded a new golden at \(file.path); review it and run again",
        sourceLocation: sourceLocation)
    }
    return
  }
  guard let existing, existing != actual else { return }
  let diff = lineDiff(existing, actual)
  Issue.record(
    Comment(rawValue: "\(name) differs from its golden:\n\(diff)"), sourceLocation: sourceLocation)
}

/// The lines that differ, marked - (golden) and + (actual), at most 40.
public func lineDiff(_ expected: String, _ actual: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var lines: [String] = []
  for index in 0..<max(a.count, b.count) where lines.count < 40 {
    let left = index < a.count ? String(a[index]) : nil
    let right = index < b.count ? String(b[index]) : nil
    guard left != right else { continue }
    if let left { lines.append("\(index + 1)- \(left)") }
    if let right { lines.append("\(index + 1)+ \(right)") }
  }
  return lines.joined(separator: "\n")
}
