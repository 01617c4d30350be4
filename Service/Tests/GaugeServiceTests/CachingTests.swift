import GaugeKit
import Hummingbird
import Synchronization
import Testing

@testable import GaugeService

@Suite("ETag, If-None-Match and 304")
struct CachingTests {
  @Test("FNV-1a 128: the published vectors for the empty string and \"a\"")
  func fnvVectors() {
    #expect(EntityTag(canonical: "").opaque == "6c62272e07bb014262b821756295c58d")
    #expect(EntityTag(canonical: "a").opaque == "d228cb696f1a8caf78912b704e4a8964")
  }

  @Test("a tag keeps its leading zeros: always 32 hex digits")
  func leadingZeros() {
    #expect(EntityTag(canonical: "x1").opaque == "0880955b0eab1be95aa0733055c47222")
    #expect(EntityTag(canonical: "x340001").opaque == "006bd9c7c04ff78dcedf753e7a0ee6c3")
  }

  @Test("hex digits are String(radix: 16)'s, padded to 32")
  func hexDigits() {
    func padded(_ value: UInt128) -> String {
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 32 - hex.count) + hex
    }
    var values: [UInt128] = [0, 1, 0xF, 0xA, 9, .max, .max >> 4, 1 << 127]
    for shift in stride(from: 0, to: 128, by: 4) {
      values += [1 << shift, 0xF << shift, 0xA << shift, 9 << shift, .max >> shift]
    }
    // A fixed walk over the whole range.
    var walk: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    for step in 0..<1000 {
      walk = (walk &* 0x0000_0000_0100_0000_0000_0000_0000_013B) ^ UInt128(step)
      values.append(walk)
    }
    for value in values {
      #expect(EntityTag.hex(value) == padded(value), "\(padded(value))")
    }
  }

  @Test(
    "If-None-Match: lists, weak forms and * match; others do not",
    arguments: [
      (#""abc""#, true), (#"W/"abc""#, true), ("*", true), (#""x", "abc""#, true),
      (#""x",W/"abc""#, true), (#" "x" ,  "abc" "#, true), (#"junk, "abc""#, true),
      (#""abcd""#, false), (#""ab""#, false), ("abc", false), (#""abc"#, false), ("", false),
      (#"W/abc"#, false),
    ])
  func matching(field: String, matches: Bool) {
    let tag = EntityTag(canonical: "")
    let field = field.replacingOccurrences(of: "abc", with: tag.opaque)
    #expect(tag.matches(ifNoneMatch: field) == matches)
  }

  @Test("a repeat with the tag is a 304 with no body, and the same caching headers")
  func notModified() async throws {
    try await withService { client in
      let first = try await client.execute(uri: "/gauge/stress.svg?value=42", method: .get)
      let tag = try #require(first.headers[.eTag])
      for field in [tag, "W/" + tag, "\"other\", " + tag, "*"] {
        let again = try await client.execute(
          uri: "/gauge/stress.svg?value=42", method: .get, headers: [.ifNoneMatch: field])
        #expect(again.status == .notModified)
        #expect(again.headers[.eTag] == tag)
        #expect(again.headers[.cacheControl] == "public, max-age=31536000, immutable")
        #expect(again.body.readableBytes == 0)
      }
      let stale = try await client.execute(
        uri: "/gauge/stress.svg?value=42", method: .get, headers: [.ifNoneMatch: "\"stale\""])
      #expect(stale.status == .ok)
    }
  }

  @Test("spellings of one image share a tag; different images do not")
  func canonicalTags() async throws {
    try await withService { client in
      func tag(_ uri: String) async throws -> String? {
        try await client.execute(uri: uri, method: .get).headers[.eTag]
      }
      let base = try await tag("/gauge/stress.svg?value=42")
      #expect(try await tag("/gauge/stress.svg?size=400&value=42.0") == base)
      #expect(
        try await tag("/gauge/stress.svg?width=400&height=400&value=4.2e1&theme=light") == base)
      #expect(try await tag("/gauge/stress.svg?value=42&animate=false&scale=2") == base)
      #expect(try await tag("/gauge/stress.svg?value=43") != base)
      #expect(try await tag("/gauge/stress.svg?value=42&size=401") != base)
      #expect(try await tag("/gauge/stress.svg?value=42&title=Stress") != base)
      #expect(try await tag("/gauge/cpu.svg?value=42") != base)
      #expect(
        try await tag("/gauge/stress.svg?value=none")
          == (try await tag("/gauge/stress.svg?value=nan")))
    }
  }

  @Test("POST with the same preset and options carries the GET's tag")
  func postSharesTag() async throws {
    try await withService { client in
      let get = try await client.execute(uri: "/gauge/stress.svg?value=42&size=200", method: .get)
      let post = try await client.execute(
        uri: "/gauge", method: .post, body: json(#"{"preset":"stress","value":42,"size":200}"#))
      #expect(post.status == .ok)
      #expect(post.headers[.eTag] == get.headers[.eTag])
      #expect(post.bytes == get.bytes)
    }
  }

  @Test("a POST whose If-None-Match matches fails the precondition (RFC 9110: 304 is for GET)")
  func postPrecondition() async throws {
    try await withService { client in
      let body = #"{"preset":"stress","value":42}"#
      let first = try await client.execute(uri: "/gauge", method: .post, body: json(body))
      let tag = try #require(first.headers[.eTag])
      let again = try await client.execute(
        uri: "/gauge", method: .post, headers: [.ifNoneMatch: tag], body: json(body))
      #expect(again.status == .preconditionFailed)
      expectProblemHeaders(again)
      #expect(
        again.text
          == problem(
            412, "Precondition Failed",
            "the image matches If-None-Match; revalidate with GET, or leave the header out"))
    }
  }

  @Test("PNG: a tag of its own per format and scale, and a 304 that draws nothing")
  func pngNotModified() async throws {
    let png = CountingRenderer(PNGImageRenderer())
    try await withService(renderers: ImageRenderers(png: png)) { client in
      let uri = "/gauge/stress.png?value=42&size=100"
      let first = try await client.execute(uri: uri, method: .get)
      #expect(first.status == .ok)
      #expect(png.draws == 1)
      let tag = try #require(first.headers[.eTag])
      let svg = try await client.execute(uri: "/gauge/stress.svg?value=42&size=100", method: .get)
      #expect(svg.headers[.eTag] != tag)
      let doubled = try await client.execute(uri: uri + "&scale=2", method: .get)
      #expect(doubled.headers[.eTag] != tag)
      let spelled = try await client.execute(
        uri: "/gauge/stress.png?value=42.0&width=100&height=100&scale=1", method: .get)
      #expect(spelled.headers[.eTag] == tag)
      #expect(png.draws == 3)
      for method in [HTTPRequest.Method.get, .head] {
        let again = try await client.execute(
          uri: uri, method: method, headers: [.ifNoneMatch: tag])
        #expect(again.status == .notModified)
        #expect(again.headers[.eTag] == tag)
        #expect(again.headers[.cacheControl] == "public, max-age=31536000, immutable")
        #expect(again.body.readableBytes == 0)
      }
      #expect(png.draws == 3)
    }
  }
}

/// Passes every drawing to `base` and counts them, to show which answers draw nothing.
private final class CountingRenderer: ImageRenderer {
  let base: any ImageRenderer
  private let count = Mutex(0)

  init(_ base: any ImageRenderer) { self.base = base }

  var format: ImageFormat { base.format }
  var draws: Int { count.withLock { $0 } }

  func image(of gauge: Gauge, value: Double?, options: ImageOptions) throws(GaugeError)
    -> [UInt8]
  {
    count.withLock { $0 += 1 }
    return try base.image(of: gauge, value: value, options: options)
  }

  func image(of chart: PieChart, options: ImageOptions) throws(GaugeError) -> [UInt8] {
    count.withLock { $0 += 1 }
    return try base.image(of: chart, options: options)
  }
}
