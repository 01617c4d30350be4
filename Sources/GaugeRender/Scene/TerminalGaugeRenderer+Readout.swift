import GaugeGeometry
import GaugeModel
import GaugeSupport

/// How a terminal gauge draws its readout: the size, and where the pointer starts so that
/// it never touches it.
package struct TerminalReadoutPlan: Sendable, Hashable {
  /// The number's size for every value of the domain.
  package var size: TerminalReadoutSize
  /// How far from the ring's centre the pointer starts, in layout units (a cell is 1 wide
  /// and 2 tall): past the readout's block and a blank cell round it.
  package var pointerStart: Double
}

extension TerminalGaugeRenderer {
  /// The readout's size and the pointer's start for `gauge` (with the options' title and
  /// labels) at `options`' width.
  ///
  /// The size is the largest (no larger than `options.readoutSize`) at which the number of
  /// every value of the domain, with the unit and the zone's name under it and a blank cell
  /// round them all (`TerminalReadoutBlock`), fits inside the ring's hole and keeps a cell
  /// from every other text the gauge draws there in any state (the title, the status, tick
  /// numbers). The domain's widest numbers are at its ends; the placeholder counts when the
  /// digits can draw it. A number the digits cannot draw (a locale's own digits, a prefix)
  /// makes the readout text, for every value.
  ///
  /// The pointer then starts where that block ends: never nearer the centre than the
  /// gauge's own `pointer.inner`, never past the ring's inner edge. The texts stay where the
  /// gauge's own pointer puts them; a terminal's cells are too coarse for a pointer to pass a
  /// readout closer than a cell, so only the terminal's pointer is shortened.
  ///
  /// Edge cases:
  /// - ASCII glyphs draw no digits: the readout is text.
  /// - A text readout that does not fit the hole (the narrowest gauges) starts the pointer at
  ///   the ring's inner edge.
  static func readoutPlan(_ gauge: Gauge, options: TerminalOptions) -> TerminalReadoutPlan {
    let height = 2 * TerminalOptions.rows(forColumns: options.columns)
    // The ring as the scenes place it, and the texts as they place them, in every state.
    let ring = gauge.checkedLayout(
      value: nil, width: options.columns, height: height, measure: .cells, placesTexts: false)
    let own = Swift.min(ring.innerRadius, gauge.pointer.inner * ring.outerRadius)
    let span = gauge.max - gauge.min
    var others: [(text: String, position: Point)] = []
    // A text readout stays where the layouts stack it: the pointer starts past those places.
    var textReach = 0.0
    for value in [gauge.min, gauge.max, nil, gauge.min - span, gauge.max + span] {
      let layout = gauge.checkedLayout(
        value: value, width: options.columns, height: height, measure: .cells)
      var places: (number: Point?, unit: Point?, zone: Point?) = (nil, nil, nil)
      var unitWidth = 0
      var zoneWidth = 0
      var number = ""
      for label in layout.labels {
        switch label.role {
        case .readout: (number, places.number) = (label.text, label.position)
        case .unit:
          (unitWidth, places.unit) = (
            TerminalText.width(TerminalText.sanitized(label.text)), label.position
          )
        case .currentZone:
          (zoneWidth, places.zone) = (
            TerminalText.width(TerminalText.sanitized(label.text)), label.position
          )
        default: break
        }
      }
      if let block = TerminalReadoutBlock(
        number: number, unitWidth: unitWidth, zoneWidth: zoneWidth, center: ring.center,
        size: .text, texts: places)
      {
        textReach = Swift.max(textReach, block.reach)
      }
      for label in layout.labels {
        guard let role = TextRole(rawValue: label.role.rawValue),
          TerminalReadoutBlock.isObstacle(role)
        else { continue }
        others.append((label.text, label.position))
      }
    }
    let readout = gauge.readout
    let numbers = [readout.numberText(for: gauge.min), readout.numberText(for: gauge.max)]
    let unitWidth = TerminalText.width(TerminalText.sanitized(readout.unit))
    let zoneWidth =
      readout.showsZone
      ? gauge.zones.map { TerminalText.width(TerminalText.sanitized($0.label)) }.max() ?? 0 : 0
    var sizes =
      options.glyphs == .ascii ? [TerminalReadoutSize.text] : TerminalReadoutSize.descending
    if let largest = options.readoutSize { sizes = sizes.filter { $0 <= largest } }
    for size in sizes {
      func block(_ number: String) -> TerminalReadoutBlock? {
        TerminalReadoutBlock(
          number: number, unitWidth: unitWidth, zoneWidth: zoneWidth, center: ring.center,
          size: size)
      }
      guard size != .text else { break }
      var blocks = numbers.compactMap(block)
      guard blocks.count == numbers.count else { continue }
      if let placeholder = block(readout.placeholder) { blocks.append(placeholder) }
      let reach = blocks.map(\.reach).max() ?? 0
      guard reach <= ring.innerRadius, blocks.allSatisfy({ $0.keepsClear(of: others) })
      else { continue }
      return TerminalReadoutPlan(size: size, pointerStart: Swift.max(own, reach))
    }
    return TerminalReadoutPlan(
      size: .text, pointerStart: Swift.max(own, Swift.min(textReach, ring.innerRadius)))
  }

  /// `scene` with every pointer (and the reference's ghost) starting `start` from the ring's
  /// centre, cut along its sides, and the ring's clear disc that wide.
  ///
  /// Edge cases: a polygon that starts there or further out (the off-scale marker, a
  /// marker's bar) or that is not a four-cornered pointer is left as it is.
  static func pointers(_ scene: Scene, startingAt start: Double) -> Scene {
    var scene = scene
    guard
      let center = scene.items.lazy.compactMap({ item -> Point? in
        if case .ring(let ring) = item { return ring.center }
        return nil
      }).first
    else { return scene }
    scene.items = scene.items.map { item in
      switch item {
      case .ring(var ring):
        ring.clearRadius = Swift.max(ring.clearRadius, start)
        return .ring(ring)
      case .polygon(var polygon) where polygon.points.count == 4:
        polygon.points = shortened(polygon.points, center: center, start: start)
        return .polygon(polygon)
      default:
        return item
      }
    }
    return scene
  }

  /// A pointer's corners (inner-left, outer-left, outer-right, inner-right) with its inner
  /// edge moved out along its sides to `start` from `center`, measured along its axis.
  private static func shortened(_ points: [Point], center: Point, start: Double) -> [Point] {
    func distance(_ a: Point, _ b: Point) -> Double {
      let x = (a.x + b.x) / 2 - center.x
      let y = (a.y + b.y) / 2 - center.y
      return (x * x + y * y).squareRoot()
    }
    let near = distance(points[0], points[3])
    let far = distance(points[1], points[2])
    guard near < start, far > start else { return points }
    let t = (start - near) / (far - near)
    func along(_ from: Point, _ to: Point) -> Point {
      Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
    }
    return [along(points[0], points[1]), points[1], points[2], along(points[3], points[2])]
  }
}
