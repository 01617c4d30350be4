import GaugeTestSupport
import Testing

@testable import GaugeKit

@Suite struct GaugeLayoutTests {
  let stress: Gauge

  init() throws {
    stress = try BuiltinPresets.gauge(named: "stress")
  }

  @Test(
    arguments: [
      (nil, GaugeState.noData), (.nan, .noData), (.infinity, .noData), (-.infinity, .noData),
      (-5, .below), (0, .normal), (100, .normal), (100.5, .above), (1e300, .above),
    ] as [(Double?, GaugeState)])
  func states(value: Double?, state: GaugeState) throws {
    let layout = try stress.layout(value: value)
    #expect(layout.state == state)
    if state == .noData {
      #expect(layout.pointer == nil)
      #expect(layout.progress == nil)
      #expect(layout.pointerAngle == nil)
      #expect(layout.zone == nil)
      #expect(layout.readout == "—")
    } else {
      #expect(layout.pointer != nil)
    }
  }

  @Test func offScaleValuesPegThePointerAndKeepTheirReadout() throws {
    let below = try stress.layout(value: -12)
    #expect(below.progress == 0)
    #expect(below.pointerAngle == below.sectorLayout.arcStart)
    #expect(below.readout == "-12")
    #expect(below.zone?.label == "Relaxed")
    let above = try stress.layout(value: 140)
    #expect(above.progress == 1)
    #expect(above.pointerAngle == above.sectorLayout.arcEnd)
    #expect(above.readout == "140")
    #expect(above.zone?.label == "High")
  }

  @Test(arguments: [
    (0.0, "Relaxed"), (25, "Relaxed"), (25.0001, "Normal"), (26, "Normal"), (75, "Normal"),
    (75.5, "High"), (100, "High"),
  ])
  func zoneBoundsAreHalfOpenBelow(value: Double, zone: String) throws {
    #expect(try stress.layout(value: value).zone?.label == zone)
  }

  @Test func progressModeLightsSectorsUpToTheValue() throws {
    var gauge = stress
    gauge.fill = .progress
    let layout = try gauge.layout(value: 42)
    // Sector i is lit when its middle value (i + ½)/55·100 ≤ 42, i.e. i ≤ 22.6.
    #expect(layout.sectors.filter(\.lit).count == 23)
    #expect(layout.sectors.prefix(23).allSatisfy { $0.lit })
    #expect(try gauge.layout(value: nil).sectors.allSatisfy { !$0.lit })
    #expect(try gauge.layout(value: -1).sectors.allSatisfy { !$0.lit })
    #expect(try gauge.layout(value: 101).sectors.allSatisfy { $0.lit })
    #expect(layout.color(of: layout.sectors[30], style: .light) == Style.light.track)
    #expect(layout.color(of: layout.sectors[0], style: .light) == gauge.zones[0].color)
  }

  @Test func pointerAngleIsMonotonicInTheValue() throws {
    var previous = -Double.infinity
    for step in 0...1000 {
      let value = -10 + Double(step) * 0.12
      let angle = try #require(try stress.layout(value: value).pointerAngle)
      #expect(angle >= previous)
      previous = angle
    }
  }

  @Test func summaryNamesTheGaugeValueDomainAndZone() throws {
    #expect(try stress.layout(value: 42).summary == "Stress 42 of 0–100: Normal")
    #expect(try stress.layout(value: nil).summary == "Stress: no data (0–100)")
    #expect(try stress.layout(value: 120).summary == "Stress 120 of 0–100: above range (High)")
  }

  @Test(arguments: [(0, 400), (400, 0), (8193, 400), (-1, -1)])
  func rejectsUnusableSizes(width: Int, height: Int) {
    #expect(throws: GaugeError.self) { try stress.layout(value: 1, width: width, height: height) }
  }

  @Test func mutatedIntoABadStateThrowsInsteadOfTrapping() {
    var gauge = stress
    gauge.zones = []
    #expect(
      throws: GaugeError.invalidGauge([
        Diagnostic(path: "zones", message: "is empty; a gauge needs at least one zone")
      ])
    ) {
      try gauge.layout(value: 1)
    }
    gauge = stress
    gauge.ring.sectorCount = 0
    #expect(throws: GaugeError.self) { try gauge.layout(value: 1) }
  }

  /// Thousands of seeded random gauges and values: every invariant of the contract holds.
  @Test func invariantsHoldForRandomGauges() throws {
    var generator = SeededGenerator(seed: 20_261_122)
    for _ in 0..<3000 {
      let gauge = try randomGauge(&generator)
      let value: Double? =
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: nil
        case 1: .nan
        case 2: gauge.min - Double.random(in: 0...1000, using: &generator)
        case 3: gauge.max + Double.random(in: 0...1000, using: &generator)
        default: Double.random(in: gauge.min...gauge.max, using: &generator)
        }
      let side = Int.random(in: 1...2000, using: &generator)
      let layout = try gauge.layout(value: value, width: side, height: side)
      let sectors = layout.sectorLayout
      #expect(sectors.visibleCount >= 1)
      #expect(layout.sectors.count == sectors.visibleCount)
      // Contiguous, each one step wide, inside the visible arc.
      for (i, sector) in layout.sectors.enumerated() {
        #expect(sector.visibleIndex == i)
        #expect(sector.index == sectors.hiddenPerSide + i)
        let width = normalizedDegrees(sector.endAngle - sector.startAngle)
        #expect(
          abs(width - sectors.step) < 1e-9
            || (sectors.visibleCount == sectors.sectorCount && abs(width) < 1e-9
              && sectors.sectorCount == 1)
        )
        if i > 0 { #expect(sector.startAngle == layout.sectors[i - 1].endAngle) }
        let fromStart = normalizedDegrees(sector.startAngle - normalizedDegrees(sectors.arcStart))
        #expect(fromStart <= sectors.sweep - sectors.step + 1e-6 || fromStart > 360 - 1e-6)
        #expect(sector.startAngle >= 0 && sector.startAngle < 360)
        // Zone coverage: the sector's middle value lies in its zone.
        let middle = gauge.min + sectors.middleProgress(ofSector: i) * (gauge.max - gauge.min)
        let zone = gauge.zones[sector.zoneIndex]
        let lower =
          sector.zoneIndex == 0 ? -Double.infinity : gauge.zones[sector.zoneIndex - 1].upperBound
        #expect(middle <= zone.upperBound || sector.zoneIndex == gauge.zones.count - 1)
        #expect(middle > lower)
      }
      // Zone indices never go backwards.
      #expect(
        zip(layout.sectors, layout.sectors.dropFirst()).allSatisfy { $0.zoneIndex <= $1.zoneIndex })
      // The pointer shares the sectors' mapping and stays inside the ring's bounds.
      if let progress = layout.progress, let angle = layout.pointerAngle,
        let pointer = layout.pointer
      {
        #expect((0...1).contains(progress))
        #expect(angle >= sectors.arcStart - 1e-9 && angle <= sectors.arcEnd + 1e-9)
        let reach =
          layout.outerRadius
          * (gauge.pointer.outer * gauge.pointer.outer + gauge.pointer.width * gauge.pointer.width
          / 4).squareRoot()
        for corner in pointer.points {
          #expect(corner.x.isFinite && corner.y.isFinite)
          #expect(corner.distance(to: layout.center) <= reach + 1e-9)
        }
      }
      for label in layout.labels {
        #expect(label.position.x.isFinite && label.position.y.isFinite && label.fontSize.isFinite)
        #expect(label.fontSize > 0)
      }
    }
  }

  private func randomGauge(_ generator: inout SeededGenerator) throws -> Gauge {
    let min = Double.random(in: -1e6...1e6, using: &generator)
    let width = Double.random(in: 1e-3...1e6, using: &generator)
    let max = min + width
    let zoneCount = Int.random(in: 1...8, using: &generator)
    var bounds = (1..<zoneCount).map { _ in Double.random(in: min...max, using: &generator) }
      .sorted()
    bounds = bounds.filter { $0 > min && $0 < max }
    bounds = Array(Set(bounds)).sorted() + [max]
    let zones = bounds.enumerated().map { index, bound in
      Zone(
        label: "Z\(index)", color: Color(red: UInt8(index * 30), green: 100, blue: 50),
        upperBound: bound)
    }
    let sectorCount = Int.random(in: 1...3600, using: &generator)
    var buffer = Double.random(in: 0...179, using: &generator)
    // Keep at least one sector visible: shrink the buffer until it does.
    while SectorLayout(sectorCount: sectorCount, bufferAngle: buffer, gapCenter: 0) == nil {
      buffer /= 2
    }
    let inner = Double.random(in: 0...1, using: &generator)
    return try Gauge(
      title: "Random", min: min, max: max, zones: zones,
      ring: Ring(
        sectorCount: sectorCount, bufferAngle: buffer,
        gapCenter: Double.random(in: -720...720, using: &generator),
        innerRadius: Double.random(in: 0...0.95, using: &generator),
        sectorGap: Double.random(in: 0...0.2, using: &generator),
        cornerRadius: Double.random(in: 0...0.5, using: &generator)),
      fill: Bool.random(using: &generator) ? .zones : .progress,
      pointer: PointerStyle(
        inner: inner, outer: Double.random(in: inner...1.2, using: &generator),
        width: Double.random(in: 0...0.5, using: &generator)))
  }
}
