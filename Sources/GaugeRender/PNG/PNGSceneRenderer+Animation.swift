import GaugeGeometry
@_spi(Service) import GaugeModel
import GaugeRaster
import GaugeSupport
import GaugeText

extension PNGSceneRenderer {
  /// How many steps the animation of `duration` seconds takes after its first frame: one
  /// every thirtieth of a second, or fewer, each shown longer, when that many frames would
  /// pass `AnimationLimits.maximumFrames` or, with the still image,
  /// `AnimationLimits.maximumPixels`.
  ///
  /// - Throws: `GaugeError.invalidOption` when the animation lasts longer than
  ///   `AnimationLimits.maximumSeconds`; `GaugeError.invalidSize` when not even two frames
  ///   and the still image fit.
  package func frameSteps(for duration: Double) throws(GaugeError) -> Int {
    guard duration <= AnimationLimits.maximumSeconds else {
      throw .invalidOption(
        "the animation lasts \(FixedDecimal.plain(duration)) seconds; an animated PNG may last "
          + "at most \(FixedDecimal.plain(AnimationLimits.maximumSeconds)) (lower the stagger, "
          + "or draw it without animation)")
    }
    let wanted = AnimationLimits.steps(forSeconds: duration)
    // The canvas size was checked: at most 8192 × 8192, so this cannot overflow.
    let images = AnimationLimits.maximumPixels / (pixelWidth * pixelHeight)
    // Steps + 1 frames, and the still image.
    guard images >= 3 else {
      let side = Int(Double(AnimationLimits.maximumPixels / 3).squareRoot())
      throw .invalidSize(
        "an animated PNG of \(pixelWidth)×\(pixelHeight) needs 3 images of that size at the "
          + "least; at most \(FixedDecimal.string(Double(AnimationLimits.maximumPixels), decimals: 0, grouping: true)) "
          + "pixels of images are allowed; draw it at most \(side)×\(side) or without animation")
    }
    return Swift.min(wanted, images - 2)
  }

  /// The animation's frames, each with how long it shows: the scene at each of `steps` + 1
  /// moments of its timeline, ending on the still picture.
  package func animationFrames(
    steps: Int, cache: inout GlyphCache, prepared: PreparedRaster? = nil
  ) -> [(pixels: [UInt8], delay: Double)] {
    guard let timeline = scene.timeline else { return [] }
    let wanted = AnimationLimits.steps(forSeconds: timeline.duration)
    // Thirtieths of a second, unless the budget spread fewer frames over the same time.
    let delay =
      steps == wanted ? 1 / AnimationLimits.framesPerSecond : timeline.duration / Double(steps)
    var frames: [(pixels: [UInt8], delay: Double)] = []
    frames.reserveCapacity(steps + 1)
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      // Safe: the moment's scene has the same size as the checked one.
      guard
        let moment = try? PNGSceneRenderer(
          scene: scene.moment(at: time), scale: scale)
      else { continue }
      frames.append((moment.pixels(cache: &cache, prepared: prepared), delay))
    }
    return frames
  }
}

extension Scene {
  /// The still scene of the moment `time` seconds into its timeline: lit sectors the
  /// pointer has not yet passed shown as the track (their outlines left out), the pointer
  /// turned to its bearing then, the readout frame showing then (as a still text), a
  /// chart's sectors cut at the sweep, a lap's end only once the pointer has crossed into
  /// its lap. Every backend draws an animation from these moments.
  ///
  /// Edge cases: without a timeline, or at or past its end, the scene itself (no timeline)
  /// with only the readout's last frame.
  package func moment(at time: Double) -> Scene {
    var still = self
    still.timeline = nil
    guard let timeline, time < timeline.duration else {
      // The end: the readout's last frame only, as a still text.
      still.items = items.compactMap { item -> SceneItem? in
        if case .sector(var sector) = item, sector.appearsAt != nil {
          sector.appearsAt = nil
          return .sector(sector)
        }
        guard case .text(var text) = item, let window = text.window else { return item }
        guard case .from = window else { return nil }
        text.window = nil
        return .text(text)
      }
      return still
    }
    still.items = items.compactMap { item -> SceneItem? in
      switch item {
      case .ring(let ring):
        guard let appearances = timeline.appearances(of: ring) else { return item }
        if timeline.ringAppears {
          return item.appearingWhole(appearances, fade: timeline.sectorFade, at: time)
        }
        return item.appearing(
          appearances, fades: timeline.fades(of: ring), fade: timeline.sectorFade, at: time)
      case .sectors(let sectors):
        guard let reveal = timeline.reveal else { return item }
        let swept = reveal.sweptAngle(at: time)
        return .sectors(
          sectors.compactMap { sector in
            guard sector.sector.startAngle < swept else { return nil }
            var cut = sector
            cut.sector.endAngle = Swift.min(sector.sector.endAngle, swept)
            return cut
          })
      case .polygon(let polygon):
        let sweep =
          polygon.isPointer
          ? timeline.pointerSweep
          : polygon.otherSweep.flatMap {
            timeline.otherSweeps.indices.contains($0) ? timeline.otherSweeps[$0] : nil
          }
        guard let sweep else { return item }
        var turned = polygon
        turned.points = polygon.points.map {
          $0.rotated(by: sweep.angle(at: time) - sweep.finalAngle, around: sweep.center)
        }
        return .polygon(turned)
      case .text(let text):
        switch text.window {
        case .during(let start, let length)?:
          guard time >= start && time < start + length else { return nil }
          var shown = text
          shown.window = nil
          return .text(shown)
        case .from(let start)?:
          guard time >= start else { return nil }
          var shown = text
          shown.window = nil
          return .text(shown)
        case nil:
          return item
        }
      case .sector(var sector):
        guard let start = sector.appearsAt else { return item }
        guard time >= start else { return nil }
        sector.appearsAt = nil
        return .sector(sector)
      case .strokes, .swatch:
        return item
      }
    }
    return still
  }
}

extension SceneItem {
  /// The ring with only the lit sectors that have appeared by `time` lit, each counted in
  /// once its fade (`fades`, else `fade` seconds) is half done; the others show the track (an outline
  /// ring's track is not drawn). Every sector stays, so the empty track is there from the
  /// start.
  fileprivate func appearing(
    _ appearances: [Double], fades: [Double]?, fade: Double, at time: Double
  ) -> SceneItem {
    guard case .ring(let ring) = self else { return self }
    // Frames are 1/30 s apart and a fade 0.2 s: whole sectors show the sweep well enough
    // without an opacity per sector.
    var visible = ring
    visible.concealed = ring.concealed(appearances, fades: fades, fade: fade, at: time)
    return .ring(visible)
  }

  /// The ring with only the sectors that have appeared by `time` drawn (each counted in
  /// once its fade of `fade` seconds is half done): a ring appearing without a value.
  fileprivate func appearingWhole(_ appearances: [Double], fade: Double, at time: Double)
    -> SceneItem
  {
    guard case .ring(var ring) = self else { return self }
    ring.shownCount = appearances.prefix { $0 + fade / 2 <= time }.count
    return .ring(ring)
  }
}

extension SceneRing {
  /// The lit sectors that still show the track at `time`: those whose appearance plus half
  /// of their fade (`fades`, by index, else `fade`) is still to come (the pointer has not
  /// yet passed them, or they lie past the value and wait for the sweep's end). The same
  /// sectors in every backend.
  ///
  /// Edge cases: within `0..<litCount`; empty when every lit sector has appeared; sectors
  /// missing from `appearances` count as there; should the waiting sectors not be one run
  /// (they are: from the pointer's tip to the arc's end), the range covers them.
  package func concealed(
    _ appearances: [Double], fades: [Double]? = nil, fade: Double, at time: Double
  ) -> Range<Int> {
    let lit = Swift.min(litCount, count, appearances.count)
    var first: Int?
    var last = 0
    for index in 0..<lit {
      let own = fades.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? fade
      guard appearances[index] + own / 2 > time else { continue }
      if first == nil { first = index }
      last = index
    }
    guard let first else { return 0..<0 }
    return first..<(last + 1)
  }
}

extension PointerSweep {
  /// The pointer's bearing at `time`, between the two keyframes around it.
  package func angle(at time: Double) -> Double {
    guard let after = keyframes.firstIndex(where: { $0.time >= time }) else {
      return keyframes.last?.angle ?? finalAngle
    }
    guard after > 0 else { return keyframes[0].angle }
    let a = keyframes[after - 1]
    let b = keyframes[after]
    let span = b.time - a.time
    guard span > 0 else { return b.angle }
    return a.angle + (b.angle - a.angle) * (time - a.time) / span
  }
}

extension Point {
  /// The point turned `degrees` clockwise (on screen, y down) about `center`.
  fileprivate func rotated(by degrees: Double, around center: Point) -> Point {
    let (s, c) = sinCos(degrees: degrees)
    let dx = x - center.x
    let dy = y - center.y
    return Point(x: center.x + dx * c - dy * s, y: center.y + dx * s + dy * c)
  }
}
