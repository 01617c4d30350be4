import Foundation
import GaugeKit
import Testing

@testable import GaugeCLI

@Suite struct BatchShardTests {
  /// 23 lines, one of them failing and one blank, so every kind of line is counted.
  static let input =
    (1...23).map { index -> String in
      switch index {
      case 7: return "{\"id\": \"bad\", \"value\": \"x\"}"
      case 12: return ""
      default: return "{\"id\": \"u\(index)\", \"value\": \(index * 4)}"
      }
    }
    .joined(separator: "\n") + "\n"

  /// Every line is rendered by exactly one of N shards, and the shards' outputs together
  /// are the whole job's.
  @Test(arguments: [1, 2, 3, 5, 23, 40])
  func shardsRenderEveryLineOnce(count: Int) throws {
    let whole = gauge(["batch", "--preset", "stress", "--jsonl"], input: BatchShardTests.input)
    let wholeLines = Set(whole.output.split(separator: "\n").map(String.init))
    #expect(wholeLines.count == 21)
    var seen: [String: Int] = [:]
    var failures = 0
    for index in 1...count {
      let run = gauge(
        ["batch", "--preset", "stress", "--jsonl", "--shard", "\(index)/\(count)"],
        input: BatchShardTests.input)
      for line in run.output.split(separator: "\n") { seen[String(line), default: 0] += 1 }
      if run.errors.contains("line 7") { failures += 1 }
    }
    #expect(Set(seen.keys) == wholeLines)
    #expect(seen.values.allSatisfy { $0 == 1 })
    #expect(failures == 1)
  }

  @Test func theIndexComesFromAKubernetesIndexedJob() throws {
    let explicit = gauge(
      ["batch", "--preset", "stress", "--jsonl", "--shard", "2/3"], input: BatchShardTests.input)
    let indexed = gauge(
      ["batch", "--preset", "stress", "--jsonl", "--shard", "3"],
      environment: ["JOB_COMPLETION_INDEX": "1"], input: BatchShardTests.input)
    #expect(explicit.code == 0)
    #expect(indexed.output == explicit.output)
    #expect(explicit.output.hasPrefix(#"{"id":"u2","svg":"#))
  }

  @Test(arguments: [
    (
      ["--shard", "0/3"], [String: String](),
      "--shard: '0/3' is not a part; use K/N with 1 <= K <= N <= 1000000, such as 2/8"
    ),
    (
      ["--shard", "4/3"], [:],
      "--shard: '4/3' is not a part; use K/N with 1 <= K <= N <= 1000000, such as 2/8"
    ),
    (
      ["--shard", "a/b"], [:],
      "--shard: 'a/b' is not a part; use K/N with 1 <= K <= N <= 1000000, such as 2/8"
    ),
    (
      ["--shard", "3"], [:],
      "--shard 3 takes K from JOB_COMPLETION_INDEX, which is not set; give --shard K/N"
    ),
    (
      ["--shard", "3"], ["JOB_COMPLETION_INDEX": "3"],
      "JOB_COMPLETION_INDEX: '3' is not a part of 3; allowed: 0...2"
    ),
  ])
  func badShards(arguments: [String], environment: [String: String], message: String) {
    let run = gauge(
      ["batch", "--preset", "stress", "--jsonl"] + arguments, environment: environment,
      input: BatchShardTests.input)
    #expect(run.code == 64)
    #expect(run.errors.hasPrefix("Error: " + message + "\n"))
    #expect(run.output == "")
  }
}
