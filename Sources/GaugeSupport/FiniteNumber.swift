/// How a number written as text is read wherever a person types one (an option's word, a
/// zone's bound): a finite `Double`, or the words that say why not, so `inf`, `nan` and
/// `1e400` are named as what they are rather than as text or as too large.
package enum FiniteNumber {
  /// `text` as a finite number.
  ///
  /// Edge cases:
  /// - Text `Double` does not read (`abc`, empty, `5%`), or with a NUL anywhere: nil.
  /// - `inf`, `nan` and numbers past `Double`'s range (`1e400`): nil.
  package static func parse(_ text: some StringProtocol) -> Double? {
    guard let number = read(text), number.isFinite else { return nil }
    return number
  }

  /// Why `text` is not a finite number, to follow the text as quoted: "is not a number",
  /// or "is not a finite number" for what reads as an infinity or NaN.
  package static func problem(_ text: some StringProtocol) -> String {
    read(text) == nil ? "is not a number" : "is not a finite number"
  }

  /// `text` as `Double` reads it, the whole text or nothing: `Double` hands the text to C's
  /// `strtod`, which stops at a NUL, so `5\0x` would read as 5.
  private static func read(_ text: some StringProtocol) -> Double? {
    text.utf8.contains(0) ? nil : Double(text)
  }
}
