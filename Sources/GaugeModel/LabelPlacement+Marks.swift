import GaugeGeometry
import GaugeSupport

/// Where a marker's label and the delta go, clear of every other text.
extension LabelPlacement {
  /// A marker's label outside the ring at `bearing`: its box entirely beyond `radius` (past
  /// every mark outside the ring), as close to the ring as it is clear of `placed`, the gap's
  /// obstacles and the image's edge; nudged a few degrees either way, then shrunk in 10%
  /// steps to the minimum size, before it is given up (`nil`).
  ///
  /// Units: pixels and degrees.
  func markerLabel(
    _ text: String, bearing: Double, from radius: Double, avoiding placed: [TextBox]
  ) -> GaugeLabel? {
    guard !text.isEmpty else { return nil }
    var size = labelSize
    let stride = Swift.max(measure == .cells ? 0.5 : 1, outerRadius / 100)
    while size >= smallest && size > 0 {
      let line = box(text, size: size, at: center)
      for nudge in [0.0, -3, 3, -6, 6, -9, 9] {
        let (s, c) = sinCos(degrees: bearing + nudge)
        var distance = radius
        while distance <= radius + outerRadius {
          let candidate = line.moved(by: s * distance, -c * distance)
          guard isInsideImage(candidate) || candidate.nearestDistance(from: center) < radius
          else { break }
          if candidate.nearestDistance(from: center) >= radius, isInsideImage(candidate),
            !placed.contains(where: { candidate.intersects($0, margin: margin) }),
            !obstacles.contains(where: { $0.comes(within: margin, of: candidate) })
          {
            return GaugeLabel(
              role: .marker, text: text,
              position: Point(x: center.x + s * distance, y: center.y - c * distance),
              fontSize: size, anchor: .middle)
          }
          distance += stride
        }
      }
      size = size > smallest && measure == .font ? Swift.max(smallest, size * 0.9) : 0
    }
    return nil
  }

  /// The delta beside the readout: just above the number inside the readout's disc when it
  /// fits there (at 40% of the number's size, shrinking to the minimum), else the first
  /// clear line of the gap below; `nil` when neither has room. `direction` is the one the
  /// text was made with (`Gauge.deltaText(_:direction:)`).
  func deltaLabel(_ text: String, direction: Int, avoiding placed: [TextBox]) -> GaugeLabel? {
    let block = readoutBlock
    let numberTop = center.y + block.numberOffset - block.numberSize * Self.lineHeight / 2
    // The width in ems, the same at every size.
    let ems = deltaWidth(text, direction: direction)
    var size = Swift.max(smallest, block.numberSize * 0.4)
    while size >= smallest && size > 0 {
      let y = numberTop - margin - size * Self.lineHeight / 2
      let position = Point(x: center.x, y: y)
      let candidate =
        ems.map {
          TextBox(center: position, width: $0 * Self.slack * size, height: Self.lineHeight * size)
        } ?? box(text, size: size, at: position)
      if candidate.farthestDistance(from: center) <= readoutRadius,
        !placed.contains(where: { candidate.intersects($0, margin: margin) })
      {
        return GaugeLabel(
          role: .delta, text: text, position: position, fontSize: size, anchor: .middle)
      }
      size = size > smallest && measure == .font ? Swift.max(smallest, size * 0.9) : 0
    }
    return gapLine(.delta, text, avoiding: placed)
  }

  /// Measures the delta's arrows once (`deltaWidth`), for a renderer that places a delta in
  /// image after image.
  package mutating func measureDeltaArrows() {
    guard measure == .font else { return }
    deltaArrowWidths = (-1...1).map { direction in
      // The arrow is what `deltaText` puts before the space.
      fonts.width(of: String(Gauge.deltaText("", direction: direction).dropLast()), weight: .bold)
    }
  }
}

extension LabelPlacement {
  /// The delta's width in ems, in bold as drawn: the arrow and the number measured apart,
  /// so the arrow is shaped once (and looked up not at all once `measureDeltaArrows` has
  /// run) and the number takes the ASCII fast path, image after image. `nil` on a grid of
  /// cells, which measures the text whole.
  func deltaWidth(_ text: String, direction: Int) -> Double? {
    // The space is found among the bytes: splitting there never cuts a character.
    guard measure == .font, let space = text.utf8.firstIndex(of: UInt8(ascii: " ")) else {
      return nil
    }
    let arrow =
      deltaArrowWidths.count == 3
      ? deltaArrowWidths[Swift.min(2, Swift.max(0, direction + 1))]
      : fonts.width(of: String(text[..<space]), weight: .bold)
    return arrow + fonts.width(of: String(text[space...]), weight: .bold)
  }
}

extension TextBox {
  /// The distance from `point` to the nearest point of the box; 0 inside it.
  func nearestDistance(from point: Point) -> Double {
    let dx = Swift.max(minX - point.x, 0, point.x - maxX)
    let dy = Swift.max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
