import FuzzSupport
import GaugeKit

/// The input as a stream of batch lines and of watch lines, through the whole commands: line
/// splitting, the one-line decoder, caps, duplicate ids, reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  let batch = runSealed(
    ["batch", "--jsonl", "--preset", "stress", "--size", "64"], input: input.bytes)
  Invariants.require([0, 1].contains(batch.code), "batch exit code \(batch.code)")
  Invariants.checkMessage(batch.errors)
  for line in batch.output.split(separator: "\n") {
    Invariants.require(line.hasPrefix(#"{"id":""#), "a streamed line is not an SVG record")
  }
  let watch = runSealed(["watch", "stress", "--width", "20"], input: input.bytes)
  Invariants.require(watch.code == 0, "watch exit code \(watch.code)")
  Invariants.checkMessage(watch.errors)
  Invariants.checkTerminalText(watch.output, allowingEscapes: true)
  return 0
}
