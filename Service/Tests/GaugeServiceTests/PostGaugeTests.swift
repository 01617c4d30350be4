import GaugeKit
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
    "bad bodies are 400s at their line, column and JSON path, in the library's words",
    arguments: [
      (
        #"{"value":1}"#,
        bodyProblem(
          1, 1, "preset",
          "is missing; required: a preset's name or a preset object, or min, max and zones")
      ),
      (
        #"{"preset":3,"value":1}"#,
        bodyProblem(
          1, 11, "preset", "expected a preset's name or a preset object, found a number")
      ),
      (
        #"{"preset":"stress","value":"high"}"#,
        bodyProblem(1, 28, "value", "expected a number or null, found a string")
      ),
      (
        #"{"preset":"stress","value":true}"#,
        bodyProblem(1, 28, "value", "expected a number or null, found a boolean")
      ),
      (
        #"{"preset":"stress","value":1,"size":"400"}"#,
        bodyProblem(1, 37, "size", "expected a number, found a string")
      ),
      (
        #"{"preset":"stress","value":1,"size":10.5}"#,
        bodyProblem(1, 37, "size", "10.5 is not a whole number; allowed: 1...8192")
      ),
      (
        #"{"preset":"stress","value":1,"format":"gif"}"#,
        bodyProblem(1, 39, "format", #""gif" is not allowed; use one of svg, png"#)
      ),
      (
        #"{"preset":"stress","value":1,"animate":"yes"}"#,
        bodyProblem(1, 40, "animate", "expected true or false, found a string")
      ),
      (
        #"{"preset":"stress","valeu":1}"#,
        bodyProblem(
          1, 20, "valeu",
          #"unknown key "valeu"; allowed: preset, value, values, format, min, max, zones, unit, "#
            + #"size, width, height, scale, theme, title, animate, locale, marker, reference, "#
            + #"range, ticks (did you mean "value"?)"#)
      ),
      (
        #"{"preset":{"extends":"stress","min":5,"max":1},"value":1}"#,
        bodyProblem(1, 45, "preset.max", "1 is not above min 5; the domain needs min < max")
      ),
      (
        "{\"preset\":",
        bodyProblem(1, 11, "preset", "invalid JSON: unexpected end of file; expected a value")
      ),
      ("[1,2]", bodyProblem(1, 1, "", "expected an object, found an array")),
      (
        #"{"preset":"stress","value":1,}"#,
        bodyProblem(1, 30, "", "invalid JSON: trailing comma before '}'; remove it")
      ),
      (
        "{\"preset\":\"stress\",\n \"value\":1,\n \"value\":2}",
        bodyProblem(
          3, 2, "value", #"invalid JSON: duplicate key "value"; each key may appear once"#)
      ),
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
