import GaugeModel

/// The elements of each state's known marks (`GaugeScenes.knownMarks`: the range's band,
/// the threshold marks, minor ticks, the marker bars and labels, the ghost pointer), written
/// once by a static prepared renderer: an image made without those items
/// (`KnownMarkSlots`) copies them into its document where they go, instead of building
/// their scene items and matching each against the template's elements.
///
/// The elements are written by `SVGSceneRenderer.draw(_:)` for a scene of the renderer's
/// own (the template), so they are the bytes an image's own items would give: a static
/// image's elements depend on the scene only through its dark-scheme classes, text
/// direction and fonts, which every image of one renderer shares.
struct PreparedMarks: Sendable {
  /// One state's elements: ranges in `bytes`, each empty where the state draws none.
  struct Elements: Sendable {
    var state: GaugeState
    var under: Range<Int>
    var over: Range<Int>
    var texts: Range<Int>
  }

  let bytes: [UInt8]
  /// At most one entry per state (four), found by a linear search.
  let states: [Elements]

  /// - Parameter template: a static scene of the renderer the marks are drawn for.
  init(known: [GaugeState: KnownMarks], template: Scene) {
    var renderer = SVGSceneRenderer(scene: template)
    renderer.out = SVGWriter(capacity: known.count * 1024)
    var states: [Elements] = []
    // In a fixed order, so that the same renderer always holds the same bytes.
    for state in [GaugeState.normal, .below, .above, .noData] {
      guard let marks = known[state] else { continue }
      func write(_ items: [SceneItem]) -> Range<Int> {
        let start = renderer.out.count
        for item in items { renderer.draw(item) }
        return start..<renderer.out.count
      }
      states.append(
        Elements(
          state: state, under: write(marks.under), over: write(marks.over),
          texts: write(marks.markerTexts)))
    }
    bytes = renderer.out.finishBytes()
    self.states = states
  }

  /// Where `slots`' state's elements go in an image and what they are; `nil` for a state
  /// without known marks.
  func splice(_ slots: KnownMarkSlots) -> MarkSplice? {
    for elements in states where elements.state == slots.state {
      return MarkSplice(slots: slots, elements: elements, bytes: bytes)
    }
    return nil
  }
}

/// One image's known marks: what `SVGSceneRenderer` copies before the items `slots` names.
struct MarkSplice {
  let slots: KnownMarkSlots
  let elements: PreparedMarks.Elements
  let bytes: [UInt8]

  /// The bytes the splice adds to the document.
  var count: Int { elements.under.count + elements.over.count + elements.texts.count }
}
