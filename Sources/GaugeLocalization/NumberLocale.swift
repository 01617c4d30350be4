/// How one locale writes numbers, from CLDR (see `NumberLocale+Data.swift`).
package struct NumberLocale: Sendable, Hashable {
  /// The table's tag this data comes from ("de-CH", "ar-EG-u-nu-latn").
  package let tag: String
  /// CLDR's numbering system ("latn", "arab", "beng").
  package let numberingSystem: String
  /// The numbering system the locale uses by default (`numberingSystem` unless a tag asked for
  /// `latn`).
  package let nativeNumberingSystem: String
  /// The digits 0...9.
  package let digits: [Character]
  /// Whether the digits are ASCII's.
  package let isLatin: Bool
  package let decimal: String
  package let group: String
  /// What stands before a negative number: the minus sign with any bidi mark CLDR puts there.
  package let minus: String
  package let plus: String
  package let percentPrefix: String
  package let percentSuffix: String
  /// The percent sign alone ("%", "٪"), for a readout that draws it as a unit.
  package let percentSign: String
  /// The size of the group nearest the decimal point, of the others, and the fewest digits a
  /// number's integer part must have beyond the first group for grouping to start (1: 1,234;
  /// 2: 1234 and 12 345).
  package let primaryGroup: Int
  package let secondaryGroup: Int
  package let minimumGrouping: Int
  /// The group sizes of the percent pattern, which may differ (Bengali groups numbers by lakh
  /// but percentages by thousands).
  package let percentPrimaryGroup: Int
  package let percentSecondaryGroup: Int
  package let plural: PluralRule
  /// Per power of ten 0...20, the short form, or `nil` where the number stands as it is.
  package let compact: [CompactPattern?]

  /// A short form ("0K", "00 Mio."): the power of ten the number is divided by, and the texts
  /// around it, with another pair for a plural category whose words differ.
  package struct CompactPattern: Sendable, Hashable {
    package let divisor: Int
    package let prefix: String
    package let suffix: String
    /// Whether a minus stands after the prefix ("elfu -1") rather than before it ("-ද1").
    package let signAfterPrefix: Bool
    package let variants: [PluralCategory: (prefix: String, suffix: String)]

    package static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.divisor == rhs.divisor && lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix
        && lhs.signAfterPrefix == rhs.signAfterPrefix
        && lhs.variants.count == rhs.variants.count
        && lhs.variants.allSatisfy {
          rhs.variants[$0.key]?.prefix == $0.value.prefix
            && rhs.variants[$0.key]?.suffix == $0.value.suffix
        }
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(divisor)
      hasher.combine(prefix)
      hasher.combine(suffix)
    }
  }

  /// The data for a parsed tag: its most specific match, then the Latin-digit variant if the
  /// tag asks for `latn`.
  init?(tag: LocaleTag) {
    for candidate in tag.fallbacks {
      guard let line = Self.table[candidate] else { continue }
      let native = Self(tag: candidate, line: line, native: nil)
      if tag.numberingSystem == "latn", native.numberingSystem != "latn",
        let latin = Self.table[candidate + "-u-nu-latn"]
      {
        self = Self(tag: candidate + "-u-nu-latn", line: latin, native: native.numberingSystem)
      } else {
        self = native
      }
      return
    }
    return nil
  }

  /// The data of `en`: what a readout with no locale but a compact notation uses.
  package static let english = NumberLocale(tag: "en", line: table["en"]!, native: nil)

  /// Every tag of the table (without the `-u-nu-latn` variants), sorted.
  package static var supported: [String] {
    table.keys.filter { !$0.contains("-u-") }.sorted()
  }

  /// Every language of the table, sorted.
  static var languages: [String] {
    Set(supported.map { String($0.prefix { $0 != "-" }) }).sorted()
  }

  /// Decodes one line of the generated table.
  private init(tag: String, line: String, native: String?) {
    let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    precondition(fields.count == 12, "NumberLocale+Data.swift: \(tag) has \(fields.count) fields")
    self.tag = tag
    numberingSystem = fields[0]
    nativeNumberingSystem = native ?? fields[0]
    digits = Array(fields[1])
    isLatin = fields[1] == "0123456789"
    decimal = fields[2]
    group = fields[3]
    minus = fields[4]
    plus = fields[5]
    percentPrefix = fields[6]
    percentSuffix = fields[7]
    percentSign = fields[8]
    let sizes = fields[9].split(separator: ",").compactMap { Int($0) }
    primaryGroup = sizes[0]
    secondaryGroup = sizes[1]
    minimumGrouping = sizes[2]
    percentPrimaryGroup = sizes[3]
    percentSecondaryGroup = sizes[4]
    plural = PluralRule(rawValue: fields[10]) ?? .none
    compact = fields[11].split(separator: ";", omittingEmptySubsequences: false).map { entry in
      guard !entry.isEmpty else { return nil }
      let forms = entry.split(separator: "~", omittingEmptySubsequences: false)
      let main = forms[0].split(separator: "^", omittingEmptySubsequences: false)
      var variants: [PluralCategory: (prefix: String, suffix: String)] = [:]
      for form in forms.dropFirst() {
        let parts = form.split(separator: "^", omittingEmptySubsequences: false)
        if let category = PluralCategory(rawValue: String(parts[0])) {
          variants[category] = (String(parts[1]), String(parts[2]))
        }
      }
      return CompactPattern(
        divisor: Int(main[0]) ?? 0, prefix: String(main[1]), suffix: String(main[2]),
        signAfterPrefix: main.count > 3 && main[3] == "after", variants: variants)
    }
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.tag == rhs.tag }
  package func hash(into hasher: inout Hasher) { hasher.combine(tag) }
}
