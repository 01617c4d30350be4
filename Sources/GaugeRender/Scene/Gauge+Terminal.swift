import GaugeGeometry
import GaugeModel
import GaugeSupport

extension Gauge {
  /// The gauge for `value` as terminal cells.
  ///
  /// To draw many frames of one gauge, prepare a `TerminalGaugeRenderer` once instead.
  ///
  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  public func terminalFrame(value: Double?, options: TerminalOptions = TerminalOptions())
    throws(GaugeError) -> TerminalFrame
  {
    try TerminalGaugeRenderer(gauge: self, options: options).frame(value: value, moment: nil)
  }

  /// The given moment of an animation (its pointer, readout and appeared sectors) as
  /// terminal cells, or the final state for `value` without one.
  package func terminalFrame(value: Double?, options: TerminalOptions, frame: GaugeMoment?)
    throws(GaugeError) -> TerminalFrame
  {
    try TerminalGaugeRenderer(gauge: self, options: options).frame(value: value, moment: frame)
  }
}

/// Draws many terminal frames of one gauge at one size, as an animation does. It builds the
/// gauge's scenes on a grid of cells (a cell 1 unit wide and 2 tall, the height cut below
/// the lowest thing drawn) and hands them to the terminal backend, which samples the ring
/// once, so a frame only looks pixels up and adds the pointer, the readout and the labels.
/// A value with no mutable state.
public struct TerminalGaugeRenderer: Sendable {
  /// The gauge it draws (with the options' title and labels applied).
  package let gauge: Gauge
  /// The options every frame is drawn with.
  package let options: TerminalOptions
  /// Rows down to the lowest thing drawn (the same for every value and every moment).
  package let rows: Int
  /// The scenes, at a size where a cell is 1 unit wide and 2 tall.
  package let scenes: GaugeScenes
  /// The terminal backend, with the ring sampled.
  private let renderer: TerminalSceneRenderer
  /// How far from the ring's centre the pointer starts, in units: clear of the readout
  /// (`readoutPlan(_:options:)`).
  package let pointerStart: Double

  /// - Throws: `GaugeError.invalidSize` for a width outside 20...400 cells, or
  ///   `GaugeError.invalidGauge` when the gauge breaks a rule.
  public init(gauge: Gauge, options: TerminalOptions = TerminalOptions()) throws(GaugeError) {
    let gauge = try TerminalGaugeRenderer.labelled(gauge, options: options)
    let plan = TerminalGaugeRenderer.readoutPlan(gauge, options: options)
    var options = options
    options.readoutSize = plan.size
    let square = TerminalOptions.rows(forColumns: options.columns)
    let rows = TerminalGaugeRenderer.rows(of: gauge, columns: options.columns)
    var sceneOptions = RenderOptions(
      width: options.columns, height: square * 2, showLabels: options.showLabels)
    sceneOptions.textMeasure = .cells
    sceneOptions.reference = options.reference
    sceneOptions.range = options.range
    let scenes = try GaugeScenes(gauge: gauge, options: sceneOptions, repeated: true)
    var still = try scenes.scene(value: nil)
    still.height = 2 * rows
    // The pointer and the marker pegged at either end: what a cut title keeps clear of.
    let span = gauge.max - gauge.min
    var pegged: [Scene] = []
    for value in [gauge.min - span - 1, gauge.max + span + 1] {
      var scene = TerminalGaugeRenderer.pointers(
        try scenes.scene(value: value), startingAt: plan.pointerStart)
      scene.height = 2 * rows
      pegged.append(scene)
    }
    self.gauge = gauge
    self.options = options
    self.rows = rows
    self.scenes = scenes
    pointerStart = plan.pointerStart
    renderer = TerminalSceneRenderer(scene: still, options: options, keepClear: pegged)
  }

  /// The rows a frame of `gauge` takes at `options`' width (the same for every value), for
  /// fitting gauges to a window without drawing them.
  ///
  /// - Throws: what `init(gauge:options:)` throws.
  package static func rows(of gauge: Gauge, options: TerminalOptions) throws(GaugeError) -> Int {
    rows(of: try labelled(gauge, options: options), columns: options.columns)
  }

  /// The largest the readout's number is drawn for every value of `gauge`'s domain at
  /// `options`' width, no larger than `options.readoutSize`: what gauges shown together
  /// take the smallest of (see `readoutPlan(_:options:)`).
  ///
  /// - Throws: what `init(gauge:options:)` throws.
  package static func readoutSize(of gauge: Gauge, options: TerminalOptions) throws(GaugeError)
    -> TerminalReadoutSize
  {
    readoutPlan(try labelled(gauge, options: options), options: options).size
  }

  /// The size gauges shown together draw their readouts at: the smallest any of them fits
  /// at `options`' width, so every readout of the set is one size; `nil` for no gauges.
  ///
  /// - Throws: what `init(gauge:options:)` throws.
  package static func readoutSize(of gauges: [Gauge], options: TerminalOptions)
    throws(GaugeError) -> TerminalReadoutSize?
  {
    var smallest: TerminalReadoutSize?
    for gauge in gauges {
      let size = try readoutSize(of: gauge, options: options)
      smallest = Swift.min(smallest ?? size, size)
    }
    return smallest
  }

  /// `gauge` with the options' title and labels, checked at the options' width.
  private static func labelled(_ gauge: Gauge, options: TerminalOptions) throws(GaugeError)
    -> Gauge
  {
    try options.checkColumns("gauge")
    var gauge = gauge
    if let title = options.title { gauge.title = title }
    if !options.showLabels {
      gauge.title = nil
      gauge.labels.showEnds = false
    }
    let square = TerminalOptions.rows(forColumns: options.columns)
    _ = try gauge.layout(value: nil, width: options.columns, height: square * 2)
    return gauge
  }

  /// Rows down to the lowest thing drawn: the ring's bottom or the lowest label, at most
  /// the square the gauge is laid out in.
  private static func rows(of gauge: Gauge, columns: Int) -> Int {
    let square = TerminalOptions.rows(forColumns: columns)
    let reference = gauge.checkedLayout(
      value: nil, width: columns, height: square * 2, measure: .cells)
    var rows = Int((reference.ringBottom / 2).rounded(.up))
    for label in reference.labels {
      rows = Swift.max(rows, Int((label.position.y / 2).rounded(.down)) + 1)
    }
    // Marker labels stand outside the ring, perhaps below it.
    for marker in reference.marks(reference: nil, range: nil, measure: .cells).markers {
      guard let label = marker.label else { continue }
      rows = Swift.max(rows, Int((label.position.y / 2).rounded(.down)) + 1)
    }
    return Swift.min(square, rows)
  }

  /// The scene of `value` on the cell grid: the picture the frame shows, cut below the
  /// lowest thing drawn. `nil` only if the scenes could fail, which checked options do not.
  package func scene(value: Double?) -> Scene? {
    guard let scene = try? scenes.scene(value: value) else { return nil }
    return terminal(scene)
  }

  /// `scene` as the terminal draws it: cut below the lowest thing drawn, the pointer
  /// starting clear of the readout.
  private func terminal(_ scene: Scene) -> Scene {
    var scene = TerminalGaugeRenderer.pointers(scene, startingAt: pointerStart)
    scene.height = 2 * rows
    return scene
  }

  /// Which cells `value`'s pointer and off-scale marker show, row by row, and where its
  /// readout goes, as `frame(value:)` draws them: for checking that they keep apart.
  package func inkAndReadout(value: Double?) -> (ink: [Bool], readout: TerminalReadoutBlock?) {
    guard let scene = scene(value: value) else { return ([], nil) }
    return renderer.inkAndReadout(scene)
  }

  /// The frame for `value`.
  public func frame(value: Double?) -> TerminalFrame {
    frame(value: value, moment: nil)
  }

  /// The still frame for several values, one a pointer, as `Gauge.scene(values:options:)`
  /// draws them.
  ///
  /// - Throws: `GaugeError.invalidOption` for more values than the gauge has pointers.
  public func frame(values: [Double?]) throws(GaugeError) -> TerminalFrame {
    guard values.count > 1 else { return frame(value: values.first ?? nil) }
    let scene = try gauge.scene(values: values, options: scenes.options)
    return renderer.frame(terminal(scene), appearedSectors: Int.max)
  }

  /// The scene of several values, one a pointer, each turning along its own timeline (whose
  /// target is its value; `nil` for still) and its line counting with it, on the cell grid:
  /// what `frame(_:at:)` draws the moments of.
  ///
  /// - Throws: `GaugeError.invalidOption` for more values than the gauge has pointers.
  package func scene(values: [Double?], timelines: [GaugeTimeline?]) throws(GaugeError) -> Scene {
    terminal(try gauge.scene(values: values, options: scenes.options, timelines: timelines))
  }

  /// The frame `time` seconds into `scene` (from `scene(values:timelines:)`), as the SVG's
  /// animation and the APNG's frames show that moment.
  package func frame(_ scene: Scene, at time: Double) -> TerminalFrame {
    renderer.frame(scene.moment(at: time))
  }

  /// The frame for `value`, or for a moment of an animation.
  package func frame(value: Double?, moment: GaugeMoment?) -> TerminalFrame {
    // The scenes were checked when this renderer was made: a still scene cannot fail.
    guard let scene = scene(value: moment.map { $0.value } ?? value) else {
      return TerminalFrame(columns: options.columns, rows: rows)
    }
    return renderer.frame(scene, appearedSectors: moment?.appearedSectors ?? Int.max)
  }

  /// The frame `time` seconds into `timeline` (whose target is `value`): a first draw is
  /// the scene's own moment, as the SVG's animation and the PNG's frames show it (the
  /// readout counting, lit sectors turning from the track as the pointer passes them); a
  /// live update (`revealsSectors` false) is the still scene of the moment's value.
  package func frame(value: Double?, timeline: GaugeTimeline, at time: Double) -> TerminalFrame {
    guard timeline.revealsSectors else {
      return frame(value: value, moment: timeline.frame(at: time))
    }
    // The scenes were checked when this renderer was made, and the timeline when it was.
    guard let scene = try? scenes.scene(value: value, timeline: timeline) else {
      return TerminalFrame(columns: options.columns, rows: rows)
    }
    return renderer.frame(terminal(scene).moment(at: time))
  }
}
