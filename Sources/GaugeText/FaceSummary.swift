/// What drawing a glyph asks of its face before it needs an outline: its cache key, its box
/// and which kind of glyphs it holds. Read for every glyph of every image drawn, so a font
/// set keeps one for each of its fixed faces (the caller's, the folders', the bundled) and
/// reads a system face's in place under its lock: a copy of the face itself retains each of
/// its tables, which costs a drawn glyph more than finding its outline in a glyph cache, and
/// two threads drawing with one font set would contend for those counts.
package struct FaceSummary: Sendable, Hashable {
  /// The face's `FontFace.fingerprint`.
  package let fingerprint: UInt64
  /// Font design units per em.
  package let unitsPerEm: Int
  /// The bottom and top of the box around every glyph, in font units, y up.
  package let yMin: Int
  package let yMax: Int
  /// Whether the face has COLR layers (`FontFace.colorLayers`).
  package let hasColorLayers: Bool
  /// Whether the face has colour bitmap strikes (`FontFace.colorBitmaps`).
  package let hasColorBitmaps: Bool

  /// The summary of `face`.
  package init(_ face: FontFace) {
    fingerprint = face.fingerprint
    unitsPerEm = face.unitsPerEm
    yMin = face.bounds.yMin
    yMax = face.bounds.yMax
    hasColorLayers = face.colorLayers != nil
    hasColorBitmaps = face.colorBitmaps != nil
  }
}
