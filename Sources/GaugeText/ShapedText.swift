/// A line of text turned into glyphs of a font set's faces, placed along the baseline.
///
/// Units: ems (multiply by the font size in pixels for pixels), x from the text's start.
package struct ShapedText: Sendable, Hashable {
  /// One glyph: which face, which glyph, and where its origin is.
  package struct Glyph: Sendable, Hashable {
    /// The face's index in the font set (`FontSet.face(_:)`).
    package var face: Int
    package var id: UInt16
    /// The glyph origin's distance from the text's start, in ems.
    package var x: Double
  }

  package var glyphs: [Glyph] = []
  /// The advance of the whole text, in ems.
  package var width = 0.0
  /// The faces used, in order of first use.
  package var faces: [Int] = []
}
