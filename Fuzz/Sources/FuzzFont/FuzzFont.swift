import FuzzSupport
import GaugeSupport

// The font readers' table views (outlines, colour layers, bitmaps, ligatures, shaping) are
// `package` API of the root package; the debug build that scripts/fuzz makes is testable.
@testable import GaugeRaster
@testable import GaugeText

/// The input as a font file (TrueType, CFF, a collection, colour tables): every face read,
/// then each face's character map, metrics, kerning, outlines, colour layers, bitmaps and
/// ligatures used, and a line shaped with it and drawn. A malformed font must throw or draw
/// as nothing, never trap, hang or allocate without bound; what it does produce must keep
/// the readers' promises (glyph ids inside the face, points within 16 em, images of the size
/// they claim, one cluster per output glyph).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  guard let faceCount = try? FontFace.faceCount(in: input.bytes) else { return 0 }
  Invariants.require((1...256).contains(faceCount), "a collection of \(faceCount) faces")
  for index in 0..<faceCount {
    guard let face = try? FontFace(data: input.bytes, index: index) else { continue }
    // Every face is read, as a font set reads a whole file; the first few are used, so that
    // a collection of 256 copies of one heavy face stays within the time limit.
    if index < 4 { FaceChecks.run(face) }
  }
  return 0
}

/// What one face is put through, and what must hold of the results.
enum FaceChecks {
  /// Scalars that reach each cmap format's corners: ASCII, Latin-1, the BMP, beyond it.
  static let scalars: [Unicode.Scalar] = [
    "\0", "0", "4", "A", "g", " ", "\u{E9}", "\u{FF}", "\u{100}", "\u{6771}", "\u{FFFF}",
    "\u{1F600}", "\u{10FFFF}",
  ]

  static func run(_ face: FontFace) {
    let glyphs = scalars.map { face.glyph(for: $0) }
    for glyph in glyphs {
      Invariants.require(Int(glyph) < face.glyphCount, "glyph \(glyph) past \(face.glyphCount)")
    }
    for (left, right) in zip(glyphs, glyphs.dropFirst()) {
      _ = face.kerning(between: left, and: right)
      _ = face.advance(of: left)
    }
    _ = face.digitProblem
    let width = face.width(of: "Ag 42", size: 24)
    Invariants.require(width.isFinite, "text width \(width)")

    let sample = (0..<UInt16(min(face.glyphCount, 64))).map { $0 } + glyphs
    for glyph in sample {
      var sink = CheckedSink(reach: Double(FontFace.outlineReachInEms * face.unitsPerEm))
      _ = try? face.outline(of: glyph, scale: 1, into: &sink)
      if let layers = face.colorLayers?.layers(of: glyph) {
        Invariants.require(
          layers.count <= ColorLayers.maximumLayersPerGlyph, "\(layers.count) layers")
      }
    }
    for glyph in sample.prefix(8) + glyphs {
      guard let bitmap = (try? face.colorBitmaps?.bitmap(of: glyph, ppem: 64)) ?? nil else {
        continue
      }
      Invariants.require(
        bitmap.width <= ColorBitmaps.maximumSide && bitmap.height <= ColorBitmaps.maximumSide
          && bitmap.rgba.count == 4 * bitmap.width * bitmap.height,
        "a \(bitmap.width)x\(bitmap.height) bitmap of \(bitmap.rgba.count) bytes")
    }
    if let ligatures = face.emojiLigatures {
      checkLigatures(ligatures, glyphs + glyphs.reversed())
    }
    draw(face)
  }

  /// Substituting never adds glyphs, and each output glyph names the first input glyph it
  /// came from, in order.
  static func checkLigatures(_ ligatures: LigatureSubstitution, _ input: [UInt16]) {
    let (output, clusters) = ligatures.apply(to: input)
    Invariants.require(
      output.count == clusters.count && output.count <= input.count,
      "\(input.count) glyphs became \(output.count) with \(clusters.count) clusters")
    Invariants.require(
      zip(clusters, clusters.dropFirst()).allSatisfy { $0 < $1 }
        && clusters.allSatisfy { input.indices.contains($0) } && (clusters.first ?? 0) == 0,
      "clusters \(clusters) for \(input.count) glyphs")
  }

  /// A line shaped with the face first, drawn small: the path the `gauge` command takes.
  static func draw(_ face: FontFace) {
    let fonts = FontSet(faces: [face], systemFonts: false)
    // Scripts whose runs go through the face's GSUB and GPOS: Arabic, Hebrew and Latin
    // marks, Thai.
    let shaped = fonts.shape(
      "Ag 42 \u{6771} \u{1F600} \u{627}\u{644}\u{633}\u{64E}\u{651}\u{644}\u{627}\u{645} "
        + "e\u{301}\u{323} \u{5E9}\u{5B8}\u{5C1} \u{E19}\u{E49}\u{E33}", weight: .regular)
    Invariants.require(shaped.width.isFinite, "shaped width \(shaped.width)")
    for glyph in shaped.glyphs {
      Invariants.require(
        glyph.x.isFinite && glyph.y.isFinite
          && Int(glyph.id) < fonts.face(glyph.face).glyphCount,
        "shaped glyph \(glyph)")
    }
    var cache = GlyphCache()
    guard var canvas = try? RasterCanvas(width: 96, height: 32) else { return }
    canvas.draw(
      shaped, fonts: fonts, size: 24, x: 2, y: 24, anchor: .start,
      color: Color(red: 0, green: 0, blue: 0), cache: &cache)
    for glyph in shaped.glyphs {
      let path = cache.path(of: glyph.id, font: fonts.face(glyph.face), size: 24)
      // The budget stops a path after the curve that passes it: at most 10,000 edges more.
      Invariants.require(
        path.points.count <= GlyphPathBudget.pointLimit + 10_000,
        "a glyph path of \(path.points.count) points")
    }
  }
}

/// Checks each point an outline sends: finite, within `reach` (in font units, as the
/// outline is read at scale 1), and no more than the reader's point limit allows.
struct CheckedSink: OutlineSink {
  let reach: Double
  var points = 0

  mutating func move(toX x: Double, y: Double) { check(x, y) }
  mutating func line(toX x: Double, y: Double) { check(x, y) }
  mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double) {
    check(controlX, controlY)
    check(x, y)
  }
  mutating func cubic(
    control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
    y: Double
  ) {
    check(control1X, control1Y)
    check(control2X, control2Y)
    check(x, y)
  }
  mutating func close() {}

  private mutating func check(_ x: Double, _ y: Double) {
    points += 1
    Invariants.require(
      x.isFinite && y.isFinite && abs(x) <= reach && abs(y) <= reach,
      "an outline point at (\(x), \(y)), past \(reach) units")
    // 65,536 points at most; a TrueType contour of n points sends at most 2n + 3 (its
    // implied on-curve points, its move and closing curve), so 5 per point bounds them all.
    Invariants.require(points <= 5 * 65_536, "an outline of \(points) points")
  }
}
