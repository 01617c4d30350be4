import GaugeGeometry
import GaugeSupport

/// The colours of everything that is not a zone.
public struct Style: Sendable, Hashable {
  /// The image background; `nil` leaves it transparent.
  public var background: Color?
  /// Unlit sectors in `progress` fill mode.
  public var track: Color
  /// The pointer and the off-scale marker.
  public var pointer: Color
  /// Start, end, zone and title labels.
  public var label: Color
  /// The centre readout.
  public var readout: Color

  /// Creates a style.
  public init(background: Color?, track: Color, pointer: Color, label: Color, readout: Color) {
    self.background = background
    self.track = track
    self.pointer = pointer
    self.label = label
    self.readout = readout
  }

  /// Dark text on white.
  public static let light = Style(
    background: Color(red: 0xFF, green: 0xFF, blue: 0xFF),
    track: Color(red: 0xE5, green: 0xE5, blue: 0xEA),
    pointer: Color(red: 0x1C, green: 0x1C, blue: 0x1E),
    label: Color(red: 0x6C, green: 0x6C, blue: 0x70),
    readout: Color(red: 0x1C, green: 0x1C, blue: 0x1E))

  /// Light text on near-black.
  public static let dark = Style(
    background: Color(red: 0x1C, green: 0x1C, blue: 0x1E),
    track: Color(red: 0x3A, green: 0x3A, blue: 0x3C),
    pointer: Color(red: 0xF2, green: 0xF2, blue: 0xF7),
    label: Color(red: 0xAE, green: 0xAE, blue: 0xB2),
    readout: Color(red: 0xF2, green: 0xF2, blue: 0xF7))
}

/// Which labels a gauge shows besides the readout and title.
public struct LabelOptions: Sendable, Hashable {
  /// The label at the start of the arc; `nil` prints the domain's min.
  public var start: String?
  /// The label at the end of the arc; `nil` prints the domain's max.
  public var end: String?
  /// Show start and end labels at all.
  public var showEnds: Bool
  /// Show each zone's label inside the ring at the middle of its arc.
  public var zones: Bool
  /// Tick marks outside the ring dividing the arc into this many equal parts; 0 for none.
  public var ticks: Int
  /// Minor tick marks between two major ones, dividing each part into this many; 0 or 1
  /// for none.
  public var minorTicks = 0

  /// Creates label options.
  public init(
    start: String? = nil, end: String? = nil, showEnds: Bool = true, zones: Bool = false,
    ticks: Int = 0
  ) {
    self.start = start
    self.end = end
    self.showEnds = showEnds
    self.zones = zones
    self.ticks = ticks
  }
}
