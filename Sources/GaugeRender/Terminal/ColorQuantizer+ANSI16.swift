import GaugeSupport

extension ColorQuantizer {
  /// The 16 colours a palette may take: all but black and white (each invisible on one of
  /// the two backgrounds) and bright black, the track's grey.
  package static let ansi16DataColors: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14]

  /// A palette in the 16 ANSI colours, each different colour on its own ANSI colour while
  /// there are enough (13, see `ansi16DataColors`).
  ///
  /// Terminals give the 16 colours their own shades, so nearness in RGB misleads: the AQI's
  /// purple is nearer xterm's grey than its magenta. Colours are matched by hue and lightness
  /// (`ansi16Cost`), and the whole palette at once: the cheapest pair of colour and ANSI
  /// colour is settled first, then the cheapest among the rest, so no colour takes another's
  /// natural match just because it comes first.
  ///
  /// Edge cases: a colour left over when every ANSI colour is taken gets its best match,
  /// shared; equal colours share one ANSI colour; ties go to the earlier colour, then the
  /// lower ANSI index, so the result is deterministic.
  package static func ansi16Distinct(_ colors: [Color]) -> [TerminalColor] {
    var unique: [Color] = []
    for color in colors where !unique.contains(color) { unique.append(color) }
    var pairs: [(cost: Double, color: Int, candidate: Int)] = []
    for (colorIndex, color) in unique.enumerated() {
      for (candidateIndex, ansi) in ansi16DataColors.enumerated() {
        pairs.append((ansi16Cost(color, ansi: Int(ansi)), colorIndex, candidateIndex))
      }
    }
    pairs.sort { ($0.cost, $0.color, $0.candidate) < ($1.cost, $1.color, $1.candidate) }
    var chosen = [Int?](repeating: nil, count: unique.count)
    var used = Set<Int>()
    for pair in pairs where chosen[pair.color] == nil && !used.contains(pair.candidate) {
      chosen[pair.color] = pair.candidate
      used.insert(pair.candidate)
    }
    let mapped = unique.indices.map { index -> TerminalColor in
      // Left over: the best match, whoever has it.
      let candidate =
        chosen[index] ?? pairs.first { $0.color == index }.map(\.candidate) ?? 0
      return .ansi16(ansi16DataColors[candidate])
    }
    return colors.map { color in mapped[unique.firstIndex(of: color) ?? 0] }
  }

  /// How poorly ANSI colour `ansi` stands for `color`: the hue difference (a half turn
  /// costs 3) plus the lightness difference (0...1) when both are chromatic; a grey for a
  /// chromatic colour or the reverse costs 2 plus the lightness difference.
  package static func ansi16Cost(_ color: Color, ansi: Int) -> Double {
    let (r, g, b) = ansi16Palette[ansi]
    let target = HueLightness(Int(color.red), Int(color.green), Int(color.blue))
    let candidate = HueLightness(Int(r), Int(g), Int(b))
    let lightness = abs(target.lightness - candidate.lightness)
    switch (target.hue, candidate.hue) {
    case (let a?, let b?):
      let turn = abs(a - b).truncatingRemainder(dividingBy: 360)
      return 3 * Swift.min(turn, 360 - turn) / 180 + lightness
    case (nil, nil):
      return lightness
    default:
      return 2 + lightness
    }
  }
}

/// A colour's hue in degrees (`nil` for a grey: chroma under 20%) and lightness, 0...1.
struct HueLightness {
  var hue: Double?
  var lightness: Double

  init(_ red: Int, _ green: Int, _ blue: Int) {
    let r = Double(red) / 255
    let g = Double(green) / 255
    let b = Double(blue) / 255
    let high = Swift.max(r, g, b)
    let low = Swift.min(r, g, b)
    let chroma = high - low
    lightness = (high + low) / 2
    guard chroma >= 0.2 else {
      hue = nil
      return
    }
    var degrees: Double
    if high == r {
      degrees = 60 * ((g - b) / chroma)
    } else if high == g {
      degrees = 60 * ((b - r) / chroma + 2)
    } else {
      degrees = 60 * ((r - g) / chroma + 4)
    }
    if degrees < 0 { degrees += 360 }
    hue = degrees
  }
}
