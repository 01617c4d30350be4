import Hummingbird

/// A request body read whole, within the size limit, the bodies' shared budget and the
/// request's deadline.
enum RequestBodyReader {
  /// Reads the body and hands its bytes to `use`; the budget is held until `use` returns.
  ///
  /// - Throws: `Problem` 413 over `limit` bytes (before reading, when `Content-Length` says
  ///   so), 503 when the bytes do not fit in `budget` (the declared length is taken at
  ///   once; a body without one as it arrives), 408 when the body does not arrive by
  ///   `deadline`; and whatever `use` throws.
  static func withBody<T>(
    _ request: Request, limit: Int, budget: BodyBudget, deadline: ContinuousClock.Instant,
    _ use: ([UInt8]) throws(Problem) -> T
  ) async throws(Problem) -> T {
    let (bytes, reserved) = try await read(
      request, limit: limit, budget: budget, deadline: deadline)
    defer { budget.release(reserved) }
    return try use(bytes)
  }

  /// The bytes and the budget they hold.
  private static func read(
    _ request: Request, limit: Int, budget: BodyBudget, deadline: ContinuousClock.Instant
  ) async throws(Problem) -> ([UInt8], Int) {
    let tooLarge = Problem(
      .contentTooLarge, "the body is over \(limit) bytes; send at most \(limit)")
    let declared = request.headers[.contentLength].flatMap(Int.init)
    if let declared, declared > limit { throw tooLarge }
    let body = request.body
    typealias Outcome = Result<([UInt8], Int), Problem>
    let timedOut = Problem(.requestTimeout, "the body did not arrive in time; send it at once")
    let outcome: Outcome = await withTaskGroup(of: Outcome?.self) { group in
      group.addTask {
        var reserved = 0
        do {
          if let declared {
            guard budget.reserve(declared) else { return .failure(BodyBudget.busy) }
            reserved = declared
          }
          var collected = ByteBuffer()
          for try await chunk in body {
            let size = collected.readableBytes + chunk.readableBytes
            guard size <= limit else {
              budget.release(reserved)
              return .failure(tooLarge)
            }
            if size > reserved {
              guard budget.reserve(size - reserved) else {
                budget.release(reserved)
                return .failure(BodyBudget.busy)
              }
              reserved = size
            }
            collected.writeImmutableBuffer(chunk)
          }
          return .success((collected.readBytes(length: collected.readableBytes) ?? [], reserved))
        } catch {
          // Cancelled by the deadline below, or the client went away.
          budget.release(reserved)
          return nil
        }
      }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return .failure(timedOut)
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      // The reader may have finished as the deadline passed: give back what it holds.
      while let late = await group.next() {
        if case .success(let (_, held))? = late { budget.release(held) }
      }
      return first ?? .failure(timedOut)
    }
    return try outcome.get()
  }
}
