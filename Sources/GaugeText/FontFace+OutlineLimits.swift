extension FontFace {
  /// How far from its origin, in ems, a glyph's points (control points included) may lie.
  ///
  /// Real glyphs stay within 7.2 em: measured over every glyph of DejaVu Sans, Sans Bold,
  /// Serif and Math TeX Gyre, Noto Sans CJK and Noto Serif CJK Bold (one face each), Noto Sans
  /// Devanagari, Arabic, Math, Symbols 2, Noto Nastaliq Urdu and Noto Music, the farthest
  /// point is U+FDFD's (the Bismillah ligature of Noto Sans Arabic); most stay within 3 em.
  /// Past 16 em a glyph is malformed: a hostile one that strays hundreds of ems away (2.0
  /// composite scales, ±32,767-unit offsets, 16 units per em) would be flattened into
  /// hundreds of millions of edges at an ordinary text size.
  package static let outlineReachInEms = 16

  /// How long, in ems, a glyph's control polygon may be: |dx| + |dy| of every step from point
  /// to point (control points included) summed over its contours.
  ///
  /// Filling a glyph costs about one step per pixel row and column its edges cross, and its
  /// flattened curves are no longer than their control polygons, so this bounds the work of
  /// drawing one glyph at any size. Measured over the same fonts, real glyphs reach 46.5 em
  /// (U+FDFD in Noto Nastaliq Urdu; CJK ideographs up to 33 em). A hostile glyph of 65,536
  /// points zig-zagging across 16 em would be 2 million ems long.
  package static let outlineLengthInEms = 1_024

  /// ``outlineReachInEms`` in this face's font units.
  var outlineReach: Double { Double(Self.outlineReachInEms * unitsPerEm) }

  /// ``outlineLengthInEms`` in this face's font units.
  var outlineLength: Double { Double(Self.outlineLengthInEms * unitsPerEm) }

  /// The error for `glyph`'s point at (`x`, `y`) font units, past `reach` units from its
  /// origin.
  static func strayingPoint(glyph: UInt16, x: Double, y: Double, reach: Double) -> FontError {
    // Points are sums of 16- and 32-bit numbers times small scales: far inside Int's range.
    .malformed(
      "glyph \(glyph) has a point at (\(Int(x.rounded())), \(Int(y.rounded()))), farther than "
        + "\(Int(reach)) units (\(outlineReachInEms) em) from its origin")
  }

  /// The error for `glyph`'s outline, longer than `length` units.
  static func overlongOutline(glyph: UInt16, length: Double) -> FontError {
    .malformed(
      "glyph \(glyph)'s outline is longer than \(Int(length)) units (\(outlineLengthInEms) em) "
        + "from point to point")
  }

  /// Sends `glyph`'s outline to `sink` at `scale` sink units per font unit, y down, with the
  /// glyph's origin at (0, 0); a glyph with no outline sends nothing.
  ///
  /// - Throws: `FontError.malformed` if the glyph's data is truncated or inconsistent, or the
  ///   outline breaks a limit (points, components, nesting, a point past
  ///   ``outlineReachInEms`` from the origin, or a length past ``outlineLengthInEms``); the
  ///   sink may then have received part of the outline.
  package func outline(
    of glyph: UInt16, scale: Double, into sink: inout some OutlineSink
  ) throws(FontError) {
    switch outlines {
    case .glyf: try outline(of: glyph).emit(scale: scale, into: &sink)
    case .cff:
      try cffOutlines?.outline(
        of: glyph, scale: scale, limits: (outlineReach, outlineLength), into: &sink)
    case .none: return
    }
  }
}

/// Counts what an outline sends and keeps nothing: what checking a glyph costs when only its
/// soundness matters.
struct OutlinePointCounter: OutlineSink {
  /// Points sent: one per move or line, two per quadratic curve, three per cubic one.
  var points = 0

  mutating func move(toX x: Double, y: Double) { points += 1 }
  mutating func line(toX x: Double, y: Double) { points += 1 }
  mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double) {
    points += 2
  }
  mutating func cubic(
    control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
    y: Double
  ) {
    points += 3
  }
  mutating func close() {}
}
