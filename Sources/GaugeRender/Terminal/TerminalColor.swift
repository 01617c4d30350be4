import GaugeGeometry
import GaugeSupport

/// How many colours a terminal shows. The only downgrade path is
/// truecolor → 256 → 16 → none.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable {
  /// 24-bit colour.
  case trueColor = "truecolor"
  /// The 256 xterm colours.
  case ansi256 = "256"
  /// The 16 ANSI colours.
  case ansi16 = "16"
  /// No colour: shapes and patterns only.
  case none
}

extension ColorDepth {
  /// The depth a terminal calls for, decided from its environment in this order (first match
  /// wins):
  ///
  /// 1. `NO_COLOR` set and not empty → none (unless `forcingColor`).
  /// 2. `FORCE_COLOR` set: `0` or `false` → none; `1` → 16, `2` → 256, `3` → truecolor;
  ///    any other value → colour at the depth the terminal advertises (steps 5–7).
  /// 3. The output is not a terminal → none (unless `forcingColor`).
  /// 4. `TERM=dumb` → none (unless `forcingColor`).
  /// 5. `COLORTERM=truecolor` or `24bit` → truecolor.
  /// 6. `TERM` containing `256color` → 256.
  /// 7. Otherwise → 16.
  ///
  /// - Parameter forcingColor: draw in colour whatever steps 1, 3 and 4 say, as a
  ///   `--color always` flag asks.
  package static func detect(
    environment: [String: String], isTerminal: Bool, forcingColor: Bool = false
  ) -> ColorDepth {
    let mayDecline = !forcingColor
    if mayDecline, let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    if let force = environment["FORCE_COLOR"] {
      switch force.lowercased() {
      case "0", "false": return .none
      case "1": return .ansi16
      case "2": return .ansi256
      case "3": return .trueColor
      default: return advertised(environment)
      }
    }
    if mayDecline {
      if !isTerminal { return .none }
      if environment["TERM"] == "dumb" { return .none }
    }
    return advertised(environment)
  }

  private static func advertised(_ environment: [String: String]) -> ColorDepth {
    let colorTerm = environment["COLORTERM"]?.lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if environment["TERM"]?.contains("256color") == true { return .ansi256 }
    return .ansi16
  }
}

/// A colour as a terminal draws it.
package enum TerminalColor: Sendable, Hashable {
  /// The terminal's own foreground (or background): always visible, whatever its theme.
  case terminalDefault
  /// One of the 16 ANSI colours, 0...15.
  case ansi16(UInt8)
  /// One of the 256 xterm colours.
  case ansi256(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  /// Appends the SGR parameters selecting this as the foreground (or background).
  package func appendSGR(background: Bool, to out: inout [UInt8]) {
    func number(_ value: Int) {
      if value >= 100 { out.append(UInt8(ascii: "0") + UInt8(value / 100)) }
      if value >= 10 { out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
      out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
    switch self {
    case .terminalDefault:
      number(background ? 49 : 39)
    case .ansi16(let index):
      let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      number(base + Int(index % 8))
    case .ansi256(let index):
      out.append(contentsOf: (background ? "48;5;" : "38;5;").utf8)
      number(Int(index))
    case .rgb(let r, let g, let b):
      out.append(contentsOf: (background ? "48;2;" : "38;2;").utf8)
      number(Int(r))
      out.append(UInt8(ascii: ";"))
      number(Int(g))
      out.append(UInt8(ascii: ";"))
      number(Int(b))
    }
  }

}

/// Turns colours into what a terminal of some depth can show.
package enum ColorQuantizer {
  /// xterm's 16 colours as most terminals show them by default.
  package static let ansi16Palette: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The 6 levels of xterm's 6×6×6 colour cube.
  package static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// Distance between two colours, weighted for how eyes see red and blue ("redmean").
  package static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let meanRed = (a.0 + b.0) / 2
    let dr = a.0 - b.0
    let dg = a.1 - b.1
    let db = a.2 - b.2
    // Parenthesised in full: in Swift, >> binds tighter than *.
    return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
  }

  /// The candidates at a depth, nearest first.
  package static func candidates(for color: Color, depth: ColorDepth) -> [TerminalColor] {
    let target = (Int(color.red), Int(color.green), Int(color.blue))
    switch depth {
    case .none:
      return [.terminalDefault]
    case .trueColor:
      return [.rgb(color.red, color.green, color.blue)]
    case .ansi16:
      return ansi16Palette.indices.sorted {
        let a = ansi16Palette[$0]
        let b = ansi16Palette[$1]
        return (distance(target, (Int(a.0), Int(a.1), Int(a.2))), $0)
          < (distance(target, (Int(b.0), Int(b.1), Int(b.2))), $1)
      }.map { .ansi16(UInt8($0)) }
    case .ansi256:
      // The cube and the grey ramp (16...255); the first 16 vary between terminals.
      return (16...255).map { index -> (Int, Int) in
        (distance(target, rgb256(index)), index)
      }.sorted { $0 < $1 }.map { .ansi256(UInt8($0.1)) }
    }
  }

  /// The RGB value of xterm colour `index` (16...255).
  package static func rgb256(_ index: Int) -> (Int, Int, Int) {
    if index >= 232 {
      let level = 8 + 10 * (index - 232)
      return (level, level, level)
    }
    let cube = index - 16
    return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
  }

  /// Quantizes a palette so that different colours stay different: each takes its nearest
  /// candidate not already taken by an earlier, different colour. In 16 colours the whole
  /// palette is matched at once by hue (see `ansi16Distinct`).
  package static func distinct(_ colors: [Color], depth: ColorDepth) -> [TerminalColor] {
    if depth == .ansi16 { return ansi16Distinct(colors) }
    var taken: [Color: TerminalColor] = [:]
    var used: Set<TerminalColor> = []
    return colors.map { color in
      if let known = taken[color] { return known }
      let options = candidates(for: color, depth: depth)
      let chosen = options.first { !used.contains($0) } ?? options[0]
      taken[color] = chosen
      used.insert(chosen)
      return chosen
    }
  }
}
