extension Color {
  /// Whether the colour is closer to white than to black by WCAG contrast: text and
  /// outlines on it should be dark.
  package var isLight: Bool {
    contrast(with: Color(red: 0, green: 0, blue: 0))
      >= contrast(with: Color(red: 0xFF, green: 0xFF, blue: 0xFF))
  }

  /// The nearest shade of this colour's own hue that reaches `ratio` against `backdrop`:
  /// darker (each channel scaled toward black) on a light backdrop, lighter (each channel
  /// moved toward white) on a dark one, in steps of 1 % so the result is stable.
  ///
  /// Edge cases:
  /// - A colour that already reaches `ratio` is returned as it is.
  /// - When no shade reaches `ratio` (a mid-grey backdrop cannot reach 21:1), the last step
  ///   is returned: black or white, the most a shade can give.
  /// - Alpha is kept; the backdrop's alpha is ignored.
  package func shade(reaching ratio: Double, against backdrop: Color) -> Color {
    guard contrast(with: backdrop) < ratio else { return self }
    let darker = backdrop.isLight
    var shade = self
    for step in 1...100 {
      let share = Double(step) / 100
      func channel(_ value: UInt8) -> UInt8 {
        let value = Double(value)
        let moved = darker ? value * (1 - share) : value + (255 - value) * share
        return UInt8(Swift.min(255, Swift.max(0, moved.rounded())))
      }
      shade = Color(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha)
      if shade.contrast(with: backdrop) >= ratio { return shade }
    }
    return shade
  }
}
