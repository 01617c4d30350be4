import GaugeLocalization

/// A gauge's own words, in place of its locale's: the accessible name and description, and
/// the states drawn on the picture. Each is a template whose placeholders are filled in:
/// `{title}`, `{value}` (the readout with its unit), `{min}`, `{max}` and `{zone}` (the value's
/// zone, or the state's words when there is no value or it is off the scale); the description
/// has `{title}`, `{min}`, `{max}` and `{zones}` (each zone with its upper bound); the states
/// drawn have `{title}`, `{min}` and `{max}`.
public struct Wording: Sendable, Hashable {
  /// The accessible name ("{title}: {value} ({zone})").
  public var summary: String?
  /// The accessible description.
  public var description: String?
  /// Drawn when there is no value (default "No data").
  public var noData: String?
  /// Drawn for a value under the scale (default "Below range").
  public var belowRange: String?
  /// Drawn for a value over the scale (default "Above range").
  public var aboveRange: String?
  /// The accessible name of several values on one dial ("{title}: {values}: {zone}"), for a
  /// gauge with `pointers`: `{values}` is each pointer's name and number, the unit once at
  /// the end; `{zone}` is the highest zone any of them falls in.
  public var summaryValues: String?

  /// Creates wording; `nil` keeps the locale's words.
  public init(
    summary: String? = nil, description: String? = nil, noData: String? = nil,
    belowRange: String? = nil, aboveRange: String? = nil, summaryValues: String? = nil
  ) {
    self.summary = summary
    self.description = description
    self.noData = noData
    self.belowRange = belowRange
    self.aboveRange = aboveRange
    self.summaryValues = summaryValues
  }

  /// One template: its key in a preset's `wording`, where it is kept, and the placeholders
  /// it may use.
  package struct Field: Sendable {
    package let key: String
    package let path: WritableKeyPath<Wording, String?> & Sendable
    package let placeholders: [String]
  }

  /// Every template, in the order presets write them: the one list the decoder, the encoder
  /// and the rules read.
  package static var fields: [Field] {
    [
      Field(
        key: "summary", path: \.summary, placeholders: ["title", "value", "min", "max", "zone"]),
      Field(
        key: "description", path: \.description, placeholders: ["title", "min", "max", "zones"]),
      Field(key: "noData", path: \.noData, placeholders: ["title", "min", "max"]),
      Field(key: "belowRange", path: \.belowRange, placeholders: ["title", "min", "max"]),
      Field(key: "aboveRange", path: \.aboveRange, placeholders: ["title", "min", "max"]),
      Field(
        key: "summaryValues", path: \.summaryValues,
        placeholders: ["title", "values", "min", "max", "zone"]),
    ]
  }

  /// Whether no template is set.
  package var isEmpty: Bool { Self.fields.allSatisfy { self[keyPath: $0.path] == nil } }
}
