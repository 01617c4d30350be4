import GaugeKit
@_spi(Service) import GaugeSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import GaugeService

/// Runs `test` against a server in-process (Hummingbird's router test mode: no socket).
func withService(
  _ configuration: ServiceConfiguration = ServiceConfiguration(),
  renderers: ImageRenderers? = nil,
  gate: RenderGate? = nil,
  bodies: BodyBudget? = nil,
  _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
  let configuration = configuration.patient
  let router = try GaugeServer.makeRouter(
    configuration: configuration, renderers: renderers, gate: gate, bodies: bodies)
  try await Application(router: router).test(.router) { client in try await test(client) }
}

extension TestResponse {
  var text: String { String(buffer: body) }
  var bytes: [UInt8] { Array(buffer: body) }
}

/// A JSON request body.
func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// The exact problem body the service writes.
func problem(
  _ status: Int, _ title: String, _ detail: String, errors: [(String, String)] = []
) -> String {
  var text = #"{"type":"about:blank","title":"\#(title)","status":\#(status),"detail":"#
  text += JSONText.quoted(detail)
  if !errors.isEmpty {
    text += ",\"errors\":["
    text += errors.map {
      #"{"path":\#(JSONText.quoted($0.0)),"message":\#(JSONText.quoted($0.1))}"#
    }
    .joined(separator: ",")
    text += "]"
  }
  return text + "}\n"
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
