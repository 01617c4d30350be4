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
  // Every field lives in one shared, immutable box (`Gauge+Storage.swift`): a copy of a
  // gauge is one reference, where the fields themselves are some 750 bytes and two dozen
  // references. Each image's layout, placement and scene hold the gauge; copying the
  // fields into them was about a sixth of a prepared SVG's time. A change makes a new box.
  var storage: Storage

  /// A short identifier ("stress"), used by preset libraries.
  public var name: String? {
    get { storage.fields.name }
    set { change { $0.name = newValue } }
  }
  /// The gauge's name for people ("Stress"): drawn under the readout and used as the
  /// accessible name.
  public var title: String? {
    get { storage.fields.title }
    set { change { $0.title = newValue } }
  }
  /// Where the zone bands come from (a guideline, a paper, a vendor's documentation).
  public var source: String? {
    get { storage.fields.source }
    set { change { $0.source = newValue } }
  }
  /// The value domain, min < max, both finite.
  public var min: Double {
    get { storage.fields.min }
    set { change { $0.min = newValue } }
  }
  /// The largest value the scale shows; above it the pointer pegs.
  public var max: Double {
    get { storage.fields.max }
    set { change { $0.max = newValue } }
  }
  /// Ascending zones; the last one's upper bound is `max`.
  public var zones: [Zone] {
    get { storage.fields.zones }
    set { change { $0.zones = newValue } }
  }
  /// The open ring: sector count, gap, thickness, gaps between sectors.
  public var ring: Ring {
    get { storage.fields.ring }
    set { change { $0.ring = newValue } }
  }
  /// Whether every sector shows its zone's colour, or only those up to the value.
  public var fill: FillMode {
    get { storage.fields.fill }
    set { change { $0.fill = newValue } }
  }
  /// The tapered pointer's shape.
  public var pointer: PointerStyle {
    get { storage.fields.pointer }
    set { change { $0.pointer = newValue } }
  }
  /// How the centre readout prints a value.
  public var readout: ReadoutFormat {
    get { storage.fields.readout }
    set { change { $0.readout = newValue } }
  }
  /// Which labels show besides the readout and title.
  public var labels: LabelOptions {
    get { storage.fields.labels }
    set { change { $0.labels = newValue } }
  }
  /// Colours for the light theme and for the dark one.
  public var style: Style {
    get { storage.fields.style }
    set { change { $0.style = newValue } }
  }
  /// The colours for the dark theme.
  public var darkStyle: Style {
    get { storage.fields.darkStyle }
    set { change { $0.darkStyle = newValue } }
  }
  /// How an animation sweeps, counts and reveals.
  public var animation: AnimationOptions {
    get { storage.fields.animation }
    set { change { $0.animation = newValue } }
  }
  /// Its own words in place of its locale's (`readout.locale`).
  public var wording: Wording {
    get { storage.fields.wording }
    set { change { $0.wording = newValue } }
  }
  /// Values marked across the ring, each with its label outside the ring (a goal, a limit).
  public var markers: [GaugeMarker] {
    get { storage.fields.markers }
    set { change { $0.markers = newValue } }
  }
  /// Whether a mark stands just outside the ring at every boundary between two zones.
  public var thresholdMarkers: Bool {
    get { storage.fields.thresholdMarkers }
    set { change { $0.thresholdMarkers = newValue } }
  }
  /// Where a progress fill's lit arc starts: it runs from here to the value, in either
  /// direction; `nil` starts it at `min`. Ignored by the `zones` fill.
  public var neutral: Double? {
    get { storage.fields.neutral }
    set { change { $0.neutral = newValue } }
  }
  /// What a rise since the reference means (the preset's `delta.increase`), which colours
  /// the delta beside the readout; `neutral` by default, so no preset is judged without
  /// saying so.
  public var increaseMeans: DeltaMeaning {
    get { storage.fields.increaseMeans }
    set { change { $0.increaseMeans = newValue } }
  }
  /// Several pointers, each with its own value and readout line; empty for one pointer.
  public var pointers: [PointerMark] {
    get { storage.fields.pointers }
    set { change { $0.pointers = newValue } }
  }
  /// Whether a progress fill carries a value past `max` into a second lap (and more), its
  /// end marked by a shaded cap, as Apple's Activity rings do; `false` pegs it at the end.
  public var wrap: Bool {
    get { storage.fields.wrap }
    set { change { $0.wrap = newValue } }
  }
  /// The base direction of its texts: from each text's first strong character (`.auto`,
  /// the default), or left to right or right to left for all of them.
  public var direction: TextDirection {
    get { storage.fields.direction }
    set { change { $0.direction = newValue } }
  }
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
    storage = Storage(
      fields: Fields(
        name: name, title: title, source: source, min: min, max: max, zones: zones, ring: ring,
        fill: fill, pointer: pointer, readout: readout, labels: labels, style: style,
        darkStyle: darkStyle, animation: animation, wording: wording))
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
