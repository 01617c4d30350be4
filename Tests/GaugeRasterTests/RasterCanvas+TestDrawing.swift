import GaugeSupport

@testable import GaugeRaster
@testable import GaugeText

extension RasterCanvas {
  /// `text` set in `font` first, then the bundled faces (no system fonts), drawn as the PNG
  /// renderer draws a scene's text.
  mutating func draw(
    text: String, font: FontFace, size: Double, x: Double, y: Double, anchor: TextAnchor,
    color: Color, cache: inout GlyphCache
  ) {
    let fonts = FontSet(faces: [font], systemFonts: false)
    draw(
      fonts.shape(text, weight: .regular), fonts: fonts, size: size, x: x, y: y,
      anchor: anchor, color: color, cache: &cache)
  }
}
