import Hummingbird

/// A request body read whole, within the size limit and the request's deadline.
enum RequestBodyReader {
  /// - Throws: `Problem` 413 over `limit` bytes (before reading, when `Content-Length`
  ///   says so), 408 when the body does not arrive by `deadline`.
  static func read(_ request: Request, limit: Int, deadline: ContinuousClock.Instant)
    async throws(Problem) -> [UInt8]
  {
    let tooLarge = Problem(
      .contentTooLarge, "the body is over \(limit) bytes; send at most \(limit)")
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      throw tooLarge
    }
    let body = request.body
    let outcome: Result<[UInt8], Problem> = await withTaskGroup(
      of: Result<[UInt8], Problem>?.self
    ) { group in
      group.addTask {
        do {
          var buffer = try await body.collect(upTo: limit)
          return .success(buffer.readBytes(length: buffer.readableBytes) ?? [])
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
          return .failure(tooLarge)
        } catch {
          // Cancelled by the deadline below, or the client went away.
          return nil
        }
      }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return .failure(
          Problem(.requestTimeout, "the body did not arrive in time; send it at once"))
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
        ?? .failure(Problem(.requestTimeout, "the body did not arrive in time; send it at once"))
    }
    return try outcome.get()
  }
}
