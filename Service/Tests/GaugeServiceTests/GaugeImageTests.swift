import GaugeKit
import Hummingbird
import Testing

@testable import GaugeService

@Suite("GET /gauge/{preset}.svg and .png")
struct GaugeImageTests {
  @Test("an SVG image: the library's exact bytes, cacheable for good")
  func svgImage() async throws {
    let expected = try BuiltinPresets.gauge(named: "stress").svgBytes(
      value: 42, options: RenderOptions(width: 400, height: 400))
    try await withService { client in
      let response = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
      #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(response.headers[.contentLength] == "\(expected.count)")
      #expect(response.bytes == expected)
      let tag = try #require(response.headers[.eTag])
      #expect(tag.count == 34 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
    }
  }

  @Test("every option reaches the library")
  func options() async throws {
    let expected = try BuiltinPresets.gauge(named: "cpu").svgBytes(
      value: 97.5,
      options: RenderOptions(
        width: 300, height: 200, theme: .dark, title: "Build box é", animation: SVGAnimation()))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/cpu.svg?value=97.5&width=300&height=200&theme=dark&title=Build+box+%C3%A9"
          + "&animate",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == expected)
    }
  }

  @Test("value=none, nan and inf draw the no-data state")
  func noData() async throws {
    let expected = try BuiltinPresets.gauge(named: "stress").svgBytes(value: nil)
    try await withService { client in
      for value in ["none", "nan", "inf"] {
        let response = try await client.execute(
          uri: "/gauge/stress.svg?value=\(value)", method: .get)
        #expect(response.bytes == expected)
      }
    }
  }

  @Test("the preset's name may be percent-encoded")
  func encodedName() async throws {
    try await withService { client in
      let plain = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .get)
      let encoded = try await client.execute(uri: "/gauge/str%65ss.svg?value=42", method: .get)
      #expect(encoded.status == .ok)
      #expect(encoded.headers[.eTag] == plain.headers[.eTag])
      let png = try await client.execute(uri: "/gauge/stress.png?value=42", method: .get)
      let dot = try await client.execute(uri: "/gauge/stress%2Epng?value=42", method: .get)
      #expect(dot.status == .ok)
      #expect(dot.headers[.eTag] == png.headers[.eTag] && dot.bytes == png.bytes)
      // Broken escapes are kept as they are, and name no preset.
      let broken = try await client.execute(uri: "/gauge/str%zzss.svg?value=42", method: .get)
      #expect(broken.status == .notFound)
      #expect(broken.text.contains("str%zzss"))
    }
  }

  @Test("HEAD answers the headers without the image")
  func head() async throws {
    try await withService { client in
      let get = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .get)
      let head = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .head)
      #expect(head.status == .ok)
      #expect(head.headers[.eTag] == get.headers[.eTag])
      #expect(head.body.readableBytes == 0)
    }
  }

  @Test("an unknown preset is a 404 in the library's words")
  func unknownPreset() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge/strss.svg?value=42", method: .get)
      #expect(response.status == .notFound)
      expectProblemHeaders(response)
      let names = BuiltinPresets.names.joined(separator: ", ")
      #expect(
        response.text
          == notFoundProblem(
            path: "preset",
            "unknown preset \"strss\"; the built-in presets are \(names); did you mean \"stress\"?")
      )
    }
  }

  @Test("a file that is not .svg or .png is a 404")
  func unknownFormat() async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge/stress.gif?value=42", method: .get)
      #expect(response.status == .notFound)
      #expect(
        response.text
          == notFoundProblem(
            path: "",
            "no image at '/gauge/stress.gif'; ask for /gauge/PRESET.svg or /gauge/PRESET.png"))
    }
  }

  @Test(
    "bad parameters are 400s that name the parameter",
    arguments: [
      ("value=42&szie=3", "szie", "unknown parameter 'szie'; did you mean 'size'?", true),
      ("", "value", "is missing; give a number such as 42, or 'none' for no data", false),
      (
        "value=lots", "value",
        "'lots' is not a number; give a number such as 42, or 'none' for no data",
        false
      ),
      ("value=1&value=2", "value", "is given more than once; give each parameter once", false),
      ("value=1&size=0", "size", "0 is out of range; allowed: 1...8192", false),
      ("value=1&size=9000", "size", "9000 is out of range; allowed: 1...8192", false),
      ("value=1&width=4.5", "width", "'4.5' is not a whole number; allowed: 1...8192", false),
      ("value=1&height=", "height", "'' is not a whole number; allowed: 1...8192", false),
      ("value=1&scale=5", "scale", "5 is out of range; allowed: 1...4", false),
      (
        "value=1&theme=drak", "theme",
        "'drak' is not allowed; use one of light, dark, auto; did you mean 'dark'?", false
      ),
      ("value=1&animate=maybe", "animate", "'maybe' is not allowed; use true or false", false),
      (
        "value=1&title=" + String(repeating: "x", count: 201), "title",
        "is 201 characters long; at most 200 allowed", false
      ),
    ])
  func badParameters(query: String, path: String, message: String, unknown: Bool) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge/stress.svg?" + query, method: .get)
      #expect(response.status == .badRequest)
      expectProblemHeaders(response)
      let expected =
        unknown
        ? problem(400, "Bad Request", message, errors: [(path, message)])
        : badParameter(path, message)
      #expect(response.text == expected)
    }
  }

  @Test("broken percent-encoding is a 400 naming the parameter, as every bad parameter is")
  func brokenEncoding() async throws {
    try await withService { client in
      let title = try await client.execute(
        uri: "/gauge/stress.svg?value=1&title=%E9", method: .get)
      #expect(title.status == .badRequest)
      expectProblemHeaders(title)
      #expect(title.text == badParameter("title", "'%E9' is not valid percent-encoded UTF-8"))
      let value = try await client.execute(uri: "/gauge/stress.svg?value=%zz", method: .get)
      #expect(value.status == .badRequest)
      #expect(value.text == badParameter("value", "'%zz' is not valid percent-encoded UTF-8"))
      // A name that cannot be read names no parameter: the problem is the query's.
      let name = try await client.execute(uri: "/gauge/stress.svg?va%zz=1", method: .get)
      #expect(name.status == .badRequest)
      let message = "a parameter name, 'va%zz', is not valid percent-encoded UTF-8"
      #expect(name.text == problem(400, "Bad Request", message, errors: [("", message)]))
    }
  }

  /// Swift reads a number with C's `strtod`, which stops at a NUL: `37%00` read as 37.
  @Test(
    "a number with a NUL, another control character or anything after it is not a number",
    arguments: [
      (
        "value=37%00", "value",
        "'37\u{0}' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=37%00x", "value",
        "'37\u{0}x' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=37%01", "value",
        "'37\u{1}' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=37x", "value",
        "'37x' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=1,2%00", "value",
        "'2\u{0}' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=1&reference=3%00", "reference",
        "'3\u{0}' is not a number; give a number such as 42, or 'none' for no data"
      ),
      (
        "value=1&marker=3%00:Goal", "marker",
        "'3\u{0}' is not a number; write VALUE:LABEL, such as 30:Goal"
      ),
      ("value=1&range=1,5%00", "range", "'5\u{0}' is not a number; write LOW,HIGH, such as 30,55"),
      ("value=1&size=40%00", "size", "'40\u{0}' is not a whole number; allowed: 1...8192"),
    ])
  func controlCharactersInNumbers(query: String, path: String, message: String) async throws {
    try await withService { client in
      let response = try await client.execute(uri: "/gauge/stress.svg?" + query, method: .get)
      #expect(response.status == .badRequest)
      #expect(response.text == badParameter(path, message))
    }
  }

  @Test(
    "PNG: the library's exact bytes, size × scale pixels, cacheable for good",
    arguments: [
      ("size=100", 100, 100, 1), ("size=100&scale=2", 200, 200, 2),
      ("width=120&height=80&scale=3", 360, 240, 3),
    ])
  func pngImage(query: String, width: Int, height: Int, scale: Int) async throws {
    let expected = try BuiltinPresets.gauge(named: "stress").png(
      value: 42, options: RenderOptions(width: width / scale, height: height / scale),
      scale: Double(scale))
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.png?value=42&" + query, method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "image/png")
      #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
      #expect(response.headers[.contentLength] == "\(expected.count)")
      #expect(response.bytes == expected)
      let header = try #require(PNGHeader(response.bytes))
      #expect(header.width == width && header.height == height)
      #expect(!header.chunks.contains("acTL"))
    }
  }

  @Test("PNG options: dark theme, title, no data, animation as an APNG")
  func pngOptions() async throws {
    let gauge = try BuiltinPresets.gauge(named: "cpu")
    let options = RenderOptions(
      width: 150, height: 100, theme: .dark, title: "Build box é", animation: SVGAnimation())
    let animated = try gauge.png(value: 97.5, options: options, scale: 1)
    let empty = try gauge.png(value: nil, options: RenderOptions(width: 100, height: 100), scale: 1)
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/cpu.png?value=97.5&width=150&height=100&theme=dark&title=Build+box+%C3%A9"
          + "&animate",
        method: .get)
      #expect(response.status == .ok)
      #expect(response.bytes == animated)
      let header = try #require(PNGHeader(response.bytes))
      #expect(header.width == 150 && header.height == 100)
      #expect(header.chunks.contains("acTL"))
      let none = try await client.execute(uri: "/gauge/cpu.png?value=none&size=100", method: .get)
      #expect(none.bytes == empty)
    }
  }

  @Test("PNG: HEAD answers GET's headers with no body")
  func pngHead() async throws {
    try await withService { client in
      let get = try await client.execute(uri: "/gauge/stress.png?value=42&size=100", method: .get)
      let head = try await client.execute(
        uri: "/gauge/stress.png?value=42&size=100", method: .head)
      #expect(head.status == .ok)
      #expect(head.headers[.contentType] == "image/png")
      #expect(head.headers[.eTag] == get.headers[.eTag])
      #expect(head.headers[.cacheControl] == get.headers[.cacheControl])
      #expect(head.body.readableBytes == 0)
    }
  }

  @Test("PNG: scale is 1...4 and size × scale at most 8192, checked before drawing")
  func pngScaleLimits() async throws {
    try await withService { client in
      let over = try await client.execute(
        uri: "/gauge/stress.png?value=42&size=4000&scale=3", method: .get)
      #expect(over.status == .badRequest)
      expectProblemHeaders(over)
      #expect(
        over.text
          == badParameter(
            "scale",
            "3 makes the 4000×4000 image 12000×12000 pixels; at most 8192 a side allowed, so at "
              + "most 2"))
      let wide = try await client.execute(
        uri: "/gauge/stress.png?value=42&width=4097&height=10&scale=2", method: .get)
      #expect(
        wide.text
          == badParameter(
            "scale",
            "2 makes the 4097×10 image 8194×20 pixels; at most 8192 a side allowed, so at most 1"))
      let fraction = try await client.execute(
        uri: "/gauge/stress.png?value=42&scale=1.5", method: .get)
      #expect(
        fraction.text == badParameter("scale", "'1.5' is not a whole number; allowed: 1...4"))
    }
  }
}
