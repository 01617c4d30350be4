import GaugeSupport
import GaugeText

/// Where a line of text sits relative to its anchor point, as SVG's `text-anchor`.
public enum TextAnchor: Sendable, Hashable {
  /// The text starts at the anchor.
  case start
  /// The text is centred on the anchor.
  case middle
  /// The text ends at the anchor.
  case end
}

extension RasterCanvas {
  /// Draws a line of text shaped by a font set: every glyph of every face filled as one
  /// shape (non-zero rule, exact-area coverage), once per text.
  ///
  /// - Parameters:
  ///   - size: Pixels per em.
  ///   - x: The anchor's horizontal position in pixels.
  ///   - y: The baseline's vertical position in pixels.
  ///
  /// Edge cases:
  /// - No glyphs, a size that is zero, negative or not finite, or a NaN or infinite position
  ///   draws nothing.
  /// - A glyph whose outline is malformed draws nothing and still advances; one whose
  ///   flattened path would have more than `GlyphPathBudget.pointLimit` (131,072) points
  ///   has its curves drawn as straight chords. A colour glyph whose layers together pass
  ///   that limit, or `FontFace.outlineLengthInEms`, draws nothing.
  package mutating func draw(
    _ shaped: ShapedText, fonts: FontSet, size: Double, x: Double, y: Double,
    anchor: TextAnchor, color: Color, cache: inout GlyphCache
  ) {
    guard size.isFinite, size > 0, x.isFinite, y.isFinite, !shaped.glyphs.isEmpty else { return }
    // Every glyph fits in its face's box, moved by its GPOS y offset, so the faces' boxes
    // and the offsets bound the text's rows.
    let raised = shaped.glyphs.reduce(0) { Swift.max($0, $1.y) } * size
    let lowered = shaped.glyphs.reduce(0) { Swift.min($0, $1.y) } * size
    var top = y
    var bottom = y
    for index in shaped.faces {
      let face = fonts.summary(ofFace: index)
      let scale = size / Double(face.unitsPerEm)
      top = Swift.min(top, y - Double(face.yMax) * scale - raised)
      bottom = Swift.max(bottom, y - Double(face.yMin) * scale - lowered)
    }
    guard let rows = rows(top: top - 1, bottom: bottom + 1) else { return }
    let start: Double
    switch anchor {
    case .start: start = x
    case .middle: start = x - shaped.width * size / 2
    case .end: start = x - shaped.width * size
    }
    // Colour glyphs are painted layer by layer after the outlines, which fill as one shape.
    // A face is asked for its summary (`FaceSummary`), and copied only where it has colour
    // layers (to look up a glyph's) or for an outline not cached yet; each outline is
    // looked up once, not once a strip.
    var layered: [(glyph: ShapedText.Glyph, layers: [ColorLayers.Layer])] = []
    var outlined: [(glyph: ShapedText.Glyph, path: RasterPath)] = []
    for glyph in shaped.glyphs {
      let face = fonts.summary(ofFace: glyph.face)
      let layers =
        face.hasColorLayers ? fonts.face(glyph.face).colorLayers?.layers(of: glyph.id) : nil
      if let layers {
        layered.append((glyph, layers))
      } else if face.hasColorBitmaps {
        // A bitmap emoji is painted in its own colours, its strike scaled to the size.
        guard let bitmap = fonts.bitmap(of: glyph.id, face: glyph.face, size: size) else {
          continue
        }
        let scale = size / Double(bitmap.ppem)
        drawImage(
          rgba: bitmap.rgba, width: bitmap.width, height: bitmap.height,
          x: start + glyph.x * size + Double(bitmap.bearingX) * scale,
          y: y - glyph.y * size - Double(bitmap.bearingY) * scale,
          drawnWidth: Double(bitmap.width) * scale, drawnHeight: Double(bitmap.height) * scale)
      } else {
        outlined.append((glyph, cache.path(of: glyph.id, face: glyph.face, in: fonts, size: size)))
      }
    }
    for strip in Self.strips(rows) {
      accumulator.begin(rows: strip)
      for (glyph, path) in outlined {
        accumulate(path, dx: start + glyph.x * size, dy: y - glyph.y * size)
      }
      composite(color)
    }
    for (glyph, layers) in layered {
      // Layers past the budget of one glyph: a hostile stack of many large layers, drawn as
      // nothing, as an outline glyph past it is.
      guard let paths = cache.paths(of: layers, font: fonts.face(glyph.face), size: size)
      else { continue }
      for (layer, path) in zip(layers, paths) {
        let paint =
          layer.color.map {
            Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
          } ?? color
        for strip in Self.strips(rows) {
          accumulator.begin(rows: strip)
          accumulate(path, dx: start + glyph.x * size, dy: y - glyph.y * size)
          composite(paint)
        }
      }
    }
  }
}
