import GaugeKit

extension Gauge {
  /// The gauge with the command line's say over its reading: the reader's locale and whether
  /// the readout names the zone, each overriding the preset's.
  func choosing(locale: GaugeLocale?, showsZone: Bool) -> Gauge {
    var gauge = self
    if let locale { gauge.readout.locale = locale }
    if showsZone { gauge.readout.showsZone = true }
    return gauge
  }
}

extension Option {
  /// `--locale`.
  static func locale(
    _ field: WritableKeyPath<Command, GaugeLocale?> & Sendable, absent: String = "the preset's"
  ) -> Option {
    .value(
      field, name: "locale", .locale, absent: absent,
      help:
        "Write numbers and words for this locale, a BCP 47 tag such as de-CH, fr, ar-EG, hi-IN "
        + "or zh-Hant: its digits, separators, percent sign, short forms and language.")
  }

  /// `--show-zone`.
  static func showZone(_ field: WritableKeyPath<Command, Bool> & Sendable) -> Option {
    .flag(field, name: "show-zone", help: "Name the value's zone under the readout.")
  }
}
