import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

@Suite("marker, reference and range on gauge images")
struct GaugeMarksTests {
  @Test("they reach the library: the same bytes as the CLI's options draw")
  func theyReachTheLibrary() async throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.markers = [GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: 80, label: "Limit")]
    var options = RenderOptions(width: 400, height: 400)
    options.reference = 35
    options.range = 30...55
    let expected = try gauge.svgBytes(value: 42, options: options)
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42&marker=30:Goal&marker=80:Limit&reference=35&range=30,55",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
      let plain = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .get)
      #expect(plain.headers[.eTag] != response.headers[.eTag])
    }
  }

  @Test(
    "a bad marker or range is one 400 naming the parameter",
    arguments: [
      ("range=55,30", "range: low 55 is above high 30; give the lowest value first"),
      ("range=30", "range: '30' is not LOW,HIGH; write two numbers, such as 30,55"),
      ("marker=x", "marker: 'x' has no colon; write VALUE:LABEL, such as 30:Goal"),
      ("marker=a:Goal", "marker: 'a' is not a number; write VALUE:LABEL, such as 30:Goal"),
      // As the CLI says of --marker and --range.
      (
        "marker=inf:Goal",
        "marker: 'inf' is not a finite number; write VALUE:LABEL, such as 30:Goal"
      ),
      ("range=30,nan", "range: 'nan' is not a finite number; write LOW,HIGH, such as 30,55"),
      ("marker=30:", "marker: '30:' has no label; every marker needs a label, such as 30:Goal"),
      (
        "marker=30:%20%E2%80%8B",
        "marker: '30: \u{200B}' has no visible label; every marker needs a label, such as 30:Goal"
      ),
      // A label past the limit is measured as a label, however long the whole marker.
      (
        "marker=30:" + String(repeating: "x", count: 201),
        "marker: the label is 201 characters; at most 200"
      ),
      (
        "marker=30:" + String(repeating: "x", count: 240),
        "marker: the label is 240 characters; at most 200"
      ),
      (
        "reference=x",
        "reference: 'x' is not a number; give a number such as 42, or 'none' for no data"
      ),
    ])
  func badParameters(query: String, detail: String) async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42&" + query, method: .get)
      #expect(response.status == .badRequest)
      #expect(String(buffer: response.body).contains(#""detail":"\#(detail)""#))
    }
  }

  @Test("a JSON body takes marker as a string or an array, reference and range")
  func body() async throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.markers = [GaugeMarker(value: 30, label: "Goal")]
    var options = RenderOptions(width: 400, height: 400)
    options.reference = 35
    options.range = 30...55
    let expected = try gauge.svgBytes(value: 42, options: options)
    try await withService { client in
      for marker in [#""30:Goal""#, #"["30:Goal"]"#] {
        let response = try await client.execute(
          uri: "/gauge", method: .post, headers: [.contentType: "application/json"],
          body: ByteBuffer(
            string: #"{"preset": "stress", "value": 42, "marker": \#(marker), "reference": 35, "#
              + #""range": "30,55"}"#))
        #expect(response.status == .ok)
        #expect(response.bytes == expected)
      }
    }
  }

  @Test("every bad marker of a query, each at marker")
  func everyBadQueryMarker() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42&marker=x&marker=30:Goal&marker=a:B", method: .get)
      #expect(response.status == .badRequest)
      let first = "'x' has no colon; write VALUE:LABEL, such as 30:Goal"
      let second = "'a' is not a number; write VALUE:LABEL, such as 30:Goal"
      #expect(
        response.text
          == problem(
            400, "Bad Request",
            "the markers have 2 problems:\n  marker: \(first)\n  marker: \(second)",
            errors: [("marker", first), ("marker", second)]))
    }
  }

  @Test("bad markers, a bad reference and a bad range together: every problem at once")
  func everyBadMarkParameter() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=42&marker=x&reference=y&range=55,30", method: .get)
      #expect(response.status == .badRequest)
      let marker = "'x' has no colon; write VALUE:LABEL, such as 30:Goal"
      let reference = "'y' is not a number; give a number such as 42, or 'none' for no data"
      let range = "low 55 is above high 30; give the lowest value first"
      #expect(
        response.text
          == problem(
            400, "Bad Request",
            "the request has 3 problems:\n  marker: \(marker)\n  reference: \(reference)"
              + "\n  range: \(range)",
            errors: [("marker", marker), ("reference", reference), ("range", range)]))
    }
  }
}
