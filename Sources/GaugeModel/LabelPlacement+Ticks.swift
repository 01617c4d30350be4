import GaugeGeometry
import GaugeSupport

/// Numbers at the tick marks, inside the ring's hole like zone labels.
extension LabelPlacement {
  /// The preferred size of zone labels and tick numbers, in pixels.
  var scaleTextSize: Double { Swift.max(smallest, outerRadius * 0.065) }

  /// A text at `bearing` inside the ring's hole, as close to the ring as it can be without
  /// touching it; `nil` when no place along the bearing keeps it in the hole.
  /// `inset`: how far inside the ring the box's far corner stays, the margin unless given
  /// (tick numbers keep two, clear of a pointer that starts at the ring's inner edge).
  func insideRing(_ text: String, size: Double, bearing: Double, inset: Double? = nil) -> (
    Point, TextBox
  )? {
    let limit = innerRadius - (inset ?? margin)
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

  /// The text at tick `k` of the scale: its value in the readout's format, or the preset's
  /// own start or end label at the ends.
  func tickText(_ k: Int) -> String {
    let count = gauge.labels.ticks
    if gauge.labels.showEnds, k == 0, let start = gauge.labels.start { return start }
    if gauge.labels.showEnds, k == count, let end = gauge.labels.end { return end }
    return gauge.readout.number(
      gauge.min + Double(k) / Double(Swift.max(1, count)) * (gauge.max - gauge.min))
  }

  /// How deep the ring of tick numbers inside the ring's hole is, in pixels (the widest
  /// number's diagonal and the margin): the readout's disc stops short of it. 0 when the
  /// numbers are not drawn: in a terminal, without ticks, or where they would leave the
  /// readout under twice their size (a speedometer under about 200 px shows its end labels
  /// in the gap instead).
  var tickNumberBand: Double {
    let count = gauge.labels.ticks
    guard count > 0, measure == .font else { return 0 }
    let size = scaleTextSize
    let diagonal =
      (0...count).map { k -> Double in
        let line = box(tickText(k), size: size, at: center)
        let w = line.maxX - line.minX
        let h = line.maxY - line.minY
        return (w * w + h * h).squareRoot()
      }.max() ?? 0
    let band = diagonal + 2 * margin
    let em = widestNumber
    let line = Self.lineHeight
    let halfDiagonal = ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    let radius = Swift.min(innerRadius - band, gauge.pointer.inner * outerRadius) - margin
    return radius / halfDiagonal >= 2 * size ? band : 0
  }

  /// The value of each tick mark, in the readout's format, inside the ring at the tick's
  /// bearing, at one radius and one size; the first and last are the scale's end labels
  /// (roles `start` and `end`, the preset's own texts) when those are shown.
  ///
  /// When neighbouring numbers would touch, every second one is kept, then every third,
  /// fourth and so on (counting from the first tick, so the ones kept stay evenly spaced,
  /// and always the last); then a number that would meet another text, the readout, the
  /// pointer at this reading or the image's edge is left out. Images only, and only where
  /// `tickNumberBand` leaves the readout its lead.
  func tickNumbers(avoiding placed: [TextBox], pointer: [Point]) -> [GaugeLabel] {
    let count = gauge.labels.ticks
    guard count > 0, tickBand > 0 else { return [] }
    let size = scaleTextSize
    let ends = gauge.labels.showEnds
    let candidates: [(label: GaugeLabel, box: TextBox, tick: Int)] = (0...count).compactMap { k in
      let progress = Double(k) / Double(count)
      let text = tickText(k)
      let bearing = sectorLayout.angle(atProgress: progress)
      guard
        let (position, box) = insideRing(text, size: size, bearing: bearing, inset: 2 * margin)
      else {
        return nil
      }
      let role: TextRole = ends && k == 0 ? .start : ends && k == count ? .end : .tick
      let label = GaugeLabel(
        role: role, text: text, position: position, fontSize: size, anchor: .middle)
      return (label, box, k)
    }
    // The smallest stride whose numbers are clear of one another.
    var kept: [(label: GaugeLabel, box: TextBox, tick: Int)] = []
    for stride in 1...Swift.max(1, count) {
      let chosen = candidates.filter { $0.tick % stride == 0 || $0.tick == count }
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

  /// Whether `clearingTicks` may take texts out for `pointer`: only where tick numbers ring
  /// the hole (their band, and the ends beside them) and there is a pointer.
  package func clearsTicks(of pointer: PointerPolygon?) -> Bool {
    pointer != nil && tickBand > 0
  }

  /// `labels` less the tick numbers the pointer covers: what a reading shows of texts placed
  /// once for many images.
  package func clearingTicks(_ labels: [GaugeLabel], of pointer: PointerPolygon?) -> [GaugeLabel] {
    guard clearsTicks(of: pointer), let pointer else { return labels }
    let points = pointer.points
    return labels.filter { label in
      !(label.role == .tick || (tickBand > 0 && (label.role == .start || label.role == .end)))
        || !box(label.text, size: label.fontSize, at: label.position).intersects(
          polygon: points, margin: margin)
    }
  }
}
