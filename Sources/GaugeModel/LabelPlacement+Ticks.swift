import GaugeGeometry
import GaugeSupport

/// Numbers at the tick marks, inside the ring's hole like zone labels.
extension LabelPlacement {
  /// The preferred size of zone labels and tick numbers, in pixels.
  var scaleTextSize: Double { Swift.max(smallest, outerRadius * 0.065) }

  /// A text at `bearing` inside the ring's hole, as close to the ring as it can be without
  /// touching it; `nil` when no place along the bearing keeps it in the hole.
  func insideRing(_ text: String, size: Double, bearing: Double) -> (Point, TextBox)? {
    let limit = innerRadius - margin
    var radius = limit
    // Step inwards from the ring until the box's far corner is inside the hole.
    while radius > 0 {
      let position = Point(center: center, radius: radius, degrees: bearing)
      let box = box(text, size: size, at: position)
      if box.farthestDistance(from: center) <= limit { return (position, box) }
      radius -= Swift.max(0.5, outerRadius / 100)
    }
    return nil
  }

  /// Whether a box is inside the image, by the margin.
  func isInsideImage(_ box: TextBox) -> Bool {
    box.minX >= margin && box.minY >= margin && box.maxX <= width - margin
      && box.maxY <= height - margin
  }

  /// The value of each tick mark, in the readout's format, inside the ring at the tick's
  /// bearing. The first and last ticks are left to the end labels when those are shown.
  ///
  /// When neighbouring numbers would touch, every second one is kept, then every third,
  /// fourth and so on (counting from the first tick, so the ones kept stay evenly spaced);
  /// then a number that would meet another text, the readout's disc, the pointer at this
  /// reading or the image's edge is left out. Images only: a terminal's cells are too coarse.
  func tickNumbers(avoiding placed: [TextBox], pointer: [Point]) -> [GaugeLabel] {
    let count = gauge.labels.ticks
    guard count > 0, measure == .font else { return [] }
    let size = scaleTextSize
    let ends = gauge.labels.showEnds
    let candidates: [(label: GaugeLabel, box: TextBox, tick: Int)] = (0...count).compactMap { k in
      guard !ends || (k > 0 && k < count) else { return nil }
      let progress = Double(k) / Double(count)
      let text = gauge.readout.number(gauge.min + progress * (gauge.max - gauge.min))
      let bearing = sectorLayout.angle(atProgress: progress)
      guard let (position, box) = insideRing(text, size: size, bearing: bearing) else {
        return nil
      }
      let label = GaugeLabel(
        role: .tick, text: text, position: position, fontSize: size, anchor: .middle)
      return (label, box, k)
    }
    // The smallest stride whose numbers are clear of one another.
    var kept: [(label: GaugeLabel, box: TextBox, tick: Int)] = []
    for stride in 1...Swift.max(1, count) {
      let chosen = candidates.filter { $0.tick % stride == 0 }
      let apart = chosen.indices.allSatisfy { index in
        chosen[(index + 1)...].allSatisfy { !chosen[index].box.intersects($0.box, margin: margin) }
      }
      if apart {
        kept = chosen
        break
      }
    }
    return kept.filter { candidate in
      isInsideImage(candidate.box)
        && !placed.contains { candidate.box.intersects($0, margin: margin) }
        && !candidate.box.intersects(polygon: pointer, margin: margin)
    }.map(\.label)
  }

  /// `labels` less the tick numbers the pointer covers: what a reading shows of texts placed
  /// once for many images.
  package func clearingTicks(_ labels: [GaugeLabel], of pointer: PointerPolygon?) -> [GaugeLabel] {
    guard let pointer, gauge.labels.ticks > 0 else { return labels }
    let points = pointer.points
    return labels.filter { label in
      label.role != .tick
        || !box(label.text, size: label.fontSize, at: label.position).intersects(
          polygon: points, margin: margin)
    }
  }
}
