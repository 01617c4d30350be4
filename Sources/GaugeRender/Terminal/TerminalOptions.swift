import GaugeSupport

/// Which characters draw the ring.
public enum GlyphSet: String, Sendable, Hashable, CaseIterable {
  /// `▀▄█`: two square pixels per cell, each its own colour. The default.
  case halfBlocks = "half"
  /// Braille dots: 2 × 4 pixels per cell, one colour per cell.
  case braille
  /// Plain ASCII, one character per cell, for terminals and fonts without block glyphs.
  case ascii
}

/// How a terminal frame is drawn.
public struct TerminalOptions: Sendable, Hashable {
  /// The gauge's width in cells, 20...400; it is about half as many rows tall.
  public var columns: Int
  /// Which characters draw the ring.
  public var glyphs: GlyphSet
  /// How many colours to use.
  public var depth: ColorDepth
  /// Title and start/end labels; the readout always shows.
  public var showLabels: Bool
  /// Replaces the preset's title.
  public var title: String?
  /// A past value to compare with: a ghost pointer in the track's colour, and the change
  /// since it beside the readout (`RenderOptions.reference`).
  public var reference: Double?
  /// The period's low and high as a band along the ring (`RenderOptions.range`).
  public var range: ClosedRange<Double>?
  /// The largest the readout's number may be drawn: gauges shown together pass the
  /// smallest size any of them fits, so their readouts match; `nil` leaves each gauge its
  /// own largest (`TerminalGaugeRenderer.readoutSize(of:options:)`).
  package var readoutSize: TerminalReadoutSize?

  /// Creates options; drawing checks the width.
  public init(
    columns: Int = 40, glyphs: GlyphSet = .halfBlocks, depth: ColorDepth = .trueColor,
    showLabels: Bool = true, title: String? = nil
  ) {
    self.columns = columns
    self.glyphs = glyphs
    self.depth = depth
    self.showLabels = showLabels
    self.title = title
  }

  /// The narrowest gauge that still reads: the ring, the readout and the end labels.
  public static let minimumColumns = 20
  /// The widest gauge drawn, in cells.
  public static let maximumColumns = 400

  /// Throws unless `columns` is within the allowed width; `what` names the drawing.
  package func checkColumns(_ what: String) throws(GaugeError) {
    let range = TerminalOptions.minimumColumns...TerminalOptions.maximumColumns
    guard range.contains(columns) else {
      throw .invalidSize(
        "a terminal \(what) \(columns) cells wide cannot be drawn; the width must be "
          + "\(range.lowerBound)...\(range.upperBound) cells")
    }
  }

  /// Rows a gauge of `columns` cells takes (cells are about twice as tall as wide).
  ///
  /// Edge cases: a negative width takes 0 rows.
  package static func rows(forColumns columns: Int) -> Int {
    columns <= 0 ? 0 : columns / 2 + columns % 2
  }
}
