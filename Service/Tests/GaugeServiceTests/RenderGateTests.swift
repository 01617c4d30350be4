import Testing

@testable import GaugeService

@Suite("RenderGate")
struct RenderGateTests {
  @Test("with every permit taken and no time to wait, a request is refused with 503")
  func refuses() async throws {
    let gate = RenderGate(limit: 1, wait: .zero)
    let inner: Result<Int, Problem> = try await gate.withPermit { () throws(Problem) in
      #expect(gate.inUse == 1)
      do throws(Problem) {
        return .success(try await gate.withPermit { () throws(Problem) in 2 })
      } catch {
        return .failure(error)
      }
    }
    guard case .failure(let problem) = inner else {
      Issue.record("the second request got a permit")
      return
    }
    #expect(problem.status == .serviceUnavailable)
    #expect(problem.headers[.retryAfter] == "1")
    #expect(problem.detail == "the server is busy drawing other images; try again in a second")
    #expect(gate.inUse == 0)
    #expect(gate.waiting == 0)
  }

  @Test("a waiting request gets the permit when it comes back")
  func admitsInOrder() async throws {
    let gate = RenderGate(limit: 1, wait: .seconds(600))
    let waiter = try await gate.withPermit { () throws(Problem) in
      let waiter = Task { try await gate.withPermit { () throws(Problem) in 7 } }
      while gate.waiting == 0 { await Task.yield() }
      return waiter
    }
    #expect(try await waiter.value == 7)
    #expect(gate.inUse == 0)
  }

  @Test("permits are returned when the body throws")
  func releasesOnError() async {
    let gate = RenderGate(limit: 2, wait: .zero)
    await #expect(throws: Problem.self) {
      try await gate.withPermit { () throws(Problem) -> Int in throw Problem(.badRequest, "x") }
    }
    #expect(gate.inUse == 0)
  }
}
