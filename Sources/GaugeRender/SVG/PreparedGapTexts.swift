import GaugeModel

/// The elements of each state's texts in the gap (`GapTextRuns`: the status, the scale's
/// end labels, the title), written once by a static prepared renderer: its images' scenes
/// leave those texts out (`GapTextSlot`), and the writer copies the state's elements where
/// they went, instead of building each text's item and matching it against the template's.
///
/// They are written by `SVGSceneRenderer.draw(_:)` from a whole scene of the renderer's own
/// in that state, so they are the bytes an image's own items would give: a static image's
/// texts depend on the scene only through its dark-scheme classes, text direction and
/// fonts, which every image of one renderer shares.
final class PreparedGapTexts: Sendable {
  let bytes: [UInt8]
  /// Each state's elements, at `KnownMarksByState.index(of:)`; `nil` for a state whose
  /// scenes draw their own.
  private let states: [Range<Int>?]

  /// The elements of each state of `scenes` that has a run; `scenes` keeps only the runs of
  /// the states it could write, since an image's scene leaves its state's texts out. `nil`
  /// where it could write none.
  init?(scenes: inout GaugeScenes) {
    guard !scenes.gapTextRuns.isEmpty else { return nil }
    let gauge = scenes.gauge
    // Values in each state, as the texts were placed (`Gauge.placedLabels`). An image whose
    // pointer clears a tick number keeps its texts (`GapTextRuns.run`): values across the
    // scale look for one whose pointer clears none (one between two numbers); where none
    // does, the normal state keeps its texts in every image. (A checked gauge's span is
    // finite; a value a span past an end may not be, and then finds no state of its own.)
    let span = Swift.max(1, (gauge.max - gauge.min).magnitude)
    let across = (0...32).map { gauge.min + (gauge.max - gauge.min) * Double($0) / 32 }
    var writer = SVGWriter(capacity: 1024)
    var states: [Range<Int>?] = [nil, nil, nil, nil]
    /// Writes the texts of `value`'s state, unless written already or left in its scene.
    func write(_ value: Double?) {
      var leftOut = LeftOutParts()
      let without = scenes.scene(
        value: value, timeline: nil, leavingOut: .gapTexts, leftOut: &leftOut)
      guard let slot = leftOut.gapTexts, states[KnownMarksByState.index(of: slot.state)] == nil
      else { return }
      var drawn = LeftOutParts()
      let whole = scenes.scene(value: value, timeline: nil, leavingOut: [], leftOut: &drawn)
      let texts = whole.items[slot.index..<(slot.index + whole.items.count - without.items.count)]
      var renderer = SVGSceneRenderer(scene: whole)
      renderer.out = writer
      let start = renderer.out.count
      for item in texts { renderer.draw(item) }
      states[KnownMarksByState.index(of: slot.state)] = start..<renderer.out.count
      writer = renderer.out
    }
    let normal = KnownMarksByState.index(of: .normal)
    for value in across where scenes.gapTextRuns.has(.normal) && states[normal] == nil {
      write(value)
    }
    for value in [gauge.min - span, gauge.max + span, nil] { write(value) }
    for state in [GaugeState.normal, .below, .above, .noData]
    where states[KnownMarksByState.index(of: state)] == nil {
      scenes.gapTextRuns.remove(state)
    }
    guard !scenes.gapTextRuns.isEmpty else { return nil }
    bytes = writer.finishBytes()
    self.states = states
  }

  /// What an image copies where `slot` says; `nil` for a state without prepared texts,
  /// which a scene of the renderer's own never leaves out (`init` keeps only the runs of
  /// the states it wrote).
  func splice(_ slot: GapTextSlot) -> GapTextSplice? {
    guard let range = states[KnownMarksByState.index(of: slot.state)] else { return nil }
    return GapTextSplice(index: slot.index, texts: self, range: range)
  }
}

/// One image's gap texts: the elements `SVGSceneRenderer` copies before the item at `index`.
struct GapTextSplice {
  let index: Int
  let texts: PreparedGapTexts
  let range: Range<Int>
}
