import GaugeGeometry
import GaugeModel
import GaugePNG
import GaugeRaster
import GaugeText

/// What a prepared PNG renderer keeps between images of one size and scale: the canvas with
/// its background painted, every ring sector's coverage, the glyph outlines of every text
/// its scenes can show, the canvas with the items every value draws first already drawn (a
/// gauge's ring), and the image of the items every value draws (ring, title, end labels)
/// with its bands encoded (`PNGTemplate`), so an image compresses only the bands its pointer
/// and readout touch. Drawing with it gives the same pixels and bytes as drawing without it.
///
/// A reference, never changed once made: an image passes it down to every step, and the
/// renderer's copies share it, where a value would retain each of its tables at every copy
/// (20-odd atomic counts an image, on memory every thread drawing with it shares).
///
/// Memory: three canvases (4 bytes a pixel each: 1.9 MB at 400 px), 8 bytes for each pixel
/// a sector touches (sectors are kept only while they touch at most ``maskLimit`` pixels in
/// all), the template's compressed bands (about the size of one PNG), and what up to two
/// images drawn at once were drawn and encoded with (`Spares`): a canvas with its coverage
/// cells (about 1 MB at 400 px; 8 MB of pixels at most) and the encoder's tables (355 KB)
/// each.
package final class PreparedRaster: Sendable {
  /// The most ring pixels whose coverage is kept (32 MB), about an 1800 px gauge's ring.
  package static let maskLimit = 1 << 22

  private let background: Paint?
  private let blankCanvas: RasterCanvas
  /// The ring whose sectors' coverage is kept (its paints aside), and that coverage.
  private let ring: SceneRing?
  private let sectorMasks: [CoverageMask]
  /// Other sectors' coverage: the halos behind the ring, a chart's slices.
  private let shapeMasks: [AnnularSector: CoverageMask]
  /// Outlines of every glyph the scenes' texts and any readout number can use.
  package let glyphs: GlyphCache
  /// The items that every value's scene starts with (a gauge's ring), and the canvas with
  /// them drawn on the background; none, and `nil`, when there are none.
  private let prefixItems: [SceneItem]
  private let prefixCanvas: RasterCanvas?
  /// Canvases images were drawn on, made `prefixCanvas` again, and the encoder's memory,
  /// for the next images.
  private let spareCanvases: Spares<RasterCanvas>
  private let spareEncoders: Spares<PNGEncoderScratch>
  /// The image of the items that every value's scene draws, its bands encoded.
  package let template: PNGTemplate?
  /// The items the template image draws, in its order, the prefix's first.
  let templateItems: [SceneItem]
  /// The rows each of `templateItems` touched as the template image was drawn (none for
  /// the prefix's): an image that draws the same items in the same order touches the same.
  let templateRows: [Range<Int>]

  /// What is kept whatever the template: the blank canvas, the coverage, the outlines and
  /// the spares.
  private struct Base {
    let background: Paint?
    let blankCanvas: RasterCanvas
    let ring: SceneRing?
    let sectorMasks: [CoverageMask]
    let shapeMasks: [AnnularSector: CoverageMask]
    let glyphs: GlyphCache
    let spareCanvases: Spares<RasterCanvas>
    let spareEncoders: Spares<PNGEncoderScratch>
  }

  /// The image of the items the shared scenes all draw (the template), and the prefix drawn
  /// on its way.
  private struct SharedImage {
    var prefixItems: [SceneItem] = []
    var prefixCanvas: RasterCanvas?
    var template: PNGTemplate?
    var items: [SceneItem] = []
    var rows: [Range<Int>] = []
  }

  /// What `base` keeps, and the shared image drawn with it (none yet while it is drawn).
  private init(_ base: Base, _ shared: SharedImage = SharedImage()) {
    background = base.background
    blankCanvas = base.blankCanvas
    ring = base.ring
    sectorMasks = base.sectorMasks
    shapeMasks = base.shapeMasks
    glyphs = base.glyphs
    spareCanvases = base.spareCanvases
    spareEncoders = base.spareEncoders
    prefixItems = shared.prefixItems
    prefixCanvas = shared.prefixCanvas
    template = shared.template
    templateItems = shared.items
    templateRows = shared.rows
  }

  /// Prepares for images like `scenes` (a gauge's states, or one chart), all of one size,
  /// drawn by `renderer`. `shared` are scenes of values across the domain (its ends and
  /// middle): the items all of them draw, in the first one's order, make the template image
  /// and, as far as they lead its items, the drawn prefix. Images that share fewer items
  /// reuse less; none is drawn differently.
  package convenience init(renderer: PNGSceneRenderer, scenes: [Scene], shared: [Scene] = []) {
    let base = Self.base(renderer: renderer, scenes: scenes)
    guard let first = shared.first else {
      self.init(base)
      return
    }
    self.init(
      base, Self.drawShared(first, others: shared.dropFirst(), scale: renderer.scale, base: base))
  }

  /// The blank canvas, the coverage and the outlines for `scenes` drawn by `renderer`.
  private static func base(renderer: PNGSceneRenderer, scenes: [Scene]) -> Base {
    var canvas = renderer.blankCanvas()
    let template = renderer.scene
    // Masks are made on a copy: the blank keeps no coverage cells, which every image would
    // otherwise copy.
    let blankCanvas = canvas

    var ring: SceneRing?
    for case .ring(let found) in template.items { ring = found }
    var masks: [CoverageMask] = []
    if let found = ring {
      var tracer = found.tracer
      var total = 0
      for index in 0..<found.count where total <= Self.maskLimit {
        masks.append(canvas.mask(of: renderer.sectorPath(index, of: found, tracer: &tracer)))
        total += masks[index].count
      }
      if total > Self.maskLimit { masks = [] }
    }

    var shapes: [AnnularSector: CoverageMask] = [:]
    var total = masks.reduce(0) { $0 + $1.count }
    for scene in scenes {
      for item in scene.items {
        let sectors: [SceneSector]
        switch item {
        case .sector(let sector): sectors = [sector]
        case .sectors(let all): sectors = all
        default: sectors = []
        }
        for sector in sectors where shapes[sector.sector] == nil && total <= Self.maskLimit {
          let mask = canvas.mask(of: renderer.path(of: sector.sector))
          shapes[sector.sector] = mask
          total += mask.count
        }
      }
    }

    // A readout's number may show any digit, sign or separator at the readout's size.
    var glyphs = GlyphCache()
    for scene in scenes {
      for case .text(let text) in scene.items {
        let shaped = renderer.scene.fonts.shape(
          text.text + "0123456789.,+-\u{2212}", weight: text.weight)
        glyphs.prepare(shaped, fonts: renderer.scene.fonts, size: text.fontSize * renderer.scale)
      }
    }
    return Base(
      background: template.background, blankCanvas: blankCanvas,
      ring: masks.isEmpty ? nil : ring, sectorMasks: masks, shapeMasks: shapes, glyphs: glyphs,
      // Two (a service drawing one image a core on two cores needs no more) while they hold
      // at most 8 MB of pixels: two up to 1024 px square, one up to 1448 px, none past, where
      // a copy costs little next to the drawing.
      spareCanvases: Spares(limit: min(2, (8 << 20) / (canvas.width * canvas.height * 4))),
      spareEncoders: Spares(limit: 2))
  }

  /// The shared prefix and the template image of `first`'s items that every scene of
  /// `others` draws too, drawn with what `base` keeps.
  private static func drawShared(
    _ first: Scene, others: ArraySlice<Scene>, scale: Double, base: Base
  ) -> SharedImage {
    let sets = others.map { Set($0.items) }
    let common = first.items.filter { item in sets.allSatisfy { $0.contains(item) } }
    guard !common.isEmpty else { return SharedImage() }
    var leading = 0
    while leading < common.count && first.items[leading] == common[leading] { leading += 1 }
    var scene = first
    var cache = base.glyphs
    var made = SharedImage()
    if leading > 0 {
      scene.items = Array(common[..<leading])
      guard let renderer = try? PNGSceneRenderer(scene: scene, scale: scale) else {
        return SharedImage()
      }
      var canvas = renderer.canvas(cache: &cache, prepared: PreparedRaster(base))
      // An image drawn on a copy counts only the rows its own items touch.
      canvas.forgetDrawnRows()
      made.prefixCanvas = canvas
      made.prefixItems = scene.items
    }
    scene.items = common
    guard let renderer = try? PNGSceneRenderer(scene: scene, scale: scale) else { return made }
    let (canvas, rows) = renderer.itemRows(cache: &cache, prepared: PreparedRaster(base, made))
    made.template = try? PNGTemplate(
      premultipliedRGBA: canvas.pixels, width: canvas.width, height: canvas.height,
      opaque: canvas.isOpaque ? true : nil)
    made.items = common
    made.rows = rows
    return made
  }

  /// A copy of the canvas with `scene`'s first items already drawn (a kept one if there is
  /// one), and how many, if it starts with the shared prefix on the same background.
  func drawnPrefix(of scene: Scene) -> (canvas: RasterCanvas, count: Int)? {
    guard let prefixCanvas, startsWithPrefix(scene) else { return nil }
    return (spareCanvases.take() ?? prefixCanvas, prefixItems.count)
  }

  /// Keeps `canvas`, drawn for `scene` on a copy of `drawnPrefix(of: scene)`, for the next
  /// images; a canvas not started so is dropped.
  func keep(_ canvas: consuming RasterCanvas, of scene: Scene) {
    guard spareCanvases.limit > 0, let prefixCanvas, startsWithPrefix(scene) else { return }
    var canvas = canvas
    canvas.restore(prefixCanvas)
    spareCanvases.give(canvas)
  }

  /// The encoder's memory for an image: a kept one, or a new one.
  func takeEncoder() -> PNGEncoderScratch {
    spareEncoders.take() ?? PNGEncoderScratch()
  }

  /// Keeps `encoder` for the next images.
  func keep(_ encoder: PNGEncoderScratch) {
    spareEncoders.give(encoder)
  }

  private func startsWithPrefix(_ scene: Scene) -> Bool {
    scene.background == background && scene.items.starts(with: prefixItems)
  }

  /// A copy of the blank canvas, if it was painted with `background`.
  func blank(for background: Paint?) -> RasterCanvas? {
    background == self.background ? blankCanvas : nil
  }

  /// Each sector's coverage, if `ring` has the geometry they were kept for (any paints, lit
  /// count, opacity, or fewer sectors, as an animation's frames show).
  func masks(for ring: SceneRing) -> [CoverageMask]? {
    guard let kept = self.ring, ring.count <= kept.count,
      ring.center == kept.center, ring.innerRadius == kept.innerRadius,
      ring.outerRadius == kept.outerRadius, ring.padWidth == kept.padWidth,
      ring.cornerRadius == kept.cornerRadius, ring.origin == kept.origin,
      ring.offset == kept.offset, ring.step == kept.step
    else { return nil }
    return sectorMasks
  }

  /// The coverage of `sector`, if it was kept.
  func masks(for sector: AnnularSector) -> CoverageMask? {
    shapeMasks[sector]
  }
}
