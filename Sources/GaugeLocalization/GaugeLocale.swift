@_spi(Service) import GaugeSupport

/// The reader's language and region, as a BCP 47 tag ("de-CH", "ar-EG", "zh-Hant-TW"): how a
/// gauge writes its numbers (CLDR's symbols, grouping, digits and short forms) and the words it
/// draws and speaks ("No data", its accessible name).
///
/// Numbers follow CLDR 48 for the locales `supported` lists; a region GaugeKit has no own data
/// for takes its language's ("de-LU" writes as "de"). Words exist in English, German, French,
/// Spanish, Italian, Portuguese, Dutch, Polish, Russian, Ukrainian, Turkish, Arabic, Hebrew,
/// Hindi, Japanese, Korean and Chinese (Simplified and Traditional); other languages speak
/// English words with their own numbers.
public struct GaugeLocale: Sendable, Hashable, CustomStringConvertible {
  /// The tag in its canonical case ("de-CH", "zh-Hant-TW", "ar-EG-u-nu-latn").
  public let identifier: String
  /// How numbers are written.
  package let numbers: NumberLocale
  /// The words drawn and spoken, by their place in the table: a locale is copied with every
  /// readout format, and an index copies for nothing where twenty strings would not.
  private let wordsIndex: Int
  /// The words drawn and spoken.
  package var words: LocaleWords { LocaleWords.all[wordsIndex] }

  /// The locale for `tag`, such as "de-CH", "fr", "ar-EG", "hi-IN" or "ar-EG-u-nu-latn".
  ///
  /// Edge cases:
  /// - Case does not matter ("DE-ch" is "de-CH"); "_" is not a separator ("de_CH" throws, with
  ///   the tag it meant).
  /// - A region without data of its own takes its language's; "zh-TW", "zh-HK" and "zh-MO"
  ///   write traditional Chinese.
  /// - The Unicode extension's numbering system `nu` may be the locale's own or `latn`;
  ///   other extension keys and variants are accepted and ignored.
  ///
  /// - Throws: `GaugeError.invalidOption` for a malformed tag, a language GaugeKit has no
  ///   data for, or another numbering system; the message names the tag and what is allowed.
  public init(_ tag: String) throws(GaugeError) {
    let parsed = try LocaleTag(parsing: tag)
    guard let numbers = NumberLocale(tag: parsed) else {
      let known = NumberLocale.languages
      let hint =
        Suggestion.closest(to: parsed.language, among: known).map { " (did you mean \"\($0)\"?)" }
        ?? ""
      throw .invalidOption(
        "locale \"\(tag)\" is not supported\(hint); languages: \(known.joined(separator: ", "))")
    }
    if let system = parsed.numberingSystem, system != numbers.numberingSystem {
      throw .invalidOption(
        "locale \"\(tag)\": numbering system \"\(system)\" is not available; allowed: "
          + "\(numbers.nativeNumberingSystem)"
          + (numbers.nativeNumberingSystem == "latn" ? "" : ", latn"))
    }
    identifier = parsed.canonical
    self.numbers = numbers
    wordsIndex = LocaleWords.index(for: parsed)
  }

  /// The first locale of an HTTP `Accept-Language` header that GaugeKit supports, by the
  /// header's order and quality values; `nil` when none is (or the header is malformed).
  ///
  /// Edge cases:
  /// - "*" and tags with q=0 are skipped; equal qualities keep the header's order.
  public static func preferred(acceptLanguage header: String) -> GaugeLocale? {
    var choices: [(tag: Substring, quality: Double, order: Int)] = []
    for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
      let fields = item.split(separator: ";")
      guard let first = fields.first else { continue }
      let tag = first.trimmingSpaces
      var quality = 1.0
      for field in fields.dropFirst() {
        let parameter = field.trimmingSpaces
        if parameter.hasPrefix("q=") { quality = Double(parameter.dropFirst(2)) ?? 0 }
      }
      guard tag != "*", quality > 0, quality <= 1 else { continue }
      choices.append((tag, quality, order))
    }
    choices.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
    for choice in choices {
      if let locale = try? GaugeLocale(String(choice.tag)) { return locale }
    }
    return nil
  }

  /// Every tag with number data of its own.
  public static var supported: [String] { NumberLocale.supported }

  public var description: String { identifier }

  public static func == (lhs: GaugeLocale, rhs: GaugeLocale) -> Bool {
    lhs.identifier == rhs.identifier
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
