import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

@Suite("GET /dashboard.svg and .png: several gauges in one image")
struct DashboardTests {
  static func grid(columns: Int? = nil) throws -> GaugeGrid {
    GaugeGrid(
      try ["cpu", "memory", "disk"].map { name throws(GaugeError) in
        try BuiltinPresets.gauge(named: name)
      }, columns: columns)
  }

  static let values: [Double?] = [37, 62, nil]

  @Test("the library's grid, as SVG and as PNG")
  func sameBytesAsTheLibrary() async throws {
    let svg = try Self.grid().svgBytes(
      values: Self.values, options: RenderOptions(width: 400, height: 400))
    let png = try Self.grid(columns: 3).png(
      values: Self.values, options: RenderOptions(width: 200, height: 200))
    try await withService { client in
      let image = try await client.execute(
        uri: "/dashboard.svg?g=cpu:37&g=memory:62&g=disk:none", method: .get)
      #expect(image.status == .ok)
      #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
      #expect(image.bytes == svg)
      let raster = try await client.execute(
        uri: "/dashboard.png?g=cpu:37&g=memory:62&g=disk:none&columns=3&size=200",
        method: .get)
      #expect(raster.status == .ok)
      #expect(raster.bytes == png)
    }
  }

  @Test(
    "problems name the parameter",
    arguments: [
      ("size=200", "g", "is missing; give g=PRESET:VALUE once for each gauge"),
      ("g=cpu", "g", "gauge 1, 'cpu', is not PRESET:VALUE (such as cpu:37)"),
      (
        "g=cpu:1&g=memory:x", "g",
        "gauge 2, 'memory:x': 'x' is not a number; give a number such as 42, or 'none' for no "
          + "data"
      ),
      ("g=cpu:1&columns=0", "columns", "0 is out of range; allowed: 1...64"),
      (
        "g=cpu:37%00", "g",
        "gauge 1, 'cpu:37\u{0}': '37\u{0}' is not a number; give a number such as 42, or 'none' "
          + "for no data"
      ),
      // The grid's size names the parameter that set the side too large.
      (
        "g=cpu:37&g=memory:1&size=5000", "size",
        "2 × 1 gauges of 5000 × 5000 make an image of 10000 × 5000 pixels; at most 8192 a side "
          + "allowed"
      ),
      (
        "g=cpu:37&g=memory:1&width=5000", "width",
        "2 × 1 gauges of 5000 × 400 make an image of 10000 × 400 pixels; at most 8192 a side "
          + "allowed"
      ),
      (
        "g=cpu:1&g=cpu:2&columns=1&height=4100", "height",
        "1 × 2 gauges of 400 × 4100 make an image of 400 × 8200 pixels; at most 8192 a side "
          + "allowed"
      ),
    ])
  func problems(query: String, path: String, message: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/dashboard.svg?" + query, method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(response.text == badParameter(path, message))
    }
  }

  @Test("a PNG's grid times its scale is at most 8192 a side, checked before drawing")
  func scaledGrid() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/dashboard.png?g=cpu:37&g=memory:1&size=3000&scale=2", method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      #expect(
        response.text
          == badParameter(
            "scale",
            "2 makes the 6000×3000 image 12000×6000 pixels; at most 8192 a side allowed, so at "
              + "most 1"))
    }
  }

  @Test("an unknown preset is the 404 of /gauge/{preset}, placed at the g that named it")
  func unknownPreset() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/dashboard.svg?g=cpu:3&g=strss:1", method: .get)
      #expect(response.status == .notFound)
      expectProblemHeaders(response)
      let names = BuiltinPresets.names.joined(separator: ", ")
      #expect(
        response.text
          == notFoundProblem(
            path: "g",
            "gauge 2, 'strss:1': unknown preset \"strss\"; the built-in presets are \(names); "
              + "did you mean \"stress\"?")
      )
      let png = try await client.execute(uri: "/dashboard.png?g=nope:1", method: .get)
      #expect(png.status == .notFound)
      #expect(
        png.text
          == notFoundProblem(
            path: "g",
            "gauge 1, 'nope:1': unknown preset \"nope\"; the built-in presets are \(names)"))
    }
  }

  @Test("a title or an animation is refused: unknown parameters here")
  func titleAndAnimate() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/dashboard.svg?g=cpu:1&animate", method: .get)
      #expect(response.status == .badRequest)
      #expect(response.text.contains("unknown parameter 'animate'"))
    }
  }
}
