import Foundation
import GaugeKit
@_spi(Service) import GaugeSupport
import Hummingbird

/// The service's routes: each reads its request into an `ImageJob` (or a document) and
/// hands it on; checking lives in the request types, drawing in the responder.
struct ServiceRoutes: Sendable {
  let configuration: ServiceConfiguration
  let catalog: PresetCatalog
  let images: ImageResponder
  let metrics: ServiceMetrics
  let bodies: BodyBudget
  /// `/openapi.json`, made once for the catalog's presets.
  let openAPI: [UInt8]

  /// Registers every route of `Endpoint`'s table; HEAD comes from the router's GETs.
  func add<Context: RequestContext>(to router: Router<Context>) {
    for endpoint in Endpoint.allCases {
      for route in endpoint.routes {
        let format = Endpoint.format(ofRoute: route)
        for method in endpoint.methods where method != .head {
          router.on(RouterPath(route), method: method) { request, context in
            try await self.respond(endpoint, format: format, request: request, context: context)
          }
        }
      }
    }
  }

  /// One endpoint's answer; `format` is the one its route names, if any.
  private func respond<Context: RequestContext>(
    _ endpoint: Endpoint, format: ImageFormat?, request: Request, context: Context
  ) async throws -> Response {
    switch (endpoint, format) {
    case (.gaugeImage, _):
      return try await gaugeImage(request, file: context.parameters.get("file") ?? "")
    case (.gauge, _):
      let deadline = deadline()
      let body = try await body(request, deadline: deadline)
      let job = try GaugeImageRequest.job(body: body, catalog: catalog)
      return try await images.respond(to: job, request: request, deadline: deadline)
    case (.gaugeFields, let format?):
      let job = try GaugeImageRequest.job(format: format, query: Self.parameters(request))
      return try await images.respond(to: job, request: request, deadline: deadline())
    case (.dashboard, let format?):
      var query = try Parameters(query: request.uri.query, repeatable: ["g"])
      query.acceptLanguage = request.headers[.acceptLanguage]
      let job = try DashboardImageRequest.job(format: format, query: query, catalog: catalog)
      return try await images.respond(to: job, request: request, deadline: deadline())
    case (.pieImage, let format?):
      let job = try PieImageRequest.job(format: format, query: Self.parameters(request))
      return try await images.respond(to: job, request: request, deadline: deadline())
    case (.pie, _):
      let deadline = deadline()
      let body = try await body(request, deadline: deadline)
      let job = try PieImageRequest.job(body: body)
      return try await images.respond(to: job, request: request, deadline: deadline)
    case (.presets, _):
      return Self.document(presetList, cacheControl: "public, max-age=300")
    case (.health, _):
      return Self.document(#"{"status":"ok"}"# + "\n", cacheControl: "no-store")
    case (.openAPI, _):
      var headers = HTTPFields()
      headers[.contentType] = "application/json; charset=utf-8"
      headers[.cacheControl] = "public, max-age=300"
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: openAPI)))
    case (.metrics, _):
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      headers[.cacheControl] = "no-store"
      let gate = images.gate
      let text = metrics.exposition(rendersInFlight: gate.inUse, pixelsInFlight: gate.pixelsInUse)
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
    case (.gaugeFields, nil), (.dashboard, nil), (.pieImage, nil):
      // Every route of these endpoints names a format (Endpoint.routes).
      let message = "no image format in '\(request.uri.path)'; end it in .svg or .png"
      throw Problem.notFound("", message)
    }
  }

  private func gaugeImage(_ request: Request, file: String) async throws(Problem) -> Response {
    // Most names need no decoding: skip Foundation for them, as `Parameters` does.
    let file =
      file.utf8.contains(UInt8(ascii: "%")) ? (file.removingPercentEncoding ?? file) : file
    guard let (name, format) = ImageFormat.split(Substring(file)) else {
      let message =
        "no image at '\(request.uri.path)'; ask for /gauge/PRESET.svg or /gauge/PRESET.png"
      throw Problem.notFound("", message)
    }
    let job = try GaugeImageRequest.job(
      preset: String(name), format: format, query: Self.parameters(request), catalog: catalog)
    return try await images.respond(to: job, request: request, deadline: deadline())
  }

  private func deadline() -> ContinuousClock.Instant {
    .now.advanced(by: .milliseconds(Int64(configuration.requestTimeout * 1000)))
  }

  private func body(_ request: Request, deadline: ContinuousClock.Instant) async throws(Problem)
    -> Parameters
  {
    try await RequestBodyReader.withBody(
      request, limit: configuration.maximumBodySize, budget: bodies, deadline: deadline
    ) { bytes throws(Problem) in
      var parameters = Parameters(
        body: try Problem.from { () throws(GaugeError) in try JSONRequestBody(json: bytes) })
      parameters.acceptLanguage = request.headers[.acceptLanguage]
      return parameters
    }
  }

  /// A GET's query, with the request's `Accept-Language`.
  private static func parameters(_ request: Request) throws(Problem) -> Parameters {
    var parameters = try Parameters(query: request.uri.query)
    parameters.acceptLanguage = request.headers[.acceptLanguage]
    return parameters
  }

  /// `GET /presets`: `{"presets":[{"name":…,"title":…,"min":…,"max":…,"builtIn":…},…]}`.
  var presetList: String {
    let items = catalog.names.compactMap { name -> String? in
      guard let entry = catalog.entries[name] else { return nil }
      let gauge = entry.gauge
      return "{\"name\":\(JSONText.quoted(name)),\"title\":"
        + (gauge.title.map { JSONText.quoted($0) } ?? "null")
        + ",\"min\":\(Parameters.plain(gauge.min)),\"max\":\(Parameters.plain(gauge.max))"
        + ",\"builtIn\":\(entry.builtIn)}"
    }
    return "{\"presets\":[" + items.joined(separator: ",") + "]}\n"
  }

  private static func document(_ text: String, cacheControl: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = cacheControl
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
