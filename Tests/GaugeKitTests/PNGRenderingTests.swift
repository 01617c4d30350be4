import GaugeKit
import GaugeTestSupport
import Testing

@Suite struct PNGRenderingTests {
  let stress = try! BuiltinPresets.gauge(named: "stress")

  /// One pixel's red, green and blue in a decoded image (the reader widens RGB to RGBA).
  private func pixel(
    _ image: (width: Int, height: Int, colourType: UInt8, rgba: [UInt8]), _ x: Int, _ y: Int
  ) -> [UInt8] {
    let start = (y * image.width + x) * 4
    return Array(image.rgba[start..<(start + 3)])
  }

  @Test func stressAt42IsItsGolden() throws {
    try assertGolden(try stress.png(value: 42), named: "stress-42.png", test: "PNGRenderingTests")
  }

  /// The sweep as an APNG: every frame's sectors, pointer and counting readout (reviewed as a
  /// strip of its frames).
  @Test func theAnimatedStressGaugeIsItsGolden() throws {
    let options = RenderOptions(
      width: 160, height: 160, animation: SVGAnimation(from: 0, duration: 0.4))
    try assertGolden(
      try stress.png(value: 42, options: options), named: "stress-42-animated.png",
      test: "PNGRenderingTests")
  }

  /// A donut with slice labels and a legend: the pie's own texts and sectors in the PNG.
  @Test func aDonutIsItsGolden() throws {
    let chart = PieChart(
      items: [
        PieItem(label: "Housing", value: 1200), PieItem(label: "Food", value: 450),
        PieItem(label: "Transport", value: 230), PieItem(label: "Savings", value: 600),
      ], title: "Budget", innerRadiusRatio: 0.55, sliceLabels: .percent, legend: .bottom)
    try assertGolden(
      try chart.png(options: RenderOptions(width: 240, height: 240)), named: "budget-donut.png",
      test: "PNGRenderingTests")
  }

  @Test func thePictureIsTheScene() throws {
    let image = try PNGReader(try stress.png(value: 42)).image()
    #expect(image.width == 400 && image.height == 400)
    // Opaque, so written as RGB.
    #expect(image.colourType == 2)
    // The background, the middle of the first (green) sector, the last (red) one, and the
    // pointer's axis half way along it.
    #expect(pixel(image, 3, 3) == [0xFF, 0xFF, 0xFF])
    let layout = try stress.layout(value: 42)
    let first = layout.sectors[0]
    let middle = Point(
      center: layout.center, radius: (layout.innerRadius + layout.outerRadius) / 2,
      degrees: first.startAngle + layout.sectorLayout.step / 2)
    #expect(pixel(image, Int(middle.x), Int(middle.y)) == [0x34, 0xC7, 0x59])
    let corners = try #require(layout.pointer?.points)
    let axis = Point(
      x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    #expect(pixel(image, Int(axis.x), Int(axis.y)) == [0x1C, 0x1C, 0x1E])
  }

  @Test func scaleTwoDoublesThePixels() throws {
    let image = try PNGReader(try stress.png(value: 42, scale: 2)).image()
    #expect(image.width == 800 && image.height == 800)
    #expect(pixel(image, 6, 6) == [0xFF, 0xFF, 0xFF])
  }

  @Test func sameInputGivesTheSameBytes() throws {
    let options = RenderOptions(width: 240, height: 160, theme: .dark)
    #expect(try stress.png(value: 77, options: options) == stress.png(value: 77, options: options))
  }

  @Test func sizesPastTheCapFailWithOneMessage() {
    #expect(
      throws: GaugeError.invalidSize(
        "size 10000×10000 at scale 2 is out of range; width and height times the scale must be "
          + "1...8192")
    ) { try stress.png(value: 1, options: RenderOptions(width: 5000, height: 5000), scale: 2) }
    #expect(throws: GaugeError.invalidOption("scale 0.1 is out of range; allowed: 0.25...8")) {
      try stress.png(value: 1, scale: 0.1)
    }
    #expect(throws: GaugeError.invalidOption("scale NaN is out of range; allowed: 0.25...8")) {
      try stress.png(value: 1, scale: .nan)
    }
  }

  /// Odd values draw a state; they never throw.
  @Test(arguments: [nil, .nan, .infinity, -1e308, 1e308] as [Double?])
  func oddValuesDrawAState(value: Double?) throws {
    let image = try PNGReader(
      try stress.png(value: value, options: RenderOptions(width: 120, height: 120))
    ).image()
    #expect(image.width == 120)
  }

  /// An animation is an APNG whose default image, shown by viewers without APNG, is the final
  /// state, and whose last frame is that state too.
  @Test func anAnimationEndsOnTheStillPicture() throws {
    let options = RenderOptions(
      width: 120, height: 120, animation: SVGAnimation(from: 0, duration: 0.5))
    let apng = try PNGReader(try stress.png(value: 80, options: options))
    // Sectors appear as the pointer passes them, so the sweep's 0.5 s is the whole
    // animation: 30 frames a second, both ends.
    let duration = try #require(try stress.scene(value: 80, options: options).timeline).duration
    let frames = UInt32((duration * 30).rounded(.up)) + 1
    #expect(frames == 16)
    let still = try PNGReader(
      try stress.png(value: 80, options: RenderOptions(width: 120, height: 120))
    ).image()
    #expect(apng.types.prefix(3) == ["IHDR", "acTL", "IDAT"])
    let control = try #require(apng.first("acTL"))
    #expect(PNGReader.bigEndian(control.data, 0) == frames)
    #expect(try apng.image().rgba == still.rgba)
    #expect(apng.types.filter { $0 == "fcTL" }.count == Int(frames))
  }

  @Test func aChartDrawsToo() throws {
    let chart = PieChart(
      items: [PieItem(label: "Rent", value: 1200), PieItem(label: "Food", value: 450)],
      innerRadiusRatio: 0.6)
    let image = try PNGReader(try chart.png(options: RenderOptions(width: 200, height: 200)))
      .image()
    #expect(image.width == 200)
    // Half way round the ring at 60°, inside the first slice: the palette's blue.
    let layout = try chart.layout(width: 200, height: 200)
    let inside = Point(
      center: layout.center, radius: (layout.innerRadius + layout.outerRadius) / 2, degrees: 60)
    #expect(pixel(image, Int(inside.x), Int(inside.y)) == [0x05, 0x7A, 0xB6])
  }
}
