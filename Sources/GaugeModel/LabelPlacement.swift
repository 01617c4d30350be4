import GaugeGeometry
import GaugeSupport
import GaugeText

/// How the placement measures a text.
package enum TextMeasure: Sendable, Hashable {
  /// The font set's faces at the text's size, in pixels: images.
  case font
  /// One unit a character across and two down, whatever the size: a terminal's cells.
  case cells
}

/// Where the texts go, so that none touches the pointer (at any value), the ring, another
/// text or the image's edge.
///
/// The readout's number, with its unit under it, fills the disc inside the pointer's inner
/// end, at one size for the whole domain. The status ("Above range"), the end labels and the
/// title go in the gap between the arc's ends, clear of the pointer pegged at either end.
/// No caption (every text but the readout's number) is smaller than `minimumSize`, and the
/// number is larger than every caption; a caption that has no clear place at that size is
/// dropped, in this order (first dropped first): tick numbers (thinned to every second,
/// third... tick first), zone labels, the title, the end labels (to
/// make room for the status), the unit, the status. The number always stays: when the free
/// disc cannot hold it at the minimum size (a pointer reaching into the centre, an image
/// under about 100 px), it takes the ring's hole instead.
package struct LabelPlacement {
  package let gauge: Gauge
  package let sectorLayout: SectorLayout
  package let center: Point
  package let outerRadius: Double
  package let innerRadius: Double
  /// The image's size in pixels.
  package let width: Double
  package let height: Double
  package let measure: TextMeasure
  /// The faces that will draw the texts, which measure them for images.
  package let fonts: FontSet
  /// What bounds the gap (see `gapObstacles`), found once: every candidate spot of every
  /// text is tested against them.
  private(set) var obstacles: [Obstacle]
  /// The gap's middle as a unit vector from the centre, and the cosine of half its width:
  /// a point is in the gap when its direction is within that angle of the middle.
  private(set) var gapAxis = Point(x: 0, y: 1)
  private(set) var gapCosine = 1.0
  /// The readout's number and unit sizes, found once.
  package private(set) var readoutBlock: ReadoutBlock
  /// The widest number of the domain in ems (`widestNumberInEms`), found once.
  private(set) var widestNumber = 0.0
  /// The depth of the tick numbers' ring inside the hole (`tickNumberBand`), found once.
  private(set) var tickBand = 0.0
  /// The delta's arrows' widths in bold ems, by direction + 1 (`measureDeltaArrows`); empty
  /// unless measured.
  var deltaArrowWidths: [Double] = []

  package init(
    gauge: Gauge, sectorLayout: SectorLayout, center: Point, outerRadius: Double,
    innerRadius: Double, width: Double, height: Double, measure: TextMeasure = .font,
    fonts: FontSet = .standard
  ) {
    self.gauge = gauge
    self.sectorLayout = sectorLayout
    self.center = center
    self.outerRadius = outerRadius
    self.innerRadius = innerRadius
    self.width = width
    self.height = height
    self.measure = measure
    self.fonts = fonts
    // Both are derived from the properties above, so they are set once those are.
    obstacles = []
    readoutBlock = ReadoutBlock(numberSize: 0, numberOffset: 0, unitSize: nil, unitOffset: 0)
    widestNumber = widestNumberInEms
    tickBand = tickNumberBand
    obstacles = gapObstacles.map { Obstacle(points: $0) }
    let (sine, cosine) = sinCos(degrees: sectorLayout.gapCenter)
    gapAxis = Point(x: sine, y: -cosine)
    gapCosine = sinCos(degrees: (360 - sectorLayout.sweep) / 2).cos
    readoutBlock = fittedReadout
  }

  /// The smallest caption drawn (title, status, end labels, unit, tick numbers, zone and
  /// marker labels), in pixels: 11, the minimum text size of Apple's Human Interface
  /// Guidelines for iOS (11 pt, its smallest text style, Caption 2), where a gauge is most
  /// often read small. At 9 px an ar-EG end label was barely readable.
  package static let minimumSize = 11.0
  /// A line box's height in ems: DejaVu Sans' ascender plus descender (0.928 + 0.236).
  package static let lineHeight = 1.17
  /// Texts are measured with the faces that draw them; 5% to spare keeps a line clear where
  /// a viewer draws an SVG's text in a slightly wider face of its own.
  static let slack = 1.05

  /// The clearance kept between a text and anything else, in pixels.
  package var margin: Double { measure == .cells ? 0.5 : Swift.max(1, outerRadius * 0.02) }

  /// The smallest text drawn: `minimumSize` in pixels; any size in cells.
  var smallest: Double { measure == .cells ? 0 : Self.minimumSize }

  /// The preferred size of the status and the end labels, in pixels.
  package var labelSize: Double { Swift.max(smallest, outerRadius * 0.09) }

  /// The preferred size of the title, in pixels: a step above the status and the end labels
  /// (the hierarchy is readout, title, then the other captions), never under them.
  package var titleSize: Double { Swift.max(labelSize, outerRadius * 0.105) }

  /// A line's box: its width from the font or the character count, its height the line's.
  func box(_ text: String, size: Double, at position: Point) -> TextBox {
    switch measure {
    case .font:
      return TextBox(
        center: position, width: fonts.width(of: text, weight: .regular) * Self.slack * size,
        height: Self.lineHeight * size)
    case .cells:
      // Measured as the terminal will draw it: a tab becomes a cell, a soft hyphen none.
      let cells = TerminalText.width(TerminalText.sanitized(text))
      return TextBox(center: position, width: Double(cells), height: 2)
    }
  }

  /// The radius of the disc the readout fills: inside the pointer's inner end and the
  /// ring's hole (less the tick numbers' band), less the margin.
  ///
  /// A terminal's disc stops at the seed's pointer offset (`terminalReadoutShare`) even
  /// where the pointer starts further out: its cells are coarse, and the title and end
  /// labels under the readout need the rows.
  package var readoutRadius: Double {
    let inner =
      measure == .cells
      ? Swift.min(gauge.pointer.inner, Self.terminalReadoutShare) : gauge.pointer.inner
    return Swift.max(0, Swift.min(innerRadius - tickBand, inner * outerRadius) - margin)
  }

  /// The largest share of the outer radius a terminal's readout disc takes: 0.3, the seed's
  /// pointer offset.
  package static let terminalReadoutShare = 0.3

  /// The texts of a reading whose big text is `number`, in a gauge state, with the pointer
  /// where it is for this reading (zone labels give way to it, and tick numbers unless
  /// `ticksAvoidPointer` is false: texts placed once for many images, each of which clears
  /// them of its own pointer with `clearingTicks`).
  package func labels(
    number: String, state: GaugeState, zoneIndex: Int? = nil, pointer: PointerPolygon? = nil,
    ticksAvoidPointer: Bool = true
  ) -> [GaugeLabel] {
    var labels: [GaugeLabel] = []
    labels.reserveCapacity(6 + (gauge.labels.zones ? gauge.zones.count : 0))
    let block = readoutBlock
    // Without a value the unit would qualify nothing.
    let reading = readoutLabels(number: number, state: state)
    labels.append(reading.readout)
    if let unit = reading.unit { labels.append(unit) }
    if let zoneSize = block.zoneSize, state != .noData, let zoneIndex {
      labels.append(
        GaugeLabel(
          role: .currentZone, text: gauge.zones[zoneIndex].label,
          position: Point(x: center.x, y: center.y + block.zoneOffset), fontSize: zoneSize,
          anchor: .middle, zoneIndex: zoneIndex))
    }
    var placed: [TextBox] = []
    if measure == .font {
      let gap = gapTexts(state: state)
      labels += gap.labels
      placed = gap.boxes
    } else {
      var ends: [GaugeLabel] = []
      cellGapTexts(state: state, labels: &labels, ends: &ends, placed: &placed)
      labels.append(contentsOf: ends)
    }
    // Zone labels avoid every text placed so far, the readout at its widest included (a
    // terminal's, its whole disc); tick numbers avoid the zone labels too.
    placed.append(
      measure == .cells
        ? TextBox(center: center, width: 2 * readoutRadius, height: 2 * readoutRadius)
        : readoutExtent)
    if gauge.labels.zones {
      let zones = zoneLabels(avoiding: placed, pointer: pointer?.points ?? [])
      labels.append(contentsOf: zones)
      placed += zones.map { box($0.text, size: $0.fontSize, at: $0.position) }
    }
    labels.append(
      contentsOf: tickNumbers(
        avoiding: placed, pointer: ticksAvoidPointer ? pointer?.points ?? [] : []))
    return labels
  }

  // MARK: - Texts in the gap

  /// The status, the end labels and the title in a terminal's gap, as they were placed
  /// before images got fixed slots: the ends first, the status (which outranks them), then
  /// the title where it fits.
  private func cellGapTexts(
    state: GaugeState, labels: inout [GaugeLabel], ends: inout [GaugeLabel],
    placed: inout [TextBox]
  ) {
    if gauge.labels.showEnds {
      let both = scaleEndTexts
      // Both ends step as far as the one that needs more, so the pair sits level.
      let common =
        both.compactMap { role, text, bearing, sign in
          endLabel(role, text, bearing: bearing, towards: sign, from: 0, avoiding: [])?.step
        }.max() ?? 0
      for (role, text, bearing, sign) in both {
        if let found = endLabel(
          role, text, bearing: bearing, towards: sign, from: common, avoiding: placed)
        {
          ends.append(found.label)
          placed.append(box(of: found.label))
        }
      }
    }
    if let status = gauge.statusText(state) {
      if let label = gapLine(.status, status, avoiding: placed) {
        labels.append(label)
        placed.append(box(of: label))
      } else if !ends.isEmpty, let label = gapLine(.status, status, avoiding: []) {
        // The state outranks the scale's ends.
        ends = []
        labels.append(label)
        placed = [box(of: label)]
      }
    }
    if let title = gauge.title, !title.isEmpty,
      let label = gapLine(.title, title, avoiding: placed) ?? shortened(title, avoiding: placed)
    {
      labels.append(label)
      placed.append(box(of: label))
    }
  }

  func box(of label: GaugeLabel) -> TextBox {
    box(label.text, size: label.fontSize, at: label.position)
  }

  /// A centred line in the gap below the readout: the highest place where it is clear, at
  /// `preferred` (the label size unless given) or smaller down to `floor` (the minimum unless
  /// given); `nil` when there is none.
  ///
  /// An image's line may start right under the readout's widest text, inside the disc the
  /// pointer never enters (`isClear`); a terminal's starts under the disc.
  func gapLine(
    _ role: TextRole, _ text: String, avoiding placed: [TextBox], preferred: Double? = nil,
    floor: Double? = nil
  ) -> GaugeLabel? {
    guard !text.isEmpty else { return nil }
    let lowest = Swift.max(smallest, floor ?? smallest)
    var size = Swift.max(lowest, preferred ?? labelSize)
    let step = Swift.max(measure == .cells ? 0.5 : 1, outerRadius / 50)
    let top =
      measure == .font
      ? Swift.min(readoutExtent.maxY, center.y + readoutRadius) : center.y + readoutRadius
    while size >= lowest && size > 0 {
      // Measured once a size; each candidate spot moves the same box.
      let line = box(text, size: size, at: center)
      let half = line.maxY - center.y
      var y = top + margin + half
      while y + half <= height - margin {
        let position = Point(x: center.x, y: y)
        if isClear(line.moved(by: 0, y - center.y), avoiding: placed) {
          return GaugeLabel(
            role: role, text: text, position: position, fontSize: size, anchor: .middle)
        }
        y += step
      }
      // Cells do not shrink; pixels shrink in 10% steps down to the floor.
      size = size > lowest && measure == .font ? Swift.max(lowest, size * 0.9) : 0
    }
    return nil
  }

  /// A title too long for the gap, cut short with "…" to the longest start that fits at the
  /// minimum size; `nil` when not even three cells of it fit: a word's first three letters,
  /// or two wide characters (CJK, emoji), each of which says as much as a few letters.
  func shortened(_ title: String, avoiding placed: [TextBox]) -> GaugeLabel? {
    let characters = Array(title)
    var low = 1
    while low < characters.count, TerminalText.width(String(characters[..<low])) < 3 {
      low += 1
    }
    // Binary search on the kept length: fitting only gets harder as the text grows.
    var high = characters.count - 1
    var best: GaugeLabel?
    while low <= high {
      let kept = (low + high) / 2
      let text = String(characters[..<kept]).trimmingSuffixSpaces + "…"
      if let label = gapLine(.title, text, avoiding: placed) {
        best = label
        low = kept + 1
      } else {
        high = kept - 1
      }
    }
    return best
  }

  /// An end label beyond the end of the arc, stepped along the ring's tangent into the gap
  /// until it is clear, so it reads as the scale's first or last mark.
  func endLabel(
    _ role: TextRole, _ text: String, bearing: Double, towards sign: Double,
    from start: Double, avoiding placed: [TextBox]
  ) -> (label: GaugeLabel, step: Double)? {
    let size = labelSize
    let middleRadius = (outerRadius + innerRadius) / 2
    let anchorPoint = Point(center: center, radius: middleRadius, degrees: bearing)
    let (s, c) = sinCos(degrees: bearing)
    let stride = Swift.max(measure == .cells ? 0.5 : 1, outerRadius / 50)
    var step = start
    let line = box(text, size: size, at: anchorPoint)
    // The clockwise tangent is (cos θ, sin θ); the start label steps back against it.
    while step <= outerRadius {
      let position = Point(x: anchorPoint.x + sign * c * step, y: anchorPoint.y + sign * s * step)
      if isClear(line.moved(by: sign * c * step, sign * s * step), avoiding: placed) {
        let label = GaugeLabel(
          role: role, text: text, position: position, fontSize: size, anchor: .middle)
        return (label, step)
      }
      step += stride
    }
    return nil
  }

  /// Whether a text outside the readout's disc is inside the image and clear of the placed
  /// texts, the ring and the pointer at every value. `beyondRing`: an image's text may also
  /// stand outside the ring (end labels under the arc's ends).
  func isClear(_ box: TextBox, avoiding placed: [TextBox], beyondRing: Bool = false) -> Bool {
    let margin = self.margin
    guard box.minX >= margin, box.minY >= margin, box.maxX <= width - margin,
      box.maxY <= height - margin
    else { return false }
    if placed.contains(where: { box.intersects($0, margin: margin) }) { return false }
    let disc = readoutRadius
    if box.farthestDistance(from: center) <= disc { return true }
    // Between the pointer's inner end and the ring's outside, only the gap is free: every
    // corner must lie in it, clear of the pointer pegged at either end and the off-scale
    // markers. An image's text may also have corners in the readout's disc (a status right
    // under the number): an edge from there into the gap that left both would cross the
    // pegged pointer, an obstacle.
    guard !box.contains(center) else { return false }
    // An image's text may also lie partly in the readout's disc (a status right under the
    // number) or beyond the ring and everything drawn around it (end labels under the
    // arc's ends).
    let images = measure == .font
    let beyond = outerRadius * Swift.max(1, gauge.pointer.outer, gauge.outsideReach) + margin
    // 0: the readout's disc, 1: the gap, 2: beyond the ring, nil: none of them.
    func place(_ x: Double, _ y: Double) -> Int? {
      let dx = x - center.x
      let dy = y - center.y
      let squared = dx * dx + dy * dy
      if images && squared <= disc * disc { return 0 }
      // The angle between a point's direction and the gap's middle is under half the gap
      // when their dot product passes the distance times the half-gap's cosine: no atan2.
      if dx * gapAxis.x + dy * gapAxis.y > squared.squareRoot() * gapCosine { return 1 }
      if images && beyondRing && squared >= beyond * beyond { return 2 }
      return nil
    }
    let corners = [
      place(box.minX, box.minY), place(box.maxX, box.minY), place(box.maxX, box.maxY),
      place(box.minX, box.maxY),
    ]
    guard !corners.contains(nil) else { return false }
    // Corners in different places: each pixel of the edges must be free too (the edge from
    // the gap to beyond the ring may cut the ring's end).
    if Set(corners).count > 1 {
      let steps = Int((Swift.max(box.maxX - box.minX, box.maxY - box.minY)).rounded(.up))
      for index in 0...steps {
        let t = Double(index) / Double(Swift.max(1, steps))
        let x = box.minX + t * (box.maxX - box.minX)
        let y = box.minY + t * (box.maxY - box.minY)
        guard place(x, box.minY) != nil, place(x, box.maxY) != nil, place(box.minX, y) != nil,
          place(box.maxX, y) != nil
        else { return false }
      }
    }
    return !obstacles.contains { $0.comes(within: margin, of: box) }
  }

  /// A convex shape bounding the gap, with what the separating-axis test needs of it worked
  /// out once: its bounding box and its extent along each edge's normal.
  struct Obstacle {
    let isEmpty: Bool
    let bounds: TextBox
    let edges: [(normal: Point, min: Double, max: Double)]

    init(points: [Point]) {
      isEmpty = points.isEmpty
      bounds = TextBox(
        minX: points.lazy.map(\.x).min() ?? 0, minY: points.lazy.map(\.y).min() ?? 0,
        maxX: points.lazy.map(\.x).max() ?? 0, maxY: points.lazy.map(\.y).max() ?? 0)
      edges = points.indices.compactMap { index in
        guard let normal = TextBox.unitNormal(of: points, edge: index) else { return nil }
        let extent = TextBox.projection(of: points, on: normal)
        return (normal, extent.min, extent.max)
      }
    }

    /// `TextBox.intersects(polygon:margin:)`, with nothing recomputed per box.
    func comes(within margin: Double, of box: TextBox) -> Bool {
      // The box's own axes first, x and y, in the same arithmetic as the general test.
      guard !isEmpty, !(box.maxX + margin <= bounds.minX || bounds.maxX + margin <= box.minX),
        !(box.maxY + margin <= bounds.minY || bounds.maxY + margin <= box.minY)
      else { return false }
      for edge in edges {
        let own = box.projection(on: edge.normal)
        if own.max + margin <= edge.min || edge.max + margin <= own.min { return false }
      }
      return true
    }
  }

  /// What bounds the gap: the pointer pegged at each end, the ring's end edges, and the
  /// off-scale markers (kept clear at every value, so labels do not move with it).
  private var gapObstacles: [[Point]] {
    var shapes: [[Point]] = []
    let reach = outerRadius * Swift.max(1, gauge.pointer.outer)
    for bearing in [sectorLayout.arcStart, sectorLayout.arcEnd] {
      shapes.append(
        gauge.pointer.polygon(center: center, radius: outerRadius, angle: bearing).points)
      shapes.append([
        Point(center: center, radius: innerRadius, degrees: bearing),
        Point(center: center, radius: reach, degrees: bearing),
      ])
    }
    for state in [GaugeState.below, .above] {
      if let marker = gauge.offScaleMarker(
        state: state, sectorLayout: sectorLayout, center: center, outerRadius: outerRadius,
        innerRadius: innerRadius, pixel: measure == .cells ? 0 : 1)
      {
        shapes.append(marker)
      }
    }
    return shapes
  }
}

extension String {
  /// The text without trailing spaces, so an ellipsis follows the last word.
  fileprivate var trimmingSuffixSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
