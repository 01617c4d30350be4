/// How a number written as text is read wherever a person or a data source types one (an
/// option's word, a query's parameter, a zone's bound, a line on standard input): the whole
/// text as Swift reads it, never a NUL, and a finite `Double`, or the words that say why not,
/// so `inf`, `nan` and `1e400` are named as what they are rather than as text or as too large.
///
/// The CLI and the service both read their numbers here, so they refuse the same texts with
/// the same words.
@_spi(Service) public enum FiniteNumber {
  /// `text` as a finite number.
  ///
  /// Edge cases:
  /// - Text `Double` does not read (`abc`, empty, `5%`, ` 7`), or with a NUL anywhere: nil.
  /// - `inf`, `nan` and numbers past `Double`'s range (`1e400`): nil.
  /// - `-0` reads as -0.0, which equals 0.
  @_spi(Service) public static func parse(_ text: some StringProtocol) -> Double? {
    guard let number = parseAllowingNonFinite(text), number.isFinite else { return nil }
    return number
  }

  /// Why `text` is not a finite number, to follow the text as quoted: "is not a number",
  /// or "is not a finite number" for what reads as an infinity or NaN.
  ///
  /// Edge cases: for a finite number, "is not a finite number" too; ask `parse` first.
  @_spi(Service) public static func problem(_ text: some StringProtocol) -> String {
    parseAllowingNonFinite(text) == nil ? "is not a number" : "is not a finite number"
  }

  /// `text` as a number where an infinity or NaN means something of its own (a gauge's value:
  /// no data): the whole text or nothing. `Double` hands the text to C's `strtod`, which
  /// stops at a NUL, so `5\0x` would otherwise read as 5.
  ///
  /// Edge cases:
  /// - A NUL anywhere, or text `Double` does not read: nil.
  /// - `inf`, `-infinity`, `nan` (any case): the infinity or NaN; `1e400`: +infinity.
  @_spi(Service) public static func parseAllowingNonFinite(_ text: some StringProtocol)
    -> Double?
  {
    text.utf8.contains(0) ? nil : Double(text)
  }
}
