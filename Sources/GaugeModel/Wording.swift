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

  /// Creates wording; `nil` keeps the locale's words.
  public init(
    summary: String? = nil, description: String? = nil, noData: String? = nil,
    belowRange: String? = nil, aboveRange: String? = nil
  ) {
    self.summary = summary
    self.description = description
    self.noData = noData
    self.belowRange = belowRange
    self.aboveRange = aboveRange
  }

  /// The placeholders each template may use.
  package static let placeholders: [String: [String]] = [
    "summary": ["title", "value", "min", "max", "zone"],
    "description": ["title", "min", "max", "zones"],
    "noData": ["title", "min", "max"],
    "belowRange": ["title", "min", "max"],
    "aboveRange": ["title", "min", "max"],
  ]

  /// Whether no template is set.
  package var isEmpty: Bool {
    summary == nil && description == nil && noData == nil && belowRange == nil
      && aboveRange == nil
  }
}
