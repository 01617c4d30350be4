import Foundation
import GaugeKit
import GaugeRaster
import Testing

/// One timeline in every backend: the animated PNG's frames, the SVG's CSS animation
/// sampled at the same moments, and the terminal's frames show the same readout text and
/// the same revealed sectors (issue 26, items 2 and 3).
@Suite struct AnimationAgreementTests {
  /// A terminal renderer 60 columns wide in ASCII without colour, whose cells read as text.
  static func asciiTerminal(_ gauge: Gauge) throws -> TerminalGaugeRenderer {
    var options = TerminalOptions()
    options.columns = 60
    options.glyphs = .ascii
    options.depth = .none
    return try TerminalGaugeRenderer(gauge: gauge, options: options)
  }

  /// What the SVG shows `time` seconds in: the bold text whose window holds the time, and
  /// for each lit sector (class "s", in the ring's order) whether it is at least half
  /// through its turn from the track's colour to its own (its own `animation-duration`,
  /// else `fade`).
  static func svgState(_ svg: String, at time: Double, fade: Double) -> (
    readout: String, revealed: [Bool]
  ) {
    func milliseconds(_ text: String, after key: String) -> Double? {
      guard let range = text.range(of: key) else { return nil }
      let rest = text[range.upperBound...]
      let sign = rest.hasPrefix("-") ? -1.0 : 1
      let digits = rest.drop { $0 == "-" }.prefix { $0.isNumber }
      return Double(digits).map { sign * $0 / 1000 }
    }
    var readout = ""
    var revealed: [Bool] = []
    for line in svg.split(separator: "\n").map(String.init) {
      if line.hasPrefix("<text"), line.contains("font-weight=\"700\"") {
        let text = String(
          line[line.index(after: line.firstIndex(of: ">")!)...].prefix { $0 != "<" })
        if line.contains(" f\"") || line.contains("\"f\"") {
          let start = milliseconds(line, after: "animation-delay:")!
          let length = milliseconds(line, after: "animation-duration:")!
          if time >= start && time < start + length { readout = text }
        } else if line.contains(" z\"") || line.contains("\"z\"") {
          if time >= milliseconds(line, after: "animation-duration:")! { readout = text }
        } else {
          readout = text
        }
      } else if line.hasPrefix("<path class=\"s") {
        // A fast sweep's sector names its own, shorter fade.
        let own = milliseconds(line, after: "animation-duration:") ?? fade
        revealed.append(milliseconds(line, after: "animation-delay:")! + own / 2 <= time)
      }
    }
    return (readout, revealed)
  }

  @Test(arguments: [("stress", 82.0, 0.0), ("battery", 37.0, 10.0)])
  func pngSVGAndTerminalDrawOneTimeline(_ name: String, _ value: Double, _ from: Double) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let options = RenderOptions(
      width: 200, height: 200, animation: SVGAnimation(from: from, duration: 1.5))
    let scene = try gauge.scene(value: value, options: options)
    let timeline = try #require(scene.timeline)
    let svg = String(decoding: try gauge.svgBytes(value: value, options: options), as: UTF8.self)

    // The PNG's frames: the moments it draws, at the times it draws them.
    let png = try PNGSceneRenderer(scene: scene, scale: 1)
    let steps = try png.frameSteps(for: timeline.duration)
    var cache = GlyphCache()
    let frames = png.animationFrames(steps: steps, cache: &cache)
    #expect(frames.count == steps + 1)

    // The terminal's frames of the same animation, ASCII so cells read as text.
    let terminal = try Self.asciiTerminal(gauge)
    let terminalTimeline = try GaugeTimeline(
      gauge: gauge, from: from, to: value,
      options: AnimationOptions(
        duration: 1.5, easing: gauge.animation.easing, stagger: gauge.animation.stagger))
    let cellRing = try #require(
      terminal.scene(value: value)?.items.compactMap { item -> SceneRing? in
        if case .ring(let ring) = item { return ring } else { return nil }
      }.first)

    var readouts: [String] = []
    var sawHidden = false
    var sawShown = false
    for index in 0...steps {
      let time = timeline.duration * Double(index) / Double(steps)
      let moment = scene.moment(at: time)
      let momentReadouts = moment.items.compactMap { item -> String? in
        if case .text(let text) = item, text.role == .readout { return text.text }
        return nil
      }
      let rings = moment.items.compactMap { item -> SceneRing? in
        if case .ring(let ring) = item, !ring.isOutline { return ring }
        return nil
      }
      let sampled = Self.svgState(svg, at: time, fade: timeline.sectorFade)
      #expect(momentReadouts == [sampled.readout], "\(name) at \(time) s")
      #expect(rings.count == 1)
      let shown = rings.first.map { ring in (0..<ring.count).map { ring.isLit($0) } }
      let svgShown =
        sampled.revealed + [Bool](repeating: false, count: cellRing.count - sampled.revealed.count)
      #expect(shown == svgShown, "\(name) at \(time) s")
      #expect(rings.first?.count == cellRing.count)
      readouts.append(sampled.readout)

      // The reveal (issue 26, item 3): one coloured arc from the scale's start that grows
      // with the pointer's tip, never ahead of it and with no grey wake behind it; what
      // lies behind the start value is there from the first frame, and the sectors past
      // the value wait for the sweep's end, then all show.
      let sweep = try #require(timeline.pointerSweep)
      let ring = try #require(rings.first)
      let start = sweep.keyframes[0].angle
      let reached = Swift.max(start, sweep.angle(at: time))
      let ending = time > timeline.duration - timeline.sectorFade / 2 + 1e-6
      for (sector, revealed) in sampled.revealed.enumerated() {
        let middle = ring.boundary(sector) + ring.step / 2
        if middle <= start { #expect(revealed, "\(name) sector \(sector) at \(time) s") }
        if !ending && middle > reached + 1 {
          #expect(!revealed, "\(name) sector \(sector) at \(time) s")
        }
        if ending && middle > sweep.finalAngle {
          #expect(revealed, "\(name) sector \(sector) at \(time) s")
        }
      }
      // No wake: the revealed sectors are one run from the arc's start.
      let hidden = sampled.revealed.firstIndex(of: false) ?? sampled.revealed.count
      #expect(
        !sampled.revealed[hidden...].contains(true), "\(name) at \(time) s: \(sampled.revealed)")

      // The PNG frame has the readout's ink: a dark pixel in the readout's box.
      if index < frames.count,
        case .text(let text)? = moment.items.first(where: {
          if case .text(let text) = $0 { return text.role == .readout } else { return false }
        })
      {
        let half = Int(text.fontSize / 2)
        let (cx, cy) = (Int(text.position.x), Int(text.position.y))
        var dark = 0
        for y in max(0, cy - half)..<min(200, cy + half) {
          for x in max(0, cx - 2 * half)..<min(200, cx + 2 * half) {
            let offset = (y * 200 + x) * 4
            if frames[index].pixels[offset] < 100 && frames[index].pixels[offset + 3] > 200 {
              dark += 1
            }
          }
        }
        #expect(dark > 0, "\(name): frame \(index) has no readout")
      }

      // The terminal at the same moment: the same readout text, and each sector whose
      // middle falls on a cell of the ring (not under the pointer or a text) revealed
      // exactly when the SVG has revealed it.
      let frame = terminal.frame(value: value, timeline: terminalTimeline, at: time)
      let plain = frame.plain()
      #expect(
        plain.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains(
          Substring(sampled.readout)), "\(name) at \(time) s:\n\(plain)")
      let rows = plain.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
      for sector in 0..<sampled.revealed.count {
        let bearing = (cellRing.boundary(sector) + cellRing.step / 2) * Double.pi / 180
        let radius = (cellRing.innerRadius + cellRing.outerRadius) / 2
        let column = Int(cellRing.center.x + radius * sin(bearing))
        let row = Int((cellRing.center.y - radius * cos(bearing)) / 2)
        guard row < rows.count, column < rows[row].count else { continue }
        let cell = rows[row][column]
        let isData = [".", "o", "#", "%", "=", "+"].contains(cell)
        guard isData || cell == "-" else { continue }
        let revealed = sampled.revealed[sector]
        if revealed { sawShown = true } else { sawHidden = true }
        #expect(isData == revealed, "\(name) sector \(sector) at \(time) s:\n\(plain)")
      }
    }
    // The readout counts: it starts at the start value and passes through others.
    #expect(readouts.first == gauge.readout.numberText(for: from))
    #expect(readouts.last == gauge.readout.numberText(for: value))
    #expect(Set(readouts).count > 10)
    #expect(sawShown && sawHidden)
    // The last frame is the still picture, every sector there.
    let last = scene.moment(at: timeline.duration)
    #expect(
      last.items.allSatisfy { item in
        if case .ring(let ring) = item { return ring.concealed.isEmpty } else { return true }
      })
  }
}
