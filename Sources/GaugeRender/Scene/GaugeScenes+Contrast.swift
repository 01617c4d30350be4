import GaugeGeometry
import GaugeModel
import GaugeSupport

/// WCAG 2.2's non-text contrast (1.4.11): a shape that carries meaning needs 3:1 against
/// what it touches. Standard colours such as the AQI's yellow cannot change, so a lit zone
/// that falls short against the backdrop gets a hairline outline in a shade of its own hue
/// that reaches 3:1, the same rule for every zone and theme.
extension GaugeScenes {
  /// WCAG's ratio for text (1.4.3, AA).
  package static let textContrast = 4.5

  /// `style` with its label and readout colours readable on a chosen opaque background:
  /// a colour under 4.5:1 there becomes black or white, whichever contrasts more. Texts
  /// get a colour chosen by contrast rather than a halo: a halo thickens every glyph and
  /// would be drawn as a stroke, which SVG viewers and the PNG rasteriser join differently,
  /// while a colour is exact in every backend.
  ///
  /// Edge cases: the preset's background and a transparent one keep the style's colours.
  static func readable(_ style: Style, on background: Background) -> Style {
    guard case .color(let chosen) = background, chosen.alpha == 255 else { return style }
    func fitted(_ color: Color) -> Color {
      guard color.contrast(with: chosen) < textContrast else { return color }
      return chosen.isLight
        ? Color(red: 0, green: 0, blue: 0) : Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    }
    var style = style
    style.label = fitted(style.label)
    style.readout = fitted(style.readout)
    return style
  }

  /// The ratio WCAG asks of graphics against their neighbours.
  package static let nonTextContrast = 3.0

  /// The colour the ring is seen against: the chosen background, or the theme's (white
  /// when the theme has none, as most viewers show a transparent image).
  var backdrop: Color {
    switch options.background {
    case .color(let chosen) where chosen.alpha == 255: return chosen
    default: return style.background ?? Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    }
  }

  /// The styles the image may be seen in, with the backdrop of each: the chosen theme's;
  /// with `.auto`, also the dark scheme's, which viewers switch to by CSS (unless a chosen
  /// opaque background stays under both).
  var schemes: [(style: Style, backdrop: Color)] {
    guard options.theme == .auto else { return [(style, backdrop)] }
    let dark = gauge.darkStyle
    if case .color(let chosen) = options.background, chosen.alpha == 255 {
      return [(style, chosen), (dark, chosen)]
    }
    return [(style, backdrop), (dark, dark.background ?? Color(red: 0, green: 0, blue: 0))]
  }

  /// A fully transparent colour: "no outline" in an outline ring's palette.
  static let noOutline = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The one outline rule, for every zone in every theme: a zone colour that reaches 3:1
  /// against `backdrop` on its own gets no outline (transparent); any other gets a hairline
  /// in the nearest shade of its own hue that does (darker on a light backdrop, lighter on
  /// a dark one). Never a neutral grey.
  ///
  /// Edge cases: a backdrop no shade can reach 3:1 against gets the last shade tried (black
  /// or white).
  static func outlineColors(_ palette: [Paint], backdrop: Color) -> [Color] {
    palette.map { paint in
      paint.color.contrast(with: backdrop) >= nonTextContrast
        ? noOutline : paint.color.shade(reaching: nonTextContrast, against: backdrop)
    }
  }

  /// The hairline's width in pixels: as wide as the tick marks.
  static func outlineWidth(_ ring: SceneRing) -> Double { Swift.max(1, ring.outerRadius * 0.008) }

  /// Each paint's outline colour on the light scheme's backdrop and, when the image follows
  /// the viewer's scheme, on the dark one's (empty otherwise).
  func outlinePalettes(for palette: [Paint]) -> (light: [Color], dark: [Color]) {
    (
      Self.outlineColors(palette, backdrop: schemes[0].backdrop),
      schemes.count > 1 ? Self.outlineColors(palette, backdrop: schemes[1].backdrop) : []
    )
  }

  /// The outline ring drawn under `ring`: each sector grown by the hairline's width on its
  /// arcs, and on its sides where the gap stays at least a pixel wide, lit sectors
  /// in their zone's outline colour from `outlineColors` for the backdrop of the chosen
  /// theme, and with `.auto` for the dark scheme's in `darkPalette`.
  ///
  /// Edge cases:
  /// - `nil` for a terminal (cells are too coarse to outline), a ring with no lit sector, or
  ///   when no zone needs an outline in any scheme.
  func outlineRing(for ring: SceneRing) -> SceneRing? {
    guard mayOutline(ring) else { return nil }
    // The zones' outline colours, worked out once for the ring's own palette; a ring with
    // the ring's own colours (a plain image's) is not compared colour by colour.
    let ownColors = ring.colors === self.ring.colors
    var ownPalette = true
    var light: [Color] = []
    var dark: [Color] = []
    if ownColors {
      guard ownZonesNeedOutlines else { return nil }
    } else {
      ownPalette = ring.palette == self.ring.palette
      (light, dark) = ownPalette ? outlinePalettes : outlinePalettes(for: ring.palette)
      guard light.contains(where: { $0.alpha > 0 }) || dark.contains(where: { $0.alpha > 0 })
      else { return nil }
    }
    let width = Self.outlineWidth(ring)
    var outline = ring
    outline.innerRadius = Swift.max(0, ring.innerRadius - width)
    outline.outerRadius = ring.outerRadius + width
    // The sides are outlined only where the gap stays open by a pixel: otherwise the
    // outlines of neighbours would meet in it as stripes, and the arcs outline the run.
    outline.padWidth =
      ring.padWidth - 2 * width >= 1 ? ring.padWidth - 2 * width : ring.padWidth
    outline.cornerRadius = ring.cornerRadius > 0 ? ring.cornerRadius + width : 0
    if ownColors {
      outline.colors = outlineColors
    } else {
      outline.colors = RingColors(
        zones: ring.zones,
        palette: ownPalette ? outlineColors.palette : light.map { Paint($0, role: .fixed) },
        darkPalette: dark)
    }
    outline.track = Paint(Self.noOutline, role: .fixed)
    outline.isOutline = true
    return outline
  }

  /// Whether `outlineRing(for:)` outlines `ring`, a ring of the ring's own colours (as
  /// `ring` is, but for which sectors are lit), asked without making the outline ring.
  func outlinesOwnRing(_ ring: SceneRing) -> Bool {
    mayOutline(ring) && ownZonesNeedOutlines
  }

  /// Whether any outline is drawn under `ring`, before its zones' colours are asked: a
  /// transparent image goes on a page this cannot know (outlines for white would be wrong
  /// on any other), a terminal's cells are too coarse, and an unlit ring has nothing to
  /// outline.
  private func mayOutline(_ ring: SceneRing) -> Bool {
    options.textMeasure == .font && options.background != .none && ring.count > 0
      && ring.litCount > 0
  }

  /// The outlines of a ring whose gaps closed (`mergedArcs`): one arc per lit run of a zone
  /// that needs one, grown by the hairline's width, in the chosen theme's outline colour.
  ///
  /// Edge cases: empty for a terminal or when no lit zone needs an outline.
  func mergedOutlines(_ ring: SceneRing) -> [SceneItem] {
    guard let outline = outlineRing(for: ring) else { return [] }
    var items: [SceneItem] = []
    var index = ring.litStart
    let lit = Swift.min(ring.litCount, ring.count)
    while index < lit {
      let zone = ring.zones[index]
      var end = index + 1
      while end < lit && ring.zones[end] == zone { end += 1 }
      let paint = outline.palette[zone]
      if paint.color.alpha > 0 {
        let sector = AnnularSector(
          center: ring.center, innerRadius: outline.innerRadius,
          outerRadius: outline.outerRadius, startAngle: ring.boundary(index),
          endAngle: ring.boundary(end), cornerRadius: outline.cornerRadius)
        items.append(.sector(SceneSector(sector: sector, paint: paint)))
      }
      index = end
    }
    return items
  }

  /// Whether the pointer falls short of 3:1 against a zone or the track it can cross, in
  /// any scheme the image may be seen in.
  var pointerCrossesWeakly: Bool {
    schemes.contains { scheme in
      let crossed = gauge.zones.map(\.color) + [scheme.style.track]
      return crossed.contains { $0.contrast(with: scheme.style.pointer) < Self.nonTextContrast }
    }
  }

  /// A halo behind the pointer in the backdrop's colour, when the pointer falls short of 3:1
  /// against a zone or the track it can cross (a white pointer over the AQI's yellow): the
  /// halo is as far from the pointer as the backdrop is, and from the zone too.
  ///
  /// Edge cases:
  /// - `nil` for a terminal, or when every colour the pointer crosses already meets 3:1.
  func pointerHalo(_ layout: GaugeLayout) -> ScenePolygon? {
    // On a transparent image the page is unknown: a halo in a guessed colour would be a
    // frame around the pointer.
    guard options.textMeasure == .font, options.background != .none,
      let angle = layout.pointerAngle, pointerNeedsHalo
    else {
      return nil
    }
    let radius = layout.outerRadius
    let width = Swift.max(1, radius * 0.012)
    // The layout's pointer: at icon sizes it starts further out than the preset's.
    var shape = layout.gauge.pointer
    let halfOuter = shape.width * radius / 2
    let halfInner = halfOuter * shape.effectiveTaper
    // The same trapezoid grown by `width` on every side.
    shape.width = (halfOuter + width) * 2 / radius
    shape.taper = (halfInner + width) / (halfOuter + width)
    shape.inner = Swift.max(0, shape.inner - width / radius)
    shape.outer += width / radius
    let polygon = shape.polygon(center: layout.center, radius: radius, angle: angle)
    return ScenePolygon(
      points: polygon.points, paint: Paint(backdrop, role: .background), isPointer: true)
  }
}
