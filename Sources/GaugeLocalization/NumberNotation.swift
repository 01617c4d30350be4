/// How a number is written: in full ("1,234,567") or in the locale's short form ("1.2M",
/// "1,2 Mio.", "123万", "12 लाख").
package enum NumberNotation: String, Sendable, Hashable, CaseIterable {
  /// Every digit, with exactly the readout's decimals.
  case standard
  /// CLDR's short form, with at most the readout's decimals.
  case compact
}
