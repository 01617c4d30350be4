/// An APNG frame delay as fcTL stores it: numerator / denominator seconds, both 16-bit.
struct FrameDelay: Equatable {
  let numerator: UInt16
  let denominator: UInt16

  init(numerator: UInt16, denominator: UInt16) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The continued-fraction convergent of `seconds` with the largest terms that still fit in
  /// 16 bits, so 1/30 s is stored as 1/30, not 33/1000.
  ///
  /// Edge cases:
  /// - nil for a negative, NaN or infinite delay, or one over 65535 s.
  /// - 0 s is 0/1.
  /// - A remainder below 1e-9 ends the expansion, so that binary rounding of values such as
  ///   0.1 does not add a spurious term.
  init?(seconds: Double) {
    guard seconds.isFinite && seconds >= 0 && seconds <= 65535 else { return nil }
    var value = seconds
    // Convergents h/k, starting from the conventional 1/0 and 0/1.
    var (h, previousH) = (1, 0)
    var (k, previousK) = (0, 1)
    var best = (numerator: Int(seconds.rounded(.down)), denominator: 1)
    for _ in 0..<32 {
      let term = value.rounded(.down)
      let whole = Int(term)
      let nextH = whole * h + previousH
      let nextK = whole * k + previousK
      if nextH > 65535 || nextK > 65535 { break }
      (previousH, h) = (h, nextH)
      (previousK, k) = (k, nextK)
      best = (h, k)
      let remainder = value - term
      if remainder < 1e-9 { break }
      value = 1 / remainder
      if value > 1e12 { break }
    }
    numerator = UInt16(best.numerator)
    denominator = UInt16(best.denominator)
  }
}
