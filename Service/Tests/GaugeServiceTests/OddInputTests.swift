import Testing

@testable import GaugeService

@Suite("odd input: a 4xx in problem+json, never a 5xx, never a file path")
struct OddInputTests {
  @Test(
    "queries",
    arguments: [
      "/gauge/stress.svg?value=1e999", "/gauge/stress.svg?value=-1e999&size=-1",
      "/gauge/stress.svg?value=1&size=99999999999999999999999",
      "/gauge/stress.svg?value=1&title=%00%01%02", "/gauge/stress.svg?value=1&title=%F0%9F%98%80",
      "/gauge/stress.svg?value=1&title=" + String(repeating: "%F0%9F%98%80", count: 300),
      "/gauge/stress.svg?=&&&value=1", "/gauge/stress.svg?value",
      "/gauge/..%2F..%2Fetc%2Fpasswd.svg",
      "/gauge/%2E%2E.svg?value=1", "/gauge/.svg?value=1", "/gauge/stress.svg.svg?value=1",
      "/pie.svg?data=%FF:1", "/pie.svg?data=,,,", "/pie.svg?data=a:nan,b:inf",
      "/pie.svg?data=" + (0..<1001).map { "i\($0):1" }.joined(separator: ","),
      "/pie.svg?data=a:1,a:2", "/pie.svg?data=a:0,b:0", "/pie.svg?data=a:1&highlight=zz",
    ])
  func queries(uri: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status.code < 500)
      #expect(!response.text.contains("/work/") && !response.text.contains(".swift"))
      if response.status.code >= 400 {
        #expect(response.headers[.contentType] == "application/problem+json; charset=utf-8")
      }
    }
  }

  @Test(
    "bodies",
    arguments: [
      "", "null", "\u{0}", "{\"preset\":{}}", "{\"preset\":{\"extends\":\"../../etc/passwd\"}}",
      "{\"preset\":{\"zones\":[]},\"value\":1}", "{\"preset\":\"stress\",\"value\":\"1e400\"}",
      "{\"preset\":\"stress\",\"value\":1,\"size\":1e300}",
      String(repeating: "[", count: 10000), "{\"items\":{}}",
    ])
  func bodies(body: String) async throws {
    try await withService { client in
      for path in ["/gauge", "/pie"] {
        let response = try await client.execute(uri: path, method: .post, body: json(body))
        #expect(response.status.code < 500)
        #expect(response.status.code >= 400)
        #expect(!response.text.contains("/work/") && !response.text.contains(".swift"))
      }
    }
  }
}
