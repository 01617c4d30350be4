import GaugeKit
import GaugeLocalization
import Testing

/// Locales as a user names them, and what a gauge says in one.
@Suite struct LocaleTests {
  @Test(arguments: [
    ("de-ch", "de-CH", "de-CH"), ("ZH-hant-tw", "zh-Hant-TW", "zh-Hant"),
    ("zh-TW", "zh-TW", "zh-Hant"), ("zh-HK", "zh-HK", "zh-HK"), ("zh-CN", "zh-CN", "zh"),
    ("de-LU", "de-LU", "de"), ("sr-Latn-RS", "sr-Latn-RS", "sr-Latn"),
    ("ar-EG-u-nu-latn", "ar-EG-u-nu-latn", "ar-EG-u-nu-latn"), ("pt-BR", "pt-BR", "pt"),
    ("de-CH-1996", "de-CH", "de-CH"), ("en-US-u-ca-gregory", "en-US", "en"),
  ])
  func tagsAreReadAndFallBack(tag: String, identifier: String, data: String) throws {
    let locale = try GaugeLocale(tag)
    #expect(locale.identifier == identifier)
    #expect(locale.numbers.tag == data)
  }

  @Test(arguments: [
    ("", "locale \"\" is not a BCP 47 tag: it is empty"),
    (
      "de_CH",
      "locale \"de_CH\" is not a BCP 47 tag: subtags are separated by '-', not '_' (did you mean \"de-CH\"?)"
    ),
    ("german", "locale \"german\" is not a BCP 47 tag: the language must be 2 or 3 letters"),
    ("de--CH", "locale \"de--CH\" is not a BCP 47 tag: \"\" is not a script, region or variant"),
    ("de-u", "locale \"de-u\" is not a BCP 47 tag: \"u\" ends the tag"),
  ])
  func malformedTagsSayWhy(tag: String, message: String) {
    #expect(
      throws: GaugeError.invalidOption(
        message + "; allowed: a tag such as en, de-CH, zh-Hant-TW or ar-EG-u-nu-latn")
    ) {
      try GaugeLocale(tag)
    }
  }

  @Test func unsupportedLanguagesAndNumberingSystemsAreRefused() throws {
    #expect(throws: GaugeError.self) { try GaugeLocale("tlh") }
    #expect(
      throws: GaugeError.invalidOption(
        "locale \"ar-EG-u-nu-thai\": numbering system \"thai\" is not available; allowed: arab, latn"
      )
    ) {
      try GaugeLocale("ar-EG-u-nu-thai")
    }
    #expect(
      throws: GaugeError.invalidOption(
        "locale \"de-u-nu-arab\": numbering system \"arab\" is not available; allowed: latn")
    ) {
      try GaugeLocale("de-u-nu-arab")
    }
    #expect(try GaugeLocale("de-u-nu-latn").identifier == "de-u-nu-latn")
    #expect(GaugeLocale.supported.count >= 90)
  }

  @Test(
    arguments: [
      ("de-CH,de;q=0.9,en;q=0.8", "de-CH"), ("xx, fr;q=0.5, de;q=0.7", "de"),
      ("*", nil), ("en;q=0, ja", "ja"), ("tlh", nil), ("zh-TW", "zh-TW"), ("", nil),
      ("  es-MX ; q=1 ", "es-MX"), ("de_CH", nil),
    ] as [(String, String?)])
  func acceptLanguagePicksTheFirstSupported(header: String, identifier: String?) {
    #expect(GaugeLocale.preferred(acceptLanguage: header)?.identifier == identifier)
  }

  static func stress(_ locale: String?, showsZone: Bool = false) throws -> Gauge {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.readout.locale = try locale.map { try GaugeLocale($0) }
    gauge.readout.showsZone = showsZone
    return gauge
  }

  @Test func aGaugeSpeaksItsLocale() throws {
    let german = try Self.stress("de-CH").layout(value: 1234.5)
    #expect(german.summary == "Stress 1'235 von 0–100: über dem Bereich (High)")
    #expect(german.labels.contains { $0.role == .status && $0.text == "Über dem Bereich" })
    let arabic = try Self.stress("ar-EG").layout(value: 42)
    #expect(arabic.summary == "Stress ٤٢ من ٠–١٠٠: Normal")
    let japanese = try Self.stress("ja").layout(value: nil)
    #expect(japanese.summary == "Stress：データなし（0–100）")
    #expect(japanese.labels.contains { $0.role == .status && $0.text == "データなし" })
    #expect(try Self.stress(nil).layout(value: 42).summary == "Stress 42 of 0–100: Normal")
    let traditional = try Self.stress("zh-TW").layout(value: -3)
    #expect(traditional.summary == "Stress -3（0–100）：低於範圍（Relaxed）")
  }

  @Test func percentsTakeTheLocalesPatternAndSign() throws {
    var battery = try BuiltinPresets.gauge(named: "battery")
    #expect(battery.readout.text(for: 87) == "87%")
    battery.readout.locale = try GaugeLocale("tr")
    #expect(battery.readout.text(for: 87) == "%87")
    battery.readout.locale = try GaugeLocale("ar-EG")
    #expect(battery.readout.text(for: 87) == "٨٧٪\u{61C}")
    #expect(battery.readout.unit == "٪")
    battery.readout.locale = try GaugeLocale("fr")
    #expect(battery.readout.text(for: 87) == "87\u{A0}%")
  }

  @Test func compactNotationWritesShortForms() throws {
    var format = ReadoutFormat(decimals: 1, compact: true)
    #expect(format.text(for: 1_234_567) == "1.2M")
    #expect(format.text(for: 999_999.95) == "1M")
    format.locale = try GaugeLocale("de")
    #expect(format.text(for: 1_234_567) == "1,2\u{A0}Mio.")
    format.locale = try GaugeLocale("hi")
    #expect(format.text(for: 1_234_567) == "12.3\u{A0}लाख")
    format.locale = try GaugeLocale("ja")
    #expect(format.text(for: 12_345) == "1.2万")
  }

  @Test func theZonesNameShowsUnderTheReadout() throws {
    let layout = try Self.stress("de", showsZone: true).layout(value: 80)
    let zone = try #require(layout.labels.first { $0.role == .currentZone })
    let readout = try #require(layout.labels.first { $0.role == .readout })
    #expect(zone.text == "High")
    #expect(zone.position.y > readout.position.y)
    #expect(zone.fontSize < readout.fontSize)
    // No value, no zone; and none unless asked for.
    #expect(
      try !Self.stress("de", showsZone: true).layout(value: nil).labels.contains {
        $0.role == .currentZone
      })
    #expect(try !Self.stress("de").layout(value: 80).labels.contains { $0.role == .currentZone })
  }

  @Test func aPresetsWordingReplacesTheLocales() throws {
    let gauge = try Gauge(
      presetJSON: #"""
        {"extends": "stress", "readout": {"locale": "de"},
         "wording": {"summary": "{title}: {value} ({zone})", "noData": "Keine Messung",
                     "description": "{title} von {min} bis {max}: {zones}."}}
        """#)
    #expect(try gauge.layout(value: 42).summary == "Stress: 42 (Normal)")
    #expect(try gauge.layout(value: nil).summary == "Stress: — (Keine Messung)")
    #expect(try gauge.layout(value: 120).summary == "Stress: 120 (Über dem Bereich (High))")
    let svg = try gauge.svg(value: 42)
    #expect(svg.contains(#"lang="de" role="img" aria-label="Stress: 42 (Normal)""#))
    #expect(
      svg.contains(
        "<desc>Stress von 0 bis 100: Relaxed bis 25, Normal bis 75, High bis 100.</desc>"))
    // Encoded and decoded again, the same gauge.
    #expect(try Gauge(presetJSON: gauge.presetJSON()) == gauge)
  }

  @Test func unknownPlaceholdersAreErrorsAtTheirPath() throws {
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(
          path: "wording.noData",
          message: "{value} is not a placeholder here; allowed: {title}, {min}, {max}", line: 1,
          column: 45)
      ])
    ) {
      try Gauge(presetJSON: #"{"extends": "stress", "wording": {"noData": "{value}"}}"#)
    }
  }

  @Test func aLocaleAddsNoCostToAGaugeWithout() throws {
    // No locale: the bytes of before locales (the goldens hold them); "en" differs only by
    // grouping and its lang attribute.
    let plain = try Self.stress(nil).svg(value: 42)
    let english = try Self.stress("en").svg(value: 42)
    #expect(!plain.contains("lang="))
    #expect(english.replacingOccurrences(of: #" lang="en""#, with: "") == plain)
  }
}
