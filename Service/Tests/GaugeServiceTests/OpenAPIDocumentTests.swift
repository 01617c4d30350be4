import Foundation
import GaugeKit
import Testing

@testable import GaugeService

/// `/openapi.json` describes every route, method and parameter the service has: a route or
/// a parameter added without a description fails here.
@Suite("the OpenAPI document keeps in step with the routes")
struct OpenAPIDocumentTests {
  static func document() throws -> [String: Any] {
    let bytes = OpenAPIDocument.bytes(presets: PresetCatalog().names)
    return try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// The OpenAPI paths of each endpoint.
  static func paths(of endpoint: Endpoint) -> [String] {
    switch endpoint {
    case .gaugeImage: ["/gauge/{image}"]
    case .gaugeFields: ImageFormat.allCases.map { "/gauge.\($0.rawValue)" }
    case .dashboard: ImageFormat.allCases.map { "/dashboard.\($0.rawValue)" }
    case .pieImage: ImageFormat.allCases.map { "/pie.\($0.rawValue)" }
    default: [endpoint.rawValue]
    }
  }

  @Test("the Problem schema requires exactly the keys every problem body has")
  func problemSchema() throws {
    let components = try #require(OpenAPIDocumentTests.document()["components"] as? [String: Any])
    let schemas = try #require(components["schemas"] as? [String: Any])
    let schema = try #require(schemas["Problem"] as? [String: Any])
    let required = try #require(schema["required"] as? [String])
    // A problem of the request as a whole and one of a JSON body: the fewest keys and the most.
    let bodies = [
      Problem(.methodNotAllowed, "DELETE is not allowed on /healthz; use GET, HEAD"),
      Problem(
        .badRequest, "1:2: size: expected a number",
        errors: [Problem.Item(path: "size", message: "expected a number", line: 1, column: 2)]),
    ]
    for problem in bodies {
      let object = try #require(
        JSONSerialization.jsonObject(with: Data(problem.json.utf8)) as? [String: Any])
      #expect(Set(object.keys) == Set(required), "\(problem.json)")
      let errors = try #require(object["errors"] as? [[String: Any]])
      #expect(!errors.isEmpty)
    }
  }

  @Test("every endpoint and method is described, and nothing else")
  func routes() throws {
    let paths = try #require(OpenAPIDocumentTests.document()["paths"] as? [String: [String: Any]])
    var expected: Set<String> = []
    for endpoint in Endpoint.allCases {
      for path in OpenAPIDocumentTests.paths(of: endpoint) {
        expected.insert(path)
        let methods = Set(endpoint.methods.filter { $0 != .head }.map { $0.rawValue.lowercased() })
        #expect(Set(paths[path]?.keys.map { $0 } ?? []) == methods, "\(path)")
      }
    }
    #expect(Set(paths.keys) == expected)
  }

  @Test("every parameter a route reads has a schema")
  func parameters() {
    for name in GaugeImageRequest.queryNames + PieImageRequest.queryNames
      + DashboardImageRequest.queryNames
    {
      #expect(OpenAPIDocument.querySchemas[name] != nil, "query parameter \(name)")
    }
    for name in GaugeImageRequest.bodyNames + PieImageRequest.bodyNames {
      let schema = OpenAPIDocument.bodySchemas[name] ?? OpenAPIDocument.querySchemas[name]
      #expect(schema != nil, "body field \(name)")
    }
  }

  @Test("the document's operations list exactly the names each route accepts")
  func operationParameters() throws {
    let paths = try #require(OpenAPIDocumentTests.document()["paths"] as? [String: [String: Any]])
    func names(_ path: String, _ method: String) -> [String] {
      let operation = paths[path]?[method] as? [String: Any]
      let parameters = operation?["parameters"] as? [[String: Any]] ?? []
      return parameters.filter { $0["in"] as? String == "query" }.compactMap {
        $0["name"] as? String
      }
    }
    func fields(_ path: String) -> [String] {
      let operation = paths[path]?["post"] as? [String: Any]
      let body = operation?["requestBody"] as? [String: Any]
      let content = body?["content"] as? [String: Any]
      let json = content?["application/json"] as? [String: Any]
      let schema = json?["schema"] as? [String: Any]
      return ((schema?["properties"] as? [String: Any])?.keys).map { Array($0) } ?? []
    }
    #expect(names("/gauge/{image}", "get") == GaugeImageRequest.queryNames)
    #expect(names("/gauge.svg", "get") == GaugeImageRequest.queryNames)
    #expect(names("/gauge.png", "get") == GaugeImageRequest.queryNames)
    #expect(names("/dashboard.svg", "get") == DashboardImageRequest.queryNames)
    #expect(names("/pie.svg", "get") == PieImageRequest.queryNames)
    #expect(names("/pie.png", "get") == PieImageRequest.queryNames)
    #expect(Set(fields("/gauge")) == Set(GaugeImageRequest.bodyNames))
    #expect(Set(fields("/pie")) == Set(PieImageRequest.bodyNames))
  }

  @Test("served at /openapi.json: OpenAPI 3.1, the same bytes every time")
  func served() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/openapi.json", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      #expect(response.bytes == OpenAPIDocument.bytes(presets: PresetCatalog().names))
      #expect(response.text.hasPrefix(#"{"components":"#))
      #expect(response.text.contains(#""openapi":"3.1.0""#))
      #expect(response.text.contains(#""stress.png""#))
    }
  }
}
