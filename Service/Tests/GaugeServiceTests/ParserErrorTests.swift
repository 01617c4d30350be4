import Testing

@testable import GaugeService

/// Requests the HTTP parser refuses never reach the routes; they are answered in the same
/// problem+json as every other error, and the connection then ends.
@Suite("parser errors: problem+json, then the connection closes")
struct ParserErrorTests {
  /// The exact response written below the HTTP layer.
  static func raw(_ status: String, _ code: Int, _ title: String, _ detail: String) -> String {
    let body = problem(code, title, detail)
    return "HTTP/1.1 \(status)\r\ncontent-type: application/problem+json; charset=utf-8\r\n"
      + "cache-control: no-store\r\nconnection: close\r\ncontent-length: \(body.utf8.count)\r\n\r\n"
      + body
  }

  static let headerFields = raw(
    "431 Request Header Fields Too Large", 431, "Request Header Fields Too Large",
    "the header fields are too many or too large; at most 100 fields of at most 16384 bytes "
      + "each, 73728 bytes in all with the URL")

  @Test("1,000 header fields: 431")
  func manyFields() async throws {
    let fields = (0..<1000).map { "X-Field-\($0): 1" }
    try await withLiveService { client in
      let exchange = await client.exchange(rawRequest("GET", "/healthz", fields: fields))
      #expect(exchange.closed)
      #expect(exchange.text == ParserErrorTests.headerFields)
    }
  }

  @Test("a 20 MB header line: 431, and the client's whole send goes through")
  func hugeField() async throws {
    let field = "X-Big: " + String(repeating: "a", count: 20 << 20)
    try await withLiveService { client in
      let exchange = await client.exchange(rawRequest("GET", "/healthz", fields: [field]))
      #expect(exchange.sent)
      #expect(exchange.closed)
      #expect(exchange.text == ParserErrorTests.headerFields)
    }
  }

  @Test("a 100 KB URL: 414")
  func longURL() async throws {
    let path = "/gauge/stress.svg?value=1&title=" + String(repeating: "a", count: 100_000)
    try await withLiveService { client in
      let exchange = await client.exchange(rawRequest("GET", path))
      #expect(exchange.closed)
      #expect(
        exchange.text
          == ParserErrorTests.raw(
            "414 URI Too Long", 414, "URI Too Long",
            "the URL is over 16384 bytes; at most 8192 allowed (send large requests as POST "
              + "with a JSON body)"))
    }
  }

  @Test("CONNECT: 501 with a body, and the connection ends")
  func connect() async throws {
    try await withLiveService { client in
      let exchange = await client.exchange(rawRequest("CONNECT", "example.com:443"))
      #expect(exchange.closed)
      #expect(
        exchange.text
          == ParserErrorTests.raw(
            "501 Not Implemented", 501, "Not Implemented",
            "CONNECT is not supported: this server is not a proxy; use GET, HEAD or POST"))
    }
  }

  @Test("bytes that are not HTTP: 400")
  func notHTTP() async throws {
    try await withLiveService { client in
      let exchange = await client.exchange(Array("\u{16}\u{03}\u{01}hello\r\n\r\n".utf8))
      #expect(exchange.closed)
      #expect(
        exchange.text
          == ParserErrorTests.raw(
            "400 Bad Request", 400, "Bad Request",
            "the request is not HTTP/1.1: its method is not a token"))
    }
  }

  @Test("HTTP/1.0 without keep-alive is answered, then closed")
  func http10() async throws {
    try await withLiveService { client in
      let exchange = await client.exchange(rawRequest("GET", "/healthz", version: "HTTP/1.0"))
      #expect(exchange.closed)
      #expect(exchange.statusLine == "HTTP/1.1 200 OK")
      #expect(exchange.headers.contains("connection: close"))
      #expect(exchange.body == "{\"status\":\"ok\"}\n")
    }
  }

  @Test("HTTP/1.0 with keep-alive stays open")
  func http10KeepAlive() async throws {
    try await withLiveService { client in
      var quick = client
      // Long enough for both answers on a loaded machine; the read then waits it out.
      quick.timeout = 5
      let exchange = await quick.exchange(
        rawRequest("GET", "/healthz", fields: ["Connection: keep-alive"], version: "HTTP/1.0"))
      #expect(!exchange.closed)
      #expect(exchange.statusLine == "HTTP/1.1 200 OK")
      #expect(exchange.body == "{\"status\":\"ok\"}\n")
    }
  }

  @Test("a URL the routes refuse, within the parser's limit: 414 from the routes")
  func routesURL() async throws {
    let path = "/healthz?" + String(repeating: "a", count: 9000)
    try await withLiveService { client in
      let exchange = await client.exchange(
        rawRequest("GET", path, fields: ["Connection: close"]))
      #expect(exchange.closed)
      #expect(exchange.statusLine == "HTTP/1.1 414 URI Too Long")
      #expect(
        exchange.body
          == problem(
            414, "URI Too Long",
            "the URL is 9009 bytes; at most 8192 allowed (send large requests as POST with a "
              + "JSON body)"))
    }
  }
}
