import GaugeKit
import HummingbirdTesting
import Testing

@testable import GaugeService

@Suite("POST /gauge")
struct PostGaugeTests {
  @Test("an inline preset object is drawn exactly as the library draws it")
  func inlinePreset() async throws {
    let preset = #"{"extends":"stress","title":"Queue","readout":{"suffix":" jobs"}}"#
    let expected = try Gauge(presetJSON: preset).svgBytes(
      value: 120, options: RenderOptions(width: 240, height: 240, theme: .auto))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"preset":\#(preset),"value":120,"size":240,"theme":"auto","format":"svg"}"#))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
      #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(response.bytes == expected)
    }
  }

  @Test(
    "bad bodies are 400s with JSON paths under the request",
    arguments: [
      (
        #"{"value":1}"#,
        badParameter("preset", "is missing; give a preset's name or a preset object")
      ),
      (
        #"{"preset":3,"value":1}"#,
        badParameter("preset", "expected a preset's name or a preset object, found a number")
      ),
      (
        #"{"preset":"stress","value":"high"}"#,
        badParameter(
          "value", "'high' is not a number; give a number such as 42, or 'none' for no data")
      ),
      (
        #"{"preset":"stress","value":true}"#,
        badParameter(
          "value",
          "expected a number, found a boolean; give a number such as 42, or 'none' for no data")
      ),
      (
        #"{"preset":"stress","value":1,"size":"big"}"#,
        badParameter("size", "'big' is not a whole number; allowed: 1...8192")
      ),
      (
        #"{"preset":"stress","value":1,"size":10.5}"#,
        badParameter("size", "10.5 is not a whole number; allowed: 1...8192")
      ),
      (
        #"{"preset":"stress","value":1,"format":"gif"}"#,
        badParameter("format", "'gif' is not allowed; use one of svg, png")
      ),
      (
        #"{"preset":"stress","value":1,"animate":"yes"}"#,
        badParameter("animate", "'yes' is not allowed; use true or false")
      ),
      (
        #"{"preset":"stress","valeu":1}"#,
        problem(
          400, "Bad Request", "unknown parameter 'valeu'; did you mean 'value'?",
          errors: [("valeu", "unknown parameter 'valeu'; did you mean 'value'?")])
      ),
      (
        #"{"preset":{"extends":"stress","min":5,"max":1},"value":1}"#,
        badParameter("preset.max", "1 is not above min 5; the domain needs min < max")
      ),
      ("{\"preset\":", problem(400, "Bad Request", "the body is not valid JSON")),
      ("[1,2]", problem(400, "Bad Request", "the body must be a JSON object, not an array")),
    ])
  func badBodies(body: String, expected: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge", method: .post, body: json(body))
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == expected)
    }
  }

  @Test("several problems in an inline preset are each listed at their path")
  func severalProblems() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"preset":{"extends":"stress","min":5,"max":1,"title":7},"value":1}"#))
      #expect(response.status == .badRequest)
      let text = response.text
      #expect(text.contains(#""detail":"the preset has "#))
      #expect(text.contains(#"{"path":"preset.max","message":"#))
      #expect(text.contains(#"{"path":"preset.title","message":"#))
    }
  }

  @Test("an inline preset may extend only presets the server has: never a file")
  func extendsIsNotAFile() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"preset":{"extends":"/etc/passwd"},"value":1}"#))
      #expect(response.status == .badRequest)
      #expect(!response.text.contains("root:"))
      #expect(response.text.contains("preset.extends"))
    }
  }

  @Test("an unknown preset name is a 404")
  func unknownName() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post, body: json(#"{"preset":"stres","value":1}"#))
      #expect(response.status == .notFound)
      #expect(response.text.contains(#"did you mean \"stress\"?"#))
    }
  }

  @Test("a body over the limit is a 413, whether or not it says its length")
  func tooLarge() async throws {
    var configuration = ServiceConfiguration()
    configuration.maximumBodySize = 1024
    try await withService(configuration) { client in
      let big =
        #"{"preset":"stress","value":1,"title":""# + String(repeating: "x", count: 2000)
        + "\"}"
      let response = try await client.execute(uri: "/gauge", method: .post, body: json(big))
      #expect(response.status == .contentTooLarge)
      expectProblemHeaders(response)
      #expect(
        response.text
          == problem(413, "Content Too Large", "the body is over 1024 bytes; send at most 1024"))
    }
  }

  @Test("format png draws the GET's PNG with the GET's tag")
  func png() async throws {
    try await withService { client in
      let get = try await client.execute(
        uri: "/gauge/stress.png?value=1&size=100&scale=2", method: .get)
      let post = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"preset":"stress","value":1,"size":100,"scale":2,"format":"png"}"#))
      #expect(post.status == .ok)
      #expect(post.headers[.contentType] == "image/png")
      #expect(post.headers[.eTag] == get.headers[.eTag])
      #expect(post.bytes == get.bytes)
      #expect(PNGHeader(post.bytes)?.width == 200)
    }
  }
}
