import GaugeGeometry
import GaugeModel
import GaugeSupport

/// WCAG 2.2's non-text contrast (1.4.11): a shape that carries meaning needs 3:1 against
/// what it touches. Standard colours such as the AQI's yellow cannot change, so a lit zone
/// that falls short against the background gets a halo, and the no-data ring is drawn in a
/// grey that meets the ratio on both themes' backgrounds.
extension GaugeScenes {
  /// The ratio WCAG asks of graphics against their neighbours.
  package static let nonTextContrast = 3.0

  /// The no-data ring's colour: iOS's system grey, 3.26:1 on white and 5.15:1 on #1C1C1E.
  package static let noDataGrey = Color(red: 0x8E, green: 0x8E, blue: 0x93)

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

  /// For each palette entry, whether it needs a halo against the backdrop of any scheme the
  /// image may be seen in (the halo takes each scheme's label colour, so where one scheme
  /// does not need it, it is a quiet outline).
  func zonesNeedingHalo(_ palette: [Paint]) -> [Bool] {
    let backdrops = schemes.map(\.backdrop)
    return palette.map { paint in
      backdrops.contains { paint.color.contrast(with: $0) < Self.nonTextContrast }
    }
  }

  /// Halos behind the lit runs of sectors whose colour falls short of 3:1 against the
  /// backdrop: one annular sector per run, a little larger than the ring and without gaps,
  /// in the label colour (at least 4.5:1 on the backdrop), so each such run is outlined.
  ///
  /// Edge cases:
  /// - No halo for a terminal (cells are too coarse to outline) or a ring with no sector.
  func halos(for ring: SceneRing) -> [SceneItem] {
    guard options.textMeasure == .font, ring.count > 0 else { return [] }
    let weak = weakZones
    let width = Swift.max(1, ring.outerRadius * 0.008)
    let paint = Paint(style.label, role: .label)
    var items: [SceneItem] = []
    var index = ring.litStart
    let lit = Swift.min(ring.litCount, ring.count)
    while index < lit {
      let zone = ring.zones[index]
      var end = index + 1
      while end < lit && ring.zones[end] == zone { end += 1 }
      if weak[zone] {
        // The run's boundaries: its sectors sit half a gap inside them, so the halo shows
        // in that half gap at each end as well as along both edges.
        let sector = AnnularSector(
          center: ring.center, innerRadius: Swift.max(0, ring.innerRadius - width),
          outerRadius: ring.outerRadius + width,
          startAngle: ring.origin + Double(ring.offset + index) * ring.step,
          endAngle: ring.origin + Double(ring.offset + end) * ring.step)
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
    guard options.textMeasure == .font, let angle = layout.pointerAngle, pointerNeedsHalo else {
      return nil
    }
    let radius = layout.outerRadius
    let width = Swift.max(1, radius * 0.012)
    var shape = gauge.pointer
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
