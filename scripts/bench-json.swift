// The JSON parser's throughput, for scripts/bench-json: the parser's sources are compiled
// with this file (and -O) into one executable, so the numbers are the parser's alone.
import Foundation

// What the parser borrows from the rest of the library, reduced to what it needs here.
struct Diagnostic {
  init(path: String, message: String, file: String?, line: Int?, column: Int?) {}
}
enum JSONText {
  static func quotedPrefix(_ value: String) -> String { "\"" + value + "\"" }
}

/// Deterministic documents: the shapes that were slow (wide objects, long lines) and the
/// shapes that are common (records, pretty-printed), each large enough to time.
func documents() -> [(String, [UInt8])] {
  var wide = "{"
  for index in 0..<6000 { wide += (index > 0 ? ", " : "") + "\"key\(index)\": \(index).5" }
  wide += "}"
  func record(_ index: Int) -> String {
    "{\"label\": \"Item \(index) é😤 \\\"q\\\"\", \"value\": \(index).25, \"color\": \"#4E79A7\", "
      + "\"on\": true, \"tags\": [1, 2, 3], \"note\": null}"
  }
  let records = "[" + (0..<8000).map(record).joined(separator: ",") + "]"
  let pretty =
    "[\n" + (0..<400).map { "  {\n    \"label\": \"Item \($0)\",\n    \"value\": \($0).25\n  }" }
    .joined(separator: ",\n") + "\n]"
  // One record per line: the old parser, which rescanned each line, stays linear here.
  let big = "[\n" + (0..<250_000).map(record).joined(separator: ",\n") + "\n]"
  let short = "[" + (0..<400).map(record).joined(separator: ",") + "]"
  var list = [
    ("wide object, 6000 keys, one line", Array(wide.utf8)),
    ("400 records, one line", Array(short.utf8)),
    ("8000 records (1 MiB cap), one line", Array(records.utf8)),
    ("400 records, pretty-printed", Array(pretty.utf8)),
    ("250000 records, one per line", Array(big.utf8)),
  ]
  // A quadratic parser takes minutes over a megabyte on one line: --skip-long-lines leaves
  // that document out when measuring one.
  if CommandLine.arguments.contains("--skip-long-lines") { list.remove(at: 2) }
  return list
}

let clock = ContinuousClock()
for (name, bytes) in documents() {
  var best = Duration.seconds(1000)
  var runs = 0
  let started = clock.now
  // The best of up to 20 runs within about 3 seconds: the least disturbed by other work.
  repeat {
    let start = clock.now
    let document = try JSONParser.parse(bytes)
    best = min(best, clock.now - start)
    // Freed outside the timing: the tree's release is the caller's cost, not the parser's.
    withExtendedLifetime(document) {}
    runs += 1
  } while clock.now - started < .seconds(3) && runs < 20
  let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) * 1e-18
  let megabytes = Double(bytes.count) / 1_000_000
  print(
    name.padding(toLength: 36, withPad: " ", startingAt: 0),
    String(format: "%10d bytes %9.4f s %8.1f MB/s", bytes.count, seconds, megabytes / seconds))
}
