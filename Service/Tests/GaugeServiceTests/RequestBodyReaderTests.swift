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

  @Test("a body within the limit is read whole")
  func reads() async throws {
    let bytes = try await RequestBodyReader.read(
      request(RequestBody(buffer: ByteBuffer(string: "{}"))), limit: 10,
      deadline: .now.advanced(by: .seconds(600)))
    #expect(bytes == Array("{}".utf8))
  }

  @Test("a Content-Length over the limit is refused before reading")
  func declaredTooLarge() async {
    let (body, source) = RequestBody.makeStream()
    defer { source.finish() }
    await #expect(throws: Problem(.contentTooLarge, "the body is over 10 bytes; send at most 10")) {
      _ = try await RequestBodyReader.read(
        request(body, length: "11"), limit: 10, deadline: .now.advanced(by: .seconds(600)))
    }
  }

  @Test("a body that has not arrived by the deadline is a 408")
  func deadline() async {
    let (body, source) = RequestBody.makeStream()
    await source.yield(ByteBuffer(string: "{\"preset\":"))
    await #expect(
      throws: Problem(.requestTimeout, "the body did not arrive in time; send it at once")
    ) {
      _ = try await RequestBodyReader.read(request(body), limit: 100, deadline: .now)
    }
    source.finish()
  }
}
