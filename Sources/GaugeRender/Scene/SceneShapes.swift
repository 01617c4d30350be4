import GaugeGeometry
import GaugeModel
import GaugeSupport

/// Equal sectors around one centre, each showing its zone's paint when lit and the track's
/// otherwise: a gauge's scale. Kept as geometry and indices, not outlines, so a backend
/// traces arcs from their centre (SVG) or samples exact coverage (a rasteriser).
///
/// Sector `i` runs clockwise from `boundary(i)` to `boundary(i + 1)`, where
/// `boundary(i) = origin + (offset + i) · step`: angles come from indices, never sums.
///
/// Units: pixels and degrees, 0° at 12 o'clock, clockwise.
package struct SceneRing: Sendable, Hashable {
  package var center: Point
  package var innerRadius: Double
  package var outerRadius: Double
  /// The gap between neighbours, constant along the ring, in pixels.
  package var padWidth: Double
  package var cornerRadius: Double
  package var origin: Double
  package var offset: Int
  package var step: Double
  /// The sectors' zones and the paints, in one reference (`RingColors`): a ring is copied
  /// several times as a scene is built and drawn, and each copy then retains one object,
  /// not three arrays.
  package var colors: RingColors
  /// For each sector, from the arc's start, the index in `palette` of its paint when lit.
  package var zones: [Int] {
    get { colors.zones }
    set { colors = RingColors(zones: newValue, palette: palette, darkPalette: darkPalette) }
  }
  package var palette: [Paint] {
    get { colors.palette }
    set { colors = RingColors(zones: zones, palette: newValue, darkPalette: darkPalette) }
  }
  /// Sectors from this index on show `track` instead.
  package var litCount: Int
  /// Lit sectors that show `track` for now: an animation's moment before the pointer has
  /// revealed them. Empty in a still scene.
  package var concealed: Range<Int> = 0..<0
  /// Sectors before this index show `track` too: a fill from a neutral point lights
  /// `litStart..<litCount`. 0 otherwise.
  package var litStart = 0
  package var track: Paint
  /// 1 draws the ring as it is; less dims it (a gauge without data).
  package var opacity: Double
  /// The radius of the disc about the centre that the pointer never enters, at any value:
  /// where the readout may grow (the ring's inner radius when there is no pointer to avoid).
  package var clearRadius: Double
  /// Whether this ring is the hairline outline drawn under another ring's sectors: each
  /// sector a little larger than the one it outlines, in a shade of that sector's zone. Its
  /// unlit sectors, and lit ones whose paint is fully transparent, are not drawn; an
  /// animation fades an outline in with its sector rather than from the track.
  package var isOutline = false
  /// For an outline ring in an image that follows the viewer's scheme: each palette entry's
  /// colour in the dark scheme (fully transparent where that scheme needs no outline); empty
  /// otherwise.
  package var darkPalette: [Color] {
    get { colors.darkPalette }
    set { colors = RingColors(zones: zones, palette: palette, darkPalette: newValue) }
  }
  /// For a ring of a grid's cell past the first: the index in
  /// `SceneTimeline.otherSectorAppearances` of its sectors' times, so each cell reveals its
  /// own ring with its own sweep; `nil` for the timeline's `sectorAppearances`.
  package var otherAppearances: Int?
  /// Sectors from this index on are not drawn yet: an animation's moment of a ring that
  /// appears sector by sector without a value (`SceneTimeline.ringAppears`). `Int.max` in a
  /// still scene.
  package var shownCount = Int.max

  /// Creates a ring; `clearRadius` defaults to the inner radius.
  package init(
    center: Point, innerRadius: Double, outerRadius: Double, padWidth: Double,
    cornerRadius: Double, origin: Double, offset: Int, step: Double, zones: [Int],
    palette: [Paint], litCount: Int, track: Paint, opacity: Double = 1,
    clearRadius: Double? = nil
  ) {
    self.clearRadius = clearRadius ?? innerRadius
    self.center = center
    self.innerRadius = innerRadius
    self.outerRadius = outerRadius
    self.padWidth = padWidth
    self.cornerRadius = cornerRadius
    self.origin = origin
    self.offset = offset
    self.step = step
    colors = RingColors(zones: zones, palette: palette, darkPalette: [])
    self.litCount = litCount
    self.track = track
    self.opacity = opacity
  }

  /// How many sectors there are.
  package var count: Int { zones.count }

  /// The bearing before sector `i` (`i == count` is the end of the last), not normalised.
  @inline(__always)
  package func boundary(_ i: Int) -> Double {
    origin + Double(offset + i) * step
  }

  /// Whether sector `i` shows its zone's paint.
  @inline(__always)
  package func isLit(_ i: Int) -> Bool {
    Self.isLit(i, litStart: litStart, litCount: litCount, concealed: concealed)
  }

  @inline(__always)
  private static func isLit(_ i: Int, litStart: Int, litCount: Int, concealed: Range<Int>)
    -> Bool
  {
    i < litCount && i >= litStart && !concealed.contains(i)
  }

  /// Calls `body` with each run of sectors lit alike, in order, and whether it is lit: a
  /// run ends only where `litStart`, `litCount` or `concealed` says, so the runs are found
  /// from those few bounds rather than by asking every sector. Two runs in a row may be lit
  /// alike.
  @inline(__always)
  package func forEachRun(_ body: (Range<Int>, Bool) -> Void) {
    Self.forEachRun(
      count: count, litStart: litStart, litCount: litCount, concealed: concealed, body)
  }

  /// `forEachRun` of a ring of `count` sectors lit so, for a writer that has the bounds but
  /// not the ring (`RingSlot`).
  @inline(__always)
  package static func forEachRun(
    count: Int, litStart: Int, litCount: Int, concealed: Range<Int> = 0..<0,
    _ body: (Range<Int>, Bool) -> Void
  ) {
    // The four places where `isLit` may change, clamped to the ring, put in order by five
    // comparisons: they cut the ring into at most five runs.
    func clamped(_ cut: Int) -> Int { Swift.min(Swift.max(cut, 0), count) }
    var (a, b, c, d) = (
      clamped(litStart), clamped(litCount), clamped(concealed.lowerBound),
      clamped(concealed.upperBound)
    )
    if a > b { swap(&a, &b) }
    if c > d { swap(&c, &d) }
    if a > c { swap(&a, &c) }
    if b > d { swap(&b, &d) }
    if b > c { swap(&b, &c) }
    var start = 0
    func run(to end: Int) {
      guard end > start else { return }
      body(
        start..<end,
        isLit(start, litStart: litStart, litCount: litCount, concealed: concealed))
      start = end
    }
    run(to: a)
    run(to: b)
    run(to: c)
    run(to: d)
    run(to: count)
  }

  /// The paint sector `i` shows.
  package func paint(ofSector i: Int) -> Paint {
    guard i < shownCount else {
      return Paint(Color(red: 0, green: 0, blue: 0, alpha: 0), role: .track)
    }
    return isLit(i) ? palette[zones[i]] : track
  }

  /// Sector `i`'s outline.
  package func sector(_ i: Int) -> AnnularSector {
    AnnularSector(
      center: center, innerRadius: innerRadius, outerRadius: outerRadius,
      startAngle: boundary(i), endAngle: boundary(i + 1), padWidth: padWidth,
      cornerRadius: cornerRadius)
  }

  /// A tracer for the outlines, fastest when sectors are traced in order.
  package var tracer: SectorRing {
    SectorRing(
      center: center, innerRadius: innerRadius, outerRadius: outerRadius, step: step,
      padWidth: padWidth, cornerRadius: cornerRadius)
  }
}

/// One annular sector with its paint: a pie slice, or an empty chart's ring.
package struct SceneSector: Sendable, Hashable {
  package var sector: AnnularSector
  package var paint: Paint
  /// What a viewer shows on hover ("Rent: 1,200 (60%)"), if anything.
  package var tooltip: String?
  /// What it marks on a gauge (a range's band), for `gauge layout`; `nil` otherwise.
  package var mark: SceneMark?
  /// In an animation, the second from which it shows (hidden before): a lap's end once the
  /// pointer crosses the maximum into that lap; `nil` for from the start.
  package var appearsAt: Double?

  /// Creates a sector.
  package init(
    sector: AnnularSector, paint: Paint, tooltip: String? = nil, mark: SceneMark? = nil
  ) {
    self.sector = sector
    self.paint = paint
    self.tooltip = tooltip
    self.mark = mark
  }
}

/// A filled polygon.
package struct ScenePolygon: Sendable, Hashable {
  package var points: [Point]
  package var paint: Paint
  /// The gauge's pointer, which an animation turns about the ring's centre.
  package var isPointer: Bool
  /// Another pointer of a gauge of several (`Gauge.pointers`): the index of the sweep in
  /// `SceneTimeline.otherSweeps` that turns it in an animation; `nil` for any other shape.
  package var otherSweep: Int?
  /// What it marks on a gauge (a marker's bar, a threshold, the reference), for `gauge
  /// layout`; `nil` otherwise.
  package var mark: SceneMark?

  /// Creates a polygon.
  package init(points: [Point], paint: Paint, isPointer: Bool = false, mark: SceneMark? = nil) {
    self.points = points
    self.paint = paint
    self.isPointer = isPointer
    self.mark = mark
  }
}

/// A straight stroke from one point to another.
package struct Segment: Sendable, Hashable {
  package var from: Point
  package var to: Point

  /// Creates a segment.
  package init(from: Point, to: Point) {
    self.from = from
    self.to = to
  }
}

/// Straight strokes of one paint and width, in pixels.
package struct SceneStrokes: Sendable, Hashable {
  package var segments: [Segment]
  package var paint: Paint
  package var width: Double

  /// Creates strokes.
  package init(segments: [Segment], paint: Paint, width: Double) {
    self.segments = segments
    self.paint = paint
    self.width = width
  }
}

/// A square with rounded corners, its top-left corner at `origin`.
package struct SceneSwatch: Sendable, Hashable {
  package var origin: Point
  package var side: Double
  package var cornerRadius: Double
  package var paint: Paint

  /// Creates a swatch.
  package init(origin: Point, side: Double, cornerRadius: Double, paint: Paint) {
    self.origin = origin
    self.side = side
    self.cornerRadius = cornerRadius
    self.paint = paint
  }
}

/// What a shape marks on a gauge besides its scale and pointer.
package enum SceneMark: String, Sendable, Hashable {
  /// A marker's bar across the ring.
  case marker
  /// A mark at a boundary between zones, outside the ring.
  case threshold
  /// The ghost pointer at the reference.
  case reference
  /// The band from a period's low to its high.
  case range
  /// The rounded end of a wrapping gauge's lap past the first.
  case lap
  /// The shadow that end casts on the lap under it, ahead of the end.
  case lapShadow
}

/// A ring's zones and paints (`SceneRing.colors`), shared by its copies and never changed:
/// a ring given other colours gets another. Equal when the arrays are.
package final class RingColors: Sendable, Hashable {
  /// For each sector, from the arc's start, the index in `palette` of its paint when lit.
  package let zones: [Int]
  package let palette: [Paint]
  /// An outline ring's dark-scheme colours (`SceneRing.darkPalette`); empty otherwise.
  package let darkPalette: [Color]

  package init(zones: [Int], palette: [Paint], darkPalette: [Color]) {
    self.zones = zones
    self.palette = palette
    self.darkPalette = darkPalette
  }

  package static func == (lhs: RingColors, rhs: RingColors) -> Bool {
    lhs === rhs
      || (lhs.zones == rhs.zones && lhs.palette == rhs.palette
        && lhs.darkPalette == rhs.darkPalette)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(zones)
    hasher.combine(palette)
    hasher.combine(darkPalette)
  }
}
