import GaugeGeometry
import GaugeModel
import GaugeSupport

/// A wrapping gauge's lap past the first (`Gauge.wrap`): the ring is full, and the lap's
/// end lies over it as Apple's Activity rings draw it, a rounded end with a shadow cast
/// ahead of it onto the lap under it, so the overlap reads at a glance.
extension GaugeScenes {
  /// The shadow's colour: black at a third, dark enough on every zone colour and the same
  /// in both themes (it darkens the ring, not the background).
  static let lapShadow = Color(red: 0, green: 0, blue: 0, alpha: 0x55)

  /// The lap's end as two sectors over the ring: its shadow, then its rounded end in the
  /// colour of the sector it ends on. Units: pixels and degrees.
  ///
  /// The end is two and a half times as long along the ring as the ring is thick (at its
  /// middle radius), a band without the ring's gaps, its corners rounded by half the
  /// thickness; the shadow starts under it and reaches half a thickness past it.
  ///
  /// Edge cases:
  /// - On an open ring neither leaves the arc: near `min` the end is shorter, and at `max`
  ///   the shadow stops at the arc's end.
  /// - Without a value (no data) nothing is drawn.
  func appendLapEnd(layout: GaugeLayout, ring: SceneRing, to items: inout [SceneItem]) {
    guard let progress = layout.progress, ring.count > 0 else { return }
    let thickness = ring.outerRadius - ring.innerRadius
    let middle = (ring.outerRadius + ring.innerRadius) / 2
    guard thickness > 0, middle > 0 else { return }
    // The end in this lap's own turn, so it meets the ring's sectors.
    let end = layout.sectorLayout.angle(atProgress: progress)
    // One thickness along the ring at its middle radius, in degrees.
    let thick = thickness / middle * 180 / Double.pi
    let length = 2.5 * thick
    let arcStart = ring.boundary(0)
    let arcEnd = ring.boundary(ring.count)
    let closed = arcEnd - arcStart >= 360
    let start = closed ? end - length : Swift.max(arcStart, end - length)
    let shadowEnd = closed ? end + thick / 2 : Swift.min(arcEnd, end + thick / 2)
    let index = Swift.min(ring.count - 1, Swift.max(0, Int(progress * Double(ring.count))))
    let corner = thickness / 2
    items.append(
      .sector(
        SceneSector(
          sector: AnnularSector(
            center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
            startAngle: Swift.max(start, end - thick), endAngle: shadowEnd,
            cornerRadius: corner),
          paint: Paint(Self.lapShadow, role: .fixed), mark: .lapShadow)))
    items.append(
      .sector(
        SceneSector(
          sector: AnnularSector(
            center: ring.center, innerRadius: ring.innerRadius, outerRadius: ring.outerRadius,
            startAngle: start, endAngle: end, cornerRadius: corner),
          paint: ring.palette[ring.zones[index]], mark: .lap)))
  }

  /// The lap's end and its shadow shown from when `sweep` crosses the maximum (the end of
  /// lap 1's arc, in whole milliseconds), so the ring fills for lap 1 first and the end
  /// appears as the pointer starts the next lap. Units: seconds and degrees.
  ///
  /// Edge cases: a sweep that starts past the maximum never crosses it: the end is there
  /// from the start.
  static func delayLapEnd(in items: inout [SceneItem], layout: GaugeLayout, sweep: PointerSweep) {
    let crossing = passing(layout.sectorLayout.angle(atProgress: 1), keyframes: sweep.keyframes)
    guard crossing > 0 else { return }
    for index in items.indices {
      guard case .sector(var sector) = items[index],
        sector.mark == .lap || sector.mark == .lapShadow
      else { continue }
      sector.appearsAt = crossing
      items[index] = .sector(sector)
    }
  }
}
