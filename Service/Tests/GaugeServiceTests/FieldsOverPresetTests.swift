import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

/// Fields laid over a preset that the preset cannot take are reported at the field that
/// moved the domain, in the CLI's words, never at a line of the preset, which the client
/// never wrote (the server writes a preset back as JSON of its own before laying fields over
/// it).
@Suite("fields over a preset: each problem at the field, not the preset's line")
struct FieldsOverPresetTests {
  /// Checks the answer to `request` (a GET's URI, or `/gauge` and a POST's body).
  func answer(
    _ uri: String, body: String? = nil, _ check: @escaping @Sendable (TestResponse) -> Void
  ) async throws {
    try await withService { client in
      check(
        try await client.execute(
          uri: uri, method: body == nil ? .get : .post, body: body.map(json)))
    }
  }

  @Test(
    "a min or max off a built-in preset's zones, by query or by body",
    arguments: [
      ("min=50", #""min":50"#, "min", "the preset's zones start at 0, so min must be 0"),
      ("max=20", #""max":20"#, "max", "the preset's zones end at 100, so max must be 100"),
      (
        "min=-5&max=20", #""min":-5,"max":20"#, "min",
        "the preset's zones run from 0 to 100, so min must be 0 and max must be 100"
      ),
    ])
  func domainOffTheZones(query: String, fields: String, path: String, message: String)
    async throws
  {
    let expected = badParameter(path, message + "; give zones to replace them")
    try await answer("/gauge/stress.svg?value=42&" + query) { response in
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == expected)
    }
    try await answer("/gauge", body: #"{"preset":"stress","value":42,"# + fields + "}") {
      response in
      #expect(response.status == .badRequest)
      #expect(response.text == expected)
    }
  }

  @Test("a min past the preset's max, its zones replaced: at min")
  func minPastThePresetsMax() async throws {
    try await answer("/gauge/stress.svg?value=42&min=150&zones=A:200:red") { response in
      #expect(response.status == .badRequest)
      #expect(
        response.text
          == badParameter(
            "min", "the preset's max is 100, so min must be below 100; give max as well"))
    }
  }

  static let tilted =
    #"{"min":-50,"max":50,"neutral":0,"zones":[{"label":"A","color":"red","upTo":50}]}"#

  @Test(
    "a preset object's neutral off the domain the fields give: at min or max",
    arguments: [
      (#""min":10,"max":20,"zones":["A:20:red"]"#, "min", "so min must be at most 0"),
      (#""min":-50,"max":-10,"zones":["A:-10:red"]"#, "max", "so max must be at least 0"),
    ])
  func neutralOffTheDomain(fields: String, path: String, rule: String) async throws {
    let body = #"{"preset":\#(Self.tilted),"value":3,"# + fields + "}"
    try await answer("/gauge", body: body) { response in
      #expect(response.status == .badRequest)
      let words = "the preset's neutral is 0, where its fill starts, " + rule
      #expect(response.text == badParameter(path, words))
    }
  }

  /// Nothing in the preset's text the library cannot blame on a field keeps a line: the
  /// line would be one of JSON the server wrote, which the client never saw.
  @Test("a problem left in a preset object's text keeps its path, under preset, not its line")
  func leftInThePreset() async throws {
    let preset = #"{"min":0,"max":1e308,"zones":[{"label":"A","color":"red","upTo":1e308}]}"#
    let body = #"{"preset":\#(preset),"value":3,"min":-1e308,"zones":["A:1e308:red"]}"#
    try await answer("/gauge", body: body) { response in
      #expect(response.status == .badRequest)
      #expect(
        response.text
          == badParameter(
            "preset.max", "the domain from min to max is wider than a Double can hold"))
    }
  }
}
