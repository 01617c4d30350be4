import GaugeGeometry
import GaugeSupport

/// Zone labels and tick marks: what marks the scale itself.
extension LabelPlacement {
  /// Zone labels inside the ring's hole at the middle of each zone's arc, as close to the
  /// ring as they can be without touching it. A label that would meet another text, the
  /// pointer at this reading or the image's edge is left out: zones are also in the
  /// accessible description.
  func zoneLabels(avoiding placed: [TextBox], pointer: [Point]) -> [GaugeLabel] {
    let size = scaleTextSize
    var taken = placed
    var lower = gauge.min
    var labels: [GaugeLabel] = []
    for (index, zone) in gauge.zones.enumerated() {
      let middle = (lower + zone.upperBound) / 2
      lower = zone.upperBound
      let bearing = sectorLayout.angle(atProgress: (middle - gauge.min) / (gauge.max - gauge.min))
      guard let (position, box) = insideRing(zone.label, size: size, bearing: bearing),
        isInsideImage(box), !taken.contains(where: { box.intersects($0, margin: margin) }),
        !box.intersects(polygon: pointer, margin: margin)
      else { continue }
      taken.append(box)
      labels.append(
        GaugeLabel(
          role: .zone, text: zone.label, position: position, fontSize: size, anchor: .middle,
          zoneIndex: index))
    }
    return labels
  }

  /// The tick marks: radial segments just outside the ring, from 3% to 9% of the outer
  /// radius past it, ending at least 2 px (or the margin) inside the image's nearest edge
  /// so a side tick never touches it (at icon sizes a tick starts nearer the ring to stay
  /// a pixel long).
  package func ticks() -> [Tick] {
    let count = gauge.labels.ticks
    guard count > 0 else { return [] }
    let edge = Swift.min(center.x, center.y, width - center.x, height - center.y)
    let reach = Swift.min(outerRadius * 1.09, edge - Swift.max(2, margin))
    // At least a pixel long: at icon sizes the tick starts nearer the ring.
    let base = Swift.min(outerRadius * 1.03, reach - 1)
    return (0...count).map { k in
      let progress = Double(k) / Double(count)
      let angle = sectorLayout.angle(atProgress: progress)
      return Tick(
        value: gauge.min + progress * (gauge.max - gauge.min), angle: angle,
        from: Point(center: center, radius: base, degrees: angle),
        to: Point(center: center, radius: reach, degrees: angle))
    }
  }
}
