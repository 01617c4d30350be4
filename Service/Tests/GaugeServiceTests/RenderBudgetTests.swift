import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

/// The render gate weighs PNGs by their pixels: what a burst of large images may hold.
@Suite("PNG pixel budget")
struct RenderBudgetTests {
  /// 100,000 pixels at once; the tests that hold a permit use a gate that does not wait.
  static let configuration = ServiceConfiguration(
    renderPixelBudget: 100_000, pngCacheSize: 0)

  /// The exact 400 for an animation of `frames` frames of `pixels` pixels each.
  static func overBudget(frames: Int, pixels: Int) -> String {
    badParameter(
      "animate",
      "needs \(frames) frames of \(pixels) pixels, more than the server draws at once "
        + "(100000 pixels); ask for a smaller image or a still one")
  }

  static func gate() -> RenderGate {
    RenderGate(limit: 8, pixelBudget: 100_000, wait: .zero)
  }

  @Test("a PNG that does not fit beside the pixels drawn now is a 503 with Retry-After")
  func busy() async throws {
    let gate = RenderBudgetTests.gate()
    try await withService(RenderBudgetTests.configuration, gate: gate) { client in
      let responses = await gate.holding(pixels: 90_000) {
        [
          // 200 × 200 = 40,000 pixels; 90,000 are drawn.
          try await client.execute(uri: "/gauge/stress.png?value=42&size=200", method: .get),
          // 100 × 2 scale = 200 px a side: 40,000 pixels too.
          try await client.execute(
            uri: "/gauge/stress.png?value=42&size=100&scale=2", method: .get),
          try await client.execute(
            uri: "/gauge", method: .post,
            body: json(#"{"preset":"stress","value":42,"format":"png","size":200}"#)),
          try await client.execute(uri: "/pie.png?data=A:1,B:2&size=200", method: .get),
        ]
      }
      #expect(responses.count == 4)
      for response in responses {
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == "1")
        expectProblemHeaders(response)
        #expect(
          response.text
            == problem(
              503, "Service Unavailable",
              "the server is busy drawing other images; try again in a second"))
      }
    }
  }

  @Test("a PNG that fits beside the pixels drawn now is drawn at once")
  func fits() async throws {
    let gate = RenderBudgetTests.gate()
    let expected = try BuiltinPresets.gauge(named: "stress").png(
      value: 42, options: RenderOptions(width: 100, height: 100))
    try await withService(RenderBudgetTests.configuration, gate: gate) { client in
      let responses = await gate.holding(pixels: 90_000) {
        // 100 × 100 = 10,000 pixels: exactly the budget with the 90,000.
        [try await client.execute(uri: "/gauge/stress.png?value=42&size=100", method: .get)]
      }
      #expect(responses.first?.status == .ok)
      #expect(responses.first?.headers[.contentType] == "image/png")
      #expect(responses.first?.bytes == expected)
    }
  }

  @Test("SVG holds no pixels: it is drawn while the pixel budget is spent")
  func svgPasses() async throws {
    let gate = RenderBudgetTests.gate()
    try await withService(RenderBudgetTests.configuration, gate: gate) { client in
      let responses = await gate.holding(pixels: 100_000) {
        [try await client.execute(uri: "/gauge/stress.svg?value=42&size=8192", method: .get)]
      }
      #expect(responses.first?.status == .ok)
      #expect(responses.first?.headers[.contentType] == "image/svg+xml; charset=utf-8")
    }
  }

  @Test("a still PNG larger than the whole budget is drawn when nothing else is")
  func largerThanBudget() async throws {
    try await withService(RenderBudgetTests.configuration) { client in
      // 400 × 400 = 160,000 pixels, over the 100,000.
      let response = try await client.execute(
        uri: "/gauge/stress.png?value=42&size=400", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/png")
      let header = try #require(PNGHeader(response.bytes))
      #expect(header.width == 400 && header.height == 400)
    }
  }

  @Test("an animated PNG whose frames together pass the budget is refused with 400")
  func animationOverBudget() async throws {
    try await withService(RenderBudgetTests.configuration) { client in
      let response = try await client.execute(
        uri: "/gauge/stress.png?value=42&size=100&animate", method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == RenderBudgetTests.overBudget(frames: 37, pixels: 10000))
      // The same animation small enough is drawn.
      let small = try await client.execute(
        uri: "/gauge/stress.png?value=42&size=40&animate", method: .get)
      #expect(small.status == .ok)
      #expect(PNGHeader(small.bytes)?.chunks.contains("acTL") == true)
    }
  }

  @Test("an animated PNG past the library's own pixel limit is a 400 at animate")
  func animationPastTheLibrarysLimit() async throws {
    // The default budget (two 8192 px squares) admits it; the library's limit for an
    // animation's images (one such square) does not.
    try await withService { client in
      for side in [5000, 8192] {
        let response = try await client.execute(
          uri: "/gauge/stress.png?value=50&animate&size=\(side)", method: .get)
        #expect(response.status == .badRequest)
        expectProblemHeaders(response)
        #expect(
          response.text
            == badParameter(
              "animate",
              "an animated PNG of \(side)×\(side) needs 3 images of that size at the least; at "
                + "most 67,108,864 pixels of images are allowed; draw it at most 4729×4729 or "
                + "without animation"))
      }
    }
  }

  @Test("without a value, an animation lasts until the last sector appears: every frame counts")
  func noDataAnimation() async throws {
    // 100 sectors, 73 of them visible, one a second: 72 s, weighed as the longest animation
    // the library draws (1,800 frames; it then refuses anything past 60 s itself).
    let preset =
      #"{"extends":"stress","ring":{"sectors":100,"buffer":45},"#
      + #""animation":{"duration":1.2,"stagger":1}}"#
    try await withService(RenderBudgetTests.configuration) { client in
      let none = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(
          #"{"preset":\#(preset),"value":null,"format":"png","size":20,"animate":true}"#))
      #expect(none.status == .badRequest)
      #expect(none.text == RenderBudgetTests.overBudget(frames: 1800, pixels: 400))
      // With a value the animation is the pointer's 1.2 s sweep: 37 frames.
      let value = try await client.execute(
        uri: "/gauge", method: .post,
        body: json(#"{"preset":\#(preset),"value":42,"format":"png","size":20,"animate":true}"#))
      #expect(value.status == .ok)
      #expect(value.headers[.contentType] == "image/png")
    }
  }

  @Test("the pie's one-second sweep counts its frames too")
  func pieAnimationOverBudget() async throws {
    try await withService(RenderBudgetTests.configuration) { client in
      let response = try await client.execute(
        uri: "/pie.png?data=A:1,B:2&size=100&animate", method: .get)
      #expect(response.status == .badRequest)
      #expect(response.text == RenderBudgetTests.overBudget(frames: 31, pixels: 10000))
    }
  }
}

extension RenderGate {
  /// Runs `requests` while a render of `pixels` holds the gate; a request that throws is
  /// recorded as an issue.
  func holding(pixels: Int, _ requests: () async throws -> [TestResponse]) async -> [TestResponse] {
    do {
      return try await withPermit(pixels: pixels) { () throws(Problem) in
        do {
          return try await requests()
        } catch {
          Issue.record("a request failed: \(error)")
          return []
        }
      }
    } catch {
      Issue.record("the gate refused the holding render: \(error)")
      return []
    }
  }
}

@Suite("animation limits: the library's, shared with the CLI and batch")
struct AnimationLimitTests {
  @Test("an hour of sectors appearing at 1×1 px is refused in the library's words, at animate")
  func longAnimation() async throws {
    let body =
      #"{"preset":{"extends":"stress","ring":{"sectors":3600},"animation":{"stagger":1}},"#
      + #""value":null,"size":1,"format":"png","animate":true}"#
    try await withService { client in
      let response = try await client.execute(uri: "/gauge", method: .post, body: json(body))
      #expect(response.status == .badRequest)
      #expect(
        response.text
          == badParameter(
            "animate",
            "the animation lasts 2699 seconds; an animated PNG may last at most 60 (lower the "
              + "stagger, or draw it without animation)"))
    }
  }

  @Test("an animation is weighed by the library's frame cap, not its pixels alone")
  func weighedByFrames() {
    var options = ImageOptions()
    options.width = 1
    options.height = 1
    options.animate = true
    #expect(options.rasterImages(for: .png) { 60 } == 1801)
    #expect(options.rasterImages(for: .png) { 3599 } == 1801)
    #expect(options.rasterImages(for: .png) { 0.5 } == 17)
    #expect(options.rasterImages(for: .svg) { 60 } == 0)
  }
}
