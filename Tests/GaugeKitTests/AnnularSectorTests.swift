import Testing

@testable import GaugeKit

/// d3-shape's published `arc` test vectors, ported: radians become degrees, and each path is
/// written the way d3's tests normalise theirs (whole numbers bare, others to six places).
@Suite struct AnnularSectorTests {
  private static func d3Path(
    inner: Double, outer: Double, start: Double, end: Double, pad: Double = 0,
    corner: Double = 0
  ) -> String {
    // d3's pad angle δ at its default pad radius √(r0² + r1²) is a constant half-width
    // rp·sin(δ/2) on each side.
    let padRadius = (inner * inner + outer * outer).squareRoot()
    let halfWidth = padRadius * Radians.sin(pad / 2)
    let sector = AnnularSector(
      center: Point(x: 0, y: 0), innerRadius: inner, outerRadius: outer,
      startAngle: start * 180 / .pi, endAngle: end * 180 / .pi, padWidth: 2 * halfWidth,
      cornerRadius: corner)
    var text = ""
    for command in sector.commands {
      switch command {
      case .move(let p): text += "M\(format(p.x)),\(format(p.y))"
      case .line(let p): text += "L\(format(p.x)),\(format(p.y))"
      case .arc(let arc):
        text += "A\(format(arc.radius)),\(format(arc.radius)),0,\(arc.isLarge ? 1 : 0),"
        text += "\(arc.isClockwise ? 1 : 0),\(format(arc.end.x)),\(format(arc.end.y))"
      case .close: text += "Z"
      }
    }
    // d3 closes a ring's two circles with one Z; each of ours is closed.
    return text.replacingOccurrences(of: "ZM", with: "M")
  }

  private static func format(_ value: Double) -> String {
    if abs(value - value.rounded()) < 1e-6 {
      let whole = Int(value.rounded())
      return whole == 0 ? "0" : String(whole)
    }
    return FixedDecimal.string(value, decimals: 6, trimZeros: false)
  }

  static let pi = Double.pi

  @Test(
    arguments: [
      // A point.
      (0.0, 0.0, 0.0, 2 * pi, 0.0, 0.0, "M0,0Z"),
      (0, 0, 0, 0, 0, 0, "M0,0Z"),
      (0, 0, 0, 2 * pi, 0, 5, "M0,0Z"),
      (0, 0, 0, 2 * pi, 0.1, 0, "M0,0Z"),
      // Circles, both ways.
      (0, 100, 0, 2 * pi, 0, 0, "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100Z"),
      (0, 100, 0, 3 * pi, 0, 0, "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100Z"),
      (0, 100, -pi, pi, 0, 0, "M0,100A100,100,0,1,1,0,-100A100,100,0,1,1,0,100Z"),
      (0, 100, 0, -2 * pi, 0, 0, "M0,-100A100,100,0,1,0,0,100A100,100,0,1,0,0,-100Z"),
      (0, 100, 0, 2 * pi, 0.1, 0, "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100Z"),
      (0, 100, 0, 2 * pi, 0, 5, "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100Z"),
      // Annuli: the inner ring starts at the end angle and runs the other way.
      (
        50, 100, 0, 2 * pi, 0, 0,
        "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100M0,-50A50,50,0,1,0,0,50A50,50,0,1,0,0,-50Z"
      ),
      (
        50, 100, 0, 3 * pi, 0, 0,
        "M0,-100A100,100,0,1,1,0,100A100,100,0,1,1,0,-100M0,50A50,50,0,1,0,0,-50A50,50,0,1,0,0,50Z"
      ),
      (
        50, 100, 0, -2 * pi, 0, 0,
        "M0,-100A100,100,0,1,0,0,100A100,100,0,1,0,0,-100M0,-50A50,50,0,1,1,0,50A50,50,0,1,1,0,-50Z"
      ),
      // Sectors, small and large, both ways.
      (0, 100, 0, pi / 2, 0, 0, "M0,-100A100,100,0,0,1,100,0L0,0Z"),
      (0, 100, 2 * pi, 5 * pi / 2, 0, 0, "M0,-100A100,100,0,0,1,100,0L0,0Z"),
      (0, 100, -pi, -pi / 2, 0, 0, "M0,100A100,100,0,0,1,-100,0L0,0Z"),
      (0, 100, 0, -pi / 2, 0, 0, "M0,-100A100,100,0,0,0,-100,0L0,0Z"),
      (0, 100, 0, 3 * pi / 2, 0, 0, "M0,-100A100,100,0,1,1,-100,0L0,0Z"),
      (0, 100, 0, -3 * pi / 2, 0, 0, "M0,-100A100,100,0,1,0,100,0L0,0Z"),
      (50, 100, 0, pi / 2, 0, 0, "M0,-100A100,100,0,0,1,100,0L50,0A50,50,0,0,0,0,-50Z"),
      (50, 100, -pi, -pi / 2, 0, 0, "M0,100A100,100,0,0,1,-100,0L-50,0A50,50,0,0,0,0,50Z"),
      (50, 100, 0, -pi / 2, 0, 0, "M0,-100A100,100,0,0,0,-100,0L-50,0A50,50,0,0,1,0,-50Z"),
      (50, 100, 0, 3 * pi / 2, 0, 0, "M0,-100A100,100,0,1,1,-100,0L-50,0A50,50,0,1,0,0,-50Z"),
      (50, 100, 0, -3 * pi / 2, 0, 0, "M0,-100A100,100,0,1,0,100,0L50,0A50,50,0,1,1,0,-50Z"),
      // Rounded corners.
      (
        0, 100, 0, pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,0,1,99.861400,-5.263158A5,5,0,0,1,94.868330,0L0,0Z"
      ),
      (
        0, 100, 0, -pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,0,-5.263158,-99.861400A100,100,0,0,0,-99.861400,-5.263158A5,5,0,0,0,-94.868330,0L0,0Z"
      ),
      (
        0, 100, 0, 3 * pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,1,1,-99.861400,5.263158A5,5,0,0,1,-94.868330,0L0,0Z"
      ),
      (
        50, 100, 0, pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,0,1,99.861400,-5.263158A5,5,0,0,1,94.868330,0L54.772256,0A5,5,0,0,1,49.792960,-4.545455A50,50,0,0,0,4.545455,-49.792960A5,5,0,0,1,0,-54.772256Z"
      ),
      (
        50, 100, 0, 3 * pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,1,1,-99.861400,5.263158A5,5,0,0,1,-94.868330,0L-54.772256,0A5,5,0,0,1,-49.792960,4.545455A50,50,0,1,0,4.545455,-49.792960A5,5,0,0,1,0,-54.772256Z"
      ),
      (
        50, 100, 0, -3 * pi / 2, 0, 5,
        "M0,-94.868330A5,5,0,0,0,-5.263158,-99.861400A100,100,0,1,0,99.861400,5.263158A5,5,0,0,0,94.868330,0L54.772256,0A5,5,0,0,0,49.792960,4.545455A50,50,0,1,1,-4.545455,-49.792960A5,5,0,0,0,0,-54.772256Z"
      ),
      // The corner radius is clamped to half the thickness, inner and outer in either order.
      (
        90, 100, 0, pi / 2, 0, .infinity,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,0,1,99.861400,-5.263158A5,5,0,0,1,94.868330,0L94.868330,0A5,5,0,0,1,89.875260,-4.736842A90,90,0,0,0,4.736842,-89.875260A5,5,0,0,1,0,-94.868330Z"
      ),
      (
        100, 90, 0, pi / 2, 0, .infinity,
        "M0,-94.868330A5,5,0,0,1,5.263158,-99.861400A100,100,0,0,1,99.861400,-5.263158A5,5,0,0,1,94.868330,0L94.868330,0A5,5,0,0,1,89.875260,-4.736842A90,90,0,0,0,4.736842,-89.875260A5,5,0,0,1,0,-94.868330Z"
      ),
      // Large corners merge.
      (
        10, 100, 0, pi / 2, 0, .infinity,
        "M0,-41.421356A41.421356,41.421356,0,1,1,41.421356,0L24.142136,0A24.142136,24.142136,0,0,1,0,-24.142136Z"
      ),
      // Padding with parallel edges.
      (
        50, 100, 0, pi / 2, 0.1, 0,
        "M5.587841,-99.843758A100,100,0,0,1,99.843758,-5.587841L49.686779,-5.587841A50,50,0,0,0,5.587841,-49.686779Z"
      ),
      (
        10, 100, 0, pi / 2, 0.2, 0,
        "M10.033134,-99.495408A100,100,0,0,1,99.495408,-10.033134L7.071068,-7.071068Z"
      ),
      (
        50, 100, 0, pi / 2, 0.1, 10,
        "M5.587841,-88.639829A10,10,0,0,1,17.319823,-98.488698A100,100,0,0,1,98.488698,-17.319823A10,10,0,0,1,88.639829,-5.587841L57.939790,-5.587841A10,10,0,0,1,48.283158,-12.989867A50,50,0,0,0,12.989867,-48.283158A10,10,0,0,1,5.587841,-57.939790Z"
      ),
      (
        10, 100, 0, pi / 2, 0.2, 10,
        "M9.669396,-88.145811A10,10,0,0,1,21.849183,-97.583878A100,100,0,0,1,97.583878,-21.849183A10,10,0,0,1,88.145811,-9.669396L7.071068,-7.071068Z"
      ),
    ] as [(Double, Double, Double, Double, Double, Double, String)])
  func matchesD3(
    inner: Double, outer: Double, start: Double, end: Double, pad: Double, corner: Double,
    expected: String
  ) {
    let path = Self.d3Path(
      inner: inner, outer: outer, start: start, end: end, pad: pad, corner: corner)
    #expect(path == expected)
  }

  /// Where GaugeKit departs from d3 on purpose: a padded pie slice keeps its edges parallel
  /// to the radial lines, so its apex moves out to where they meet.
  @Test func paddedPieSliceKeepsParallelEdges() throws {
    let sector = AnnularSector(
      center: Point(x: 0, y: 0), innerRadius: 0, outerRadius: 100, startAngle: 0, endAngle: 90,
      padWidth: 10)
    let commands = sector.commands
    guard case .move(let outerStart) = commands[0], case .line(let apex) = commands[2] else {
      Issue.record("unexpected outline \(commands)")
      return
    }
    // The edge from the apex to the outer start is 5 px from the radial line at 0° (x = 0).
    #expect(abs(outerStart.x - 5) < 1e-9)
    #expect(abs(apex.x - 5) < 1e-9)
    #expect(abs(apex.y + 5) < 1e-9)
  }

  @Test func gapBetweenPaddedNeighboursIsConstantWidth() {
    // Two neighbours in the stress ring; the gap between them is the pad width at every
    // radius, measured perpendicular to the shared radial line at 100°.
    let make = { (start: Double, end: Double) in
      AnnularSector(
        center: Point(x: 0, y: 0), innerRadius: 126, outerRadius: 180, startAngle: start,
        endAngle: end, padWidth: 2.7)
    }
    let first = make(95, 100).commands
    let second = make(100, 105).commands
    guard case .arc(let firstOuter) = first[1],
      case .move(let secondOuterStart) = second[0],
      case .line(let firstInnerEnd) = first[2],
      case .arc(let secondInner) = second[3]
    else {
      Issue.record("unexpected outlines")
      return
    }
    // Distance of a point from the radial line at bearing 100° through the origin.
    let (s, c) = sinCos(degrees: 100)
    let offset = { (p: Point) in p.x * c + p.y * s }
    #expect(abs(offset(firstOuter.end) + 1.35) < 1e-9)
    #expect(abs(offset(firstInnerEnd) + 1.35) < 1e-9)
    #expect(abs(offset(secondOuterStart) - 1.35) < 1e-9)
    #expect(abs(offset(secondInner.end) - 1.35) < 1e-9)
  }

  @Test func nonFiniteInputsGiveAPointOrFiniteOutline() {
    let cases = [
      AnnularSector(
        center: Point(x: 1, y: 2), innerRadius: .nan, outerRadius: .infinity, startAngle: 0,
        endAngle: 10),
      AnnularSector(
        center: Point(x: 1, y: 2), innerRadius: 10, outerRadius: 20, startAngle: .nan, endAngle: 10),
      AnnularSector(
        center: Point(x: 1, y: 2), innerRadius: 10, outerRadius: 20, startAngle: 0, endAngle: 10,
        padWidth: .infinity, cornerRadius: .nan),
    ]
    for sector in cases {
      for command in sector.commands {
        switch command {
        case .move(let p), .line(let p):
          #expect(p.x.isFinite && p.y.isFinite)
        case .arc(let arc):
          #expect(arc.end.x.isFinite && arc.end.y.isFinite)
        case .close: break
        }
      }
    }
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
