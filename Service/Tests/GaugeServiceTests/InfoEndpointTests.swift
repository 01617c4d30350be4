import Foundation
import GaugeKit
@_spi(Service) import GaugeSupport
import Testing

@testable import GaugeService

@Suite("presets, health, metrics, routing and limits")
struct InfoEndpointTests {
  @Test("GET /presets lists the built-in presets as JSON")
  func presets() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/presets", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      #expect(response.headers[.cacheControl] == "public, max-age=300")
      let stress = try BuiltinPresets.gauge(named: "stress")
      #expect(
        response.text.contains(
          #"{"name":"stress","title":\#(JSONText.quoted(stress.title ?? "")),"min":0,"max":100,"builtIn":true}"#
        ))
      #expect(response.text.hasPrefix(#"{"presets":[{"name":"aqi","#))
      let count = response.text.components(separatedBy: #""name":"#).count - 1
      #expect(count == BuiltinPresets.names.count)
    }
  }

  @Test("GET /healthz")
  func health() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/healthz", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      #expect(response.headers[.cacheControl] == "no-store")
      #expect(response.text == "{\"status\":\"ok\"}\n")
    }
  }

  @Test("GET /metrics counts requests by endpoint and status, in Prometheus text")
  func metrics() async throws {
    try await withService { client in
      try await client.execute(uri: "/gauge/stress.svg?value=1", method: .get)
      try await client.execute(uri: "/gauge/stress.svg?value=x", method: .get)
      let response = try await client.execute(uri: "/metrics", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
      let text = response.text
      #expect(text.contains(#"gauge_http_requests_total{endpoint="gauge_image",status="200"} 1"#))
      #expect(text.contains(#"gauge_http_requests_total{endpoint="gauge_image",status="400"} 1"#))
      #expect(text.contains(#"gauge_images_rendered_total{kind="gauge",format="svg"} 1"#))
      #expect(text.contains("gauge_renders_in_flight 0"))
      #expect(text.contains("gauge_render_pixels_in_flight 0"))
    }
  }

  @Test("an unknown path is a 404 listing the endpoints")
  func notFound() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauges/stress.svg", method: .get)
      #expect(response.status == .notFound)
      expectProblemHeaders(response)
      #expect(
        response.text
          == notFoundProblem(
            path: "",
            "no endpoint at '/gauges/stress.svg'; the endpoints are /gauge/{preset}.{svg|png}, "
              + "/gauge.{svg|png}, /dashboard.{svg|png}, "
              + "/gauge, /pie.{svg|png}, /pie, /presets, /healthz, /metrics, /openapi.json"))
    }
  }

  @Test(
    "a known path with another method is a 405 with Allow",
    arguments: [
      ("/gauge/stress.svg", "DELETE", "/gauge/{preset}.{svg|png}", "GET, HEAD"),
      ("/gauge", "GET", "/gauge", "POST"),
      ("/pie", "PUT", "/pie", "POST"),
      ("/pie.svg", "POST", "/pie.{svg|png}", "GET, HEAD"),
      ("/presets", "POST", "/presets", "GET, HEAD"),
      ("/healthz", "PATCH", "/healthz", "GET, HEAD"),
      ("/metrics", "POST", "/metrics", "GET, HEAD"),
    ])
  func methodNotAllowed(path: String, method: String, endpoint: String, allow: String)
    async throws
  {
    try await withService { client in
      let response = try await client.execute(
        uri: path, method: try #require(.init(method)))
      #expect(response.status == .methodNotAllowed)
      #expect(response.headers[.allow] == allow)
      expectProblemHeaders(response)
      #expect(
        response.text
          == problem(
            405, "Method Not Allowed", "\(method) is not allowed on \(endpoint); use \(allow)"))
    }
  }

  /// Written out whole, not by `problem(…)`, so the shape itself is what is checked.
  @Test("a problem of the request as a whole has errors too: the empty path and the detail")
  func wholeRequestProblemShape() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/healthz", method: .delete)
      #expect(response.status == .methodNotAllowed)
      #expect(
        response.text
          == #"{"type":"about:blank","title":"Method Not Allowed","status":405,"#
          + #""detail":"DELETE is not allowed on /healthz; use GET, HEAD","#
          + #""errors":[{"path":"","message":"DELETE is not allowed on /healthz; use GET, HEAD"}]}"#
          + "\n")
    }
    // The busy and too-large answers, built outside any route, are shaped alike.
    for refusal in [BodyBudget.busy, RenderGate.busy, Problem.connect] {
      #expect(refusal.errors == [Problem.Item(path: "", message: refusal.detail)])
      #expect(
        refusal.json.hasSuffix(
          #","errors":[{"path":"","message":"# + JSONText.quoted(refusal.detail) + "}]}\n"))
    }
  }

  @Test("a URL over the limit is a 414")
  func uriTooLong() async throws {
    var configuration = ServiceConfiguration()
    configuration.maximumURLLength = 100
    try await withService(configuration) { client in
      let uri = "/gauge/stress.svg?value=1&title=" + String(repeating: "x", count: 100)
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .uriTooLong)
      expectProblemHeaders(response)
      #expect(
        response.text
          == problem(
            414, "URI Too Long",
            "the URL is \(uri.utf8.count) bytes; at most 100 allowed "
              + "(send large requests as POST with a JSON body)"))
    }
  }

  @Test("a preset folder adds presets and may replace built-in ones")
  func presetFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gauge-service-presets-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let queue = #"{"extends":"stress","title":"Queue"}"#
    try Data(queue.utf8).write(to: folder.appendingPathComponent("queue.json"))
    try Data(#"{"extends":"stress","title":"Build CPU"}"#.utf8).write(
      to: folder.appendingPathComponent("cpu.json"))
    var configuration = ServiceConfiguration()
    configuration.presetDirectory = folder.path
    let expected = try Gauge(presetJSON: queue).svgBytes(value: 50)
    try await withService(configuration) { client in
      let response = try await client.execute(uri: "/gauge/queue.svg?value=50", method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
      let list = try await client.execute(uri: "/presets", method: .get)
      #expect(
        list.text.contains(#"{"name":"queue","title":"Queue","min":0,"max":100,"builtIn":false}"#))
      #expect(
        list.text.contains(#"{"name":"cpu","title":"Build CPU","min":0,"max":100,"builtIn":false}"#)
      )
      // Shaped as the 404 without a folder is, in words that count the folder's presets.
      let unknown = try await client.execute(uri: "/gauge/queu.svg?value=1", method: .get)
      #expect(unknown.status == .notFound)
      expectProblemHeaders(unknown)
      let names = (BuiltinPresets.names + ["queue"]).sorted().joined(separator: ", ")
      #expect(
        unknown.text
          == notFoundProblem(
            path: "preset",
            "unknown preset \"queu\"; the presets are \(names); did you mean \"queue\"?"))
    }
  }

  @Test("a broken preset folder stops the server from starting, naming the problem")
  func brokenFolder() throws {
    var configuration = ServiceConfiguration()
    configuration.presetDirectory = "/nonexistent-gauge-presets"
    #expect(throws: PresetFolderError.self) {
      _ = try GaugeServer.makeRouter(configuration: configuration)
    }
  }
}
