import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import GaugeService

@Suite("CORS, request ids and the access log")
struct CORSAndAccessTests {
  @Test("any origin may read an image by default")
  func anyOrigin() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42", method: .get,
        headers: [.origin: "https://dashboards.example"])
      #expect(response.status == .ok)
      #expect(response.headers[.accessControlAllowOrigin] == "*")
      #expect(response.headers[.accessControlExposeHeaders] == "ETag, Retry-After, X-Request-Id")
      #expect(response.headers[.vary] == nil)
    }
  }

  @Test("a list of origins: a listed one is named, another gets no CORS headers")
  func listedOrigins() async throws {
    var configuration = ServiceConfiguration()
    configuration.corsOrigins = ["https://a.example"]
    try await withService(configuration) { client in
      let listed = try await client.execute(
        uri: "/healthz", method: .get, headers: [.origin: "https://a.example"])
      #expect(listed.headers[.accessControlAllowOrigin] == "https://a.example")
      #expect(listed.headers[.vary] == "Origin")
      let other = try await client.execute(
        uri: "/healthz", method: .get, headers: [.origin: "https://b.example"])
      #expect(other.status == .ok)
      #expect(other.headers[.accessControlAllowOrigin] == nil)
      #expect(other.headers[.vary] == "Origin")
    }
  }

  @Test("a preflight on a known endpoint is answered 204")
  func preflight() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .options,
        headers: [
          .origin: "https://a.example", .accessControlRequestMethod: "POST",
          .accessControlRequestHeaders: "content-type",
        ])
      #expect(response.status == .noContent)
      #expect(response.headers[.accessControlAllowOrigin] == "*")
      #expect(response.headers[.accessControlAllowMethods] == "GET, HEAD, POST")
      #expect(
        response.headers[.accessControlAllowHeaders] == "Content-Type, If-None-Match, X-Request-Id")
      #expect(response.headers[.accessControlMaxAge] == "86400")
      // A preflight for a path with no endpoint is a 404 as any request there is.
      let unknown = try await client.execute(
        uri: "/nope", method: .options,
        headers: [.origin: "https://a.example", .accessControlRequestMethod: "GET"])
      #expect(unknown.status == .notFound)
    }
  }

  @Test("a sensible X-Request-Id is echoed; another is replaced by one of the server's")
  func requestIDs() async throws {
    try await withService { client in
      let echoed = try await client.execute(
        uri: "/healthz", method: .get, headers: [requestID: "abc-123"])
      #expect(echoed.headers[requestID] == "abc-123")
      let made = try await client.execute(
        uri: "/healthz", method: .get,
        headers: [requestID: "has space"])
      let id = made.headers[requestID] ?? ""
      #expect(id != "has space" && !id.isEmpty)
      // Errors carry one too.
      let problem = try await client.execute(uri: "/nope", method: .get)
      #expect(problem.headers[requestID] != nil)
    }
  }

  @Test("the access log names the id the response carries, the client's or one made here")
  func loggedIDs() async throws {
    let lines = DeferredMetadataLogHandlerTests.Lines()
    let logger = Logger(label: "test") { label in
      DeferredMetadataLogHandler(
        StreamLogHandler(label: label, stream: lines, metadataProvider: nil))
    }
    try await withService(logger: logger) { client in
      var ids: [String] = []
      for sent in ["abc-123", "has space", nil, nil] {
        let response = try await client.execute(
          uri: "/healthz", method: .get, headers: sent.map { [requestID: $0] } ?? [:])
        let id = try #require(response.headers[requestID])
        #expect(sent == "abc-123" ? id == "abc-123" : id != sent && !id.isEmpty)
        let logged = lines.all.filter { $0.contains("] GET /healthz 200 ") }
        #expect(logged.count == ids.count + 1)
        #expect(logged.last?.contains(" hb.request.id=\(id) http.") == true)
        ids.append(id)
      }
      #expect(Set(ids).count == ids.count)
    }
  }

  @Test(
    "request ids: what is sensible",
    arguments: [
      ("abc", true), ("", false), ("a b", false), (String(repeating: "x", count: 128), true),
      (String(repeating: "x", count: 129), false), ("é", false), ("a\u{7}", false),
    ])
  func sensible(id: String, kept: Bool) {
    #expect((AccessMiddleware<BasicRequestContext>.sensible(id) != nil) == kept)
  }

  @Test(
    "durations in the log have three decimals",
    arguments: [
      (0.5124, "0.512ms"), (12.0, "12.000ms"), (0.0004, "0.000ms"), (1.0005, "1.001ms"),
    ])
  func duration(milliseconds: Double, text: String) {
    #expect(AccessMiddleware<BasicRequestContext>.milliseconds(milliseconds) == text)
  }
}

private let requestID = HTTPField.Name.requestID
