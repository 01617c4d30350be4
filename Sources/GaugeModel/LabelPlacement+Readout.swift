import GaugeGeometry
import GaugeSupport
import GaugeText

/// The readout: the number and its unit, stacked in the disc the pointer never enters.
extension LabelPlacement {
  /// The number's and the unit's sizes and vertical offsets from the centre, in pixels.
  package struct ReadoutBlock {
    package var numberSize: Double
    package var numberOffset: Double
    /// `nil` when the gauge has no unit or it does not fit at the minimum size.
    package var unitSize: Double?
    package var unitOffset: Double
    /// The value's zone's name under them (`ReadoutFormat.showsZone`), `nil` when off or
    /// when it does not fit.
    package var zoneSize: Double? = nil
    package var zoneOffset: Double = 0
  }

  /// The widest big text of the domain, in ems: the prefixed number at either end (the
  /// widest values of an interval are at its ends), the placeholder, and never less than
  /// two digits, so a one-digit domain does not balloon.
  var widestNumberInEms: Double {
    let texts = [
      gauge.readout.numberText(for: gauge.min), gauge.readout.numberText(for: gauge.max),
      gauge.readout.placeholder,
    ]
    let widest = texts.map { fonts.width(of: $0, weight: .bold) }.max() ?? 0
    return Swift.max(widest, fonts.width(of: "00", weight: .bold)) * Self.slack
  }

  /// The number and the unit stacked in the readout's disc, the number as large as fits.
  var stackedReadout: ReadoutBlock {
    let em = widestNumber
    let line = Self.lineHeight
    // A box of em·f by line·f centred on the centre: its half-diagonal must fit the radius.
    let halfDiagonal = ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    var radius = readoutRadius
    if radius / halfDiagonal < Swift.max(smallest, 1e-9) {
      // A pointer reaching into the centre, or a tiny image: the number takes the ring's
      // hole and may meet the pointer, rather than vanish.
      radius = Swift.max(innerRadius * 0.85, outerRadius * 0.2)
    }
    let alone = radius / halfDiagonal
    let single = ReadoutBlock(numberSize: alone, numberOffset: 0, unitSize: nil, unitOffset: 0)
    let unit = gauge.readout.unit
    // The lines under the number, in ems: the unit, then the zone's name (the widest of them,
    // so the number keeps its size from zone to zone).
    var lines: [Double] = []
    if !unit.isEmpty { lines.append(fonts.width(of: unit, weight: .regular) * Self.slack) }
    if gauge.readout.showsZone {
      let widest = gauge.zones.map { fonts.width(of: $0.label, weight: .regular) }.max() ?? 0
      if widest > 0 { lines.append(widest * Self.slack) }
    }
    guard !lines.isEmpty else { return single }
    // Shrink the number in 2% steps, to no less than 60%, until the lines fit under it; a
    // zone's name that never fits is left out before the unit is.
    while !lines.isEmpty {
      for step in 0...20 {
        let size = alone * (1 - 0.02 * Double(step))
        let smallSize = Swift.max(smallest, size * 0.4)
        guard smallSize <= size else { break }
        let top = -line * (size + Double(lines.count) * smallSize) / 2
        var bottom = top + line * size
        func fits(_ halfWidth: Double, _ low: Double, _ high: Double) -> Bool {
          let y = Swift.max(abs(low), abs(high))
          return halfWidth * halfWidth + y * y <= radius * radius
        }
        guard fits(em * size / 2, top, bottom) else { continue }
        var offsets: [Double] = []
        var allFit = true
        for width in lines {
          let next = bottom + line * smallSize
          if !fits(width * smallSize / 2, bottom, next) {
            allFit = false
            break
          }
          offsets.append((bottom + next) / 2)
          bottom = next
        }
        guard allFit else { continue }
        var block = ReadoutBlock(
          numberSize: size, numberOffset: (top + top + line * size) / 2, unitSize: nil,
          unitOffset: 0)
        var index = 0
        if !unit.isEmpty {
          block.unitSize = smallSize
          block.unitOffset = offsets[0]
          index = 1
        }
        if index < offsets.count {
          block.zoneSize = smallSize
          block.zoneOffset = offsets[index]
        }
        return block
      }
      lines.removeLast()
    }
    return single
  }

  /// The readout's size for `text`: the domain's one size, smaller only for a text wider
  /// than the domain's widest (an off-scale value, a longer animation frame).
  package func readoutSize(for text: String) -> Double {
    let size = readoutBlock.numberSize
    let em = fonts.width(of: text, weight: .bold) * Self.slack
    return em > widestNumber ? size * widestNumber / em : size
  }
}
