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

  /// The languages with words of their own.
  package static var languages: [String] { all.map(\.language) }

  /// `template` with each `{name}` replaced by its value; unknown names stay as written.
  package static func filled(_ template: String, _ values: KeyValuePairs<String, String>) -> String
  {
    var result = ""
    result.reserveCapacity(template.utf8.count + 32)
    var copied = template.utf8.startIndex
    var index = copied
    let end = template.utf8.endIndex
    // Byte by byte: braces are ASCII, and no grapheme breaking is needed to find them.
    while index < end {
      guard template.utf8[index] == UInt8(ascii: "{") else {
        index = template.utf8.index(after: index)
        continue
      }
      var close = template.utf8.index(after: index)
      while close < end && template.utf8[close] != UInt8(ascii: "}") {
        close = template.utf8.index(after: close)
      }
      guard close < end else { break }
      let name = template.utf8[template.utf8.index(after: index)..<close]
      if let value = values.first(where: { $0.key.utf8.elementsEqual(name) })?.value {
        result += template[copied..<index]
        result += value
        copied = template.utf8.index(after: close)
      }
      index = template.utf8.index(after: close)
    }
    result += template[copied..<end]
    return result
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
