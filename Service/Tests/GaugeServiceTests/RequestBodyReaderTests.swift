import Hummingbird
import Testing

@testable import GaugeService

@Suite("RequestBodyReader")
struct RequestBodyReaderTests {
  private func request(_ body: RequestBody, length: String? = nil) -> Request {
    var head = HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/gauge")
    if let length { head.headerFields[.contentLength] = length }
    return Request(head: head, body: body)
  }

  private static let later = ContinuousClock.now.advanced(by: .seconds(600))

  @Test("a body within the limit is read whole, and holds the budget while it is used")
  func reads() async throws {
    let budget = BodyBudget(limit: 100)
    let (bytes, held) = try await RequestBodyReader.withBody(
      request(RequestBody(buffer: ByteBuffer(string: "{}"))), limit: 10, budget: budget,
      deadline: RequestBodyReaderTests.later
    ) { bytes throws(Problem) in (bytes, budget.inUse) }
    #expect(bytes == Array("{}".utf8))
    #expect(held == 2)
    #expect(budget.inUse == 0)
  }

  @Test("a Content-Length over the limit is refused before reading")
  func declaredTooLarge() async {
    let (body, source) = RequestBody.makeStream()
    defer { source.finish() }
    await #expect(throws: Problem(.contentTooLarge, "the body is over 10 bytes; send at most 10")) {
      try await RequestBodyReader.withBody(
        request(body, length: "11"), limit: 10, budget: BodyBudget(limit: 100),
        deadline: RequestBodyReaderTests.later
      ) { _ throws(Problem) in }
    }
  }

  @Test("a Content-Length past the budget is refused before reading; nothing stays held")
  func declaredOverBudget() async {
    let budget = BodyBudget(limit: 100)
    let (body, source) = RequestBody.makeStream()
    defer { source.finish() }
    await #expect(throws: BodyBudget.busy) {
      try await RequestBodyReader.withBody(
        request(body, length: "101"), limit: 1000, budget: budget,
        deadline: RequestBodyReaderTests.later
      ) { _ throws(Problem) in }
    }
    #expect(budget.inUse == 0)
  }

  @Test("a body without a length is weighed as it arrives")
  func streamedOverBudget() async {
    let budget = BodyBudget(limit: 8)
    let (body, source) = RequestBody.makeStream()
    await source.yield(ByteBuffer(string: "{\"pres"))
    await source.yield(ByteBuffer(string: "et\":1}"))
    source.finish()
    await #expect(throws: BodyBudget.busy) {
      try await RequestBodyReader.withBody(
        request(body), limit: 1000, budget: budget, deadline: RequestBodyReaderTests.later
      ) { _ throws(Problem) in }
    }
    #expect(budget.inUse == 0)
  }

  @Test("a body that has not arrived by the deadline is a 408; nothing stays held")
  func deadline() async {
    let budget = BodyBudget(limit: 100)
    let (body, source) = RequestBody.makeStream()
    await source.yield(ByteBuffer(string: "{\"preset\":"))
    await #expect(
      throws: Problem(.requestTimeout, "the body did not arrive in time; send it at once")
    ) {
      try await RequestBodyReader.withBody(
        request(body), limit: 100, budget: budget, deadline: .now
      ) { _ throws(Problem) in }
    }
    source.finish()
    #expect(budget.inUse == 0)
  }
}
