import GaugeKit
@_spi(Service) import GaugePresets

extension ValueType where Value == PresetOverrides.ZoneText {
  /// `LABEL:UPTO:COLOR`; the bound and colour are checked when the gauge is decoded.
  static let zone = ValueType(placeholder: "LABEL:UPTO:COLOR", allowed: nil) {
    text throws(ValueError) in
    guard let zone = PresetOverrides.ZoneText(parsing: text) else {
      throw ValueError(
        message: "'\(text)' is not a zone; write \(PresetOverrides.ZoneText.form)")
    }
    return zone
  } format: {
    $0.written
  }
}

/// The options that describe a gauge without a preset file, or replace a preset's fields:
/// `--min`, `--max`, `--zone`, `--title`, `--unit`.
extension Option {
  /// Each key path is one field of the command's `PresetOverrides`.
  static func gaugeFields(
    min: WritableKeyPath<Command, Double?> & Sendable,
    max: WritableKeyPath<Command, Double?> & Sendable,
    zones: WritableKeyPath<Command, [PresetOverrides.ZoneText]> & Sendable,
    title: WritableKeyPath<Command, String?> & Sendable,
    unit: WritableKeyPath<Command, String?> & Sendable
  ) -> [Option] {
    [
      .value(
        min, name: "min", .number(placeholder: "VALUE"),
        absent: "the preset's",
        help:
          "The domain's lowest value. With --max and --zone, no preset is needed: the gauge is "
          + "the one a preset file of only these fields describes."),
      .value(
        max, name: "max", .number(placeholder: "VALUE"),
        absent: "the preset's", help: "The domain's highest value."),
      .list(
        zones, name: "zone", .zone, absent: "the preset's",
        help:
          "A zone up to UPTO, such as Low:60:#34C759, in ascending order; the last ends at the "
          + "max. The zones replace all of the preset's."),
      .value(
        title, name: "title",
        .text(placeholder: "TEXT", maximumLength: Gauge.maximumTextLength),
        absent: "the preset's", help: "The title under the readout, and the image's name."),
      .value(
        unit, name: "unit",
        .text(placeholder: "TEXT", maximumLength: Gauge.maximumTextLength),
        absent: "the preset's",
        help: "Text after the readout's number, such as ' bpm' (the preset's readout.suffix)."),
    ]
  }
}

extension PresetOverrides {
  /// The options given, as the command line names them: `--min`, `--zone`…
  var givenOptions: [String] {
    [
      min.map { _ in "--min" }, max.map { _ in "--max" }, zones.isEmpty ? nil : "--zone",
      title.map { _ in "--title" }, unit.map { _ in "--unit" },
    ].compactMap { $0 }
  }
}
