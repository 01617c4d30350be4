import GaugeGeometry
import GaugeSupport
import GaugeText

/// The readout: the number and its unit, on one line or stacked, in the disc the pointer
/// never enters.
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
    /// Whether the unit follows the number on its line ("42%"), sharing its baseline,
    /// rather than standing under it.
    package var unitInline = false
    /// For an inline unit: its width and the space before it, in pixels (measured as boxes
    /// are, with the slack).
    package var unitWidth = 0.0
    package var unitGap = 0.0
    /// The radius of the disc the block fits, in pixels.
    package var radius = 0.0
  }

  /// The share of the number's size an inline unit takes.
  static let inlineUnitShare = 0.5

  /// The readout's number and unit for a reading whose big text is `number`: the unit on the
  /// number's line (the pair centred, the number ending where the unit starts) or under it.
  /// Without a value the unit is left out and the placeholder is centred.
  package func readoutLabels(number: String, state: GaugeState) -> (
    readout: GaugeLabel, unit: GaugeLabel?
  ) {
    let block = readoutBlock
    let em = fonts.width(of: number, weight: .bold) * Self.slack
    let size = em > widestNumber ? block.numberSize * widestNumber / em : block.numberSize
    let numberY = center.y + block.numberOffset
    guard let unitSize = block.unitSize, state != .noData else {
      return (
        GaugeLabel(
          role: .readout, text: number, position: Point(x: center.x, y: numberY), fontSize: size,
          anchor: .middle), nil
      )
    }
    let unitY = center.y + block.unitOffset
    guard block.unitInline else {
      return (
        GaugeLabel(
          role: .readout, text: number, position: Point(x: center.x, y: numberY), fontSize: size,
          anchor: .middle),
        GaugeLabel(
          role: .unit, text: gauge.readout.unit, position: Point(x: center.x, y: unitY),
          fontSize: unitSize, anchor: .middle)
      )
    }
    let numberWidth = em * size
    let end = center.x - (numberWidth + block.unitGap + block.unitWidth) / 2 + numberWidth
    return (
      GaugeLabel(
        role: .readout, text: number, position: Point(x: end, y: numberY), fontSize: size,
        anchor: .end),
      GaugeLabel(
        role: .unit, text: gauge.readout.unit, position: Point(x: end + block.unitGap, y: unitY),
        fontSize: unitSize, anchor: .start)
    )
  }

  /// The size of an animation frame's number drawn ending at `end` (an inline readout's
  /// place, fixed by the final reading): the domain's one size, smaller when the frame is
  /// wider or would leave the disc. A stacked readout's frames are centred: `readoutSize`.
  package func frameSize(for text: String, endingAt end: Double?) -> Double {
    var size = readoutSize(for: text)
    guard let end, readoutBlock.unitInline else { return size }
    let em = fonts.width(of: text, weight: .bold) * Self.slack
    let radius = readoutBlock.radius
    let right = abs(end - center.x)
    // Shrink in 2% steps until the box's far corners are in the disc.
    for _ in 0..<50 {
      let left = abs(end - em * size - center.x)
      let half = Self.lineHeight * size / 2
      let far = Swift.max(left, right)
      if far * far + half * half <= radius * radius { break }
      size *= 0.98
    }
    return size
  }

  /// The widest big text of the domain, in ems: the prefixed number at either end (the
  /// widest values of an interval are at its ends), the placeholder, and never less than
  /// two digits, so a one-digit domain does not balloon.
  var widestNumberInEms: Double { Self.widestNumberInEms(of: gauge, fonts: fonts) }

  /// `widestNumberInEms` of a gauge drawn with `fonts`.
  static func widestNumberInEms(of gauge: Gauge, fonts: FontSet) -> Double {
    let texts = [
      gauge.readout.numberText(for: gauge.min), gauge.readout.numberText(for: gauge.max),
      gauge.readout.placeholder,
    ]
    let widest = texts.map { fonts.width(of: $0, weight: .bold) }.max() ?? 0
    return Swift.max(widest, fonts.width(of: "00", weight: .bold)) * slack
  }

  /// The number and its unit as large as the disc holds them: on one line where the number
  /// loses little to it (at least 90% of its size with the unit stacked under it), else
  /// stacked. Only images put the unit inline, and only a unit written after the number
  /// of a left-to-right reading.
  ///
  /// From `unitKeptFrom` pixels up an image always draws the unit: where neither
  /// arrangement fits at the usual proportions, the number shrinks further, down to
  /// `leadFloor` (still the largest text), on one line or over the unit, whichever keeps it
  /// larger; only a disc too small even then drops the unit.
  var fittedReadout: ReadoutBlock {
    var stacked = stackedReadout()
    stacked.radius = readoutFitRadius
    var chosen = stacked
    if measure == .font, !gauge.readout.showsZone, let inline = inlineReadout() {
      // Without room for a stacked unit the number stands alone, larger: the unit goes
      // inline when the number keeps most of that size.
      let share = stacked.unitSize == nil ? 0.8 : 0.9
      if inline.numberSize >= share * stacked.numberSize { chosen = inline }
    }
    guard keepsUnit, chosen.unitSize == nil else { return chosen }
    let floor = leadFloor
    var kept = stackedReadout(downTo: floor)
    kept.radius = readoutFitRadius
    if !gauge.readout.showsZone, let inline = inlineReadout(downTo: floor),
      inline.numberSize >= kept.numberSize || kept.unitSize == nil
    {
      kept = inline
    }
    return kept.unitSize == nil ? chosen : kept
  }

  /// The smallest image side, in pixels, from which the unit is always drawn: 120. Below
  /// it (icons) the number alone may take the disc.
  package static let unitKeptFrom = 120.0

  /// Whether this image must draw the readout's unit (`unitKeptFrom`).
  var keepsUnit: Bool {
    measure == .font && !gauge.readout.unit.isEmpty
      && Swift.min(width, height) >= Self.unitKeptFrom
  }

  /// The smallest the number shrinks to keep its unit: `leadRatio` times the largest
  /// caption (the title's preferred size), so it still leads, in bold.
  var leadFloor: Double { Self.leadRatio * Swift.max(titleSize, labelSize, smallest) }

  /// How much larger than any caption a number shrunk to keep its unit stays: 5%, which
  /// lets "20'000.0" keep "steps" under it in a 120 px image's ring.
  static let leadRatio = 1.05

  /// The disc the readout fills: `readoutRadius`, or the ring's hole when not even the
  /// minimum size fits there.
  var readoutFitRadius: Double {
    let em = widestNumber
    let line = Self.lineHeight
    let halfDiagonal = ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    if readoutRadius / halfDiagonal < Swift.max(smallest, 1e-9) {
      return Swift.max(innerRadius * 0.85, outerRadius * 0.2)
    }
    return readoutRadius
  }

  /// The number with its unit after it on one line, at `inlineUnitShare` of its size (never
  /// under the minimum, nor over 70% of the number), sharing its baseline; `nil` when the
  /// unit is not written after the number or does not fit.
  ///
  /// `lowest`: the number may shrink below half its size alone, down to this many pixels,
  /// with the unit at up to 1/`leadRatio` of it (`fittedReadout` keeping a unit).
  func inlineReadout(downTo lowest: Double? = nil) -> ReadoutBlock? {
    let format = gauge.readout
    let unit = format.unit
    guard !unit.isEmpty, gauge.direction != .rtl else { return nil }
    // The reading as written: the number, what joins it to the unit, the unit.
    let number = format.numberText(for: gauge.max)
    let whole = format.text(for: gauge.max)
    guard whole.hasPrefix(number), whole.hasSuffix(unit), whole.count >= number.count + unit.count,
      !BidiLine.isRightToLeft(whole)
    else { return nil }
    let joint = String(whole.dropFirst(number.count).dropLast(unit.count))
    // A tenth of the unit's size at least, so the two never touch ("42%").
    let gapEm = Swift.max(0.1, fonts.width(of: joint, weight: .regular) * Self.slack)
    let unitEm = fonts.width(of: unit, weight: .regular) * Self.slack
    let em = widestNumber
    let line = Self.lineHeight
    let radius = readoutFitRadius
    let alone = radius / ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    // Shrink the number in 1% steps, to no less than half (or `lowest`), until the line
    // fits the disc.
    let steps = lowest.map { Swift.max(0, Int(((1 - $0 / alone) * 100).rounded(.down))) } ?? 50
    for step in 0...Swift.min(steps, 99) {
      let size = alone * (1 - 0.01 * Double(step))
      let unitSize = Swift.max(smallest, size * Self.inlineUnitShare)
      guard unitSize <= size * (lowest == nil ? 0.7 : 1 / Self.leadRatio) else { return nil }
      let width = em * size + (gapEm + unitEm) * unitSize
      let half = line * size / 2
      guard (width / 2) * (width / 2) + half * half <= radius * radius else { continue }
      // The unit's box centre, so both baselines (0.35 em under each centre) meet.
      return ReadoutBlock(
        numberSize: size, numberOffset: 0, unitSize: unitSize,
        unitOffset: 0.35 * (size - unitSize), unitInline: true, unitWidth: unitEm * unitSize,
        unitGap: gapEm * unitSize, radius: radius)
    }
    return nil
  }

  /// The number and the unit stacked in the readout's disc, the number as large as fits.
  ///
  /// `lowest`: the number may shrink below 60% of its size alone, down to this many pixels,
  /// with the lines under it at up to 1/`leadRatio` of it (`fittedReadout` keeping a unit).
  func stackedReadout(downTo lowest: Double? = nil) -> ReadoutBlock {
    let em = widestNumber
    let line = Self.lineHeight
    // A box of em·f by line·f centred on the centre: its half-diagonal must fit the radius.
    let halfDiagonal = ((em / 2) * (em / 2) + (line / 2) * (line / 2)).squareRoot()
    // A pointer reaching into the centre, or a tiny image: the number takes the ring's hole
    // and may meet the pointer, rather than vanish.
    let radius = readoutFitRadius
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
    // Shrink the number in 2% steps, to no less than 60% (or `lowest`), until the lines
    // fit under it; a zone's name that never fits is left out before the unit is.
    let steps = lowest.map { Swift.max(0, Int(((1 - $0 / alone) * 50).rounded(.down))) } ?? 20
    while !lines.isEmpty {
      for step in 0...Swift.min(steps, 49) {
        let size = alone * (1 - 0.02 * Double(step))
        let smallSize = Swift.max(smallest, size * 0.4)
        // The number leads: a line under it at three quarters of its size at most (5%
        // smaller, keeping a unit).
        guard smallSize <= size * (lowest == nil ? 0.75 : 1 / Self.leadRatio) else { break }
        func fits(_ halfWidth: Double, _ low: Double, _ high: Double) -> Bool {
          let y = Swift.max(abs(low), abs(high))
          return halfWidth * halfWidth + y * y <= radius * radius
        }
        // The block centred on the disc; keeping a unit, also moved down in quarters of
        // the lines' height, the wide number nearer the disc's widest chord.
        let below = line * Double(lines.count) * smallSize
        let shifts = lowest == nil ? [0.0] : [0, 0.25, 0.5, 0.75, 1].map { $0 * below / 2 }
        var found: (top: Double, offsets: [Double])?
        for shift in shifts {
          let top = -line * (size + Double(lines.count) * smallSize) / 2 + shift
          var bottom = top + line * size
          guard fits(em * size / 2, top, bottom) else { continue }
          var offsets: [Double] = []
          for width in lines {
            let next = bottom + line * smallSize
            guard fits(width * smallSize / 2, bottom, next) else { break }
            offsets.append((bottom + next) / 2)
            bottom = next
          }
          if offsets.count == lines.count {
            found = (top, offsets)
            break
          }
        }
        guard let (top, offsets) = found else { continue }
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

  /// The box around the readout at its widest: the domain's widest number with its unit
  /// (and zone name) on its line or under it, as `readoutBlock` fits them in the disc.
  var readoutExtent: TextBox {
    let block = readoutBlock
    let line = Self.lineHeight
    let numberWidth = widestNumber * block.numberSize
    guard !block.unitInline else {
      return TextBox(
        center: center, width: numberWidth + block.unitGap + block.unitWidth,
        height: line * block.numberSize)
    }
    var lowest = block.numberOffset + line * block.numberSize / 2
    var widest = numberWidth
    if let size = block.unitSize {
      lowest = Swift.max(lowest, block.unitOffset + line * size / 2)
      widest = Swift.max(
        widest, box(gauge.readout.unit, size: size, at: center).maxX * 2 - 2 * center.x)
    }
    if let size = block.zoneSize {
      lowest = Swift.max(lowest, block.zoneOffset + line * size / 2)
      let names = gauge.zones.map { box($0.label, size: size, at: center).maxX * 2 - 2 * center.x }
      widest = Swift.max(widest, names.max() ?? 0)
    }
    let top = block.numberOffset - line * block.numberSize / 2
    return TextBox(
      minX: center.x - widest / 2, minY: center.y + top, maxX: center.x + widest / 2,
      maxY: center.y + lowest)
  }

  /// The readout's size for `text`: the domain's one size, smaller only for a text wider
  /// than the domain's widest (an off-scale value, a longer animation frame).
  package func readoutSize(for text: String) -> Double {
    let size = readoutBlock.numberSize
    let em = fonts.width(of: text, weight: .bold) * Self.slack
    return em > widestNumber ? size * widestNumber / em : size
  }
}
