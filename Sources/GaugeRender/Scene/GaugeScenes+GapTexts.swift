import GaugeModel
import GaugeSupport

/// What a scene made for a prepared renderer leaves out (`GaugeScenes.scene(value:timeline:
/// leavingOut:leftOut:)`), and where the renderer puts what it writes in their place.
struct LeftOutParts: Sendable {
  /// The parts a scene may leave out.
  struct Kinds: OptionSet, Sendable {
    let rawValue: Int
    /// The known marks' items (`KnownMarkSlots`).
    static let knownMarks = Kinds(rawValue: 1)
    /// The summary at the head of the accessible name (`SummarySlot`).
    static let summary = Kinds(rawValue: 2)
    /// The run of texts placed in the gap under the readout (`GapTextRuns`).
    static let gapTexts = Kinds(rawValue: 4)
    /// The ring and its outline, in a still image where they have the ring's own colours
    /// (`RingSlot`).
    static let rings = Kinds(rawValue: 8)
  }

  /// Where the known marks go, and what they add to the name; `nil` where they are drawn.
  var marks: KnownMarkSlots?
  /// The summary's parts and the readout; `nil` where the label holds the summary.
  var summary: SummarySlot?
  /// Where the gap's texts go; `nil` where they are drawn.
  var gapTexts: GapTextSlot?
  /// Which of the rings' sectors are lit; `nil` where the rings are items.
  var rings: RingSlot?
}

/// What a scene that left its rings out says of them: they go before every item, as a
/// scene's rings do, and only which sectors are lit changes from image to image. Every
/// other part of them (the geometry, the zones' colours, the track, the outline's shades)
/// is the ring's own (`GaugeScenes.ring`), whose elements a prepared renderer wrote once.
struct RingSlot: Sendable, Equatable {
  /// `SceneRing.litStart` and `SceneRing.litCount` of the ring.
  let litStart: Int
  let litCount: Int
  /// Whether the outline ring is drawn under the ring (`GaugeScenes.outlineRing(for:)`).
  let outlined: Bool
}

/// Where a scene left its gap's texts out: the index of the item they go before
/// (`items.count` for after the last), and the state whose texts they are.
struct GapTextSlot: Sendable {
  let state: GaugeState
  let index: Int
}

/// For each state, which of the texts placed once (`GaugeScenes.placed`) are the gap's: the
/// status, the scale's end labels and the title (`LabelPlacement.gapTexts`), one after
/// another in the labels. With tick numbers, the ends are the first and last of those
/// numbers, in the ring's hole, and the start's follows the title: the run takes it too
/// (its role is an end's), and a pointer may clear it. Every image of the state that clears
/// no label draws the run alike, so a prepared renderer writes its elements once
/// (`PreparedGapTexts`) and those images' scenes leave it out (`run(_:labelCount:)`).
struct GapTextRuns: Sendable {
  /// One state's run: where it lies in the state's labels, and how many labels the state
  /// placed.
  private struct Run: Sendable {
    var labels: Range<Int>
    var labelCount: Int
  }

  /// Each state's run at `KnownMarksByState.index(of:)`; empty for none at all (a scene made
  /// once allocates nothing for it).
  private var byState: [Run?] = []

  /// No runs: every scene draws its own texts.
  init() {}

  /// The runs of texts placed once for each state.
  init(placed: [GaugeState: [GaugeLabel]]) {
    byState = [nil, nil, nil, nil]
    for (state, labels) in placed {
      guard let first = labels.firstIndex(where: { Self.isGapText($0.role) }) else { continue }
      let end = labels[first...].firstIndex(where: { !Self.isGapText($0.role) }) ?? labels.endIndex
      byState[KnownMarksByState.index(of: state)] = Run(
        labels: first..<end, labelCount: labels.count)
    }
  }

  /// The indices of the gap's texts in an image's `labels` in `state`; `nil` where the
  /// image's pointer cleared any of the state's labels.
  ///
  /// An image's labels are its state's with the reading's texts set in place, less the tick
  /// numbers and ends its pointer covers (`clearingTicks`): clearing only takes labels out,
  /// so an image with as many labels as its state placed cleared none, and its run lies
  /// where the state's does. (One that cleared any draws its own texts: which were taken
  /// out is not worth asking of every image.)
  func run(_ state: GaugeState, labelCount: Int) -> Range<Int>? {
    guard !byState.isEmpty, let run = byState[KnownMarksByState.index(of: state)],
      labelCount == run.labelCount
    else { return nil }
    return run.labels
  }

  /// Leaves `state` without a run: its scenes draw their own texts.
  mutating func remove(_ state: GaugeState) {
    if !byState.isEmpty { byState[KnownMarksByState.index(of: state)] = nil }
  }

  /// Whether `state` has a run.
  func has(_ state: GaugeState) -> Bool {
    !byState.isEmpty && byState[KnownMarksByState.index(of: state)] != nil
  }

  /// Whether any state has a run.
  var isEmpty: Bool { !byState.contains { $0 != nil } }

  private static func isGapText(_ role: TextRole) -> Bool {
    role == .status || role == .start || role == .end || role == .title
  }
}
