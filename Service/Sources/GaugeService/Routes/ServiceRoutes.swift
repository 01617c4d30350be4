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

  func add<Context: RequestContext>(to router: Router<Context>) {
    router.get("/gauge/:file") { request, context in
      try await self.gaugeImage(request, file: context.parameters.get("file") ?? "")
    }
    router.post("/gauge") { request, _ in
      let deadline = self.deadline()
      let body = try await self.body(request, deadline: deadline)
      let job = try GaugeImageRequest.job(body: body, catalog: self.catalog)
      return try await self.images.respond(to: job, request: request, deadline: deadline)
    }
    for format in ImageFormat.allCases {
      router.get("/gauge.\(format.rawValue)") { request, _ in
        let job = try GaugeImageRequest.job(
          format: format, query: Self.parameters(request))
        return try await self.images.respond(to: job, request: request, deadline: self.deadline())
      }
      router.get("/dashboard.\(format.rawValue)") { request, _ in
        var query = try Parameters(query: request.uri.query, repeatable: ["g"])
        query.acceptLanguage = request.headers[.acceptLanguage]
        let job = try DashboardImageRequest.job(
          format: format, query: query, catalog: self.catalog)
        return try await self.images.respond(to: job, request: request, deadline: self.deadline())
      }
      router.get("/pie.\(format.rawValue)") { request, _ in
        let job = try PieImageRequest.job(
          format: format, query: Self.parameters(request))
        return try await self.images.respond(to: job, request: request, deadline: self.deadline())
      }
    }
    router.post("/pie") { request, _ in
      let deadline = self.deadline()
      let body = try await self.body(request, deadline: deadline)
      let job = try PieImageRequest.job(body: body)
      return try await self.images.respond(to: job, request: request, deadline: deadline)
    }
    router.get("/presets") { _, _ in
      Self.document(self.presetList, cacheControl: "public, max-age=300")
    }
    router.get("/healthz") { _, _ in
      Self.document(#"{"status":"ok"}"# + "\n", cacheControl: "no-store")
    }
    router.get("/openapi.json") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "application/json; charset=utf-8"
      headers[.cacheControl] = "public, max-age=300"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: self.openAPI)))
    }
    router.get("/metrics") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      headers[.cacheControl] = "no-store"
      let gate = self.images.gate
      let text = self.metrics.exposition(
        rendersInFlight: gate.inUse, pixelsInFlight: gate.pixelsInUse)
      return Response(
        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
    }
  }

  private func gaugeImage(_ request: Request, file: String) async throws(Problem) -> Response {
    let file = file.removingPercentEncoding ?? file
    guard let (name, format) = ImageFormat.split(Substring(file)) else {
      let message =
        "no image at '\(request.uri.path)'; ask for /gauge/PRESET.svg or /gauge/PRESET.png"
      throw Problem(.notFound, message, errors: [Problem.Item(path: "", message: message)])
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
