import GaugeKit
import HTTPTypes
import Hummingbird
import Testing

@testable import GaugeService

@Suite("locale= and Accept-Language")
struct LocaleTests {
  static func stress(_ tag: String?) throws -> [UInt8] {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.readout.locale = try tag.map { try GaugeLocale($0) }
    return try gauge.svgBytes(value: 1234.5, options: RenderOptions(width: 400, height: 400))
  }

  @Test("locale= writes the library's localized image; its ETag differs, none is unchanged")
  func localeParameter() async throws {
    try await withService { client in
      let plain = try await client.execute(uri: "/gauge/stress.svg?value=1234.5", method: .get)
      #expect(plain.bytes == (try Self.stress(nil)))
      #expect(plain.headers[.vary] == nil)
      let german = try await client.execute(
        uri: "/gauge/stress.svg?value=1234.5&locale=de-CH", method: .get)
      #expect(german.status == .ok)
      #expect(german.bytes == (try Self.stress("de-CH")))
      #expect(german.headers[.eTag] != plain.headers[.eTag])
      // An explicit locale wins over the header, and the answer does not vary by it.
      var headers = HTTPFields()
      headers[.acceptLanguage] = "ja"
      let explicit = try await client.execute(
        uri: "/gauge/stress.svg?value=1234.5&locale=de-CH", method: .get, headers: headers)
      #expect(explicit.bytes == german.bytes)
      #expect(explicit.headers[.vary] == nil)
    }
  }

  @Test("Accept-Language chooses the first supported locale and the answer varies by it")
  func acceptLanguage() async throws {
    try await withService { client in
      var headers = HTTPFields()
      headers[.acceptLanguage] = "tlh, ar-EG;q=0.9, en;q=0.5"
      let arabic = try await client.execute(
        uri: "/gauge/stress.svg?value=1234.5", method: .get, headers: headers)
      #expect(arabic.bytes == (try Self.stress("ar-EG")))
      #expect(arabic.headers[.vary] == "Accept-Language")
      headers[.acceptLanguage] = "tlh"
      let unknown = try await client.execute(
        uri: "/gauge/stress.svg?value=1234.5", method: .get, headers: headers)
      #expect(unknown.bytes == (try Self.stress(nil)))
    }
  }

  @Test("a bad locale is a 400 that says why, at its parameter")
  func badLocale() async throws {
    try await withService { client in
      let response = try await client.execute(
        uri: "/gauge/stress.svg?value=4&locale=de_CH", method: .get)
      #expect(response.status == .badRequest)
      let body = String(decoding: response.bytes, as: UTF8.self)
      #expect(body.contains(#"locale \"de_CH\" is not a BCP 47 tag"#))
      let pie = try await client.execute(uri: "/pie.svg?data=a:1234.5,b:2&locale=fr", method: .get)
      #expect(pie.status == .ok)
      #expect(String(decoding: pie.bytes, as: UTF8.self).contains("1\u{202F}234,5"))
    }
  }
}
