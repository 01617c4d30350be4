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
    guard !unit.isEmpty else { return single }
    let unitEm = fonts.width(of: unit, weight: .regular) * Self.slack
    // Shrink the number in 2% steps, to no less than 60%, until the unit fits under it.
    for step in 0...20 {
      let size = alone * (1 - 0.02 * Double(step))
      let unitSize = Swift.max(smallest, size * 0.4)
      guard unitSize <= size else { break }
      let top = -line * (size + unitSize) / 2
      let split = top + line * size
      let bottom = split + line * unitSize
      func fits(_ halfWidth: Double, _ low: Double, _ high: Double) -> Bool {
        let y = Swift.max(abs(low), abs(high))
        return halfWidth * halfWidth + y * y <= radius * radius
      }
      if fits(em * size / 2, top, split) && fits(unitEm * unitSize / 2, split, bottom) {
        return ReadoutBlock(
          numberSize: size, numberOffset: (top + split) / 2, unitSize: unitSize,
          unitOffset: (split + bottom) / 2)
      }
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
