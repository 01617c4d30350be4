import GaugeGeometry
import GaugeModel
import GaugePNG
import GaugeRaster
import GaugeSupport
import GaugeText

/// Paints a scene into pixels: every sector from its arcs, polygons, strokes, swatches, and
/// texts in the scene's font set (the bundled DejaVu Sans, the caller's faces, fallbacks),
/// anti-aliased by exact area and
/// composited in sRGB as browsers composite SVG.
///
/// Units: the scene's pixels times `scale` (2 for a HiDPI image of the same layout).
package struct PNGSceneRenderer {
  package let scene: Scene
  package let scale: Double

  /// - Throws: `GaugeError.invalidSize` when the scaled image would pass 8192 pixels a side.
  package init(scene: Scene, scale: Double) throws(GaugeError) {
    guard scale.isFinite, PNGSceneRenderer.scales.contains(scale) else {
      throw .invalidOption(
        "scale \(FixedDecimal.plain(scale)) is out of range; allowed: 0.25...8")
    }
    let width = Int((Double(scene.width) * scale).rounded())
    let height = Int((Double(scene.height) * scale).rounded())
    guard RenderLimits.sides.contains(width), RenderLimits.sides.contains(height) else {
      throw .invalidSize(
        "size \(width)×\(height) at scale \(FixedDecimal.plain(scale)) is out of range; "
          + "width and height times the scale must be 1...\(maximumImageSide)")
    }
    self.scene = scene
    self.scale = scale
  }

  /// The scales an image may be drawn at.
  package static let scales = 0.25...8.0

  /// The image's size in pixels.
  package var pixelWidth: Int { Int((Double(scene.width) * scale).rounded()) }
  package var pixelHeight: Int { Int((Double(scene.height) * scale).rounded()) }

  /// The still picture (an animation's final state), as straight RGBA rows.
  package func pixels(cache: inout GlyphCache, prepared: PreparedRaster? = nil) -> [UInt8] {
    canvas(cache: &cache, prepared: prepared).rgba()
  }

  /// The still picture on a canvas, its pixels premultiplied. With `prepared` (made for this
  /// scene's size and scale), a canvas with the shared first items drawn (or a blank one) is
  /// copied instead of filled and ring sectors are composited from their kept coverage: the
  /// same pixels either way.
  package func canvas(cache: inout GlyphCache, prepared: PreparedRaster? = nil) -> RasterCanvas {
    still(cache: &cache, prepared: prepared, leavingOut: false).canvas
  }

  /// The still picture for a PNG file: the canvas, and the rows in which it may differ from
  /// `prepared`'s template image (`nil`: any row may).
  ///
  /// The image starts from the template's prefix canvas; then each item equal to the
  /// template's next item is that item, drawn in the template's order on the same rows, so a
  /// row that only such items touch is the template's row. The changed rows are those that
  /// the image's other items (its pointer, its readout) touch. When the image leaves out an
  /// item of the template, its rows are unknown: `nil`.
  ///
  /// With `leavingOut`, a template item on rows that no band encoded again reads
  /// (`PNGBands.rowsRead(changing:)`) is not drawn: the file takes those bands from the
  /// template. The canvas then lacks it, so it is only for `PNGImage.encodeInBands` with this
  /// template. Should a later item change rows an item left out is on, the image is drawn
  /// again whole. Only opaque images of an opaque template leave items out: the encoder
  /// then sees the template's bands without scanning the pixels.
  package func still(
    cache: inout GlyphCache, prepared: PreparedRaster? = nil, leavingOut: Bool
  ) -> (canvas: RasterCanvas, changedRows: RowRanges?) {
    var (canvas, drawn) = startCanvas(prepared: prepared)
    let template = drawn > 0 ? prepared?.templateItems ?? [] : []
    let bands =
      leavingOut && canvas.isOpaque && !template.isEmpty
      ? prepared?.template.flatMap { $0.layout.opaque ? $0.layout : nil } : nil
    // The template's items start with the prefix's, drawn already.
    var matched = drawn
    var changed = RowRanges()
    // The rows the encoder reads for the rows changed so far.
    var read = RowRanges()
    var leftOut: [Range<Int>] = []
    for item in scene.items[drawn...] {
      if matched < template.count && item == template[matched] {
        let rows = prepared?.templateRows[matched] ?? 0..<0
        matched += 1
        if bands != nil, !read.overlaps(rows) {
          if !rows.isEmpty { leftOut.append(rows) }
          continue
        }
        paint(item, on: &canvas, cache: &cache, prepared: prepared)
        continue
      }
      canvas.forgetTouchedRows()
      paint(item, on: &canvas, cache: &cache, prepared: prepared)
      changed.insert(canvas.touchedRows)
      if let bands { read = bands.rowsRead(changing: changed) }
    }
    let holds = prepared?.template != nil && !template.isEmpty && matched == template.count
    if !leftOut.isEmpty, !holds || bands == nil || leftOut.contains(where: read.overlaps) {
      return still(cache: &cache, prepared: prepared, leavingOut: false)
    }
    return (canvas, holds ? changed : nil)
  }

  /// A template image drawn item by item: the canvas, and the rows each item touched, in
  /// the order of the scene's items (none for those of the prefix, drawn already).
  package func itemRows(cache: inout GlyphCache, prepared: PreparedRaster) -> (
    canvas: RasterCanvas, rows: [Range<Int>]
  ) {
    var (canvas, drawn) = startCanvas(prepared: prepared)
    var rows = [Range<Int>](repeating: 0..<0, count: drawn)
    for item in scene.items[drawn...] {
      canvas.forgetTouchedRows()
      paint(item, on: &canvas, cache: &cache, prepared: prepared)
      rows.append(canvas.touchedRows)
    }
    return (canvas, rows)
  }

  /// The canvas an image starts from, and how many of its items are drawn on it already.
  private func startCanvas(prepared: PreparedRaster?) -> (RasterCanvas, Int) {
    if let (started, count) = prepared?.drawnPrefix(of: scene) { return (started, count) }
    if let blank = prepared?.blank(for: scene.background) { return (blank, 0) }
    return (blankCanvas(), 0)
  }

  /// A canvas of this renderer's size with the scene's background painted.
  func blankCanvas() -> RasterCanvas {
    do {
      guard let background = scene.background else {
        return try RasterCanvas(width: pixelWidth, height: pixelHeight)
      }
      return try RasterCanvas(
        width: pixelWidth, height: pixelHeight, background: rasterColor(background.color))
    } catch {
      // The size was checked when this renderer was made.
      preconditionFailure("a checked size was refused by the canvas: \(error)")
    }
  }

  private func paint(
    _ item: SceneItem, on canvas: inout RasterCanvas, cache: inout GlyphCache,
    prepared: PreparedRaster?
  ) {
    switch item {
    case .ring(let ring):
      let masks = prepared?.masks(for: ring)
      var tracer = ring.tracer
      for index in 0..<ring.count {
        let paint = ring.paint(ofSector: index)
        // An outline ring's unlit sectors, and zones without an outline, draw nothing.
        guard paint.color.alpha > 0 else { continue }
        let color = rasterColor(paint.color, opacity: ring.opacity)
        if let masks {
          canvas.fill(masks[index], color: color)
        } else {
          canvas.fill(sectorPath(index, of: ring, tracer: &tracer), color: color)
        }
      }
    case .sectors(let sectors):
      for sector in sectors { fill(sector, on: &canvas, prepared: prepared) }
    case .sector(let sector):
      fill(sector, on: &canvas, prepared: prepared)
    case .polygon(let polygon):
      var sink = RasterSink(scale: scale)
      for (index, point) in polygon.points.enumerated() {
        if index == 0 { sink.move(to: point) } else { sink.line(to: point) }
      }
      sink.close()
      canvas.fill(sink.path, color: rasterColor(polygon.paint.color))
    case .strokes(let strokes):
      // Each stroke is the rectangle a butt-capped SVG stroke of that width covers.
      var sink = RasterSink(scale: scale)
      for segment in strokes.segments {
        let dx = segment.to.x - segment.from.x
        let dy = segment.to.y - segment.from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { continue }
        let nx = -dy / length * strokes.width / 2
        let ny = dx / length * strokes.width / 2
        sink.move(to: Point(x: segment.from.x + nx, y: segment.from.y + ny))
        sink.line(to: Point(x: segment.to.x + nx, y: segment.to.y + ny))
        sink.line(to: Point(x: segment.to.x - nx, y: segment.to.y - ny))
        sink.line(to: Point(x: segment.from.x - nx, y: segment.from.y - ny))
        sink.close()
      }
      canvas.fill(sink.path, color: rasterColor(strokes.paint.color))
    case .swatch(let swatch):
      canvas.fill(roundedSquare(swatch), color: rasterColor(swatch.paint.color))
    case .text(let text):
      draw(text, on: &canvas, cache: &cache)
    }
  }

  /// Ring sector `index`'s outline in pixels.
  func sectorPath(_ index: Int, of ring: SceneRing, tracer: inout SectorRing) -> RasterPath {
    var sink = RasterSink(scale: scale)
    tracer.trace(from: ring.boundary(index), to: ring.boundary(index + 1), into: &sink)
    return sink.path
  }

  private func fill(
    _ sector: SceneSector, on canvas: inout RasterCanvas, prepared: PreparedRaster?
  ) {
    let color = rasterColor(sector.paint.color)
    if let mask = prepared?.masks(for: sector.sector) {
      canvas.fill(mask, color: color)
    } else {
      canvas.fill(path(of: sector.sector), color: color)
    }
  }

  /// A sector's outline in pixels.
  func path(of sector: AnnularSector) -> RasterPath {
    var sink = RasterSink(scale: scale)
    sector.trace(into: &sink)
    return sink.path
  }

  private func roundedSquare(_ swatch: SceneSwatch) -> RasterPath {
    let x = swatch.origin.x * scale
    let y = swatch.origin.y * scale
    let side = swatch.side * scale
    let r = Swift.min(swatch.cornerRadius * scale, side / 2)
    var path = RasterPath()
    path.move(to: x + r, y: y)
    path.line(to: x + side - r, y: y)
    path.arc(
      center: RasterPoint(x: x + side - r, y: y + r), radius: r, from: 0, to: 90, clockwise: true)
    path.line(to: x + side, y: y + side - r)
    path.arc(
      center: RasterPoint(x: x + side - r, y: y + side - r), radius: r, from: 90, to: 180,
      clockwise: true)
    path.line(to: x + r, y: y + side)
    path.arc(
      center: RasterPoint(x: x + r, y: y + side - r), radius: r, from: 180, to: 270,
      clockwise: true)
    path.line(to: x, y: y + r)
    path.arc(
      center: RasterPoint(x: x + r, y: y + r), radius: r, from: 270, to: 360, clockwise: true)
    path.close()
    return path
  }

  /// A text as SVG places it: `position` is on the baseline's middle line box, `dy=".35em"`
  /// above the baseline.
  private func draw(_ text: SceneText, on canvas: inout RasterCanvas, cache: inout GlyphCache) {
    // An animated text that is hidden at the end (an earlier readout frame) is not drawn.
    if case .during = text.window { return }
    let size = text.fontSize * scale
    let anchor: GaugeRaster.TextAnchor
    switch text.anchor {
    case .start: anchor = .start
    case .middle: anchor = .middle
    case .end: anchor = .end
    }
    canvas.draw(
      // A direction mark before the text sets its base direction and is never drawn.
      scene.fonts.shape(scene.direction.marked(text.text), weight: text.weight),
      fonts: scene.fonts, size: size,
      x: text.position.x * scale, y: text.position.y * scale + 0.35 * size, anchor: anchor,
      color: rasterColor(text.paint.color), cache: &cache)
  }

  func rasterColor(_ color: Color, opacity: Double = 1) -> Color {
    let alpha = (Double(color.alpha) * Swift.min(1, Swift.max(0, opacity))).rounded()
    return Color(red: color.red, green: color.green, blue: color.blue, alpha: UInt8(alpha))
  }
}

/// Collects a traced outline as a raster path, scaled, arcs kept as arcs.
private struct RasterSink: PathSink {
  let scale: Double
  var path = RasterPath()

  mutating func move(to point: Point) { path.move(to: point.x * scale, y: point.y * scale) }
  mutating func line(to point: Point) { path.line(to: point.x * scale, y: point.y * scale) }
  mutating func arc(_ arc: PathArc) {
    path.arc(
      center: RasterPoint(x: arc.center.x * scale, y: arc.center.y * scale),
      radius: arc.radius * scale, from: arc.startAngle, to: arc.startAngle + arc.sweep,
      clockwise: arc.sweep > 0)
  }
  mutating func close() { path.close() }
}
