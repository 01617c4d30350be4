import GaugeText

/// Glyph outlines already flattened at a size, kept by the caller between draws so that each
/// glyph is decoded and flattened once per font and size.
///
/// It is a plain value: keep one per renderer (or per thread) and pass it to
/// `RasterCanvas.draw(text:font:size:x:y:anchor:color:cache:)`. It grows by one entry per
/// distinct font, size and glyph drawn, and `removeAll()` empties it.
public struct GlyphCache: Sendable {
  struct Key: Hashable, Sendable {
    var font: UInt64
    var size: UInt64
    var glyph: UInt16
  }

  private var paths: [Key: RasterPath] = [:]
  private var bitmaps: [Key: BitmapGlyph?] = [:]

  /// An empty cache.
  public init() {}

  /// The number of glyph outlines held.
  public var count: Int { paths.count }

  /// Forgets every outline and bitmap.
  public mutating func removeAll() {
    paths.removeAll()
    bitmaps.removeAll()
  }

  /// `glyph`'s colour bitmap in `font`'s strike for `size` pixels per em, decoded once; nil
  /// if the face has no bitmap for it or its data is malformed.
  package mutating func bitmap(of glyph: UInt16, font: FontFace, size: Double) -> BitmapGlyph? {
    let key = Key(font: font.fingerprint, size: size.bitPattern, glyph: glyph)
    if let known = bitmaps[key] { return known }
    let found = (try? font.colorBitmaps?.bitmap(of: glyph, ppem: size)) ?? nil
    bitmaps[key] = found
    return found
  }

  /// Flattens the outline of every character of `text` in `font` at `size`, ahead of drawing.
  package mutating func prepare(_ text: String, font: FontFace, size: Double) {
    for scalar in text.unicodeScalars where !InvisibleScalars.isDrawnAsNothing(scalar) {
      _ = path(of: font.glyph(for: scalar), font: font, size: size)
    }
  }

  /// Flattens every outline glyph of a shaped text at `size`, ahead of drawing.
  package mutating func prepare(_ shaped: ShapedText, fonts: FontSet, size: Double) {
    for glyph in shaped.glyphs {
      _ = path(of: glyph.id, font: fonts.face(glyph.face), size: size)
    }
  }

  /// `glyph` of `font` at `size` pixels per em, in pixels with its origin at (0, 0), y down;
  /// an empty path if the glyph has no outline or a malformed one.
  package mutating func path(of glyph: UInt16, font: FontFace, size: Double) -> RasterPath {
    let key = Key(font: font.fingerprint, size: size.bitPattern, glyph: glyph)
    if let path = paths[key] { return path }
    var path = RasterPath()
    do {
      try font.outline(of: glyph, scale: size / Double(font.unitsPerEm), into: &path)
    } catch {
      path = RasterPath()
    }
    paths[key] = path
    return path
  }
}
