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
    var under: Range<Int>
    var over: Range<Int>
    var texts: Range<Int>
  }

  let bytes: [UInt8]
  /// Each state's elements, at `KnownMarksByState.index(of:)`; `nil` for a state without.
  let states: [Elements?]
  /// What the marks add to the accessible name, escaped, by `KnownMarkSlots.MarkWords`:
  /// the markers' phrases and the reference's up to its change, and the rest of the
  /// reference's with the range's.
  let words: [(head: [UInt8], tail: [UInt8])]

  /// - Parameter template: a static scene of `scenes`, whose known marks are drawn.
  init(scenes: GaugeScenes, template: Scene) {
    let known = scenes.knownMarks
    words = KnownMarkSlots.MarkWords.allCases.map { words in
      let reference =
        words == .noReference
        ? (before: "", after: "") : scenes.referenceWords?.parts(direction: words.direction)
      var head = SVGWriter(capacity: 0)
      head.text(scenes.markerWords)
      head.text(reference?.before ?? "")
      var tail = SVGWriter(capacity: 0)
      tail.text(reference?.after ?? "")
      tail.text(scenes.rangeWords)
      return (head.finishBytes(), tail.finishBytes())
    }
    var renderer = SVGSceneRenderer(scene: template)
    renderer.out = SVGWriter(capacity: 4096)
    var states: [Elements?] = [nil, nil, nil, nil]
    // In a fixed order, so that the same renderer always holds the same bytes.
    for state in [GaugeState.normal, .below, .above, .noData] {
      guard let marks = known[state] else { continue }
      func write(_ items: [SceneItem]) -> Range<Int> {
        let start = renderer.out.count
        for item in items { renderer.draw(item) }
        return start..<renderer.out.count
      }
      states[KnownMarksByState.index(of: state)] = Elements(
        under: write(marks.under), over: write(marks.over), texts: write(marks.markerTexts))
    }
    bytes = renderer.out.finishBytes()
    self.states = states
  }

  /// Where `slots`' state's elements go in an image and what they are; `nil` for a state
  /// without known marks.
  func splice(_ slots: KnownMarkSlots) -> MarkSplice? {
    if let elements = states[KnownMarksByState.index(of: slots.state)] {
      let spoken = slots.words.map { kind in
        SpokenMarks(
          head: words[kind.rawValue].head, change: slots.change, tail: words[kind.rawValue].tail)
      }
      return MarkSplice(slots: slots, elements: elements, bytes: bytes, spoken: spoken)
    }
    return nil
  }
}

/// What the marks add to an image's accessible name, for a writer to put after the summary
/// (`Scene.label`, which leaves it out): escaped phrases written once, and the change's
/// size between them.
struct SpokenMarks {
  let head: [UInt8]
  let change: String?
  let tail: [UInt8]
}

/// One image's known marks: what `SVGSceneRenderer` copies before the items `slots` names.
struct MarkSplice {
  let slots: KnownMarkSlots
  let elements: PreparedMarks.Elements
  let bytes: [UInt8]
  /// What the marks add to the accessible name; `nil` when `Scene.label` holds it.
  let spoken: SpokenMarks?

  /// The bytes the splice adds to the document.
  var count: Int {
    elements.under.count + elements.over.count + elements.texts.count
      + (spoken.map { 2 * ($0.head.count + $0.tail.count + 8) } ?? 0)
  }
}
