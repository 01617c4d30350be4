import GaugeGeometry
import GaugeSupport

/// Zone labels and tick marks: what marks the scale itself.
extension LabelPlacement {
  /// Zone labels inside the ring's hole at the middle of each zone's arc, as close to the
  /// ring as they can be without touching it. A label that would meet another text, the
  /// pointer at this reading or the image's edge is left out: zones are also in the
  /// accessible description.
  func zoneLabels(avoiding placed: [TextBox], pointer: [Point]) -> [GaugeLabel] {
    let size = Swift.max(smallest, outerRadius * 0.065)
    let limit = innerRadius - margin
    var taken = placed
    var lower = gauge.min
    var labels: [GaugeLabel] = []
    for (index, zone) in gauge.zones.enumerated() {
      let middle = (lower + zone.upperBound) / 2
      lower = zone.upperBound
      let bearing = sectorLayout.angle(atProgress: (middle - gauge.min) / (gauge.max - gauge.min))
      // Step inwards from the ring until the box's far corner is inside the hole.
      var radius = limit
      var found: (Point, TextBox)?
      while radius > 0 {
        let position = Point(center: center, radius: radius, degrees: bearing)
        let box = box(zone.label, size: size, at: position)
        if box.farthestDistance(from: center) <= limit {
          found = (position, box)
          break
        }
        radius -= Swift.max(0.5, outerRadius / 100)
      }
      guard let (position, box) = found, box.minX >= margin, box.minY >= margin,
        box.maxX <= width - margin, box.maxY <= height - margin,
        !taken.contains(where: { box.intersects($0, margin: margin) }),
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

  package func ticks() -> [Tick] {
    let count = gauge.labels.ticks
    guard count > 0 else { return [] }
    return (0...count).map { k in
      let progress = Double(k) / Double(count)
      let angle = sectorLayout.angle(atProgress: progress)
      return Tick(
        value: gauge.min + progress * (gauge.max - gauge.min), angle: angle,
        from: Point(center: center, radius: outerRadius * 1.03, degrees: angle),
        to: Point(center: center, radius: outerRadius * 1.09, degrees: angle))
    }
  }
}
