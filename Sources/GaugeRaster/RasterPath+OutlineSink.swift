import GaugeText

/// Glyph outlines stream straight into a path, flattened as they arrive.
extension RasterPath: OutlineSink {
  package mutating func move(toX x: Double, y: Double) { move(to: x, y: y) }
  package mutating func line(toX x: Double, y: Double) { line(to: x, y: y) }
  package mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double) {
    quad(control: RasterPoint(x: controlX, y: controlY), to: RasterPoint(x: x, y: y))
  }
  package mutating func cubic(
    control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
    y: Double
  ) {
    cubic(
      control1: RasterPoint(x: control1X, y: control1Y),
      control2: RasterPoint(x: control2X, y: control2Y), to: RasterPoint(x: x, y: y))
  }
}
