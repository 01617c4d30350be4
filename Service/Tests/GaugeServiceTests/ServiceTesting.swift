import GaugeKit
@_spi(Service) import GaugeSupport
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import Testing

@testable import GaugeService

/// Runs `test` against a server in-process: each request goes straight to the router's
/// responder, with no socket.
func withService(
  _ configuration: ServiceConfiguration = ServiceConfiguration(),
  renderers: ImageRenderers? = nil,
  gate: RenderGate? = nil,
  bodies: BodyBudget? = nil,
  logger: Logger = Logger(label: "test"),
  _ test: @escaping @Sendable (RouterClient) async throws -> Void
) async throws {
  let configuration = configuration.patient
  let router = try GaugeServer.makeRouter(
    configuration: configuration, renderers: renderers, gate: gate, bodies: bodies)
  try await test(RouterClient(responder: router.buildResponder(), logger: logger))
}

/// A response as a test reads it: status, header fields and the whole body.
struct TestResponse: Sendable {
  var status: HTTPResponse.Status
  var headers: HTTPFields
  var body: ByteBuffer

  var text: String { String(buffer: body) }
  var bytes: [UInt8] { Array(buffer: body) }
}

/// Sends requests to a router's responder as the server's connection handler does: a request
/// id in the logger's metadata, a `Content-Length` for a body, which arrives in 32 KiB
/// parts, and a 500 for an error that reaches the top. The channel is a testing channel: no
/// route reads it.
struct RouterClient: Sendable {
  let responder: RouterResponder<BasicRequestContext>
  let logger: Logger

  @discardableResult
  func execute(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
  ) async throws -> TestResponse {
    var headers = headers
    if let body { headers[.contentLength] = String(body.readableBytes) }
    let (parts, sender) = AsyncStream.makeStream(of: ByteBuffer.self)
    if var body {
      while body.readableBytes > 0,
        let part = body.readSlice(length: min(32 * 1024, body.readableBytes))
      {
        sender.yield(part)
      }
    }
    sender.finish()
    let request = Request(
      head: HTTPRequest(
        method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
      body: RequestBody(asyncSequence: parts))
    var logger = logger
    logger[metadataKey: "hb.request.id"] = .stringConvertible(RequestID())
    let context = BasicRequestContext(
      source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
    let response: Response
    do {
      response = try await responder.respond(to: request, context: context)
    } catch {
      response = Response(status: .internalServerError)
    }
    let collected = CollectedBody()
    try await response.body.write(collected)
    return TestResponse(
      status: response.status, headers: response.headers,
      body: collected.bytes.withLockedValue { $0 })
  }
}

/// A response body writer that keeps what it is given.
private struct CollectedBody: ResponseBodyWriter {
  let bytes = NIOLockedValueBox(ByteBuffer())

  func write(_ buffer: ByteBuffer) async throws {
    bytes.withLockedValue { _ = $0.writeImmutableBuffer(buffer) }
  }

  func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// A JSON request body.
func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// The exact problem body the service writes; without `errors`, a problem of the request as
/// a whole: one entry with the empty path and the detail as its message.
func problem(
  _ status: Int, _ title: String, _ detail: String, errors: [(String, String)]? = nil
) -> String {
  var text = #"{"type":"about:blank","title":"\#(title)","status":\#(status),"detail":"#
  text += JSONText.quoted(detail) + ",\"errors\":["
  text += (errors ?? [("", detail)]).map {
    #"{"path":\#(JSONText.quoted($0.0)),"message":\#(JSONText.quoted($0.1))}"#
  }
  .joined(separator: ",")
  return text + "]}\n"
}

/// The exact body of a 400 for one bad parameter.
func badParameter(_ path: String, _ message: String) -> String {
  problem(400, "Bad Request", "\(path): \(message)", errors: [(path, message)])
}

/// The headers every problem response carries.
func expectProblemHeaders(
  _ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    response.headers[.contentType] == "application/problem+json; charset=utf-8",
    sourceLocation: sourceLocation)
  #expect(response.headers[.cacheControl] == "no-store", sourceLocation: sourceLocation)
  #expect(response.headers[.eTag] == nil, sourceLocation: sourceLocation)
}

/// The exact body of a 400 for one problem in a JSON body, at its line and column.
func bodyProblem(_ line: Int, _ column: Int, _ path: String, _ message: String) -> String {
  let detail = "\(line):\(column): " + (path.isEmpty ? "" : path + ": ") + message
  var text = #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"#
  text += JSONText.quoted(detail) + #","errors":[{"path":"# + JSONText.quoted(path)
  text += #","message":"# + JSONText.quoted(message) + #","line":\#(line),"column":\#(column)}]}"#
  return text + "\n"
}

/// The exact body of a 404, shaped as a 400 is: the part of the request that named what is
/// not there (`preset`, or empty for the path) and the message.
func notFoundProblem(path: String, _ message: String) -> String {
  problem(404, "Not Found", message, errors: [(path, message)])
}

extension ServiceConfiguration {
  /// The configuration with a queue limit of a minute: tests run in parallel and share the
  /// process's one render thread pool, so a test's PNG may wait behind another test's; only
  /// the load-shedding tests keep the 100 ms.
  var patient: ServiceConfiguration {
    var configuration = self
    configuration.maximumQueueMilliseconds = 60_000
    return configuration
  }
}
