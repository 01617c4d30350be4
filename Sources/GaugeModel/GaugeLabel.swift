import GaugeGeometry
import GaugeSupport

/// What a label is for.
package enum LabelRole: String, Sendable, Hashable {
  case readout
  case title
  case start
  case end
  case zone
}

/// How text sits on its anchor point horizontally.
package enum TextAnchor: String, Sendable, Hashable {
  case start
  case middle
  case end
}

/// A text placed by the layout. `position` is the centre of the text's line box
/// (renderers centre vertically on it); `fontSize` is in pixels.
package struct GaugeLabel: Sendable, Hashable {
  package var role: LabelRole
  package var text: String
  package var position: Point
  package var fontSize: Double
  package var anchor: TextAnchor
  /// For zone labels, which zone.
  package var zoneIndex: Int?
}

/// A tick mark outside the ring, as a radial segment.
package struct Tick: Sendable, Hashable {
  /// The value it marks.
  package var value: Double
  /// Its bearing in degrees, not normalised.
  package var angle: Double
  package var from: Point
  package var to: Point
}

/// Where the texts go. The readout fills the free disc inside the pointer's tail, the title
/// sits below it, and the end labels sit in the gap beyond each end of the arc.
package struct LabelPlacement {
  package let gauge: Gauge
  package let sectorLayout: SectorLayout
  package let center: Point
  package let outerRadius: Double
  package let innerRadius: Double

  /// Font size of the title and the end labels.
  package var labelSize: Double { outerRadius * 0.09 }

  package func labels(readout: String) -> [GaugeLabel] {
    var labels: [GaugeLabel] = []
    // Readout, title, two ends and one label a zone at most: one allocation.
    labels.reserveCapacity(4 + (gauge.labels.zones ? gauge.zones.count : 0))
    labels.append(
      GaugeLabel(
        role: .readout, text: readout, position: center, fontSize: readoutSize(for: readout),
        anchor: .middle))
    if let title = gauge.title, !title.isEmpty {
      // Below the readout's disc, fitted to the ring's inside width at that height.
      let titleY = center.y + outerRadius * 0.42
      let available =
        2
        * (innerRadius * innerRadius - (outerRadius * 0.42) * (outerRadius * 0.42))
        .squareRoot()
      let size = fitted(
        title, maximumWidth: Swift.max(available, outerRadius * 0.6), cap: labelSize)
      labels.append(
        GaugeLabel(
          role: .title, text: title, position: Point(x: center.x, y: titleY), fontSize: size,
          anchor: .middle))
    }
    if gauge.labels.showEnds {
      let startText = gauge.labels.start ?? gauge.readout.number(gauge.min)
      let endText = gauge.labels.end ?? gauge.readout.number(gauge.max)
      labels.append(endLabel(.start, startText, bearing: sectorLayout.arcStart, towards: -1))
      labels.append(endLabel(.end, endText, bearing: sectorLayout.arcEnd, towards: 1))
    }
    if gauge.labels.zones {
      labels.append(contentsOf: zoneLabels())
    }
    return labels
  }

  /// The readout's size: as large as fits inside the disc left free by the pointer's tail
  /// (and the ring's hole), whatever its length.
  package func readoutSize(for text: String) -> Double {
    let free = Swift.min(innerRadius, gauge.pointer.inner * outerRadius)
    // 85% of the disc: a margin between the number and the pointer's tail.
    let radius = Swift.max(free, outerRadius * 0.2) * 0.85
    let em = Swift.max(TextMetrics.width(of: text), 0.5)
    // A line of width em·f and height ~0.75·f (digits' cap height) inside a circle: its
    // half-diagonal must not exceed the radius.
    let halfWidth = em / 2
    let halfHeight = 0.375
    let fitting = radius / (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
    // Never larger than two digits would be, so "7" or a dash does not balloon.
    let twoDigits = radius / (0.636 * 0.636 + halfHeight * halfHeight).squareRoot()
    return Swift.min(fitting, twoDigits)
  }

  private func fitted(_ text: String, maximumWidth: Double, cap: Double) -> Double {
    let em = TextMetrics.width(of: text)
    guard em > 0 else { return cap }
    return Swift.min(cap, maximumWidth / em)
  }

  /// An end label sits beyond the end of the arc, stepped along the ring's tangent into the
  /// gap, so it reads as the scale's first or last mark whatever the gap's direction.
  private func endLabel(_ role: LabelRole, _ text: String, bearing: Double, towards sign: Double)
    -> GaugeLabel
  {
    let middleRadius = (outerRadius + innerRadius) / 2
    let anchorPoint = Point(center: center, radius: middleRadius, degrees: bearing)
    let (s, c) = sinCos(degrees: bearing)
    // The clockwise tangent is (cos θ, sin θ); the start label steps back against it.
    let size = fitted(text, maximumWidth: outerRadius * 0.7, cap: labelSize)
    let step = (outerRadius - innerRadius) / 2 + size * 0.9
    let position = Point(x: anchorPoint.x + sign * c * step, y: anchorPoint.y + sign * s * step)
    return GaugeLabel(role: role, text: text, position: position, fontSize: size, anchor: .middle)
  }

  private func zoneLabels() -> [GaugeLabel] {
    let size = outerRadius * 0.065
    let radius = innerRadius - size * 1.1
    var lower = gauge.min
    var labels: [GaugeLabel] = []
    for (index, zone) in gauge.zones.enumerated() {
      let middle = (lower + zone.upperBound) / 2
      lower = zone.upperBound
      let progress = (middle - gauge.min) / (gauge.max - gauge.min)
      let position = Point(
        center: center, radius: radius, degrees: sectorLayout.angle(atProgress: progress))
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
