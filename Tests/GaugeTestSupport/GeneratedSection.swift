import Foundation
import Testing

/// Checks that the part of the document at `url` between the lines `begin` and `end` is
/// `generated`, as a generated reference in the docs must be. `GAUGE_RECORD=1` rewrites just
/// that part on purpose (never in CI, where CI=true wins); otherwise a difference fails with
/// the lines that differ and `regenerate`, the command that brings the document into step.
public func assertGeneratedSection(
  of url: URL, between begin: String, and end: String, is generated: String,
  regenerate: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let document = try String(contentsOf: url, encoding: .utf8)
  let start = try #require(document.range(of: begin), sourceLocation: sourceLocation)
  let finish = try #require(document.range(of: end), sourceLocation: sourceLocation)
  let written = String(document[start.upperBound..<finish.lowerBound])
  guard written != generated else { return }
  let environment = ProcessInfo.processInfo.environment
  if environment["GAUGE_RECORD"] == "1" && environment["CI"] != "true" {
    let updated =
      String(document[..<start.upperBound]) + generated + String(document[finish.lowerBound...])
    try Data(updated.utf8).write(to: url)
    return
  }
  Issue.record(
    Comment(
      rawValue:
        "\(url.lastPathComponent) is out of step with the code. Regenerate it with "
        + "`\(regenerate)` (it rewrites only the part between the markers), then review the "
        + "diff:\n" + lineDiff(written, generated)),
    sourceLocation: sourceLocation)
}
