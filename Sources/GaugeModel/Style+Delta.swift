import GaugeSupport

extension Style {
  /// The delta's colour for a change that reads as `meaning`, on the light theme's white or
  /// the dark theme's near-black: each keeps at least 3:1 against its background (WCAG
  /// 2.x, checked by `ContrastTests`). `neutral` has none of its own: it takes `label`.
  ///
  /// Light: good #248A3D (4.4:1 on white), bad #D70015 (5.4:1). Dark: good #30D158 (8.4:1 on
  /// #1C1C1E), bad #FF6961 (6.0:1).
  package static func deltaColor(_ meaning: DeltaMeaning, dark: Bool) -> Color? {
    switch (meaning, dark) {
    case (.good, false): return Color(red: 0x24, green: 0x8A, blue: 0x3D)
    case (.bad, false): return Color(red: 0xD7, green: 0x00, blue: 0x15)
    case (.good, true): return Color(red: 0x30, green: 0xD1, blue: 0x58)
    case (.bad, true): return Color(red: 0xFF, green: 0x69, blue: 0x61)
    case (.neutral, _): return nil
    }
  }
}
