import Foundation
import GaugeKit
import Testing

/// The SVG's sector fade never leads the pointer (issue 26, item 3): in the animated SVG, a
/// sector still shows exactly the track's colour (its fade 0% done) at every moment before
/// the pointer, as the SVG's own keyframes turn it, reaches the sector's start edge; and
/// before its time in the scene's timeline, which the APNG and the terminal reveal from.
extension AnimationAgreementTests {
  /// A lit sector's fade as the SVG writes it: the style sheet's length unless the sector
  /// names its own.
  struct WrittenFade {
    var delay: Double
    var length: Double

    /// How far through its fade the sector is at `time` (CSS `linear backwards`): exactly 0
    /// before its delay, 1 from its end.
    func progress(at time: Double) -> Double {
      guard time > delay else { return 0 }
      return length > 0 ? Swift.min(1, (time - delay) / length) : 1
    }
  }

  /// The pointer's rotation keyframes of the SVG's style sheet (`-p{0%{transform:rotate(
  /// -222.41deg)}...}`) as (seconds, degrees from the final bearing), and the lit sectors'
  /// fades in the ring's order.
  static func writtenAnimation(_ svg: String, duration: Double) throws -> (
    keyframes: [(time: Double, rotation: Double)], fades: [WrittenFade]
  ) {
    func number(after key: String, in text: Substring) -> Double? {
      guard let range = text.range(of: key) else { return nil }
      return Double(text[range.upperBound...].prefix { $0 == "-" || $0 == "." || $0.isNumber })
    }
    // "-p{0%{transform:rotate(-222.41deg)}3.33%{...}...100%{transform:rotate(0deg)}}".
    let open = try #require(svg.range(of: "-p{"))
    let close = try #require(svg[open.upperBound...].range(of: "}}"))
    let block = svg[open.upperBound..<close.upperBound]
    var keyframes: [(time: Double, rotation: Double)] = []
    for part in block.split(separator: "}") {
      let pieces = part.split(separator: "%{transform:rotate(")
      guard pieces.count == 2, let percent = Double(pieces[0]),
        let angle = Double(pieces[1].prefix { $0 != "d" })
      else { continue }
      keyframes.append((percent / 100 * duration, angle))
    }
    let standard = try #require(
      number(after: "-a ", in: Substring(svg)).map { $0 / 1000 })
    let fades = svg.split(separator: "\n").filter { $0.hasPrefix("<path class=\"s") }.map {
      line in
      WrittenFade(
        delay: (number(after: "animation-delay:", in: line) ?? 0) / 1000,
        length: (number(after: "animation-duration:", in: line)).map { $0 / 1000 } ?? standard)
    }
    return (keyframes, fades)
  }

  /// The rotation the SVG's keyframes give at `time`, linear between them (`linear both`).
  static func rotation(at time: Double, _ keyframes: [(time: Double, rotation: Double)])
    -> Double
  {
    guard let first = keyframes.first, let last = keyframes.last else { return 0 }
    if time <= first.time { return first.rotation }
    if time >= last.time { return last.rotation }
    for (a, b) in zip(keyframes, keyframes.dropFirst()) where time <= b.time {
      return a.rotation + (b.rotation - a.rotation) * (time - a.time) / (b.time - a.time)
    }
    return last.rotation
  }

  @Test(arguments: [0.5, 1.5])
  func theSVGsFadeNeverLeadsThePointer(_ duration: Double) throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let options = RenderOptions(animation: SVGAnimation(from: 0, duration: duration))
    let scene = try gauge.scene(value: 82, options: options)
    let timeline = try #require(scene.timeline)
    let appearances = try #require(timeline.sectorAppearances)
    let finalAngle = try #require(timeline.pointerSweep?.finalAngle)
    let ring = try #require(Self.rings(scene).first)
    let svg = String(decoding: try gauge.svgBytes(value: 82, options: options), as: UTF8.self)
    let written = try Self.writtenAnimation(svg, duration: duration)
    #expect(written.keyframes.count > 10)
    #expect(written.fades.count == ring.litCount)
    #expect(written.fades.map(\.delay) == Array(appearances.prefix(ring.litCount)))

    var checked = 0
    // Every millisecond of the sweep, and just before each sector's own time.
    let moments =
      (0...Int(duration * 1000)).map { Double($0) / 1000 }
      + written.fades.map { $0.delay - 0.000_5 }.filter { $0 > 0 }
    for time in moments {
      // The tip as the SVG draws it; its angles are written to 0.01°.
      let tip = finalAngle + Self.rotation(at: time, written.keyframes) + 0.01
      for (index, fade) in written.fades.enumerated() {
        let edge = ring.boundary(index)
        let reached = edge <= tip
        // Sectors past the value wait for the sweep's end, as the still picture has them.
        let pastValue = edge + ring.step / 2 > finalAngle
        if time < appearances[index] || (!reached && !pastValue) {
          #expect(
            fade.progress(at: time) == 0,
            "sector \(index) at \(time) s: \(fade.progress(at: time)) through its fade")
          checked += 1
        }
        if pastValue {
          #expect(appearances[index] >= duration - timeline.sectorFade - 1e-9)
        }
      }
    }
    #expect(checked > 1000)
  }
}
