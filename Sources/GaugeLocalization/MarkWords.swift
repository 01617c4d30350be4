/// The words the accessible name adds for markers, the change since a reference and a
/// range, in one language, with `{name}` placeholders that `LocaleWords.filled` replaces.
///
/// Every language of `LocaleWords` has its own; the change and the reference may come in
/// either order (Japanese, Hindi and Korean name the reference first).
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
    MarkWords(
      language: "it", marker: "{label} {value}",
      markerBelow: "{label} {value} (sotto l’intervallo)",
      markerAbove: "{label} {value} (sopra l’intervallo)",
      up: "in aumento di {change} da {reference}", down: "in calo di {change} da {reference}",
      unchanged: "invariato da {reference}", reference: "riferimento {reference}",
      range: "intervallo {low}–{high}", lap: "giro {lap}"),
    MarkWords(
      language: "pt", marker: "{label} {value}",
      markerBelow: "{label} {value} (abaixo do intervalo)",
      markerAbove: "{label} {value} (acima do intervalo)",
      up: "subiu {change} desde {reference}", down: "desceu {change} desde {reference}",
      unchanged: "inalterado desde {reference}", reference: "referência {reference}",
      range: "intervalo {low}–{high}", lap: "volta {lap}"),
    MarkWords(
      language: "nl", marker: "{label} {value}", markerBelow: "{label} {value} (onder het bereik)",
      markerAbove: "{label} {value} (boven het bereik)",
      up: "{change} hoger dan {reference}", down: "{change} lager dan {reference}",
      unchanged: "onveranderd sinds {reference}", reference: "referentie {reference}",
      range: "bereik {low}–{high}", lap: "ronde {lap}"),
    MarkWords(
      language: "pl", marker: "{label} {value}", markerBelow: "{label} {value} (poniżej zakresu)",
      markerAbove: "{label} {value} (powyżej zakresu)",
      up: "wzrost o {change} od {reference}", down: "spadek o {change} od {reference}",
      unchanged: "bez zmian od {reference}", reference: "odniesienie {reference}",
      range: "zakres {low}–{high}", lap: "okrążenie {lap}"),
    MarkWords(
      language: "ru", marker: "{label} {value}", markerBelow: "{label} {value} (ниже диапазона)",
      markerAbove: "{label} {value} (выше диапазона)",
      up: "рост на {change} с {reference}", down: "снижение на {change} с {reference}",
      unchanged: "без изменений с {reference}", reference: "ориентир {reference}",
      range: "диапазон {low}–{high}", lap: "круг {lap}"),
    MarkWords(
      language: "uk", marker: "{label} {value}", markerBelow: "{label} {value} (нижче діапазону)",
      markerAbove: "{label} {value} (вище діапазону)",
      up: "зростання на {change} з {reference}", down: "зниження на {change} з {reference}",
      unchanged: "без змін з {reference}", reference: "орієнтир {reference}",
      range: "діапазон {low}–{high}", lap: "коло {lap}"),
    MarkWords(
      language: "tr", marker: "{label} {value}", markerBelow: "{label} {value} (aralığın altında)",
      markerAbove: "{label} {value} (aralığın üstünde)",
      up: "{reference} değerine göre {change} yukarı",
      down: "{reference} değerine göre {change} aşağı",
      unchanged: "{reference} değerine göre değişmedi", reference: "referans {reference}",
      range: "aralık {low}–{high}", lap: "{lap}. tur"),
    MarkWords(
      language: "ar", marker: "{label} {value}", markerBelow: "{label} {value} (أقل من النطاق)",
      markerAbove: "{label} {value} (أعلى من النطاق)",
      up: "بارتفاع {change} منذ {reference}", down: "بانخفاض {change} منذ {reference}",
      unchanged: "دون تغيير منذ {reference}", reference: "المرجع {reference}",
      range: "النطاق {low}–{high}", lap: "الدورة {lap}"),
    MarkWords(
      language: "he", marker: "{label} {value}", markerBelow: "{label} {value} (מתחת לטווח)",
      markerAbove: "{label} {value} (מעל לטווח)",
      up: "עלייה של {change} מאז {reference}", down: "ירידה של {change} מאז {reference}",
      unchanged: "ללא שינוי מאז {reference}", reference: "ערך ייחוס {reference}",
      range: "טווח {low}–{high}", lap: "הקפה {lap}"),
    MarkWords(
      language: "hi", marker: "{label} {value}", markerBelow: "{label} {value} (सीमा से नीचे)",
      markerAbove: "{label} {value} (सीमा से ऊपर)",
      up: "{reference} से {change} ऊपर", down: "{reference} से {change} नीचे",
      unchanged: "{reference} से कोई बदलाव नहीं", reference: "संदर्भ {reference}",
      range: "सीमा {low}–{high}", lap: "चक्कर {lap}"),
    MarkWords(
      language: "ja", marker: "{label} {value}", markerBelow: "{label} {value}（範囲より下）",
      markerAbove: "{label} {value}（範囲より上）",
      up: "{reference}から{change}上昇", down: "{reference}から{change}下降",
      unchanged: "{reference}から変化なし", reference: "基準 {reference}",
      range: "範囲 {low}–{high}", lap: "{lap}周目"),
    MarkWords(
      language: "ko", marker: "{label} {value}", markerBelow: "{label} {value} (범위 미만)",
      markerAbove: "{label} {value} (범위 초과)",
      up: "{reference} 대비 {change} 상승", down: "{reference} 대비 {change} 하락",
      unchanged: "{reference} 대비 변화 없음", reference: "기준 {reference}",
      range: "범위 {low}–{high}", lap: "{lap}바퀴"),
    MarkWords(
      language: "zh", marker: "{label} {value}", markerBelow: "{label} {value}（低于范围）",
      markerAbove: "{label} {value}（高于范围）",
      up: "较{reference}上升{change}", down: "较{reference}下降{change}",
      unchanged: "与{reference}持平", reference: "参考值 {reference}",
      range: "范围 {low}–{high}", lap: "第{lap}圈"),
    MarkWords(
      language: "zh-Hant", marker: "{label} {value}", markerBelow: "{label} {value}（低於範圍）",
      markerAbove: "{label} {value}（高於範圍）",
      up: "較{reference}上升{change}", down: "較{reference}下降{change}",
      unchanged: "與{reference}持平", reference: "參考值 {reference}",
      range: "範圍 {low}–{high}", lap: "第{lap}圈"),
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
