import Foundation
import FuzzSupport

/// The input as a command line (words separated by NUL, as the kernel passes them): parsed,
/// validated and run on a sealed disk. Every outcome is an exit code of 0, 1 or 64 with an
/// escaped message, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  let words = input.bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(12).map {
    String(decoding: $0, as: UTF8.self)
  }
  // Images this large take seconds each under the sanitizers; their cost is documented, and
  // measured in the benchmarks, not here.
  if words.contains(where: { word in Int(word).map { $0 > 1000 } ?? false }) { return 0 }
  let run = runSealed(Array(words), input: Array("42\n7\n".utf8))
  Invariants.require([0, 1, 64].contains(run.code), "exit code \(run.code) for \(words)")
  // --progress redraws its line with a carriage return and an erase: the one escape allowed.
  Invariants.checkMessage(run.errors.replacingOccurrences(of: "\r\u{1B}[K", with: ""))
  return 0
}
