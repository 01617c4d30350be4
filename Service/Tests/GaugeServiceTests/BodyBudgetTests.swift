import Testing

@testable import GaugeService

@Suite("the bodies' budget: bytes held across connections")
struct BodyBudgetTests {
  static let busy = problem(
    503, "Service Unavailable",
    "the server is holding as many request bodies as it can; try again in a second")
  static let body = #"{"preset":"stress","value":42}"#

  @Test("a body that does not fit beside those held is refused with Retry-After")
  func refused() async throws {
    let bodies = BodyBudget(limit: 100)
    #expect(bodies.reserve(90))
    try await withService(bodies: bodies) { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post, body: json(BodyBudgetTests.body))
      #expect(response.status == .serviceUnavailable)
      #expect(response.headers[.retryAfter] == "1")
      expectProblemHeaders(response)
      #expect(response.text == BodyBudgetTests.busy)
    }
    #expect(bodies.inUse == 90)
  }

  @Test("a body that fits is read, and its bytes are given back once it is decoded")
  func givenBack() async throws {
    let bodies = BodyBudget(limit: 100)
    try await withService(bodies: bodies) { client in
      for path in ["/gauge", "/pie"] {
        let response = try await client.execute(
          uri: path, method: .post, body: json(BodyBudgetTests.body))
        #expect(response.status.code == (path == "/gauge" ? 200 : 400))
      }
      #expect(bodies.inUse == 0)
    }
  }

  @Test("reserve and release")
  func arithmetic() {
    let budget = BodyBudget(limit: 10)
    #expect(budget.reserve(10))
    #expect(!budget.reserve(1))
    budget.release(4)
    #expect(budget.reserve(4))
    #expect(!budget.reserve(1))
    #expect(budget.inUse == 10)
  }
}
