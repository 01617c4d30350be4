import GaugeGeometry

/// A gauge's sectors at one size, each with the value at its middle: what a renderer drawing
/// many images finds once (`GaugeLayout.sectorTemplate`), so that each image only decides
/// which sectors are lit.
package struct SectorTemplate: Sendable, Hashable {
  /// The sectors, as laid out for some value (their `lit` is set again for each value).
  package let sectors: [GaugeSector]
  /// The value at each sector's middle, in the gauge's units.
  let middles: [Double]
  /// Whether every sector is lit already: asked once, not per image.
  private let allLit: Bool

  init(sectors: [GaugeSector], middles: [Double]) {
    self.sectors = sectors
    self.middles = middles
    allLit = sectors.allSatisfy(\.lit)
  }

  /// The sectors lit for `value` by `gauge`'s fill (see `Gauge.isLit(middle:value:)`).
  ///
  /// Edge cases: a `zones` fill lights every sector, so the sectors are returned as they
  /// are when they all are lit already, without a look at each; a `nil` value lights none
  /// in a progress fill.
  func lit(by gauge: Gauge, value: Double?) -> [GaugeSector] {
    if gauge.fill == .zones && allLit { return sectors }
    var sectors = self.sectors
    for index in sectors.indices {
      let lit = gauge.isLit(middle: middles[index], value: value)
      // Only a change writes, so a ring lit as before shares its sectors.
      if sectors[index].lit != lit { sectors[index].lit = lit }
    }
    return sectors
  }
}

extension GaugeLayout {
  /// This layout's sectors and their middle values, to lay out other values at this size.
  package var sectorTemplate: SectorTemplate {
    let span = gauge.max - gauge.min
    return SectorTemplate(
      sectors: sectors,
      middles: sectors.indices.map { gauge.min + sectorLayout.middleProgress(ofSector: $0) * span })
  }
}

extension Gauge {
  /// The sectors of `sectorLayout` for `value`, their zones found from their middles.
  func makeSectors(_ sectorLayout: SectorLayout, value: Double?) -> [GaugeSector] {
    let span = max - min
    let count = sectorLayout.visibleCount
    // Filled in place; each boundary is normalised once and shared by its two sectors.
    return [GaugeSector](unsafeUninitializedCapacity: count) { buffer, initialized in
      var zone = 0
      var start = normalizedDegrees(sectorLayout.angle(ofBoundary: 0))
      for i in 0..<count {
        let middle = min + sectorLayout.middleProgress(ofSector: i) * span
        // Sector middles only grow, so the zone index only moves forward.
        while zone < zones.count - 1 && middle > zones[zone].upperBound { zone += 1 }
        let end = normalizedDegrees(sectorLayout.angle(ofBoundary: i + 1))
        (buffer.baseAddress! + i).initialize(
          to: GaugeSector(
            index: sectorLayout.hiddenPerSide + i, visibleIndex: i, startAngle: start,
            endAngle: end, zoneIndex: zone, lit: isLit(middle: middle, value: value)))
        start = end
      }
      initialized = count
    }
  }

  /// Whether the sector whose middle is at `middle` shows its zone's colour for `value`:
  /// always with the `zones` fill; with a progress fill, when the middle lies between the
  /// start (`neutral`, else `min`) and the value.
  ///
  /// Edge cases: a `nil` value lights nothing in a progress fill.
  @inline(__always)
  func isLit(middle: Double, value: Double?) -> Bool {
    switch fill {
    case .zones: return true
    case .progress, .progressZone:
      guard let value else { return false }
      if let neutral {
        // From the neutral point to the value, whichever side of it the value is.
        return Swift.min(neutral, value) <= middle && middle <= Swift.max(neutral, value)
      }
      return middle <= value
    }
  }
}
