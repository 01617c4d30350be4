/// The words the accessible name adds for markers, the change since a reference and a
/// range, in one language, with `{name}` placeholders that `LocaleWords.filled` replaces.
///
/// English, German, French and Spanish have their own; every other language GaugeKit speaks
/// falls back to English for these phrases (its numbers stay in its own digits).
package struct MarkWords: Sendable, Hashable {
  /// The language these words are in, as in `LocaleWords.language`.
  package let language: String
  /// A marker on the scale: `{label}`, `{value}`.
  package let marker: String
  /// A marker pegged below or above the scale.
  package let markerBelow: String
  package let markerAbove: String
  /// The change since the reference: `{change}` (its size) and `{reference}`.
  package let up: String
  package let down: String
  package let unchanged: String
  /// A reference without a value to compare: `{reference}`.
  package let reference: String
  /// The period's range: `{low}`, `{high}`.
  package let range: String
  /// A wrapping gauge's lap past the first: `{lap}`.
  package let lap: String

  package static let english = MarkWords(
    language: "en", marker: "{label} {value}", markerBelow: "{label} {value} (below range)",
    markerAbove: "{label} {value} (above range)", up: "up {change} since {reference}",
    down: "down {change} since {reference}", unchanged: "unchanged since {reference}",
    reference: "reference {reference}", range: "range {low}–{high}", lap: "lap {lap}")

  static let all: [MarkWords] = [
    english,
    MarkWords(
      language: "de", marker: "{label} {value}",
      markerBelow: "{label} {value} (unter dem Bereich)",
      markerAbove: "{label} {value} (über dem Bereich)", up: "{change} mehr als {reference}",
      down: "{change} weniger als {reference}", unchanged: "unverändert seit {reference}",
      reference: "Referenz {reference}", range: "Spanne {low}–{high}", lap: "Runde {lap}"),
    MarkWords(
      language: "fr", marker: "{label} {value}",
      markerBelow: "{label} {value} (sous la plage)",
      markerAbove: "{label} {value} (au-dessus de la plage)",
      up: "en hausse de {change} depuis {reference}",
      down: "en baisse de {change} depuis {reference}", unchanged: "inchangé depuis {reference}",
      reference: "référence {reference}", range: "plage {low}–{high}", lap: "tour {lap}"),
    MarkWords(
      language: "es", marker: "{label} {value}",
      markerBelow: "{label} {value} (por debajo del rango)",
      markerAbove: "{label} {value} (por encima del rango)",
      up: "sube {change} desde {reference}", down: "baja {change} desde {reference}",
      unchanged: "sin cambios desde {reference}", reference: "referencia {reference}",
      range: "rango {low}–{high}", lap: "vuelta {lap}"),
  ]

  /// `template` with `{change}` and `{reference}` filled in: `LocaleWords.filled` for the
  /// phrase written with every image, in one pass over the template's bytes.
  package static func filled(_ template: String, change: String, reference: String) -> String {
    var result = ""
    result.reserveCapacity(template.utf8.count + change.utf8.count + reference.utf8.count)
    let bytes = template.utf8
    var copied = bytes.startIndex
    var index = bytes.startIndex
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")),
      let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
    {
      let name = bytes[bytes.index(after: open)..<close]
      let value: String? =
        name.elementsEqual("change".utf8)
        ? change : name.elementsEqual("reference".utf8) ? reference : nil
      if let value {
        result += template[copied..<open]
        result += value
        copied = bytes.index(after: close)
      }
      index = bytes.index(after: close)
    }
    result += template[copied...]
    return result
  }

  /// The words for a language of `LocaleWords` ("de"), or English's.
  package static func words(for language: String) -> MarkWords {
    all.first { $0.language == language } ?? english
  }
}
