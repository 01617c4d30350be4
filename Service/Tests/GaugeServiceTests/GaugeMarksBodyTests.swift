import GaugeKit
@_spi(Service) import GaugeSupport
import Hummingbird
import Testing

@testable import GaugeService

/// A body's markers and range: every bad marker at its own JSON path, and each way a range
/// can be wrong said with what is allowed.
@Suite("marker and range in a POST /gauge body: each problem at its place")
struct GaugeMarksBodyTests {
  /// Checks the answer to `{"preset":"stress","value":42,` + `fields` + `}`.
  func post(_ fields: String, _ check: @escaping @Sendable (TestResponse) -> Void)
    async throws
  {
    try await withService { client in
      check(
        try await client.execute(
          uri: "/gauge", method: .post,
          body: json(#"{"preset":"stress","value":42,"# + fields + "}")))
    }
  }

  @Test("every bad marker of an array, each at marker[i], its line and column")
  func everyBadMarker() async throws {
    try await post(#""marker":["x","30:Goal","a:B","40:"]"#) { response in
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == Self.everyBadMarker)
    }
  }

  static let everyBadMarker: String = {
    let hint = "write VALUE:LABEL, such as 30:Goal"
    let first = "'x' has no colon; \(hint)"
    let second = "'a' is not a number; \(hint)"
    let third = "'40:' has no label; every marker needs a label, such as 30:Goal"
    let detail =
      "the markers have 3 problems:\n  1:41: marker[0]: \(first)\n  1:55: marker[2]: \(second)"
      + "\n  1:61: marker[3]: \(third)"
    return #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"#
      + JSONText.quoted(detail) + #","errors":["#
      + #"{"path":"marker[0]","message":\#(JSONText.quoted(first)),"line":1,"column":41},"#
      + #"{"path":"marker[2]","message":\#(JSONText.quoted(second)),"line":1,"column":55},"#
      + #"{"path":"marker[3]","message":\#(JSONText.quoted(third)),"line":1,"column":61}]}"#
      + "\n"
  }()

  @Test("one marker as a string: at marker, its line and column")
  func oneMarker() async throws {
    try await post(#""marker":"x""#) { response in
      #expect(
        response.text
          == bodyProblem(1, 40, "marker", "'x' has no colon; write VALUE:LABEL, such as 30:Goal"))
    }
  }

  @Test(
    "a range that is not two numbers, low first, says what is wrong and what is allowed",
    arguments: [
      (#""range":[55,30]"#, 1, 39, "range", "low 55 is above high 30; give the lowest value first"),
      (
        #""range":[30]"#, 1, 39, "range",
        #"has 1 value; write [low, high], two numbers, such as [30, 55], or "30,55""#
      ),
      (
        #""range":[]"#, 1, 39, "range",
        #"is empty; write [low, high], two numbers, such as [30, 55], or "30,55""#
      ),
      (
        #""range":[1,2,3]"#, 1, 39, "range",
        #"has 3 values; write [low, high], two numbers, such as [30, 55], or "30,55""#
      ),
      (#""range":[30,"x"]"#, 1, 43, "range[1]", "expected a number for high, found a string"),
      (#""range":[null,55]"#, 1, 40, "range[0]", "expected a number for low, found null"),
      (#""range":[30,1e999]"#, 1, 43, "range[1]", "is too large; numbers must be finite"),
      (
        #""range":5"#, 1, 39, "range",
        #"expected an array or a string, found a number; write [low, high], two numbers, such as [30, 55], or "30,55""#
      ),
    ] as [(String, Int, Int, String, String)])
  func badRange(fields: String, line: Int, column: Int, path: String, message: String)
    async throws
  {
    try await post(fields) { response in
      #expect(response.status == .badRequest)
      #expect(response.text == bodyProblem(line, column, path, message))
    }
  }

  @Test("a range as a string is read as the query's, with the query's words")
  func rangeString() async throws {
    try await post(#""range":"55,30""#) { response in
      #expect(
        response.text
          == badParameter("range", "low 55 is above high 30; give the lowest value first"))
    }
    try await post(#""range":"30""#) { response in
      #expect(
        response.text
          == badParameter("range", "'30' is not LOW,HIGH; write two numbers, such as 30,55"))
    }
  }
}
