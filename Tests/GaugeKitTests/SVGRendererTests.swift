import Foundation
import GaugeTestSupport
import GaugeText
import Testing

@testable import GaugeKit

@Suite struct SVGRendererTests {
  let stress: Gauge

  init() throws {
    stress = try BuiltinPresets.gauge(named: "stress")
  }

  @Test(
    arguments: [
      ("stress-42", 42.0, RenderOptions()),
      ("stress-nodata", nil, RenderOptions()),
      ("stress-above-dark", 130, RenderOptions(theme: .dark)),
      ("stress-below-200-nolabels", -5, RenderOptions(width: 200, height: 200, showLabels: false)),
      (
        "stress-42-auto-animated", 42,
        RenderOptions(theme: .auto, animation: SVGAnimation(from: 0, duration: 0.5))
      ),
    ] as [(String, Double?, RenderOptions)])
  func goldens(name: String, value: Double?, options: RenderOptions) throws {
    let svg = try stress.svg(value: value, options: options)
    try assertGolden(svg, named: name + ".svg", test: "SVGRendererTests")
  }

  @Test func sameInputGivesTheSameBytes() throws {
    let options = RenderOptions(theme: .auto, animation: SVGAnimation(from: 10))
    #expect(try stress.svg(value: 42, options: options) == stress.svg(value: 42, options: options))
    // The scope name follows the content, so two different gauges on one page do not clash.
    let a = try stress.svg(value: 42, options: options)
    let b = try stress.svg(value: 43, options: options)
    #expect(scope(of: a) != scope(of: b))
    #expect(scope(of: a)?.count == 9)
  }

  private func scope(of svg: String) -> String? {
    guard let range = svg.firstRange(of: "class=\"g") else { return nil }
    return String(svg[svg.index(range.upperBound, offsetBy: -1)...].prefix(9))
  }

  @Test func accessibleNameAndDescription() throws {
    let svg = try stress.svg(value: 42)
    #expect(
      svg.hasPrefix(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="Stress 42 of 0–100: Normal">"#
      ))
    #expect(svg.contains("<title>Stress 42 of 0–100: Normal</title>\n"))
    #expect(
      svg.contains(
        "<desc>Gauge from 0 to 100 in 3 zones: Relaxed up to 25, Normal up to 75, High up to 100.</desc>\n"
      ))
    #expect(svg.contains(#"<g aria-hidden="true">"#))
  }

  @Test func numbersHaveAtMostTwoDecimalsNoExponentNoNegativeZero() throws {
    for value in [0.0, 42, 100, -5, 130, .nan] {
      for options in [
        RenderOptions(),
        RenderOptions(width: 333, height: 171, theme: .auto, animation: SVGAnimation()),
      ] {
        let svg = try stress.svg(value: value, options: options)
        for number in numbers(in: svg) {
          #expect(!number.hasPrefix("-0") || number.hasPrefix("-0."), "\(number)")
          #expect(number != "-0")
          if let dot = number.firstIndex(of: ".") {
            #expect(number[number.index(after: dot)...].count <= 2, "\(number)")
            #expect(!number.hasSuffix("0"), "trailing zero in \(number)")
          }
        }
        #expect(
          !svg.contains("e+") && !svg.contains("e-0") && !svg.contains("nan")
            && !svg.contains("inf"))
      }
    }
  }

  /// Numeric tokens in attribute values and the style sheet (not in text content).
  private func numbers(in svg: String) -> [String] {
    var result: [String] = []
    var current = ""
    var inText = false
    for character in svg {
      if character == ">" { inText = true }
      if character == "<" { inText = false }
      if !inText
        && (character.isNumber || character == "." || (character == "-" && current.isEmpty))
      {
        current.append(character)
      } else {
        if current.contains(where: \.isNumber) { result.append(current) }
        current = ""
      }
    }
    return result
  }

  @Test func presetTextCannotInjectMarkup() throws {
    var gauge = stress
    gauge.title = #"</text><script>alert("x")</script>&'"#
    gauge.zones[0].label = "Bad\u{0}\u{1B}[31m\u{FFFF}zone<"
    gauge.readout.suffix = "\"/><a href='x'>"
    let svg = try gauge.svg(value: 42)
    #expect(!svg.contains("<script"))
    #expect(!svg.contains("<a "))
    #expect(
      svg.contains("&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;"))
    #expect(svg.contains("Bad[31mzone&lt;"))
    #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func noForbiddenControlReachesTheImage() throws {
    var gauge = stress
    // DEL, C1 controls (U+009B is a one-byte CSI) and the Unicode line breaks; "°" and "…"
    // share their first UTF-8 bytes with the C1 controls and U+2028, and must stay.
    gauge.title = "a\u{7F}b\u{9B}31m\u{85}c\u{2028}d\u{2029}e ° …"
    let svg = try gauge.svg(value: 42)
    #expect(svg.contains("ab31mc d e ° …"))
    #expect(
      !svg.unicodeScalars.contains { $0 != "\n" && InvisibleScalars.isForbiddenControl($0) })
  }

  @Test func animatedImageKeepsTheFinalStateAsItsOwnStyle() throws {
    let svg = try stress.svg(
      value: 42, options: RenderOptions(animation: SVGAnimation(from: 0, duration: 1)))
    // The final readout is an ordinary visible text; earlier frames are hidden by default.
    let size = FixedDecimal.string(try stress.layout(value: 42).labels[0].fontSize, decimals: 2)
    #expect(
      svg.contains(
        #"<text class="z" x="200" y="200" dy=".35em" font-size="\#(size)" font-weight="700" style="animation-duration:"#
      ))
    #expect(svg.contains(">42</text>"))
    #expect(svg.contains("{visibility:hidden;animation:"))
    #expect(svg.contains("@media (prefers-reduced-motion:reduce)"))
    // Frames count along the easing curve: easeOut runs ahead of a linear count.
    let timeline = try GaugeTimeline(
      gauge: stress, from: 0, to: 42,
      options: AnimationOptions(duration: 1, easing: .easeOut, stagger: 0.012))
    let frames = timeline.readoutFrames()
    #expect(frames.first?.text == "0")
    #expect(frames.last?.text == "42")
    let atHalf = frames.last { $0.start <= 0.5 }
    #expect(atHalf?.text == "37")
  }

  @Test func noScopeOrStyleSheetForAPlainStaticImage() throws {
    let svg = try stress.svg(value: 42)
    #expect(!svg.contains("<style>"))
    #expect(!svg.contains("class=\"g"))
  }

  /// Tick marks are strokes: with `--theme auto`, the dark scheme recolours their stroke
  /// (class "ls"), as a fill rule on "l" would not.
  @Test func autoRecoloursTickStrokesInTheDarkScheme() throws {
    let speed = try BuiltinPresets.gauge(named: "speed")
    let svg = try speed.svg(value: 96, options: RenderOptions(theme: .auto))
    let scope = try #require(svg.firstRange(of: "<style>@media (prefers-color-scheme:dark){."))
    let name = svg[scope.upperBound...].prefix { $0 != " " }
    #expect(svg.contains(".\(name) .ls{stroke:#AEAEB2}"))
    #expect(svg.contains("<path class=\"ls\" fill=\"none\" stroke=\"#6C6C70\""))
    let light = try speed.svg(value: 96, options: RenderOptions(theme: .light))
    #expect(!light.contains("class=\"ls\""))
  }

  @Test(arguments: [(0, 400), (400, 8193)])
  func rejectsBadSizes(width: Int, height: Int) {
    #expect(
      throws: GaugeError.invalidSize(
        "size \(width)×\(height) is out of range; width and height must be 1...8192")
    ) {
      try stress.svg(value: 1, options: RenderOptions(width: width, height: height))
    }
  }
}

@Suite struct PreparedRendererTests {
  /// A readout in printable ASCII is drawn in the one face that has all of ASCII, so a
  /// prepared renderer names that face's family for every such readout from "0"'s, worked
  /// out once: with a caller's font first, its images still name it as an unprepared image
  /// does, and a readout outside ASCII (Arabic digits) still has its own looked up.
  @Test func aCallersFontNamesTheReadoutsFamilyInPreparedImages() throws {
    let file = FileManager.default.contents(
      atPath: "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf")
    let fonts = try FontSet(fontFiles: [[UInt8](try #require(file))], systemFonts: false)
    var stress = try BuiltinPresets.gauge(named: "stress")
    var arabic = stress
    arabic.readout.locale = try GaugeLocale("ar-EG")
    stress.readout.decimals = 1
    let options = RenderOptions(fonts: fonts)
    for gauge in [stress, arabic] {
      let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
      for value in [nil, -3, 0, 42, 99.5, 250] as [Double?] {
        #expect(
          try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options))
      }
    }
    let readout = try GaugeSVGRenderer(gauge: stress, options: options).svg(value: 42)
    #expect(
      readout.contains(
        ##"font-weight="700" font-family="'Noto Sans','DejaVu Sans',Verdana,Arial,sans-serif" fill="#1C1C1E">42.0</text>"##
      ))
  }

  @Test func preparedImagesAreByteForByteTheOneShotImages() throws {
    var stress = try BuiltinPresets.gauge(named: "stress")
    var progress = stress
    progress.fill = .progress
    progress.ring.cornerRadius = 0.02
    stress.labels.ticks = 4
    let optionSets = [
      RenderOptions(),
      RenderOptions(width: 240, height: 160, theme: .auto, title: "Mood"),
      RenderOptions(theme: .dark, background: .none, showLabels: false),
      RenderOptions(theme: .auto, animation: SVGAnimation(from: 10, duration: 0.8)),
    ]
    for gauge in [stress, progress] {
      for options in optionSets {
        let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
        for value in [nil, .nan, -7, 0, 12.5, 42, 75.5, 100, 130] as [Double?] {
          #expect(
            try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options))
        }
      }
    }
  }

  /// Markers, threshold marks, a reference and a range: a prepared renderer lays out their
  /// fixed parts once per state and copies its template's elements, and must still draw
  /// exactly what one call draws, at every value and state.
  @Test func preparedMarkedImagesAreByteForByteTheOneShotImages() throws {
    var marked = try BuiltinPresets.gauge(named: "stress")
    marked.markers = [
      GaugeMarker(value: 30, label: "Goal"), GaugeMarker(value: 85, label: "Limit"),
    ]
    marked.thresholdMarkers = true
    var referenceOnly = try BuiltinPresets.gauge(named: "aqi")
    referenceOnly.increaseMeans = .bad
    var withReference = RenderOptions()
    withReference.reference = 35
    withReference.range = 30...55
    var small = RenderOptions(width: 160, height: 160, theme: .auto)
    small.reference = 130
    var dark = RenderOptions(theme: .dark)
    dark.reference = -5
    dark.range = 90...120
    for gauge in [marked, referenceOnly] {
      for options in [RenderOptions(), withReference, small, dark] {
        let renderer = try GaugeSVGRenderer(gauge: gauge, options: options)
        for value in [nil, .nan, -7, 0, 12.5, 35, 42, 75.5, 100, 130, 480] as [Double?] {
          #expect(
            try renderer.svg(value: value) == gauge.svgFromScratch(value: value, options: options),
            "\(gauge.name ?? "") \(String(describing: value))")
        }
      }
    }
  }

  @Test func preparingChecksTheGaugeAndOptions() throws {
    var gauge = try BuiltinPresets.gauge(named: "stress")
    #expect(throws: GaugeError.self) {
      try GaugeSVGRenderer(gauge: gauge, options: RenderOptions(width: 0))
    }
    #expect(throws: GaugeError.self) {
      try GaugeSVGRenderer(
        gauge: gauge, options: RenderOptions(animation: SVGAnimation(duration: 61)))
    }
    gauge.zones = []
    #expect(throws: GaugeError.self) { try GaugeSVGRenderer(gauge: gauge) }
  }
}
