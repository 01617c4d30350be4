/// How a number written as text is read wherever a person types one (an option's word, a
/// zone's bound): a finite `Double`, or the words that say why not, so `inf`, `nan` and
/// `1e400` are named as what they are rather than as text or as too large.
package enum FiniteNumber {
  /// `text` as a finite number.
  ///
  /// Edge cases:
  /// - Text `Double` does not read (`abc`, empty, `5%`): nil.
  /// - `inf`, `nan` and numbers past `Double`'s range (`1e400`): nil.
  package static func parse(_ text: some StringProtocol) -> Double? {
    guard let number = Double(text), number.isFinite else { return nil }
    return number
  }

  /// Why `text` is not a finite number, to follow the text as quoted: "is not a number",
  /// or "is not a finite number" for what reads as an infinity or NaN.
  package static func problem(_ text: some StringProtocol) -> String {
    Double(text) == nil ? "is not a number" : "is not a finite number"
  }
}
