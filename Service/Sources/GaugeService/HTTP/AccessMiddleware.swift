import HTTPTypes
import Hummingbird
import Logging

/// The outermost middleware, what production expects of every exchange:
///
/// - a request id: the client's `X-Request-Id` when it is a sensible one (1 to 128 visible
///   ASCII characters), otherwise the server's (the one Hummingbird gives the request's
///   logger, or one made here); echoed on the response and in every log line of the request;
/// - CORS: an allowed `Origin` (any, by default) may read every answer, and a preflight
///   (`OPTIONS` with `Access-Control-Request-Method`) on a known endpoint is answered 204;
/// - one access-log line through swift-log at `info`: method, route (the endpoint's pattern,
///   never the raw path), status, body bytes and duration.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
  let cors: CORSPolicy

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    var context = context
    // Hummingbird gave the request's logger an id already: it serves unless the client sent
    // one, and the logger's metadata is written only when the id is another.
    let made = context.logger[metadataKey: "hb.request.id"]?.description
    let id = request.headers[.requestID].flatMap(Self.sensible) ?? made ?? "\(RequestID())"
    if id != made { context.logger[metadataKey: "hb.request.id"] = "\(id)" }
    let endpoint = Endpoint(path: request.uri.path)
    var response: Response
    if request.method == .options, request.headers[.accessControlRequestMethod] != nil,
      endpoint != nil
    {
      response = Response(status: .noContent)
      cors.preflight(request, into: &response.headers)
    } else {
      response = try await next(request, context)
      cors.simple(request, into: &response.headers)
    }
    response.headers[.requestID] = id
    let milliseconds = Double((ContinuousClock.now - start).nanoseconds) / 1_000_000
    let route = endpoint?.rawValue ?? "unmatched"
    let bytes = response.body.contentLength.map(String.init) ?? "-"
    let duration = Self.milliseconds(milliseconds)
    context.logger.info(
      "\(request.method.rawValue) \(route) \(response.status.code) \(bytes) \(duration)",
      metadata: [
        "http.method": "\(request.method.rawValue)", "http.route": "\(route)",
        "http.status": "\(response.status.code)", "http.response.bytes": "\(bytes)",
        "http.duration.ms": "\(duration)",
      ])
    return response
  }

  /// The client's id if it is 1 to 128 visible ASCII characters (no spaces or controls, so
  /// it can neither break a log line nor a header).
  static func sensible(_ id: String) -> String? {
    guard (1...128).contains(id.utf8.count), id.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return nil }
    return id
  }

  /// `0.512ms`: three decimals.
  static func milliseconds(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
      + "ms"
  }
}

/// Which origins may read the service's answers from a browser (`--cors-origins`).
struct CORSPolicy: Sendable, Hashable {
  /// `*` for any origin, or exact origins (`https://example.com`); empty for none.
  let origins: [String]

  static let methods = "GET, HEAD, POST"
  static let allowedHeaders = "Content-Type, If-None-Match, X-Request-Id"
  static let exposedHeaders = "ETag, Retry-After, X-Request-Id"

  /// The value of `Access-Control-Allow-Origin` for `origin`, or nil when it may not read.
  func allowed(_ origin: String) -> String? {
    if origins.contains("*") { return "*" }
    return origins.contains(origin) ? origin : nil
  }

  /// CORS headers for an ordinary request from an allowed origin.
  func simple(_ request: Request, into headers: inout HTTPFields) {
    guard let origin = request.headers[.origin], let allowed = allowed(origin) else {
      addVary(&headers)
      return
    }
    headers[.accessControlAllowOrigin] = allowed
    headers[.accessControlExposeHeaders] = CORSPolicy.exposedHeaders
    addVary(&headers)
  }

  /// A preflight's answer: what an allowed origin may send; nothing for another.
  func preflight(_ request: Request, into headers: inout HTTPFields) {
    addVary(&headers)
    guard let origin = request.headers[.origin], let allowed = allowed(origin) else { return }
    headers[.accessControlAllowOrigin] = allowed
    headers[.accessControlAllowMethods] = CORSPolicy.methods
    headers[.accessControlAllowHeaders] = CORSPolicy.allowedHeaders
    headers[.accessControlMaxAge] = "86400"
  }

  /// With a list of origins the answer depends on `Origin`: caches must key on it.
  private func addVary(_ headers: inout HTTPFields) {
    guard !origins.contains("*"), !origins.isEmpty else { return }
    headers.append(HTTPField(name: .vary, value: "Origin"))
  }
}

extension HTTPField.Name {
  /// `X-Request-Id`: the request's id, echoed on its response (`AccessMiddleware`).
  static let requestID = HTTPField.Name("X-Request-Id")!
}
