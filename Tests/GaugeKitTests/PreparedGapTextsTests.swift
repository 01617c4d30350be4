import Testing

@testable import GaugeKit
@testable import GaugeModel
@testable import GaugeRender

/// A static prepared renderer writes each state's texts in the gap (the status, the scale's
/// end labels, the title) once (`PreparedGapTexts`), and its images' scenes leave them out
/// (`GapTextRuns`). These hold that path to the bytes of an image drawn from scratch where
/// it could go wrong, and pin which texts it takes.
@Suite struct PreparedGapTextsTests {
  /// Every state, through one prepared renderer and from scratch; `takesThePath` says
  /// whether the renderer writes gap texts once at all (so a case cannot pass by leaving
  /// the path off).
  func expectSameImages(
    _ gauge: Gauge, _ options: RenderOptions, _ name: String, takesThePath: Bool = true,
    values: [Double?] = [nil, .nan, -7, 0, 0.5, 12.5, 42, 99.5, 100, 130]
  ) throws {
    var scenes = try GaugeScenes(gauge: gauge, options: options, repeated: true)
    #expect((PreparedGapTexts(scenes: &scenes) != nil) == takesThePath, "\(name)")
    let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
    for value in values {
      #expect(
        try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options),
        "\(name) \(String(describing: value))")
    }
  }

  /// The stress gauge's normal state leaves out its end labels and title, in that order,
  /// right after the readout and the zone's name; an off-scale state its status too.
  @Test func aSceneLeavesOutTheGapsTextsAndSaysWhere() throws {
    var scenes = try GaugeScenes(
      gauge: try BuiltinPresets.gauge(named: "stress"), options: RenderOptions(), repeated: true)
    #expect(PreparedGapTexts(scenes: &scenes) != nil)
    #expect([GaugeState.normal, .below, .above, .noData].allSatisfy(scenes.gapTextRuns.has))
    for (value, roles) in [
      (42.0, [TextRole.start, .end, .title]), (130, [.status, .start, .end, .title]),
    ] {
      var leftOut = LeftOutParts()
      let without = scenes.scene(
        value: value, timeline: nil, leavingOut: .gapTexts, leftOut: &leftOut)
      var nothing = LeftOutParts()
      let whole = scenes.scene(value: value, timeline: nil, leavingOut: [], leftOut: &nothing)
      let slot = try #require(leftOut.gapTexts)
      #expect(nothing.gapTexts == nil)
      #expect(whole.items.count - without.items.count == roles.count)
      let left = whole.items[slot.index..<(slot.index + roles.count)].map { item -> TextRole? in
        guard case .text(let text) = item else { return nil }
        return text.role
      }
      #expect(left == roles)
      // Everything else is the same, in the same order.
      #expect(Array(whole.items[..<slot.index]) == Array(without.items[..<slot.index]))
      #expect(
        Array(whole.items[(slot.index + roles.count)...]) == Array(without.items[slot.index...]))
    }
  }

  /// Titles in other scripts and directions, text that needs escaping, locale digits, the
  /// ends' own labels, small sizes where the status and the ends compete, both themes, no
  /// labels, no title.
  @Test func everyStateMatchesTheOneShotImage() throws {
    let stress = try BuiltinPresets.gauge(named: "stress")
    var japanese = stress
    japanese.title = "ストレス 東京"
    var arabic = stress
    arabic.title = "الضغط اليومي"
    arabic.readout.locale = try GaugeLocale("ar-EG")
    var escaped = stress
    escaped.title = "R&D <\"load\">"
    escaped.labels.start = "Calm & low"
    escaped.labels.end = "<max>"
    var untitled = stress
    untitled.title = nil
    for (gauge, name) in [
      (stress, "stress"), (japanese, "japanese"), (arabic, "arabic"), (escaped, "escaped"),
      (untitled, "untitled"),
    ] {
      for options in [
        RenderOptions(), RenderOptions(width: 120, height: 120),
        RenderOptions(width: 240, height: 160, theme: .auto, title: "Mood"),
        RenderOptions(theme: .dark, background: .none, showLabels: false),
      ] {
        try expectSameImages(gauge, options, "\(name) \(options.width)×\(options.height)")
      }
    }
  }

  /// Tick numbers with the scale's ends among them, right after the title: the first joins
  /// the title's run, which stands only in an image whose pointer cleared no number. A
  /// pointer reaching into the numbers clears some; those images draw their own texts.
  @Test func tickNumbersAtTheEndsMatchTheOneShotImage() throws {
    let speed = try BuiltinPresets.gauge(named: "speed")
    var long = speed
    long.pointer.inner = 0.5
    let options = RenderOptions()
    var scenes = try GaugeScenes(gauge: long, options: options, repeated: true)
    #expect(PreparedGapTexts(scenes: &scenes) != nil)
    // Pegged at either end, the pointer lies across a number in every image of the state:
    // those states draw their own texts. A value between two numbers wrote the normal
    // state's.
    #expect(
      [GaugeState.normal, .below, .above, .noData].map(scenes.gapTextRuns.has)
        == [true, false, false, true])
    let values = [nil, -10] + stride(from: 0.0, through: 240, by: 4).map { $0 } + [300]
    // The long pointer clears numbers in some images, and none in others.
    let placedCount = try #require(scenes.placed?[.normal]).count
    let clearing = values.filter { value in
      guard let value, (0...240).contains(value) else { return false }
      return long.checkedLayout(
        value: value, width: 400, height: 400, placed: scenes.placed,
        placement: scenes.placement
      ).labels.count < placedCount
    }
    #expect(!clearing.isEmpty && clearing.count < 61)
    for gauge in [speed, long] {
      for size in [120, 400] {
        let options = RenderOptions(width: size, height: size)
        let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
        for value in values {
          #expect(
            try renderer.svg(value: value)
              == gauge.svgFromScratch(value: value, options: options),
            "\(gauge.pointer.inner) \(size) \(String(describing: value))")
        }
      }
    }
  }

  /// Zone labels move with the pointer, so their gauges place every text per image and
  /// leave none out.
  @Test func zoneLabelsTurnThePathOff() throws {
    var zoned = try BuiltinPresets.gauge(named: "stress")
    zoned.labels.zones = true
    var scenes = try GaugeScenes(gauge: zoned, options: RenderOptions(), repeated: true)
    #expect(scenes.gapTextRuns.isEmpty)
    #expect(PreparedGapTexts(scenes: &scenes) == nil)
    try expectSameImages(zoned, RenderOptions(), "zone labels", takesThePath: false)
  }

  /// A progress gauge that wraps into further laps: its texts are the same in every lap.
  @Test func lapsMatchTheOneShotImage() throws {
    var laps = try BuiltinPresets.gauge(named: "stress")
    laps.fill = .progress
    laps.wrap = true
    try expectSameImages(
      laps, RenderOptions(), "laps", values: [nil, 0, 42, 100, 100.5, 130, 250, 1e9])
  }

  /// A domain so wide that a span past its end is more than a Double holds: the values
  /// below the scale still have their texts placed once, as one call places them.
  @Test func aDomainAtTheEdgeOfDoubleMatchesTheOneShotImage() throws {
    var wide = try BuiltinPresets.gauge(named: "speed")
    wide.min = -1e308
    wide.max = 0
    wide.zones = [
      Zone(label: "Low", color: Color(red: 0x34, green: 0xC7, blue: 0x59), upperBound: -1e307),
      Zone(label: "High", color: Color(red: 0xFF, green: 0x3B, blue: 0x30), upperBound: 0),
    ]
    try expectSameImages(
      wide, RenderOptions(), "wide",
      values: [nil, -.greatestFiniteMagnitude, -1.5e308, -1e308, -5e307, 0, 1, .infinity])
  }

  /// A prepared renderer's layouts keep the state's placed texts and the reading's own
  /// apart (`LayoutLabels`); every text read from them is the one a layout placed from
  /// scratch holds, and they compare and hash as those.
  @Test func aReadingsTextsKeptApartAreTheTextsPlacedFromScratch() throws {
    var namesAnotherZone = 0
    var zoned = try BuiltinPresets.gauge(named: "stress")
    zoned.readout.showsZone = true
    zoned.readout.suffix = " pts"
    let gauges = try ["stress", "heart-rate", "glucose", "battery"].map {
      ($0, try BuiltinPresets.gauge(named: $0))
    }
    for (name, gauge) in gauges + [("stress, zone and unit", zoned)] {
      let scenes = try GaugeScenes(gauge: gauge, options: RenderOptions(), repeated: true)
      var apart = 0
      // Off the scale, without data, and the top of every zone: the zone's name changes.
      let values = [nil, gauge.min - 5, gauge.min, gauge.max + 1] + gauge.zones.map(\.upperBound)
      for value in values {
        let prepared = scenes.gauge.checkedLayout(
          value: value, width: 400, height: 400, placed: scenes.placed,
          placement: scenes.placement)
        let scratch = scenes.gauge.checkedLayout(value: value, width: 400, height: 400)
        let context = "\(name) \(String(describing: value))"
        #expect(prepared.labels == scratch.labels, "\(context)")
        #expect(prepared.texts == scratch.texts, "\(context)")
        #expect(prepared.texts.hashValue == scratch.texts.hashValue, "\(context)")
        #expect(prepared.texts.indices.map { prepared.texts[$0] } == scratch.labels, "\(context)")
        #expect(
          prepared.texts.indices.map(prepared.texts.role(at:)) == scratch.labels.map(\.role),
          "\(context)")
        #expect(scratch.texts.reading == nil, "\(context)")
        if prepared.texts.reading != nil { apart += 1 }
        if scratch.labels.contains(where: { $0.role == .currentZone && $0.zoneIndex != 0 }) {
          namesAnotherZone += 1
        }
      }
      // Every state's texts were placed once, so each reading's are kept apart.
      #expect(apart == values.count, "\(name)")
    }
    // Some readings name a zone other than the first, for which the state was placed.
    #expect(namesAnotherZone > 0)
  }

  /// A reading's texts stand in for the placed texts of their roles only, and a unit or a
  /// zone the reading does not have leaves the placed one.
  @Test func aReadingsTextsStandInByRole() {
    func label(_ role: TextRole, _ text: String, zone: Int? = nil) -> GaugeLabel {
      GaugeLabel(
        role: role, text: text, position: Point(x: 1, y: 2), fontSize: 10, anchor: .middle,
        zoneIndex: zone)
    }
    let placed = [
      label(.readout, "0"), label(.unit, "%"), label(.currentZone, "Low", zone: 0),
      label(.title, "Stress"),
    ]
    let reading = ReadingLabels(
      readout: label(.readout, "42"), unit: label(.unit, "kPa"), zone: (index: 2, name: "High"))
    #expect(
      LayoutLabels(state: placed, reading: reading).all == [
        label(.readout, "42"), label(.unit, "kPa"), label(.currentZone, "High", zone: 2),
        label(.title, "Stress"),
      ])
    let bare = ReadingLabels(readout: label(.readout, "7"), unit: nil, zone: nil)
    let texts = LayoutLabels(state: placed, reading: bare)
    #expect(texts.all == [label(.readout, "7")] + placed.dropFirst())
    #expect(texts == LayoutLabels([label(.readout, "7")] + placed.dropFirst()))
    #expect(texts != LayoutLabels(placed))
    #expect(texts.count == 4 && texts[3] == label(.title, "Stress"))
  }

  @Test func runsAreFoundInEachStatesLabels() {
    func labels(_ roles: [TextRole]) -> [GaugeLabel] {
      roles.map {
        GaugeLabel(role: $0, text: "x", position: Point(x: 0, y: 0), fontSize: 10, anchor: .middle)
      }
    }
    let runs = GapTextRuns(placed: [
      // Ends in the gap, then tick numbers.
      .normal: labels([.readout, .currentZone, .start, .end, .title, .tick, .tick]),
      // The title, then tick numbers from the start: the first joins the run.
      .above: labels([.readout, .status, .title, .start, .tick, .end]),
      // No text in the gap.
      .noData: labels([.readout, .tick]),
    ])
    // An image with as many labels as its state placed: its run lies where the state's does.
    #expect(runs.run(.normal, labelCount: 7) == 2..<5)
    #expect(runs.run(.above, labelCount: 6) == 1..<4)
    // A label cleared anywhere, even after the run: the image draws its own texts.
    #expect(runs.run(.normal, labelCount: 6) == nil)
    #expect(runs.run(.above, labelCount: 5) == nil)
    #expect(runs.run(.noData, labelCount: 2) == nil)
    #expect(runs.run(.below, labelCount: 3) == nil)
    #expect(runs.has(.normal) && runs.has(.above) && !runs.has(.noData) && !runs.has(.below))
    #expect(!runs.isEmpty)
    var removed = runs
    removed.remove(.normal)
    removed.remove(.above)
    #expect(removed.isEmpty && !removed.has(.normal))
    #expect(GapTextRuns(placed: [.normal: labels([.readout, .tick])]).isEmpty)
    #expect(GapTextRuns().isEmpty)
  }
}
