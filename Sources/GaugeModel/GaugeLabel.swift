import GaugeGeometry
import GaugeSupport

/// What a label is for.
public enum LabelRole: String, Sendable, Hashable {
  case readout
  case title
  case start
  case end
  case zone
  /// The readout's unit, under the number in a smaller size.
  case unit
  /// What an off-scale or empty reading means, in words ("Above range", "No data").
  case status
}

/// How text sits on its anchor point horizontally.
public enum TextAnchor: String, Sendable, Hashable {
  case start
  case middle
  case end
}

/// A text placed by the layout. `position` is the centre of the text's line box
/// (renderers centre vertically on it); `fontSize` is in pixels.
public struct GaugeLabel: Sendable, Hashable {
  public var role: LabelRole
  public var text: String
  public var position: Point
  public var fontSize: Double
  public var anchor: TextAnchor
  /// For zone labels, which zone.
  public var zoneIndex: Int?
}

/// A tick mark outside the ring, as a radial segment.
public struct Tick: Sendable, Hashable {
  /// The value it marks.
  public var value: Double
  /// Its bearing in degrees, not normalised.
  public var angle: Double
  public var from: Point
  public var to: Point
}
