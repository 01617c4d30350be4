import Foundation
import Testing

/// Compares `actual` with `__Snapshots__/<test>/<name>` beside the calling test file. A missing
/// reference is recorded and the test fails; `GAUGE_RECORD=1` re-records on purpose. CI never
/// records (CI=true wins), so a missing golden fails there.
public func assertGolden(
  _ actual: String, named name: String, test: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  guard
    let existing = try golden(
      Data(actual.utf8), named: name, test: test, filePath: filePath,
      sourceLocation: sourceLocation)
  else { return }
  let text = String(decoding: existing, as: UTF8.self)
  guard text != actual else { return }
  let diff = lineDiff(text, actual)
  Issue.record(
    Comment(rawValue: "\(name) differs from its golden:\n\(diff)"), sourceLocation: sourceLocation)
}

/// `assertGolden` for binary files (PNG images): the bytes must match exactly.
public func assertGolden(
  _ actual: [UInt8], named name: String, test: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  guard
    let existing = try golden(
      Data(actual), named: name, test: test, filePath: filePath,
      sourceLocation: sourceLocation)
  else { return }
  guard [UInt8](existing) != actual else { return }
  Issue.record(
    "\(name) differs from its golden (\(existing.count) bytes, now \(actual.count))",
    sourceLocation: sourceLocation)
}

/// The golden's bytes, or `nil` when there was nothing to compare: a missing golden was
/// recorded (and the test failed), or `GAUGE_RECORD=1` re-recorded it.
private func golden(
  _ actual: Data, named name: String, test: String, filePath: String,
  sourceLocation: SourceLocation
) throws -> Data? {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__").appendingPathComponent(test)
  let file = folder.appendingPathComponent(name)
  let environment = ProcessInfo.processInfo.environment
  let record = environment["GAUGE_RECORD"] == "1" && environment["CI"] != "true"
  let existing = try? Data(contentsOf: file)
  if existing == nil && environment["CI"] == "true" {
    Issue.record(
      "no golden at \(file.path); record it locally and commit it", sourceLocation: sourceLocation)
    return nil
  }
  if existing == nil || record {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try actual.write(to: file)
    if existing == nil {
      Issue.record(
        "recorded a new golden at \(file.path); review it and run again",
        sourceLocation: sourceLocation)
    }
    return nil
  }
  return existing
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
