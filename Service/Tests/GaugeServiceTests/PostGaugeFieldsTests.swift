import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

/// `POST /gauge` takes what the query takes (issue #25): markers, a reference, a range,
/// ticks, several values, and min, max, zones, title and unit, read by the query's checks
/// and drawn as the query draws them.
@Suite("POST /gauge: the query's fields in a body")
struct PostGaugeFieldsTests {
  /// The same answer from a query and from a body: the same image, or the same problem.
  func expectSame(query: String, body: String, status: HTTPResponse.Status = .ok) async throws {
    try await withService { client in
      let got = try await client.execute(uri: query, method: .get)
      #expect(got.status == status, "\(query): \(got.text)")
      let posted = try await client.execute(uri: "/gauge", method: .post, body: json(body))
      #expect(posted.status == status, "\(body): \(posted.text)")
      #expect(posted.bytes == got.bytes, "\(body)")
    }
  }

  @Test("markers, a reference, a range and ticks")
  func marks() async throws {
    try await expectSame(
      query: "/gauge/stress.svg?value=42&marker=30:Goal&reference=35&range=30,55&ticks=10",
      body:
        #"{"preset":"stress","value":42,"marker":"30:Goal","reference":35,"range":[30,55],"ticks":10}"#
    )
    try await expectSame(
      query: "/gauge/stress.svg?value=42&range=30,55&ticks=0",
      body: #"{"preset":"stress","value":42,"range":"30,55","ticks":0}"#)
  }

  @Test("a gauge without a preset, and fields over a preset's")
  func fields() async throws {
    try await expectSame(
      query:
        "/gauge.svg?value=72&min=0&max=200&zones=Low:60:%2334C759,Normal:140:%23FF9500,"
        + "High:200:%23FF3B30&title=Heart+rate&unit=+bpm",
      body:
        #"{"value":72,"min":0,"max":200,"zones":["Low:60:#34C759","Normal:140:#FF9500","#
        + #""High:200:#FF3B30"],"title":"Heart rate","unit":" bpm"}"#)
    try await expectSame(
      query: "/gauge/stress.svg?value=42&unit=+pts&title=Load",
      body: #"{"preset":"stress","value":42,"unit":" pts","title":"Load"}"#)
    // A field the preset cannot take: the same problem, in the preset's words, either way.
    try await expectSame(
      query: "/gauge/stress.svg?value=42&max=50",
      body: #"{"preset":"stress","value":42,"max":50}"#, status: .badRequest)
  }

  @Test("a preset with wrap draws its laps, from the catalog's presets or inline")
  func laps() async throws {
    let preset = #"{"extends":"battery","fill":"progress","wrap":true}"#
    let expected = try Gauge(presetJSON: preset).svgBytes(
      value: 130, options: RenderOptions(width: 240, height: 240))
    #expect(String(decoding: expected, as: UTF8.self).contains(", lap 2"))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post, body: json(#"{"preset":\#(preset),"value":130,"size":240}"#))
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
    }
  }

  @Test("several values")
  func values() async throws {
    try await expectSame(
      query: "/gauge/stress.svg?value=42", body: #"{"preset":"stress","values":[42]}"#)
  }

  @Test("several problems in the fields: one summary of them all, one entry each")
  func severalProblems() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"value":1,"min":0,"max":10,"zones":["A:5:zz","B:10:qq"]}"#))
      #expect(response.status == .badRequest)
      let first = #""zz" is not a colour; "# + GaugeFieldsTests.colours
      let second = #""qq" is not a colour; "# + GaugeFieldsTests.colours
      #expect(
        response.text
          == problem(
            400, "Bad Request",
            "the gauge's fields have 2 problems:\n  zones[0]: \(first)\n  zones[1]: \(second)",
            errors: [("zones[0]", first), ("zones[1]", second)]))
    }
  }

  @Test(
    "bad fields are 400s in the query's words, at their place in the body",
    arguments: [
      (
        #"{"preset":"stress","values":[1,2]}"#,
        bodyProblem(
          1, 29, "values", #"2 values for a gauge of one pointer (no "pointers"); give at most 1"#)
      ),
      (
        #"{"preset":"stress","value":1,"values":[1]}"#,
        bodyProblem(1, 39, "values", #"give "value" or "values", not both"#)
      ),
      (
        #"{"preset":"stress","values":[1,"x"]}"#,
        bodyProblem(1, 32, "values[1]", "expected a number or null, found a string")
      ),
      (
        #"{"preset":"stress","value":1,"range":[55,30]}"#,
        bodyProblem(1, 38, "range", "low 55 is above high 30; give the lowest value first")
      ),
      (
        #"{"preset":"stress","value":1,"range":[55]}"#,
        bodyProblem(
          1, 38, "range",
          #"has 1 value; write [low, high], two numbers, such as [30, 55], or "30,55""#)
      ),
      (
        #"{"preset":"stress","value":1,"ticks":101}"#,
        bodyProblem(1, 38, "ticks", "101 is out of range; allowed: 0...100")
      ),
      (
        #"{"value":1,"min":0,"max":10,"zones":["Low:5:#34C759","High"]}"#,
        badParameter(
          "zones[1]", "'High' is not a zone; write LABEL:UPTO:COLOR, such as Low:60:#34C759")
      ),
      (
        // Given and empty: refused, not the preset's zones kept.
        #"{"preset":"stress","value":42,"zones":[]}"#,
        badParameter(
          "zones", #"is empty; a gauge needs at least one zone, such as "Low:60:#34C759""#)
      ),
    ])
  func badFields(body: String, expected: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge", method: .post, body: json(body))
      #expect(response.status == .badRequest)
      #expect(response.text == expected)
    }
    // The query's words for the same range, at the parameter (a query has no line).
    if body.contains("[55,30]") {
      try await withService { client in
        let query = try await client.execute(
          uri: "/gauge/stress.svg?value=1&range=55,30", method: .get)
        #expect(
          query.text
            == badParameter("range", "low 55 is above high 30; give the lowest value first"))
      }
    }
  }
}
