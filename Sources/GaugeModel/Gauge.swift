import GaugeGeometry
import GaugeSupport

/// A gauge: a value domain split into zones, drawn as an open ring of sectors with a pointer
/// and a centre readout. This is the model every renderer draws and the preset format encodes.
///
/// Build one in code with `try Gauge(...)`, decode one from a preset with
/// `Gauge(presetJSON:)`, or take a built-in one with `BuiltinPresets.gauge(named:)`. Every
/// property is checked by `validate()`; layout re-checks, so a gauge mutated into a bad state
/// throws instead of trapping.
public struct Gauge: Sendable, Hashable {
  /// A short identifier ("stress"), used by preset libraries.
  public var name: String?
  /// The gauge's name for people ("Stress"): drawn under the readout and used as the
  /// accessible name.
  public var title: String?
  /// Where the zone bands come from (a guideline, a paper, a vendor's documentation).
  public var source: String?
  /// The value domain, min < max, both finite.
  public var min: Double
  /// The largest value the scale shows; above it the pointer pegs.
  public var max: Double
  /// Ascending zones; the last one's upper bound is `max`.
  public var zones: [Zone]
  /// The open ring: sector count, gap, thickness, gaps between sectors.
  public var ring: Ring
  /// Whether every sector shows its zone's colour, or only those up to the value.
  public var fill: FillMode
  /// The tapered pointer's shape.
  public var pointer: PointerStyle
  /// How the centre readout prints a value.
  public var readout: ReadoutFormat
  /// Which labels show besides the readout and title.
  public var labels: LabelOptions
  /// Colours for the light theme and for the dark one.
  public var style: Style
  /// The colours for the dark theme.
  public var darkStyle: Style
  /// How an animation sweeps, counts and reveals.
  public var animation: AnimationOptions
  /// Its own words in place of its locale's (`readout.locale`).
  public var wording: Wording
  /// Values marked across the ring, each with its label outside the ring (a goal, a limit).
  public var markers: [GaugeMarker] = []
  /// Whether a mark stands just outside the ring at every boundary between two zones.
  public var thresholdMarkers = false
  /// Where a progress fill's lit arc starts: it runs from here to the value, in either
  /// direction; `nil` starts it at `min`. Ignored by the `zones` fill.
  public var neutral: Double?
  /// What a rise since the reference means (the preset's `delta.increase`), which colours
  /// the delta beside the readout; `neutral` by default, so no preset is judged without
  /// saying so.
  public var increaseMeans = DeltaMeaning.neutral
  /// Several pointers, each with its own value and readout line; empty for one pointer.
  public var pointers: [PointerMark] = []
  /// Whether a progress fill carries a value past `max` into a second lap (and more), its
  /// end marked by a shaded cap, as Apple's Activity rings do; `false` pegs it at the end.
  public var wrap = false
  /// The base direction of its texts: from each text's first strong character (`.auto`,
  /// the default), or left to right or right to left for all of them.
  public var direction: TextDirection = .auto
  /// What a higher layer derived from this gauge and keeps to use again (the SVG backend's
  /// prepared renderer); not part of its value.
  package var derived = DerivedValue()

  /// Creates a gauge and checks it.
  ///
  /// - Throws: `GaugeError.invalidGauge` listing every rule the values break.
  public init(
    name: String? = nil, title: String? = nil, source: String? = nil,
    min: Double, max: Double, zones: [Zone], ring: Ring = Ring(), fill: FillMode = .zones,
    pointer: PointerStyle = PointerStyle(), readout: ReadoutFormat = ReadoutFormat(),
    labels: LabelOptions = LabelOptions(), style: Style = .light, darkStyle: Style = .dark,
    animation: AnimationOptions = AnimationOptions(), wording: Wording = Wording(),
    pointers: [PointerMark] = []
  ) throws(GaugeError) {
    self.init(
      unchecked: name, title: title, source: source, min: min, max: max, zones: zones,
      ring: ring, fill: fill, pointer: pointer, readout: readout, labels: labels, style: style,
      darkStyle: darkStyle, animation: animation, wording: wording)
    self.pointers = pointers
    let problems = self.problems()
    guard problems.isEmpty else { throw .invalidGauge(problems) }
  }

  /// The memberwise form without checks, for the decoder, which checks afterwards.
  package init(
    unchecked name: String?, title: String?, source: String?, min: Double, max: Double,
    zones: [Zone], ring: Ring, fill: FillMode, pointer: PointerStyle, readout: ReadoutFormat,
    labels: LabelOptions, style: Style, darkStyle: Style, animation: AnimationOptions,
    wording: Wording = Wording()
  ) {
    self.name = name
    self.title = title
    self.source = source
    self.min = min
    self.max = max
    self.zones = zones
    self.ring = ring
    self.fill = fill
    self.pointer = pointer
    self.readout = readout
    self.labels = labels
    self.style = style
    self.darkStyle = darkStyle
    self.animation = animation
    self.wording = wording
  }

  /// Throws when any rule is broken; see `problems()`.
  public func validate() throws(GaugeError) {
    let problems = self.problems()
    guard problems.isEmpty else { throw .invalidGauge(problems) }
  }

  /// The zone index containing `value`, clamped to the domain: zone k holds
  /// (bound k−1, bound k], and the first zone also holds `min`.
  ///
  /// Edge cases:
  /// - NaN gives `nil`; values below `min` give 0 and above `max` the last zone.
  package func zoneIndex(containing value: Double) -> Int? {
    guard !value.isNaN, !zones.isEmpty else { return nil }
    for (index, zone) in zones.enumerated() where value <= zone.upperBound {
      return index
    }
    return zones.count - 1
  }
}
