/// A gauge's value typed as text, wherever a person or a data source types one (the CLI's
/// value, a `gauge watch` line, a dashboard source, the service's `value`, `reference` and
/// `g=` pairs): a number, or `none`; an infinity or NaN means no data; anything else is
/// refused with the same words everywhere, which the caller places in its own context (a line
/// number, a pair's index).
@_spi(Service) public enum GaugeValueText {
  /// What to give instead, after a refused or missing value.
  @_spi(Service) public static let hint = "give a number such as 42, or 'none' for no data"

  /// Text that is not a gauge's value.
  @_spi(Service) public struct Refusal: Error, Equatable, Sendable {
    /// The refused text, whole.
    @_spi(Service) public let text: String

    /// A refusal of `text`.
    @_spi(Service) public init(text: some StringProtocol) {
      self.text = String(text)
    }

    /// "'abc' is not a number; give a number such as 42, or 'none' for no data".
    @_spi(Service) public var message: String { message(quoted: "'\(text)'") }

    /// The message with the text as the caller shows it (escaped for a terminal, cut short).
    @_spi(Service) public func message(quoted: String) -> String {
      "\(quoted) is not a number; \(GaugeValueText.hint)"
    }
  }

  /// `text` as a gauge's value: the number, or nil for no data.
  ///
  /// The text is read whole; a caller that allows spaces or a `%` takes them off first.
  ///
  /// Edge cases:
  /// - `none` (lowercase only): nil.
  /// - `inf`, `-infinity`, `nan` (any case) and numbers past `Double`'s range (`1e400`): nil.
  /// - `-0` reads as -0.0.
  /// - Anything else, a NUL anywhere, empty text, ` 42`, `NONE`: `Refusal`.
  @_spi(Service) public static func read(_ text: some StringProtocol) throws(Refusal) -> Double? {
    if text == "none" { return nil }
    guard let number = FiniteNumber.parseAllowingNonFinite(text) else {
      throw Refusal(text: text)
    }
    return number.isFinite ? number : nil
  }
}
