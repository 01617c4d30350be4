/// A colour glyph's image from a bitmap strike (CBDT), decoded, with the metrics that place
/// it. All lengths are pixels of the strike; scale them by (font size in pixels) / `ppem` to
/// draw at another size.
package struct BitmapGlyph: Sendable, Equatable {
  /// Pixels per row of the image.
  package var width: Int
  /// Rows of the image.
  package var height: Int
  /// From the glyph origin right to the image's left edge.
  package var bearingX: Int
  /// From the glyph origin (on the baseline) up to the image's top edge; y up, as in the
  /// font's metrics, so a glyph that reaches above the baseline has a positive bearing.
  package var bearingY: Int
  /// The horizontal advance at the strike's size.
  package var advance: Int
  /// The strike's size: pixels per em (its vertical ppem).
  package var ppem: Int
  /// Straight (not premultiplied) RGBA8, row by row from the top left.
  package var rgba: [UInt8]

  package init(
    width: Int, height: Int, bearingX: Int, bearingY: Int, advance: Int, ppem: Int, rgba: [UInt8]
  ) {
    self.width = width
    self.height = height
    self.bearingX = bearingX
    self.bearingY = bearingY
    self.advance = advance
    self.ppem = ppem
    self.rgba = rgba
  }
}
