/// A line of text turned into glyphs of a font set's faces, placed along the baseline.
///
/// Units: ems (multiply by the font size in pixels for pixels), x from the text's start, y up
/// from the baseline.
package struct ShapedText: Sendable, Hashable {
  /// One glyph: which face, which glyph, and where its origin is.
  package struct Glyph: Sendable, Hashable {
    /// The face's index in the font set (`FontSet.face(_:)`).
    package var face: Int
    package var id: UInt16
    /// The glyph origin's distance from the text's start, in ems (GPOS offsets included).
    package var x: Double
    /// The glyph origin's height above the baseline, in ems: 0 but for marks and cursive
    /// attachments that GPOS moves up or down.
    package var y = 0.0

    package init(face: Int, id: UInt16, x: Double, y: Double = 0) {
      self.face = face
      self.id = id
      self.x = x
      self.y = y
    }
  }

  package var glyphs: [Glyph] = []
  /// The advance of the whole text, in ems.
  package var width = 0.0
  /// The faces used, in order of first use.
  package var faces: [Int] = []
}
