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

  /// An empty cache.
  public init() {}

  /// The number of glyph outlines held.
  public var count: Int { paths.count }

  /// Forgets every outline.
  public mutating func removeAll() {
    paths.removeAll()
  }

  /// Flattens the outline of every character of `text` in `font` at `size`, ahead of drawing.
  package mutating func prepare(_ text: String, font: FontFace, size: Double) {
    for scalar in text.unicodeScalars where !InvisibleScalars.isDrawnAsNothing(scalar) {
      _ = path(of: font.glyph(for: scalar), font: font, size: size)
    }
  }

  /// `glyph` of `font` at `size` pixels per em, in pixels with its origin at (0, 0), y down;
  /// an empty path if the glyph has no outline or a malformed one.
  mutating func path(of glyph: UInt16, font: FontFace, size: Double) -> RasterPath {
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
