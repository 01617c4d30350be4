import GaugeTestSupport
import Testing

@testable import GaugeKit

@Suite struct PointerTests {
  let center = Point(x: 200, y: 200)

  @Test func pointingUpIsAnExactTrapezoid() {
    // At 0° the axis is straight up: every coordinate is exact.
    let style = PointerStyle(inner: 0.5, outer: 1, width: 0.1, taper: 0.5)
    let polygon = style.polygon(center: center, radius: 100, angle: 0)
    #expect(polygon.innerLeft == Point(x: 197.5, y: 150))
    #expect(polygon.outerLeft == Point(x: 195, y: 100))
    #expect(polygon.outerRight == Point(x: 205, y: 100))
    #expect(polygon.innerRight == Point(x: 202.5, y: 150))
  }

  @Test func pointingRightAndDown() {
    let style = PointerStyle(inner: 0.5, outer: 1, width: 0.1, taper: 0.5)
    let right = style.polygon(center: center, radius: 100, angle: 90)
    #expect(right.innerLeft == Point(x: 250, y: 197.5))
    #expect(right.outerRight == Point(x: 300, y: 205))
    let down = style.polygon(center: center, radius: 100, angle: 180)
    #expect(down.outerLeft == Point(x: 205, y: 300))
    #expect(down.outerRight == Point(x: 195, y: 300))
  }

  @Test(arguments: [(0.3, 0.64), (0.5, 1.0), (0.0, 0.1), (1.0, 0.1), (0.25, 0.55)])
  func seedTaper(inner: Double, taper: Double) {
    let style = PointerStyle(inner: inner)
    #expect(abs(style.effectiveTaper - taper) < 1e-12)
  }

  @Test func explicitTaperWins() {
    #expect(PointerStyle(inner: 0.3, taper: 0.2).effectiveTaper == 0.2)
  }

  @Test func symmetricAboutTheAxisWithTheTaperedWidth() {
    var generator = SeededGenerator(seed: 7)
    let style = PointerStyle()
    for _ in 0..<2000 {
      let angle = Double.random(in: -720...720, using: &generator)
      let polygon = style.polygon(center: center, radius: 180, angle: angle)
      // The outer and inner widths are w·R and taper·w·R.
      let outerWidth = polygon.outerLeft.distance(to: polygon.outerRight)
      let innerWidth = polygon.innerLeft.distance(to: polygon.innerRight)
      #expect(abs(outerWidth - 0.09 * 180) < 1e-9)
      #expect(abs(innerWidth - 0.64 * 0.09 * 180) < 1e-9)
      // Mirror images: left and right corners are equally far from the centre.
      #expect(
        abs(polygon.outerLeft.distance(to: center) - polygon.outerRight.distance(to: center))
          < 1e-9)
      #expect(
        abs(polygon.innerLeft.distance(to: center) - polygon.innerRight.distance(to: center))
          < 1e-9)
      // The midpoints lie on the axis at 0.3·R and 1.0·R.
      let near = Point(center: center, radius: 54, degrees: angle)
      let far = Point(center: center, radius: 180, degrees: angle)
      let innerMid = Point(
        x: (polygon.innerLeft.x + polygon.innerRight.x) / 2,
        y: (polygon.innerLeft.y + polygon.innerRight.y) / 2)
      let outerMid = Point(
        x: (polygon.outerLeft.x + polygon.outerRight.x) / 2,
        y: (polygon.outerLeft.y + polygon.outerRight.y) / 2)
      #expect(innerMid.distance(to: near) < 1e-9)
      #expect(outerMid.distance(to: far) < 1e-9)
      // Left is the counter-clockwise side: its bearing is smaller.
      let leftBearing = bearingDegrees(dx: polygon.outerLeft.x - 200, dy: polygon.outerLeft.y - 200)
      let axisBearing = normalizedDegrees(angle)
      let difference = normalizedDegrees(axisBearing - leftBearing)
      #expect(difference > 0 && difference < 90)
    }
  }

  @Test func zeroWidthIsALineNotNaN() {
    let polygon = PointerStyle(width: 0).polygon(center: center, radius: 100, angle: 33)
    for point in polygon.points {
      #expect(point.x.isFinite && point.y.isFinite)
    }
    #expect(polygon.innerLeft == polygon.innerRight)
  }
}
