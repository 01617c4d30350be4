/// The words a gauge or chart draws and speaks, in one language, with `{name}` placeholders
/// that `filled(_:_:)` replaces.
package struct LocaleWords: Sendable, Hashable {
  /// The language (and script) these words are in: "en", "de", "zh-Hant".
  package let language: String
  /// The states drawn on the picture.
  package let noData: String
  package let belowRange: String
  package let aboveRange: String
  /// The accessible name per state: `{title}`, `{value}` (the readout with its unit), `{min}`,
  /// `{max}` and `{zone}`.
  package let summary: String
  package let summaryNoData: String
  package let summaryBelow: String
  package let summaryAbove: String
  /// The accessible description: `{min}`, `{max}`, `{count}` and `{zones}`, the list of
  /// `zoneItem`s (`{zone}`, `{max}`) joined by `listSeparator`; `descriptionOne` for one zone,
  /// whose `{zones}` is its label alone.
  package let description: String
  package let descriptionOne: String
  package let zoneItem: String
  package let listSeparator: String
  /// The name of a gauge without a title.
  package let gauge: String
  /// A chart's accessible name: `{kind}` (`pieChart` or `donutChart`), `{count}`, `{total}`;
  /// `chartSummaryOne` for one item.
  package let chartSummary: String
  package let chartSummaryOne: String
  package let pieChart: String
  package let donutChart: String
  /// A chart's texts: an empty one's message, a zero total's, and the donut centre's caption.
  package let totalIsZero: String
  package let total: String
  /// The accessible name of several values on one dial ("Blood pressure: Systolic 120,
  /// Diastolic 80 mmHg: High"): `{title}`, `{values}` (each pointer's name and number,
  /// joined by `listSeparator`, the unit once at the end), `{min}`, `{max}` and `{zone}`.
  package var summaryValues = "{title}: {values}: {zone}"

  /// The languages with words of their own.
  package static var languages: [String] { all.map(\.language) }

  /// `template` with each `{name}` replaced by its value; unknown names stay as written.
  package static func filled(_ template: String, _ values: KeyValuePairs<String, String>) -> String
  {
    var result = ""
    result.reserveCapacity(template.utf8.count + 32)
    var copied = template.utf8.startIndex
    forEachPlaceholder(in: template) { name, braces in
      guard let value = values.first(where: { $0.key.utf8.elementsEqual(name.utf8) })?.value
      else { return }
      result += template[copied..<braces.lowerBound]
      result += value
      copied = braces.upperBound
    }
    result += template[copied...]
    return result
  }

  /// The names in braces in `template`, in order ("{title} {value}" has "title", "value").
  package static func placeholders(in template: String) -> [Substring] {
    var names: [Substring] = []
    forEachPlaceholder(in: template) { name, _ in names.append(name) }
    return names
  }

  /// Calls `body` with each `{name}` of `template`, in order: the name, and the range of the
  /// braces and name. Braces are ASCII, so they are found byte by byte, without grapheme
  /// breaking; a `{` with no `}` after it is text.
  private static func forEachPlaceholder(
    in template: String, _ body: (Substring, Range<String.Index>) -> Void
  ) {
    let bytes = template.utf8
    var index = bytes.startIndex
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
      guard let close = bytes[bytes.index(after: open)...].firstIndex(of: UInt8(ascii: "}"))
      else { break }
      body(template[bytes.index(after: open)..<close], open..<bytes.index(after: close))
      index = bytes.index(after: close)
    }
  }

}

extension LocaleWords {
  /// The words for a parsed tag: its language's (Chinese by script), or English.
  init(for tag: LocaleTag) {
    self = Self.all[Self.index(for: tag)]
  }

  /// Where the words for a parsed tag stand in `all`: its language's (Chinese by script), or
  /// English's.
  static func index(for tag: LocaleTag) -> Int {
    var key = tag.language
    if tag.language == "zh" {
      let traditional =
        tag.script == "Hant"
        || (tag.script == nil && ["TW", "HK", "MO"].contains(tag.region ?? ""))
      key = traditional ? "zh-Hant" : "zh"
    }
    return Self.all.firstIndex { $0.language == key } ?? 0
  }
}
