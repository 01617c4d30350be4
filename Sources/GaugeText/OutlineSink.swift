/// Receives a glyph outline as it is read, in the sink's own units (the font's units times a
/// scale, y already flipped to point down), as ttf-parser's `OutlineBuilder` does: outlines are
/// streamed, never collected per glyph by the reader.
///
/// Every contour starts with `move(toX:y:)` and ends with `close()`.
package protocol OutlineSink {
  mutating func move(toX x: Double, y: Double)
  mutating func line(toX x: Double, y: Double)
  /// A quadratic Bézier curve (TrueType outlines).
  mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double)
  /// A cubic Bézier curve (CFF outlines).
  mutating func cubic(
    control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
    y: Double)
  mutating func close()
}
