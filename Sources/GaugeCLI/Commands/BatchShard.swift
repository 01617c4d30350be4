/// `gauge batch --shard K/N`: the K-th of N disjoint parts of the input, for batch jobs larger
/// than one machine. Line L (from 1) belongs to part ((L - 1) mod N) + 1: round robin, so the
/// parts are even whatever the input's order, and no run needs to count the lines first.
struct BatchShard: Sendable, Hashable {
  /// 1...count.
  let index: Int
  let count: Int

  /// The most parts: more than any cluster runs at once.
  static let maximumCount = 1_000_000

  /// `K/N`, or `N` alone with K from `jobIndex` (`JOB_COMPLETION_INDEX`, 0-based) + 1.
  ///
  /// - Throws: `CLIError.usage` naming what is wrong and what is allowed.
  init(_ text: String, jobIndex: String?) throws(CLIError) {
    let form = "use K/N with 1 <= K <= N <= \(BatchShard.maximumCount), such as 2/8"
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count <= 2, let count = Int(parts[parts.count - 1]),
      (1...BatchShard.maximumCount).contains(count)
    else { throw .usage("--shard: '\(text)' is not a part; \(form)") }
    if parts.count == 2 {
      guard let index = Int(parts[0]), (1...count).contains(index) else {
        throw .usage("--shard: '\(text)' is not a part; \(form)")
      }
      self.index = index
    } else {
      guard let jobIndex else {
        throw .usage(
          "--shard \(count) takes K from JOB_COMPLETION_INDEX, which is not set; give --shard K/N")
      }
      guard let zeroBased = Int(jobIndex), (0..<count).contains(zeroBased) else {
        throw .usage(
          "JOB_COMPLETION_INDEX: '\(jobIndex)' is not a part of \(count); allowed: 0...\(count - 1)"
        )
      }
      index = zeroBased + 1
    }
    self.count = count
  }

  /// Whether line `line` (from 1) is in this part.
  func contains(line: Int) -> Bool {
    (line - 1) % count == index - 1
  }
}
