import Testing

@testable import GaugeKit

@Suite struct SectorLayoutTests {
  /// The seed's stress model, pinned by the layout contract.
  @Test func stressModelMatchesTheContract() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let layout = try gauge.layout(value: 42)
    #expect(layout.sectorLayout.hiddenPerSide == 9)
    #expect(layout.sectorLayout.visibleCount == 55)
    #expect(rounded(normalizedDegrees(layout.sectorLayout.arcStart)) == 224.384)
    #expect(rounded(normalizedDegrees(layout.sectorLayout.arcEnd)) == 135.616)
    #expect(rounded(normalizedDegrees(try #require(layout.pointerAngle))) == 338.301)
    let counts = (0..<3).map { zone in layout.sectors.filter { $0.zoneIndex == zone }.count }
    #expect(counts == [14, 27, 14])
    #expect(layout.zone?.label == "Normal")
    #expect(layout.readout == "42")
    #expect(layout.sectors.first?.index == 9)
    #expect(layout.sectors.last?.index == 63)
  }

  @Test(
    arguments: [
      // N, β, expected H and V (nil: no sector would be visible)
      (73, 45.0, (9, 55)),
      (73, 0.0, (0, 73)),
      (72, 90.0, (18, 36)),  // a half circle
      (1, 0.0, (0, 1)),
      (3, 59.0, (0, 3)),  // 3·59/360 + ½ = 0.99 rounds down
      (3, 61.0, (1, 1)),
      (3600, 45.0, (450, 2700)),
      (10, 162.0, nil),  // 10·162/360 + ½ = 5 exactly: H = 5, V = 0
      (10, 161.0, (4, 2)),
    ] as [(Int, Double, (Int, Int)?)])
  func hiddenAndVisibleCounts(n: Int, beta: Double, expected: (hidden: Int, visible: Int)?) {
    let layout = SectorLayout(sectorCount: n, bufferAngle: beta, gapCenter: 180)
    #expect(layout?.hiddenPerSide == expected?.hidden)
    #expect(layout?.visibleCount == expected?.visible)
  }

  @Test func bufferThatHidesEverySectorIsNotALayout() {
    #expect(SectorLayout(sectorCount: 73, bufferAngle: 180, gapCenter: 180) == nil)
    #expect(SectorLayout(sectorCount: 2, bufferAngle: 90, gapCenter: 180) == nil)
    #expect(SectorLayout(sectorCount: 0, bufferAngle: 45, gapCenter: 180) == nil)
    #expect(SectorLayout(sectorCount: 3601, bufferAngle: 45, gapCenter: 180) == nil)
    #expect(SectorLayout(sectorCount: 73, bufferAngle: .nan, gapCenter: 180) == nil)
    #expect(SectorLayout(sectorCount: 73, bufferAngle: 45, gapCenter: .infinity) == nil)
  }

  @Test func minAndMaxMeetTheArcEdgesExactly() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let atMin = try gauge.layout(value: 0)
    let atMax = try gauge.layout(value: 100)
    #expect(atMin.pointerAngle == atMin.sectorLayout.angle(ofBoundary: 0))
    #expect(atMax.pointerAngle == atMax.sectorLayout.angle(ofBoundary: 55))
    #expect(atMin.sectors.first?.startAngle == normalizedDegrees(atMin.pointerAngle!))
    #expect(atMax.sectors.last?.endAngle == normalizedDegrees(atMax.pointerAngle!))
  }

  @Test func halfCircleGaugeSpansLeftToRight() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    gauge.ring = Ring(sectorCount: 72, bufferAngle: 90)
    let layout = try gauge.layout(value: 50)
    #expect(layout.sectorLayout.arcStart == 270)
    #expect(normalizedDegrees(layout.sectorLayout.arcEnd) == 90)
    #expect(layout.pointerAngle == 360)
    #expect(layout.pointer?.outerLeft.y ?? 0 < 200)
  }

  @Test(arguments: [(-0.0, 0.0), (360.0, 0.0), (-90.0, 270.0), (725.5, 5.5), (-1e-15, 0.0)])
  func normalisesAngles(input: Double, expected: Double) {
    let result = normalizedDegrees(input)
    #expect(result == expected)
    #expect(result.sign == .plus)
  }

  private func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }
}

@Suite struct TrigonometryTests {
  @Test(arguments: [0.0, 90, 180, 270, 360, -90, 720, 1e300, -1e300, 359.9999999999999, -1e-300])
  func quadrantsAreExactAndEveryAngleIsFinite(degrees: Double) {
    let (s, c) = sinCos(degrees: degrees)
    #expect(s.isFinite && c.isFinite)
    #expect(abs(s * s + c * c - 1) < 1e-12)
  }

  @Test func multiplesOfNinetyAreExact() {
    #expect(sinCos(degrees: 0) == (0, 1))
    #expect(sinCos(degrees: 90) == (1, 0))
    #expect(sinCos(degrees: 180) == (0, -1))
    #expect(sinCos(degrees: -90) == (-1, 0))
    #expect(sinCos(degrees: 450) == (1, 0))
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteAnglesGiveNaNNotATrap(degrees: Double) {
    let (s, c) = sinCos(degrees: degrees)
    #expect(s.isNaN && c.isNaN)
    let point = Point(center: Point(x: 1, y: 1), radius: 5, degrees: degrees)
    #expect(point.x.isNaN)
  }
}
