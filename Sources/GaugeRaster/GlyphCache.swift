import GaugeText

/// Glyph outlines already flattened at a size, kept by the caller between draws so that each
/// glyph is decoded and flattened once per font and size.
///
/// It is a plain value: keep one per renderer (or per thread) and pass it to
/// `RasterCanvas.draw(_:fonts:size:x:y:anchor:color:cache:)`. It grows by one entry per
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

  /// Flattens every outline glyph of a shaped text at `size`, ahead of drawing.
  package mutating func prepare(_ shaped: ShapedText, fonts: FontSet, size: Double) {
    for glyph in shaped.glyphs {
      _ = path(of: glyph.id, face: glyph.face, in: fonts, size: size)
    }
  }

  /// The paths of a colour glyph's `layers` in `font` at `size` pixels per em, bottom to top;
  /// nil if together they have more than `GlyphPathBudget.pointLimit` (131,072) points or edges
  /// longer than `FontFace.outlineLengthInEms`: one colour glyph may cost what one outline
  /// glyph may, however many layers it stacks. Layers past the one that breaks a limit are
  /// not flattened. Each layer's path is as ``path(of:font:size:)`` gives it.
  package mutating func paths(
    of layers: [ColorLayers.Layer], font: FontFace, size: Double
  ) -> [RasterPath]? {
    var paths: [RasterPath] = []
    var points = 0
    var length = 0.0
    for layer in layers {
      let path = path(of: layer.glyph, font: font, size: size)
      points += path.points.count
      length += GlyphPathBudget.length(of: path)
      guard points <= GlyphPathBudget.pointLimit,
        length <= Double(FontFace.outlineLengthInEms) * size
      else { return nil }
      paths.append(path)
    }
    return paths
  }

  /// `glyph` of face `index` of `fonts` at `size`, as ``path(of:font:size:)`` gives it; the
  /// face is copied out of the font set only when its outline is not held yet.
  package mutating func path(
    of glyph: UInt16, face index: Int, in fonts: FontSet, size: Double
  ) -> RasterPath {
    let key = Key(
      font: fonts.summary(ofFace: index).fingerprint, size: size.bitPattern, glyph: glyph)
    if let path = paths[key] { return path }
    return path(of: glyph, font: fonts.face(index), size: size)
  }

  /// `glyph` of `font` at `size` pixels per em, in pixels with its origin at (0, 0), y down;
  /// an empty path if the glyph has no outline or a malformed one. An outline that would
  /// flatten into more than `GlyphPathBudget.pointLimit` (131,072) points has its curves
  /// drawn as straight chords.
  package mutating func path(of glyph: UInt16, font: FontFace, size: Double) -> RasterPath {
    let key = Key(font: font.fingerprint, size: size.bitPattern, glyph: glyph)
    if let path = paths[key] { return path }
    let scale = size / Double(font.unitsPerEm)
    var path = RasterPath()
    do {
      var budget = GlyphPathBudget()
      try font.outline(of: glyph, scale: scale, into: &budget)
      if budget.isExceeded {
        // Many sharply bent curves (no real glyph has them): drawn with straight chords.
        budget = GlyphPathBudget(curvesAsChords: true)
        try font.outline(of: glyph, scale: scale, into: &budget)
      }
      if !budget.isExceeded { path = budget.path }
    } catch {
      // A malformed glyph draws as nothing, and is not decoded again.
    }
    paths[key] = path
    return path
  }
}
