import GaugeGeometry
import GaugeModel
import GaugeSupport

/// Markers, threshold marks, minor ticks, the reference and the range, as scene items in
/// paint order: the range's band and the marks under the pointer, the reference's ghost
/// pointer just under it, the texts over everything.
extension GaugeScenes {
  /// The ghost pointer's opacity: enough to read as a pointer, little enough to read as a
  /// past one.
  static let ghostAlpha: UInt8 = 0x66

  /// The range's band, the minor ticks, the threshold marks and the markers' bars.
  func appendUnderMarks(_ marks: GaugeMarks, layout: GaugeLayout, to items: inout [SceneItem]) {
    let labelPaint = Paint(style.label, role: .label)
    if let range = marks.range {
      let sector = AnnularSector(
        center: layout.center, innerRadius: range.innerRadius, outerRadius: range.outerRadius,
        startAngle: range.startAngle, endAngle: range.endAngle,
        cornerRadius: 0)
      items.append(.sector(SceneSector(sector: sector, paint: labelPaint, mark: .range)))
    }
    if options.showLabels && !marks.minorTicks.isEmpty {
      items.append(
        .strokes(
          SceneStrokes(
            segments: marks.minorTicks.map { Segment(from: $0.from, to: $0.to) },
            paint: labelPaint, width: Swift.max(1, layout.outerRadius * 0.006))))
    }
    for mark in marks.thresholds {
      items.append(.polygon(ScenePolygon(points: mark, paint: labelPaint, mark: .threshold)))
    }
    let pointerPaint = Paint(style.pointer, role: .pointer)
    for marker in marks.markers {
      items.append(.polygon(ScenePolygon(points: marker.bar, paint: pointerPaint, mark: .marker)))
    }
  }

  /// The reference's ghost pointer, in the pointer's colour at `ghostAlpha`.
  func appendOverMarks(_ marks: GaugeMarks, to items: inout [SceneItem]) {
    guard let reference = marks.reference else { return }
    var color = style.pointer
    color.alpha = Self.ghostAlpha
    items.append(
      .polygon(
        ScenePolygon(
          points: reference.pointer, paint: Paint(color, role: .pointer), mark: .reference)
      ))
  }

  /// The markers' labels (`markerTexts` when made already) and the delta, coloured by what
  /// the change means.
  func appendMarkTexts(
    _ marks: GaugeMarks, markerTexts: [SceneItem]? = nil, to items: inout [SceneItem]
  ) {
    let labelPaint = Paint(style.label, role: .label)
    if let markerTexts {
      items.append(contentsOf: markerTexts)
    } else {
      for marker in marks.markers {
        guard let label = marker.label else { continue }
        items.append(
          .text(
            SceneText(
              role: .marker, text: label.text, position: label.position,
              fontSize: label.fontSize, anchor: label.anchor, paint: labelPaint)))
      }
    }
    if let reference = marks.reference, let delta = reference.delta {
      let meaning = gauge.deltaMeaning(direction: reference.direction)
      let paint =
        Style.deltaColor(meaning, dark: options.theme == .dark).map {
          Paint($0, role: meaning == .good ? .good : .bad)
        } ?? labelPaint
      items.append(
        .text(
          SceneText(
            role: .delta, text: delta.text, position: delta.position, fontSize: delta.fontSize,
            anchor: delta.anchor, weight: .bold, paint: paint)))
    }
  }
}

/// A state's marks that no value changes, with their scene items, made once by a renderer
/// that draws many images: each image adds only the change since the reference. A class,
/// so that an image takes its state's with one retain rather than one per array.
final class KnownMarks: Sendable {
  /// The marks of a reading in the state, and the boxes of its texts that no reading moves;
  /// its reference's change is worked out per image.
  let fixed: StateMarks
  /// The items drawn under the pointer (the range's band, minor ticks, threshold marks,
  /// marker bars), over the end stop (the ghost pointer), and the markers' labels.
  let under: [SceneItem]
  let over: [SceneItem]
  let markerTexts: [SceneItem]

  init(fixed: StateMarks, under: [SceneItem], over: [SceneItem], markerTexts: [SceneItem]) {
    self.fixed = fixed
    self.under = under
    self.over = over
    self.markerTexts = markerTexts
  }
}

/// Where a state's known marks go among the items of a scene made without them
/// (`GaugeScenes.scene(value:timeline:leavingOut:leftOut:)`): each is the index of
/// the item they are drawn before, `items.count` for after the last. A prepared SVG writes
/// their elements once per state and copies them there.
struct KnownMarkSlots: Sendable {
  var state: GaugeState
  /// The `under` items (the range's band, minor ticks, threshold marks, marker bars).
  var under = 0
  /// The `over` items (the ghost pointer).
  var over = 0
  /// The markers' labels.
  var texts = 0
  /// What the marks add to the accessible name, when the scene's label leaves it out: the
  /// phrases as `MarkWords` numbers them, and the change's size where the phrase names it.
  var words: MarkWords?
  var change: String?

  /// The phrases the marks add to the accessible name after the summary: the markers', the
  /// reference's (one of five) and the range's, with the change's size in the middle.
  enum MarkWords: Int, CaseIterable {
    case noReference, referenceAlone, unchanged, up, down

    /// The reference phrase's direction (`ReferencePhrases.parts(direction:)`).
    var direction: Int? {
      switch self {
      case .noReference, .referenceAlone: return nil
      case .unchanged: return 0
      case .up: return 1
      case .down: return -1
      }
    }
  }
}

/// Each state's known marks, found by a switch on the state: a `GaugeState` key, a raw
/// string, would be hashed and compared as a string in every image.
struct KnownMarksByState: Sendable {
  private var byState: [KnownMarks?] = [nil, nil, nil, nil]

  /// Whether no state has known marks.
  var isEmpty: Bool { !byState.contains { $0 != nil } }

  subscript(state: GaugeState) -> KnownMarks? {
    get { byState[Self.index(of: state)] }
    set { byState[Self.index(of: state)] = newValue }
  }

  /// Where a state's entry is, in 0..<4.
  static func index(of state: GaugeState) -> Int {
    switch state {
    case .normal: return 0
    case .noData: return 1
    case .below: return 2
    case .above: return 3
    }
  }
}

extension GaugeScenes {
  /// Sets `slots` to the phrases the marks add to the accessible name, and
  /// whether it could (a reference of its own, whose phrases were made once).
  func splitWords(_ marks: GaugeMarks?, into slots: inout KnownMarkSlots?)
    -> Bool
  {
    guard let reference = marks?.reference else {
      slots?.words = .noReference
      return true
    }
    guard let words = referenceWords, words.value == reference.value else { return false }
    switch (reference.changeText, reference.direction) {
    case (nil, _): slots?.words = .referenceAlone
    case (_, 0): slots?.words = .unchanged
    case (let size?, let direction):
      slots?.words = direction > 0 ? .up : .down
      slots?.change = size
    }
    return true
  }

  /// The marks of a reading in each state (on the scale, below, above, without data), with
  /// this renderer's reference and range, laid out as each image lays out its own.
  func fixedMarksByState() -> KnownMarksByState {
    let below = gauge.min - Swift.max(1, (gauge.max - gauge.min).magnitude)
    let above = gauge.max + Swift.max(1, (gauge.max - gauge.min).magnitude)
    var known = KnownMarksByState()
    // Known marks are only made with the texts placed once (`repeated`).
    guard let placement else { return known }
    for value in [gauge.min, below, above, nil] as [Double?] {
      let layout = gauge.checkedLayout(
        value: value, width: options.width, height: options.height,
        measure: options.textMeasure, fonts: options.fonts, placed: placed, placement: placement)
      let state = layout.stateMarks(
        reference: options.reference, range: options.range, placement: placement)
      let marks = state.marks
      var under: [SceneItem] = []
      var over: [SceneItem] = []
      var markerTexts: [SceneItem] = []
      appendUnderMarks(marks, layout: layout, to: &under)
      appendOverMarks(marks, to: &over)
      appendMarkTexts(marks, to: &markerTexts)
      known[layout.state] = KnownMarks(
        fixed: state, under: under, over: over, markerTexts: markerTexts)
    }
    return known
  }
}
