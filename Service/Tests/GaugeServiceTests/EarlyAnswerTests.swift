import Testing

@testable import GaugeService

/// A client that writes its whole body before reading (urllib, most libraries) reads an
/// early answer, and the connection then ends: the server reads and discards the rest.
@Suite("early answers: the body is read and discarded, then the connection closes")
struct EarlyAnswerTests {
  static let tooLarge = problem(
    413, "Content Too Large", "the body is over 1114112 bytes; send at most 1114112")

  /// Five times the body limit: far more than the socket buffers hold, so a server that
  /// stopped reading would leave the send blocked.
  static let oversized = [UInt8](repeating: UInt8(ascii: "x"), count: 5 << 20)

  @Test(
    "an oversized body with Content-Length gets its 413 and the end of the connection",
    arguments: ["Connection: close", "Connection: keep-alive"])
  func declaredLength(connection: String) async throws {
    try await withLiveService { client in
      let exchange = await client.exchange(
        rawRequest(
          "POST", "/gauge",
          fields: [connection, "Content-Type: application/json", "Content-Length: 5242880"],
          body: EarlyAnswerTests.oversized))
      #expect(exchange.sent)
      #expect(exchange.closed)
      #expect(exchange.statusLine == "HTTP/1.1 413 Payload Too Large")
      #expect(exchange.headers.contains("connection: close"))
      #expect(exchange.body == EarlyAnswerTests.tooLarge)
    }
  }

  @Test("a chunked body over the limit is read to its last chunk, then the connection closes")
  func chunked() async throws {
    var body: [UInt8] = []
    for _ in 0..<5 {
      body += Array("100000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
      body += Array("\r\n".utf8)
    }
    body += Array("0\r\n\r\n".utf8)
    let request = rawRequest("POST", "/pie", fields: ["Transfer-Encoding: chunked"], body: body)
    try await withLiveService { client in
      let exchange = await client.exchange(request)
      #expect(exchange.sent)
      #expect(exchange.closed)
      #expect(exchange.statusLine == "HTTP/1.1 413 Payload Too Large")
      #expect(exchange.body == EarlyAnswerTests.tooLarge)
    }
  }

  @Test("a body within the limit keeps the connection open for the next request")
  func keepAlive() async throws {
    let request = rawRequest(
      "POST", "/gauge", fields: ["Content-Length: 2"], body: Array("{}".utf8))
    try await withLiveService { client in
      var quick = client
      // Long enough for both answers on a loaded machine; the read then waits it out.
      quick.timeout = 5
      let exchange = await quick.exchange(request + rawRequest("GET", "/healthz"))
      // Both answered, and the connection stays open until the client's read gives up.
      #expect(exchange.sent)
      #expect(!exchange.closed)
      #expect(exchange.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
      #expect(exchange.text.hasSuffix("\r\n\r\n{\"status\":\"ok\"}\n"))
      #expect(!exchange.headers.contains("connection: close"))
    }
  }
}
