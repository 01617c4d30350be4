import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// Writes a scene as an SVG document, in one pass into one buffer. Every position, colour
/// and time comes from the scene; this decides only how SVG spells them.
///
/// Classes appear only where a style rule uses them: a role's letter where the scene has a
/// dark colour for that role, and the animation's classes where something animates.
package struct SVGSceneRenderer {
  package let scene: Scene
  /// Sector markup written ahead of time by a prepared renderer, or `nil` to write it here.
  package let prepared: PreparedMarkup?
  package var out: SVGWriter
  /// The known marks a prepared static image copies in, left out of its scene's items.
  let splice: MarkSplice?
  /// The summary a prepared image's label leaves out, written before the label.
  let summary: SummarySlot?
  /// The gap's texts a prepared static image copies in, left out of its scene's items.
  let gapTexts: GapTextSplice?
  /// The rings a prepared static image copies in before every item, left out of its
  /// scene's items.
  let rings: RingSlot?
  /// Whether the scene has no timeline, and whether it needs a style sheet, asked once:
  /// asking the scene in a mutating method copies it.
  private let isStill: Bool
  /// Class names and keyframes are needed only with a style sheet.
  package let isScoped: Bool

  /// The font every renderer has first, then common fallbacks.
  package static let fontFamily: StaticString = "'DejaVu Sans',Verdana,Arial,sans-serif"
  /// What follows the font set's own families, when a text needs more than DejaVu Sans.
  static let genericFamilies: StaticString = "Verdana,Arial,sans-serif"

  package init(scene: Scene, prepared: PreparedMarkup? = nil) {
    self.init(
      scene: scene, prepared: prepared, splice: nil, summary: nil, gapTexts: nil, rings: nil,
      out: SVGWriter(capacity: 0))
  }

  /// A renderer writing into `out` that also copies `splice`'s known marks, `gapTexts` and
  /// `rings` in where they say, and writes `summary` before the scene's label.
  private init(
    scene: Scene, prepared: PreparedMarkup?, splice: MarkSplice?, summary: SummarySlot?,
    gapTexts: GapTextSplice?, rings: RingSlot?, out: SVGWriter
  ) {
    // Read before the scene is stored: a parameter read after it moves is copied first.
    isStill = scene.timeline == nil
    isScoped = !scene.darkColors.isEmpty || !isStill
    self.prepared = prepared
    self.splice = splice
    self.summary = summary
    self.gapTexts = gapTexts
    self.rings = rings
    self.out = out
    self.scene = scene
  }

  /// About how many bytes `scene`'s document takes, so that it is written straight into the
  /// array returned (which grows at most once or twice if more is needed).
  private static func estimatedBytes(
    of scene: Scene, prepared: PreparedMarkup?, splice: MarkSplice?, gapTexts: GapTextSplice?
  ) -> Int {
    // Room for the sectors' path data and the rest.
    var estimate =
      1500 + (scene.timeline == nil ? 0 : 6000) + (splice?.count ?? 0)
      + (gapTexts?.range.count ?? 0)
    // A prepared renderer's rings are its own, their size known, and its scenes hold no
    // chart's sectors: its items are not read at all (reading one, even to ask its kind,
    // copies the whole item).
    if let prepared {
      return estimate + prepared.ringCount * prepared.sectorCount * 110
        + scene.items.count * 160
    }
    scene.items.withUnsafeBufferPointer { items in
      for index in items.indices {
        switch items[index] {
        case .ring(let ring): estimate += ring.count * 110
        case .sectors(let sectors): estimate += sectors.count * 260
        default: estimate += 160
        }
      }
    }
    return estimate
  }

  /// The document as UTF-8, written into the array it returns where the estimate holds it.
  package mutating func render() -> [UInt8] {
    Self.document(
      of: scene, prepared: prepared, splice: splice, summary: summary, gapTexts: gapTexts)
  }

  /// `scene`'s document as UTF-8, written into the array it returns where the estimate holds
  /// it (the writer then allocates nothing of its own), copying `splice`'s known marks and
  /// `gapTexts` in where they say and writing `summary` (left out of the label) before the
  /// label.
  ///
  /// The scene and the summary are consumed, and moved into the renderer rather than
  /// copied: a copy retains each of their arrays and strings once more, and releases them
  /// again after.
  static func document(
    of scene: consuming Scene, prepared: PreparedMarkup?, splice: MarkSplice? = nil,
    summary: consuming SummarySlot? = nil, gapTexts: GapTextSplice? = nil,
    rings: RingSlot? = nil
  ) -> [UInt8] {
    var spilled: [UInt8]?
    let estimate = estimatedBytes(
      of: scene, prepared: prepared, splice: splice, gapTexts: gapTexts)
    var moving: Scene? = consume scene
    var movingSummary = consume summary
    let document = [UInt8](unsafeUninitializedCapacity: estimate) { buffer, initialized in
      var renderer = SVGSceneRenderer(
        scene: moving.take()!, prepared: prepared, splice: splice, summary: movingSummary.take(),
        gapTexts: gapTexts, rings: rings, out: SVGWriter(writingInto: buffer))
      renderer.writeDocument()
      if let length = renderer.out.finishInPlace() {
        initialized = length
      } else {
        spilled = renderer.out.finishBytes()
        initialized = 0
      }
      renderer.out.forgetBuffer()
    }
    return spilled ?? document
  }

  private mutating func writeDocument() {
    out.documentStart(
      width: scene.width, height: scene.height, summary: scene.label, apart: summary,
      spoken: splice?.spoken,
      scoped: isScoped, language: scene.language)
    if let prepared, let range = prepared.description(scene.description) {
      prepared.bytes.withUnsafeBufferPointer { bytes in
        out.append(UnsafeBufferPointer(rebasing: bytes[range]))
      }
    } else {
      out.text(scene.description)
    }
    out.raw("</desc>\n")
    if isScoped { styleSheet() }
    if let background = scene.background {
      out.raw("<rect")
      roleClass(background.role)
      out.raw(" width=\"100%\" height=\"100%\"")
      out.fill(background.color)
      out.raw("/>\n")
    }
    out.raw("<g aria-hidden=\"true\">\n")
    if let reveal = scene.timeline?.reveal { sweepMask(reveal) }
    // Left out of a prepared static image's items, they go before every item.
    if let rings, let prepared { prepared.writeRings(rings, into: &out) }
    var textsOpen = false
    // A static image from a prepared renderer copies the elements its template drew.
    let template = prepared?.elementsFit(scene) == true ? prepared : nil
    // Plain integers, so that asking at each item retains nothing; -1 for none.
    let slots = splice?.slots
    let spliceSlots = (
      under: slots?.under ?? -1, over: slots?.over ?? -1, texts: slots?.texts ?? -1,
      gap: gapTexts?.index ?? -1
    )
    // Each item is switched on once, by kind: reading one out of the array still copies
    // it (a borrowing parameter or a `for` loop copied no less), so it is not read again
    // to be matched and to be drawn.
    let items = scene.items
    items.withUnsafeBufferPointer { items in
      for index in items.indices {
        if index == spliceSlots.under || index == spliceSlots.over
          || index == spliceSlots.gap || index == spliceSlots.texts
        {
          copySpliced(before: index, textsOpen: &textsOpen)
        }
        switch items[index] {
        case .text(let text):
          if !textsOpen { openTexts() }
          textsOpen = true
          if let template, let range = template.element(for: text) {
            copy(range, of: template)
          } else {
            self.text(text)
          }
        case .polygon(let polygon):
          if let template, let range = template.element(for: polygon) {
            copy(range, of: template)
          } else {
            self.polygon(polygon)
          }
        case .sector(let sector):
          if let template, let range = template.element(for: sector) {
            copy(range, of: template)
          } else {
            draw(.sector(sector))
          }
        case .ring(let ring): self.ring(ring)
        case .swatch(let swatch):
          if !textsOpen { openTexts() }
          textsOpen = true
          self.swatch(swatch)
        case .sectors(let sectors): self.sectors(sectors)
        case .strokes(let strokes): self.strokes(strokes)
        }
      }
    }
    if splice != nil || gapTexts != nil {
      copySpliced(before: items.count, textsOpen: &textsOpen)
    }
    if !textsOpen { openTexts() }
    out.raw("</g>\n</g>\n</svg>\n")
  }

  mutating func openTexts() {
    out.raw("<g font-family=\"")
    out.raw(SVGSceneRenderer.fontFamily)
    out.raw("\" text-anchor=\"middle\">\n")
  }

  /// Writes one item's element (a prepared renderer also writes its template's this way).
  mutating func draw(_ item: SceneItem) {
    switch item {
    case .ring(let ring): self.ring(ring)
    case .sectors(let sectors): self.sectors(sectors)
    case .sector(let sector):
      out.raw("<path")
      if let time = sector.appearsAt, !isStill {
        // Hidden until its time, as a readout's last frame is ("z").
        out.raw(" class=\"")
        if let letter = SVGSceneRenderer.letter(sector.paint.role, in: scene) {
          out.raw(letter)
          out.byte(UInt8(ascii: " "))
        }
        out.raw("z\" style=\"animation-duration:")
        out.milliseconds(time)
        out.byte(UInt8(ascii: "\""))
      } else {
        roleClass(sector.paint.role)
      }
      out.fill(sector.paint.color)
      out.raw(" d=\"")
      sector.sector.trace(into: &out)
      out.raw("\"/>\n")
    case .polygon(let polygon): self.polygon(polygon)
    case .strokes(let strokes): self.strokes(strokes)
    case .swatch(let swatch): self.swatch(swatch)
    case .text(let text): self.text(text)
    }
  }

  /// ` class="r"` when a dark-scheme rule recolours `role`.
  private mutating func roleClass(_ role: PaintRole) {
    guard let letter = SVGSceneRenderer.letter(role, in: scene) else { return }
    out.raw(" class=\"")
    out.raw(letter)
    out.byte(UInt8(ascii: "\""))
  }

  /// The class a role's elements carry, if a rule of the scene's style sheet targets it.
  package static func letter(_ role: PaintRole, in scene: Scene) -> StaticString? {
    guard scene.darkColors.contains(where: { $0.role == role }) else { return nil }
    switch role {
    case .background: return "b"
    case .track: return "t"
    case .emptyRing: return "e"
    case .pointer: return "p"
    case .label: return "l"
    case .readout: return "r"
    case .good: return "u"
    case .bad: return "w"
    case .fixed: return nil
    }
  }

  // MARK: - Sectors

  private mutating func ring(_ ring: SceneRing) {
    let dimmed = ring.opacity < 1
    if dimmed {
      out.raw("<g opacity=\"")
      out.opacity(ring.opacity)
      out.raw("\">\n")
    }
    // A still scene has no times to look up (asking its timeline copies it).
    let appearances = isStill ? nil : scene.timeline?.appearances(of: ring)
    let fades = isStill ? nil : scene.timeline?.fades(of: ring)
    if ring.isOutline, let prepared, !prepared.outline.isEmpty,
      prepared.fits(ring, appearances: appearances, fades: fades)
    {
      prepared.writeOutline(lit: ring.litCount, into: &out)
    } else if ring.isOutline {
      var tracer = ring.tracer
      for index in 0..<Swift.min(ring.litCount, ring.count) {
        SVGSceneRenderer.outlineSector(index, of: ring, in: scene, tracer: &tracer, into: &out)
      }
    } else if let prepared, prepared.fits(ring, appearances: appearances, fades: fades) {
      prepared.writeRing(
        litStart: ring.litStart, litCount: ring.litCount, concealed: ring.concealed, into: &out)
    } else {
      var tracer = ring.tracer
      for index in 0..<ring.count {
        // Static, with the scene passed along: a method of `self` writing into `self.out`
        // would copy the whole renderer for every sector.
        SVGSceneRenderer.sector(
          index, of: ring, lit: ring.isLit(index), in: scene, tracer: &tracer, into: &out)
      }
    }
    if dimmed { out.raw("</g>\n") }
  }

  /// One ring sector's element. One path per sector, animated or not: merging same-coloured
  /// neighbours into one path would save bytes but anti-alias their shared pixels
  /// differently, and an animated image must end on exactly the static image's pixels.
  package static func sector(
    _ index: Int, of ring: SceneRing, lit: Bool, in scene: Scene, tracer: inout SectorRing,
    into out: inout SVGWriter
  ) {
    let paint = lit ? ring.palette[ring.zones[index]] : ring.track
    // A lit sector turns from the track's colour to its zone's as the pointer passes it; an
    // unlit one is the track from the start.
    // Without a value the ring itself fades in, sector by sector ("o", from nothing).
    let fadesIn = !lit && scene.timeline?.ringAppears == true
    let appears = lit || fadesIn ? scene.timeline?.appearances(of: ring) : nil
    let letter = SVGSceneRenderer.letter(paint.role, in: scene)
    out.raw("<path")
    switch (appears != nil, letter) {
    case (true, let letter?) where fadesIn:
      out.raw(" class=\"o ")
      out.raw(letter)
      out.byte(UInt8(ascii: "\""))
    case (true, nil) where fadesIn: out.raw(" class=\"o\"")
    case (true, let letter?):
      out.raw(" class=\"s ")
      out.raw(letter)
      out.byte(UInt8(ascii: "\""))
    case (true, nil): out.raw(" class=\"s\"")
    case (false, let letter?):
      out.raw(" class=\"")
      out.raw(letter)
      out.byte(UInt8(ascii: "\""))
    case (false, nil): break
    }
    if let appears {
      out.raw(" style=\"animation-delay:")
      out.milliseconds(appears[index])
      fadeLength(index, of: ring, in: scene, into: &out)
      out.raw("\"")
    }
    out.fill(paint.color)
    out.raw(" d=\"")
    tracer.trace(from: ring.boundary(index), to: ring.boundary(index + 1), into: &out)
    out.raw("\"/>\n")
  }

  /// `;animation-duration:Nms` for a sector whose fade is not the style sheet's
  /// (`SceneTimeline.fades(of:)`: a fast sweep's), nothing otherwise.
  private static func fadeLength(
    _ index: Int, of ring: SceneRing, in scene: Scene, into out: inout SVGWriter
  ) {
    guard let timeline = scene.timeline, let fades = timeline.fades(of: ring),
      fades.indices.contains(index), fades[index] != timeline.sectorFade
    else { return }
    out.raw(";animation-duration:")
    out.milliseconds(fades[index])
  }

  /// One outline ring sector's element, if its zone has an outline in some scheme: class
  /// "o" fades it in with its sector, class "oN" recolours it in the dark scheme.
  package static func outlineSector(
    _ index: Int, of ring: SceneRing, in scene: Scene, tracer: inout SectorRing,
    into out: inout SVGWriter
  ) {
    let zone = ring.zones[index]
    let color = ring.palette[zone].color
    let dark = ring.darkPalette.isEmpty ? nil : ring.darkPalette[zone]
    guard color.alpha > 0 || (dark?.alpha ?? 0) > 0 else { return }
    let appears = scene.timeline?.appearances(of: ring)
    out.raw("<path")
    if appears != nil || dark != nil {
      out.raw(" class=\"")
      if appears != nil { out.raw("o") }
      if let dark, dark != color {
        if appears != nil { out.byte(UInt8(ascii: " ")) }
        out.raw("o")
        out.integer(zone)
      }
      out.byte(UInt8(ascii: "\""))
    }
    if let appears {
      out.raw(" style=\"animation-delay:")
      out.milliseconds(appears[index])
      fadeLength(index, of: ring, in: scene, into: &out)
      out.raw("\"")
    }
    out.fill(color)
    out.raw(" d=\"")
    tracer.trace(from: ring.boundary(index), to: ring.boundary(index + 1), into: &out)
    out.raw("\"/>\n")
  }

  private mutating func sectors(_ sectors: [SceneSector]) {
    out.raw(scene.timeline?.reveal != nil ? "<g class=\"k\">\n" : "<g>\n")
    for sector in sectors {
      out.raw("<path")
      roleClass(sector.paint.role)
      out.fill(sector.paint.color)
      out.raw(" d=\"")
      sector.sector.trace(into: &out)
      if let tooltip = sector.tooltip {
        // A tooltip where viewers show one.
        out.raw("\"><title>")
        out.text(tooltip)
        out.raw("</title></path>\n")
      } else {
        out.raw("\"/>\n")
      }
    }
    out.raw("</g>\n")
  }

  // MARK: - Other shapes

  private mutating func polygon(_ polygon: ScenePolygon) {
    out.raw("<polygon")
    // "n" (the needle) is what the animation turns; "n1", "n2"… the other pointers.
    if let other = polygon.otherSweep, (scene.timeline?.otherSweeps.count ?? 0) > other {
      out.raw(" class=\"")
      if let letter = SVGSceneRenderer.letter(polygon.paint.role, in: scene) {
        out.raw(letter)
        out.byte(UInt8(ascii: " "))
      }
      out.raw("n")
      out.integer(other + 1)
      out.byte(UInt8(ascii: "\""))
      out.fill(polygon.paint.color)
      points(of: polygon)
      return
    }
    let turns = polygon.isPointer && scene.timeline?.pointerSweep != nil
    switch (SVGSceneRenderer.letter(polygon.paint.role, in: scene), turns) {
    case (let letter?, true):
      out.raw(" class=\"")
      out.raw(letter)
      out.raw(" n\"")
    case (nil, true): out.raw(" class=\"n\"")
    case (let letter?, false):
      out.raw(" class=\"")
      out.raw(letter)
      out.byte(UInt8(ascii: "\""))
    case (nil, false): break
    }
    out.fill(polygon.paint.color)
    points(of: polygon)
  }

  /// ` points="…"/>` and the line's end.
  private mutating func points(of polygon: ScenePolygon) {
    out.raw(" points=\"")
    for (index, point) in polygon.points.enumerated() {
      if index > 0 { out.byte(UInt8(ascii: " ")) }
      out.point(point)
    }
    out.raw("\"/>\n")
  }

  private mutating func strokes(_ strokes: SceneStrokes) {
    out.raw("<path")
    // "ls", not "l": a dark rule must set the stroke, not the fill.
    if let letter = SVGSceneRenderer.letter(strokes.paint.role, in: scene) {
      out.raw(" class=\"")
      out.raw(letter)
      out.raw("s\"")
    }
    out.raw(" fill=\"none\" stroke=\"")
    out.color(strokes.paint.color)
    out.raw("\" stroke-width=\"")
    out.number(strokes.width)
    out.raw("\" d=\"")
    for segment in strokes.segments {
      out.move(to: segment.from)
      out.line(to: segment.to)
    }
    out.raw("\"/>\n")
  }

  private mutating func swatch(_ swatch: SceneSwatch) {
    out.raw("<rect")
    roleClass(swatch.paint.role)
    out.raw(" x=\"")
    out.number(swatch.origin.x)
    out.raw("\" y=\"")
    out.number(swatch.origin.y)
    out.raw("\" width=\"")
    out.number(swatch.side)
    out.raw("\" height=\"")
    out.number(swatch.side)
    out.raw("\" rx=\"")
    out.number(swatch.cornerRadius)
    out.byte(UInt8(ascii: "\""))
    out.fill(swatch.paint.color)
    out.raw("/>\n")
  }

  private mutating func text(_ text: SceneText) {
    out.raw("<text")
    let letter = SVGSceneRenderer.letter(text.paint.role, in: scene)
    let windowClass: StaticString?
    switch text.window {
    case .during?: windowClass = "f"
    case .from?: windowClass = "z"
    case nil: windowClass = nil
    }
    if letter != nil || windowClass != nil {
      out.raw(" class=\"")
      if let letter { out.raw(letter) }
      if letter != nil && windowClass != nil { out.byte(UInt8(ascii: " ")) }
      if let windowClass { out.raw(windowClass) }
      out.byte(UInt8(ascii: "\""))
    }
    out.raw(" x=\"")
    out.number(text.position.x)
    out.raw("\" y=\"")
    out.number(text.position.y)
    out.raw("\" dy=\".35em\" font-size=\"")
    out.number(text.fontSize)
    out.byte(UInt8(ascii: "\""))
    if text.weight == .bold { out.raw(" font-weight=\"700\"") }
    // A prepared renderer knows a delta's look from its arrow, and a readout's in ASCII.
    let look =
      text.role == .delta && text.weight == .bold ? prepared?.deltaLook(of: text.text) : nil
    let asciiReadout =
      text.role == .readout && text.weight == .bold
      ? prepared?.readoutFamilies(of: text.text) : nil
    let families =
      look?.families ?? asciiReadout
      ?? (text.role == .delta
        ? scene.fonts.svgFamilies(ofDelta: text.text, weight: text.weight)
        : scene.fonts.svgFamilies(of: text.text, weight: text.weight))
    if !families.isEmpty {
      // The faces the PNG draws this text with, so a viewer with the same fonts draws the
      // same; only on texts that need them, so no other text can fall to them.
      out.raw(" font-family=\"")
      for family in families {
        out.raw("'")
        out.text(family)
        out.raw("',")
      }
      out.raw(SVGSceneRenderer.genericFamilies)
      out.byte(UInt8(ascii: "\""))
    }
    // A right-to-left line says so, or viewers lay it out left to right (SVG's default) and
    // order it differently from the PNG; its start is then its right end, so the anchor
    // flips to keep the text where the layout put it. A gauge's `direction` decides for
    // all its texts.
    let isRightToLeft =
      scene.direction == .auto
      ? look?.isRightToLeft ?? (asciiReadout != nil ? false : BidiLine.isRightToLeft(text.text))
      : scene.direction == .rtl
    if isRightToLeft { out.raw(" direction=\"rtl\"") }
    if text.anchor != .middle {
      out.raw(" text-anchor=\"")
      out.raw((text.anchor == .start) != isRightToLeft ? "start" : "end")
      out.byte(UInt8(ascii: "\""))
    }
    switch text.window {
    case .during(let start, let length)?:
      out.raw(" style=\"animation-delay:")
      out.milliseconds(start)
      out.raw(";animation-duration:")
      out.milliseconds(length)
      out.byte(UInt8(ascii: "\""))
    case .from(let time)?:
      out.raw(" style=\"animation-duration:")
      out.milliseconds(time)
      out.byte(UInt8(ascii: "\""))
    case nil: break
    }
    out.fill(text.paint.color)
    out.byte(UInt8(ascii: ">"))
    out.text(text.text)
    out.raw("</text>\n")
  }
}
