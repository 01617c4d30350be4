import Testing

@testable import GaugeRaster

@Suite("Paths and arcs")
struct RasterPathTests {
  @Test("an arc starts and ends on the circle at its bearings, 0 degrees at 12 o'clock")
  func arcEndpoints() {
    var path = RasterPath()
    path.arc(center: RasterPoint(x: 10, y: 20), radius: 5, from: 90, to: 180, clockwise: true)
    #expect(path.points.first == RasterPoint(x: 15, y: 20))
    #expect(path.points.last == RasterPoint(x: 10, y: 25))
  }

  @Test("a clockwise arc runs clockwise on screen, a counterclockwise one the other way")
  func arcDirection() {
    var clockwise = RasterPath()
    clockwise.arc(center: RasterPoint(x: 0, y: 0), radius: 10, from: 0, to: 90, clockwise: true)
    // Past 12 o'clock going clockwise, x grows.
    #expect(clockwise.points[1].x > 0)
    var counterclockwise = RasterPath()
    counterclockwise.arc(
      center: RasterPoint(x: 0, y: 0), radius: 10, from: 0, to: 90, clockwise: false)
    // Counterclockwise from 0 to 90 is the long way round, 270 degrees through 9 o'clock.
    #expect(counterclockwise.points[1].x < 0)
    #expect(counterclockwise.points.count > clockwise.points.count)
  }

  @Test(
    "sweeps reduce to 0..<360 degrees, and 360 or more is a full circle",
    arguments: [
      (0.0, 90.0, true, 90.0), (350, 10, true, 20), (10, 350, true, 340), (0, 360, true, 360),
      (0, 720, true, 360), (-90, 90, true, 180), (30, 30, true, 0), (90, 0, false, -90),
      (0, 90, false, -270), (360, 0, false, -360), (45, 45, false, 0),
    ])
  func sweep(_ start: Double, _ end: Double, _ clockwise: Bool, _ expected: Double) {
    #expect(RasterPath.sweepDegrees(from: start, to: end, clockwise: clockwise) == expected)
  }

  @Test("arcs are flattened by their radius: chords stray at most the tolerance")
  func adaptiveFlattening() {
    for radius in [2.0, 20, 200, 2000] {
      var path = RasterPath()
      let center = RasterPoint(x: 0, y: 0)
      path.arc(center: center, radius: radius, from: 0, to: 360, clockwise: true)
      let points = path.points
      var worst = 0.0
      for index in 1..<points.count {
        let (a, b) = (points[index - 1], points[index])
        let vertex = RasterPath.length(b.x, b.y)
        let middle = RasterPath.length((a.x + b.x) / 2, (a.y + b.y) / 2)
        worst = max(worst, abs(vertex - radius), abs(middle - radius))
      }
      #expect(worst <= RasterPath.flatteningTolerance, "radius \(radius): \(worst)")
      // Bigger circles get more chords: about 2 pi / sqrt(12 tolerance / r).
      let expected = (2 * Double.pi / (12 * RasterPath.flatteningTolerance / radius).squareRoot())
      #expect(points.count - 1 == Int(max(8, expected.rounded(.up))), "radius \(radius)")
    }
  }

  @Test("an arc is joined to the current point by a straight edge, and not repeated")
  func arcContinues() {
    var path = RasterPath()
    path.move(to: 0, y: 0)
    path.arc(center: RasterPoint(x: 0, y: 0), radius: 10, from: 90, to: 100, clockwise: true)
    #expect(path.points[0] == RasterPoint(x: 0, y: 0))
    #expect(path.points[1] == RasterPoint(x: 10, y: 0))
    var joined = RasterPath()
    joined.move(to: 10, y: 0)
    joined.arc(center: RasterPoint(x: 0, y: 0), radius: 10, from: 90, to: 100, clockwise: true)
    #expect(joined.points.count == path.points.count - 1)
  }

  @Test("quadratic curves are flattened within the tolerance")
  func quadraticFlattening() {
    var path = RasterPath()
    let (start, control, end) = (
      RasterPoint(x: 0, y: 0), RasterPoint(x: 50, y: 100), RasterPoint(x: 100, y: 0)
    )
    path.move(to: start.x, y: start.y)
    path.quad(control: control, to: end)
    let points = path.points
    // For this symmetric curve the chord between parameters t0 and t1 strays most at their
    // middle, by |p0 - 2 p1 + p2| (t1 - t0)^2 / 4.
    let count = Double(points.count - 1)
    #expect(200 / (4 * count * count) <= RasterPath.flatteningTolerance)
    #expect(points.last == end)
    #expect(
      points.count == 1
        + Int(
          (200 / (4 * RasterPath.flatteningTolerance)).squareRoot()
            .rounded(.up)))
  }

  @Test("cubic curves are flattened within the tolerance")
  func cubicFlattening() {
    let (start, control1, control2, end) = (
      RasterPoint(x: 0, y: 0), RasterPoint(x: 0, y: 100), RasterPoint(x: 100, y: 100),
      RasterPoint(x: 100, y: 0)
    )
    var path = RasterPath()
    path.move(to: start.x, y: start.y)
    path.cubic(control1: control1, control2: control2, to: end)
    let points = path.points
    #expect(points.last == end)
    // Every point of the true curve lies within the tolerance of some edge.
    func distance(_ p: RasterPoint, _ a: RasterPoint, _ b: RasterPoint) -> Double {
      let (dx, dy) = (b.x - a.x, b.y - a.y)
      let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
      return RasterPath.length(p.x - a.x - t * dx, p.y - a.y - t * dy)
    }
    var worst = 0.0
    for step in 0...1000 {
      let t = Double(step) / 1000
      let u = 1 - t
      let curve = RasterPoint(
        x: 3 * u * t * t * control2.x + t * t * t * end.x,
        y: 3 * u * u * t * control1.y + 3 * u * t * t * control2.y)
      let nearest = (1..<points.count).map { distance(curve, points[$0 - 1], points[$0]) }.min()!
      worst = max(worst, nearest)
    }
    #expect(worst <= RasterPath.flatteningTolerance, "\(worst)")
    #expect(points.count < 200)
  }

  @Test("close ends a contour; filling treats an unclosed one as closed")
  func contours() {
    var path = RasterPath()
    path.move(to: 0, y: 0)
    path.line(to: 4, y: 0)
    path.line(to: 4, y: 4)
    path.close()
    path.line(to: 8, y: 8)
    path.line(to: 9, y: 8)
    #expect(path.contours == [0..<3, 3..<5])
  }
}
