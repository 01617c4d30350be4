import GaugeGeometry
import GaugeSupport

/// The times of an animated scene, decided once: a backend turns them into CSS, terminal
/// frames or image frames. Every animated thing rests on the still scene's final state.
///
/// Units: seconds and degrees.
package struct SceneTimeline: Sendable, Hashable {
  /// Seconds until the last thing moves.
  package var duration: Double
  /// When each of the ring's lit sectors starts turning from the track's colour to its
  /// zone's, by index: never before the pointer's tip reaches the sector's start edge, and
  /// half way through its fade (`fade(ofSector:in:)`) as the pointer passes its middle;
  /// `-sectorFade` for one there from the first frame, behind where the pointer starts;
  /// `duration - sectorFade` for one the pointer never reaches. `nil` when they are there
  /// at once.
  package var sectorAppearances: [Double]?
  /// How long each sector of `sectorAppearances` takes to turn, by index, where the pointer
  /// crosses the sector's first half in less than half of `sectorFade` (a fast sweep): twice
  /// that crossing, so the fade neither starts ahead of the tip nor ends behind it. `nil`
  /// when every sector takes `sectorFade`.
  package var sectorFades: [Double]?
  /// The sector times of each other ring, by the index its ring names
  /// (`SceneRing.otherAppearances`): a grid's cells past the first; empty for one gauge.
  package var otherSectorAppearances: [[Double]] = []
  /// The fades of each other ring's sectors, as `sectorFades`, by the same index; an
  /// empty array where every sector of that ring takes `sectorFade`.
  package var otherSectorFades: [[Double]] = []
  /// Seconds a sector takes to fade in once it appears (at most: see `sectorFades`).
  package var sectorFade: Double
  /// Whether the ring itself appears sector by sector at `sectorAppearances` (fading in
  /// from nothing, its unlit sectors too): an animated gauge without a value, whose
  /// preset's `animation.stagger` spaces the sectors.
  package var ringAppears = false
  /// How the pointer turns into place; `nil` when it does not move.
  package var pointerSweep: PointerSweep?
  /// How each other pointer of a gauge of several turns into place, by the index its
  /// polygon names (`ScenePolygon.otherSweep`); empty for one pointer.
  package var otherSweeps: [PointerSweep] = []
  /// A clockwise sweep from 12 o'clock that reveals the chart's sectors; `nil` for none.
  package var reveal: SweepReveal?

  /// Seconds a ring's sector takes to turn from the track's colour to its zone's.
  package static let sectorFade = 0.2

  /// Creates a timeline.
  package init(
    duration: Double, sectorAppearances: [Double]? = nil,
    sectorFade: Double = SceneTimeline.sectorFade,
    pointerSweep: PointerSweep? = nil, reveal: SweepReveal? = nil
  ) {
    self.duration = duration
    self.sectorAppearances = sectorAppearances
    self.sectorFade = sectorFade
    self.pointerSweep = pointerSweep
    self.reveal = reveal
  }
}

extension SceneTimeline {
  /// When each lit sector of `ring` appears: its own times if it names some
  /// (`SceneRing.otherAppearances`), else `sectorAppearances`; `nil` when it is there at once.
  ///
  /// Edge cases: an index past `otherSectorAppearances` gives `nil` (the ring is there).
  package func appearances(of ring: SceneRing) -> [Double]? {
    guard let other = ring.otherAppearances else { return sectorAppearances }
    return otherSectorAppearances.indices.contains(other) ? otherSectorAppearances[other] : nil
  }

  /// How long each lit sector of `ring` takes to turn from the track's colour to its own:
  /// its own fades if it names some, else `sectorFades`, else `sectorFade` for every sector.
  ///
  /// Edge cases: an index past the fades (or none given) takes `sectorFade`.
  package func fades(of ring: SceneRing) -> [Double]? {
    guard let other = ring.otherAppearances else { return sectorFades }
    guard otherSectorFades.indices.contains(other), !otherSectorFades[other].isEmpty else {
      return nil
    }
    return otherSectorFades[other]
  }

  /// Whether any ring's sectors appear over time.
  package var revealsRings: Bool {
    sectorAppearances != nil || !otherSectorAppearances.isEmpty
  }
}

/// The pointer's bearing over time, sampled: it turns about `center` and ends at
/// `finalAngle`, where the still scene draws it.
package struct PointerSweep: Sendable, Hashable {
  package var center: Point
  package var finalAngle: Double
  package var duration: Double
  /// Sample times from 0 to `duration` with the pointer's bearing at each.
  package var keyframes: [Keyframe]

  /// One sample.
  package struct Keyframe: Sendable, Hashable {
    package var time: Double
    package var angle: Double

    /// Creates a sample.
    package init(time: Double, angle: Double) {
      self.time = time
      self.angle = angle
    }
  }

  /// Creates a sweep.
  package init(center: Point, finalAngle: Double, duration: Double, keyframes: [Keyframe]) {
    self.center = center
    self.finalAngle = finalAngle
    self.duration = duration
    self.keyframes = keyframes
  }
}

/// A clockwise reveal from 12 o'clock at a constant rate: what lies within `radius` of
/// `center` and at a bearing the sweep has passed shows.
package struct SweepReveal: Sendable, Hashable {
  package var center: Point
  package var radius: Double
  package var duration: Double

  /// Creates a reveal.
  package init(center: Point, radius: Double, duration: Double) {
    self.center = center
    self.radius = radius
    self.duration = duration
  }

  /// The bearing reached at `time`, 0...360.
  ///
  /// Edge cases: a duration of 0 has swept the whole circle at once; NaN gives 360.
  package func sweptAngle(at time: Double) -> Double {
    guard duration > 0, !time.isNaN else { return 360 }
    return Swift.min(360, Swift.max(0, time / duration * 360))
  }
}
