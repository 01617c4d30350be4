@_spi(Service) import GaugeSupport
import GaugeText

/// A value marked across the ring, with its label outside the ring: a daily goal, a limit.
///
/// Edge cases:
/// - A value outside the domain is drawn pegged at the arc's nearer end, and the accessible
///   text says it is below or above the range; it is never refused.
public struct GaugeMarker: Sendable, Hashable {
  /// The value marked, in the gauge's units; any finite number.
  public var value: Double
  /// Drawn exactly as given outside the ring, and named in the accessible text.
  public var label: String

  /// Creates a marker.
  public init(value: Double, label: String) {
    self.value = value
    self.label = label
  }
}

extension GaugeMarker {
  /// What to write, after a marker's text is refused.
  static let textForm = "write VALUE:LABEL, such as 30:Goal"

  /// A marker written as text, `VALUE:LABEL`, split at the first colon (`30:Goal`,
  /// `-5:Floor: cold`): the one reader of the CLI's `--marker` and the service's `marker`,
  /// so both refuse the same texts with the same words.
  ///
  /// Edge cases:
  /// - No colon, a value that is not a finite number, an empty label (`30:`), a label of
  ///   only spaces or invisible characters (`30: `), or one longer than
  ///   `Gauge.maximumTextLength` characters: refused, saying which and what to write.
  @_spi(Service)
  public init(parsing text: String) throws(ValueTextRefusal) {
    guard let (number, label) = text.split(atFirst: ":") else {
      throw ValueTextRefusal(message: "'\(text)' has no colon; \(Self.textForm)")
    }
    guard let value = FiniteNumber.parse(number) else {
      throw ValueTextRefusal(
        message: "'\(number)' \(FiniteNumber.problem(number)); \(Self.textForm)")
    }
    if label.isEmpty || Self.isBlank(label) {
      let missing = label.isEmpty ? "has no label" : "has no visible label"
      throw ValueTextRefusal(
        message: "'\(text)' \(missing); \(Gauge.markerLabelRule), such as 30:Goal")
    }
    guard label.count <= Gauge.maximumTextLength else {
      throw ValueTextRefusal(
        message: "the label is \(label.count) characters; at most \(Gauge.maximumTextLength)")
    }
    self.init(value: value, label: label)
  }

  /// Whether `label` is only white space, invisible characters (`InvisibleScalars`) and
  /// controls: it would draw nothing beside the mark and name a bare number to a screen
  /// reader. True for the empty label.
  static func isBlank(_ label: String) -> Bool {
    label.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        || InvisibleScalars.isDefaultIgnorable(scalar)
    }
  }
}

/// Why a value's text was refused, in words a caller places in its own context (an option,
/// a parameter, a line).
@_spi(Service)
public struct ValueTextRefusal: Error, Equatable, Sendable {
  /// "'30' has no colon; write VALUE:LABEL, such as 30:Goal".
  @_spi(Service) public let message: String
}

/// What a rise since the reference means, which colours the delta beside the readout.
public enum DeltaMeaning: String, Sendable, Hashable, CaseIterable {
  /// A rise is good news (green), a fall bad (red): steps, savings.
  case good
  /// A rise is bad news (red), a fall good (green): stress, a heart rate at rest.
  case bad
  /// Neither: the delta takes the labels' colour.
  case neutral
}

extension Gauge {
  /// Why `low...high` cannot be a period's range (`--range`, a batch line's `"range"`, the
  /// service's `range=`), or `nil`: both ends finite and `low <= high`. The one check, so
  /// every reader refuses the same ranges with the same words.
  @_spi(Service)
  public static func rangeProblem(low: Double, high: Double) -> String? {
    guard low.isFinite, high.isFinite else {
      return "\(FixedDecimal.plain(low)), \(FixedDecimal.plain(high)) is not two finite numbers"
    }
    guard low <= high else {
      return "low \(FixedDecimal.plain(low)) is above high \(FixedDecimal.plain(high)); "
        + "give the lowest value first"
    }
    return nil
  }
}

extension ClosedRange<Double> {
  /// Why the range cannot be drawn, or `nil`: both ends finite.
  package var problem: String? { Gauge.rangeProblem(low: lowerBound, high: upperBound) }
}
