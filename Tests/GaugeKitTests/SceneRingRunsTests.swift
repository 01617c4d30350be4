import GaugeKit
import Testing

/// A prepared renderer copies a ring's sectors run by run (`SceneRing.forEachRun`): the runs
/// must cover the ring once, in order, each sector lit exactly as `isLit` says, whatever the
/// lit start, lit count and concealed sectors (an APNG frame's), in range or not.
@Suite struct SceneRingRunsTests {
  @Test func runsCoverTheRingAsIsLitSays() throws {
    let scene = try BuiltinPresets.gauge(named: "stress").scene(value: 42)
    guard
      case .ring(let template)? = scene.items.first(where: {
        if case .ring(let ring) = $0 { !ring.isOutline } else { false }
      })
    else {
      Issue.record("no ring")
      return
    }
    let count = template.count
    #expect(count == 55)
    // Below, at and past each end, and a few inside.
    let bounds = [-3, 0, 1, 14, 27, 40, 54, 55, 70]
    var cases = 0
    for litStart in bounds {
      for litCount in bounds {
        for lower in bounds {
          for upper in bounds where upper >= lower {
            var ring = template
            ring.litStart = litStart
            ring.litCount = litCount
            ring.concealed = lower..<upper
            var next = 0
            var wrong: [Int] = []
            ring.forEachRun { sectors, isLit in
              if sectors.lowerBound != next || sectors.isEmpty { wrong.append(-1) }
              wrong += sectors.filter { ring.isLit($0) != isLit }
              next = sectors.upperBound
            }
            #expect(
              wrong.isEmpty && next == count,
              "litStart \(litStart), litCount \(litCount), concealed \(lower)..<\(upper)")
            cases += 1
          }
        }
      }
    }
    #expect(cases == 81 * 45)
  }
}
