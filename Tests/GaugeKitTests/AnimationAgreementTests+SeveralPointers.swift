import Foundation
import GaugeKit
import GaugeRaster
import Testing

@testable import GaugeRender

/// Several pointers and several gauges animate on one timeline (issue #25): at every frame
/// the APNG draws, each pointer is turned as far as the SVG's CSS turns it then, and each
/// readout line (or each grid cell's readout) shows the text the SVG shows then.
extension AnimationAgreementTests {
  /// Every bold text the SVG shows `time` seconds in, in document order.
  static func svgTexts(_ svg: String, at seconds: Double) -> [String] {
    // In milliseconds, as the SVG writes its windows (whole ones); a window ends where the
    // next begins, so its end is taken a hair early: a moment on the boundary is the next's.
    func milliseconds(_ text: String, after key: String) -> Double? {
      guard let range = text.range(of: key) else { return nil }
      return Double(text[range.upperBound...].prefix { $0.isNumber })
    }
    let time = seconds * 1000 + 1e-6
    var texts: [String] = []
    for line in svg.split(separator: "\n").map(String.init)
    where line.hasPrefix("<text") && line.contains("font-weight=\"700\"") {
      let text = String(
        line[line.index(after: line.firstIndex(of: ">")!)...].prefix { $0 != "<" })
      if line.contains(" f\"") || line.contains("\"f\"") {
        let start = milliseconds(line, after: "animation-delay:")!
        let length = milliseconds(line, after: "animation-duration:")!
        if time >= start && time < start + length { texts.append(text) }
      } else if line.contains(" z\"") || line.contains("\"z\"") {
        if time >= milliseconds(line, after: "animation-duration:")! { texts.append(text) }
      } else {
        texts.append(text)
      }
    }
    return texts
  }

  /// The rotation the SVG's keyframes `SCOPE-NAME` give at `time`, in degrees from the
  /// still picture, interpolated linearly as the CSS (`linear`) does.
  static func svgRotation(
    _ svg: String, keyframes name: String, at time: Double, of duration: Double
  )
    throws -> Double
  {
    let marker = "-" + name + "{"
    let start = try #require(svg.range(of: marker))
    let body = svg[start.upperBound...].prefix { $0 != "@" }
    var frames: [(Double, Double)] = []
    for part in body.components(separatedBy: "deg)}") {
      guard let percent = part.firstIndex(of: "%"), let open = part.range(of: "rotate(") else {
        continue
      }
      let at = Double(part[..<percent].filter { $0.isNumber || $0 == "." })!
      let angle = Double(part[open.upperBound...])!
      frames.append((at, angle))
    }
    let percent = time / duration * 100
    guard let after = frames.firstIndex(where: { $0.0 >= percent }) else {
      return frames.last?.1 ?? 0
    }
    guard after > 0 else { return frames[0].1 }
    let (a, b) = (frames[after - 1], frames[after])
    return a.1 + (b.1 - a.1) * (percent - a.0) / (b.0 - a.0)
  }

  /// How far `moved` is turned from `still` about `center`, in degrees, give or take whole
  /// turns.
  static func turn(from still: [Point], to moved: [Point], around center: Point) -> Double {
    let before = atan2(still[1].y - center.y, still[1].x - center.x)
    let after = atan2(moved[1].y - center.y, moved[1].x - center.x)
    return (after - before) * 180 / Double.pi
  }

  /// Whether two turns are the same, give or take `tolerance` degrees and whole turns.
  static func sameTurn(_ a: Double, _ b: Double, tolerance: Double = 0.05) -> Bool {
    let difference = (a - b).truncatingRemainder(dividingBy: 360)
    return Swift.min(abs(difference), 360 - abs(difference)) < tolerance
  }

  static func polygons(_ scene: Scene) -> [ScenePolygon] {
    scene.items.compactMap { item -> ScenePolygon? in
      // Pointers, not their halos (in the background's paint).
      guard case .polygon(let polygon) = item, polygon.isPointer || polygon.otherSweep != nil,
        polygon.paint.role != .background
      else { return nil }
      return polygon
    }
  }

  @Test func everyPointerSweepsAndEveryLineCounts() throws {
    let gauge = try Gauge(presetJSON: SeveralPointersTests.bloodPressure)
    let options = RenderOptions(
      width: 200, height: 200, animation: SVGAnimation(from: 40, duration: 1.5))
    let scene = try gauge.scene(values: [120, 80], options: options)
    let timeline = try #require(scene.timeline)
    #expect(timeline.otherSweeps.count == 1)
    let svg = String(
      decoding: try gauge.svgBytes(values: [120, 80], options: options), as: UTF8.self)
    #expect(svg.contains("<polygon class=\"n1\""))
    // The scene's own shapes are the final picture the animation ends on.
    let still = Self.polygons(scene)
    #expect(still.count == 2)

    let png = try PNGSceneRenderer(scene: scene, scale: 1)
    let steps = try png.frameSteps(for: timeline.duration)
    var cache = GlyphCache()
    #expect(png.animationFrames(steps: steps, cache: &cache).count == steps + 1)
    var seen: [Set<String>] = [[], []]
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      let moment = scene.moment(at: time)
      let lines = moment.items.compactMap { item -> String? in
        guard case .text(let text) = item, text.role == .readoutLine else { return nil }
        return text.text
      }
      #expect(lines == Self.svgTexts(svg, at: time), "at \(time) s")
      #expect(lines.count == 2)
      for (line, text) in lines.enumerated() { seen[line].insert(text) }
      let turned = Self.polygons(moment)
      #expect(turned.count == 2)
      let sweeps = [timeline.pointerSweep!, timeline.otherSweeps[0]]
      for (pointer, name) in ["p", "p1"].enumerated() {
        let moved = Self.turn(
          from: still[pointer].points, to: turned[pointer].points, around: sweeps[pointer].center)
        let css = try Self.svgRotation(svg, keyframes: name, at: time, of: sweeps[pointer].duration)
        #expect(
          Self.sameTurn(moved, css), "pointer \(pointer) at \(time) s: \(moved) vs \(css)")
      }
    }
    #expect(seen[0].count > 10 && seen[1].count > 10)
    #expect(seen[0].contains("Systolic 40 mmHg") && seen[0].contains("Systolic 120 mmHg"))
    #expect(seen[1].contains("Diastolic 80 mmHg"))
  }

  @Test func everyGaugeOfAGridAnimates() throws {
    let gauges = try ["cpu", "memory", "battery"].map { name throws(GaugeError) in
      try BuiltinPresets.gauge(named: name)
    }
    let values: [Double?] = [37, 62, 88]
    let grid = GaugeGrid(gauges, columns: 3)
    let options = RenderOptions(
      width: 160, height: 160, animation: SVGAnimation(from: 0, duration: 1))
    let scene = try grid.scene(values: values, options: options)
    let timeline = try #require(scene.timeline)
    #expect(timeline.pointerSweep != nil)
    #expect(timeline.otherSweeps.count == 2)
    // Each cell's ring reveals with its own sweep: the first cell's times are the
    // timeline's own, the others' one entry each, named by their rings.
    #expect(timeline.sectorAppearances != nil)
    #expect(timeline.otherSectorAppearances.count == 2)
    #expect(Self.rings(scene).map(\.otherAppearances) == [nil, 0, 1])
    #expect(timeline.otherSweeps[1].center.x - timeline.pointerSweep!.center.x == 320)
    let svg = String(decoding: try grid.svgBytes(values: values, options: options), as: UTF8.self)
    let still = Self.polygons(scene)
    #expect(still.count == 3)
    let png = try PNGSceneRenderer(scene: scene, scale: 1)
    let steps = try png.frameSteps(for: timeline.duration)
    var seen = Set<String>()
    // Whether each cell was seen part revealed (some lit sectors still the track).
    var partly = [false, false, false]
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      let moment = scene.moment(at: time)
      let readouts = moment.items.compactMap { item -> String? in
        guard case .text(let text) = item, text.role == .readout else { return nil }
        return text.text
      }
      #expect(readouts == Self.svgTexts(svg, at: time), "at \(time) s")
      // The APNG's moment and the SVG's sector times reveal the same sectors of each ring.
      let rings = Self.rings(moment)
      #expect(rings.count == 3)
      let revealed = rings.flatMap { ring in (0..<ring.litCount).map { ring.isLit($0) } }
      #expect(
        revealed == Self.svgState(svg, at: time, fade: timeline.sectorFade).revealed,
        "at \(time) s")
      for (cell, ring) in rings.enumerated() where !ring.concealed.isEmpty {
        partly[cell] = true
        // Each ring waits for its own pointer: the first sector still the track lies ahead
        // of where that pointer stood half a fade ago (a sector counts in half way through
        // its fade, which starts half a fade before the pointer passes its middle).
        let sweep = cell == 0 ? timeline.pointerSweep! : timeline.otherSweeps[cell - 1]
        #expect(
          ring.boundary(ring.concealed.lowerBound) + ring.step / 2
            >= sweep.angle(at: time - timeline.sectorFade / 2) - 1e-9, "cell \(cell) at \(time) s")
      }
      #expect(readouts.count == 3)
      seen.insert(readouts[2])
      let turned = Self.polygons(moment)
      let sweeps = [timeline.pointerSweep!] + timeline.otherSweeps
      for (pointer, name) in ["p", "p1", "p2"].enumerated() {
        let moved = Self.turn(
          from: still[pointer].points, to: turned[pointer].points, around: sweeps[pointer].center)
        let css = try Self.svgRotation(svg, keyframes: name, at: time, of: sweeps[pointer].duration)
        #expect(Self.sameTurn(moved, css), "gauge \(pointer) at \(time) s: \(moved) vs \(css)")
      }
    }
    #expect(seen.count > 10)
    #expect(seen.contains("88"))
    #expect(partly == [true, true, true])
    // The last frame is the still picture: every ring whole.
    #expect(Self.rings(scene.moment(at: timeline.duration)).allSatisfy { $0.concealed.isEmpty })
  }

  /// The scene's rings that are not outlines, in paint order.
  static func rings(_ scene: Scene) -> [SceneRing] {
    scene.items.compactMap { item -> SceneRing? in
      guard case .ring(let ring) = item, !ring.isOutline else { return nil }
      return ring
    }
  }
}
