import GaugeKit
import Testing

/// WCAG 2.2 contrast, measured with its formula on every built-in preset's scenes: texts at
/// least 4.5:1 on the background; each lit sector either 3:1 on the background or outlined
/// by a hairline in a shade of its own hue that is (one rule for every zone and theme); the
/// pointer 3:1 on whatever it crosses or set in a background halo; no data the empty track.
@Suite struct ContrastTests {
  static let cases: [(String, Theme)] = BuiltinPresets.names.flatMap { name in
    [(name, Theme.light), (name, .dark)]
  }

  /// The outline ring of a scene, if it has one.
  static func outline(_ scene: Scene) -> SceneRing? {
    for case .ring(let ring) in scene.items where ring.isOutline { return ring }
    return nil
  }

  /// An image following the viewer's scheme outlines in each scheme exactly what that
  /// theme on its own outlines, in the same colours: a dark viewer sees `--theme dark`.
  @Test(arguments: BuiltinPresets.names) func autoOutlinesAsEachThemeDoes(_ name: String)
    throws
  {
    let gauge = try BuiltinPresets.gauge(named: name)
    func colors(_ theme: Theme) throws -> (light: [Color], dark: [Color]) {
      let scene = try gauge.scene(value: gauge.max, options: RenderOptions(theme: theme))
      guard let ring = Self.outline(scene) else {
        let none = Color(red: 0, green: 0, blue: 0, alpha: 0)
        return ([Color](repeating: none, count: gauge.zones.count), [])
      }
      return (ring.palette.map(\.color), ring.darkPalette)
    }
    let (light, dark, auto) = (try colors(.light), try colors(.dark), try colors(.auto))
    #expect(auto.light == light.light)
    #expect(auto.dark == dark.light)
  }

  @Test(arguments: cases) func everyShapeAndTextStandsOut(_ name: String, _ theme: Theme) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let style = theme == .dark ? gauge.darkStyle : gauge.style
    let backdrop = try #require(style.background)
    let middle = (gauge.min + gauge.max) / 2
    for value in [gauge.min, middle, gauge.max, nil] as [Double?] {
      let scene = try gauge.scene(value: value, options: RenderOptions(theme: theme))
      let outline = Self.outline(scene)
      var pointers: [ScenePolygon] = []
      for item in scene.items {
        switch item {
        case .text(let text):
          #expect(
            text.paint.color.contrast(with: backdrop) >= 4.5,
            "\(name) \(theme): \(text.role) \(text.paint.color.hex)")
          if value == nil && text.role == .readout {
            // The placeholder is quiet: a caption's colour and weight.
            #expect(text.paint.color == style.label && text.weight == .regular)
          }
        case .polygon(let polygon) where polygon.isPointer: pointers.append(polygon)
        case .ring(let ring) where !ring.isOutline:
          if value == nil { #expect(ring.litCount == 0, "\(name): no data is the empty track") }
          for index in 0..<ring.count where ring.isLit(index) {
            let zone = ring.palette[ring.zones[index]].color
            let line = outline.map { $0.palette[ring.zones[index]].color }
            if zone.contrast(with: backdrop) >= 3 {
              #expect(line == nil || line?.alpha == 0, "\(name) \(theme): \(zone.hex) needs none")
              continue
            }
            let shade = try #require(line, "\(name) \(theme): sector \(index) needs an outline")
            #expect(shade.contrast(with: backdrop) >= 3, "\(name) \(theme): \(shade.hex)")
            // A shade of the zone's own hue: every channel moved the same way, darker on a
            // light backdrop and lighter on a dark one; never a neutral grey.
            let pairs = [(shade.red, zone.red), (shade.green, zone.green), (shade.blue, zone.blue)]
            if theme == .light {
              #expect(pairs.allSatisfy { $0.0 <= $0.1 }, "\(name): \(shade.hex) of \(zone.hex)")
            } else {
              #expect(pairs.allSatisfy { $0.0 >= $0.1 }, "\(name): \(shade.hex) of \(zone.hex)")
            }
            #expect(
              !(shade.red == shade.green && shade.green == shade.blue)
                || zone.red == zone.green
                  && zone.green == zone.blue
            )
          }
        default: break
        }
      }
      if value == nil {
        #expect(pointers.isEmpty)
      } else {
        let pointer = try #require(pointers.last).paint.color
        let crossed = gauge.zones.map(\.color) + [style.track]
        if crossed.contains(where: { $0.contrast(with: pointer) < 3 }) {
          #expect(pointers.count == 2, "\(name) \(theme): the pointer needs its halo")
          #expect(pointers[0].paint.color.contrast(with: pointer) >= 3)
        } else {
          #expect(pointers.count == 1)
        }
      }
    }
  }

  /// A transparent image has no pointer halo and no outlines (the page is unknown); on a
  /// mid-tone background the texts take black or white, whichever reads.
  @Test func backgroundNoneAndMidTones() throws {
    let gauge = try BuiltinPresets.gauge(named: "stress")
    let none = try gauge.scene(value: 82, options: RenderOptions(background: .none))
    #expect(Self.outline(none) == nil)
    #expect(none.items.filter { if case .polygon = $0 { true } else { false } }.count == 1)
    for (background, ink) in [
      (Color(red: 0x80, green: 0x80, blue: 0x80), Color(red: 0, green: 0, blue: 0)),
      (Color(red: 0x30, green: 0x60, blue: 0xA0), Color(red: 0xFF, green: 0xFF, blue: 0xFF)),
    ] {
      let scene = try gauge.scene(value: 82, options: RenderOptions(background: .color(background)))
      for case .text(let text) in scene.items {
        #expect(text.paint.color == ink, "\(text.role) on \(background.hex)")
        #expect(text.paint.color.contrast(with: background) >= 4.5)
      }
    }
  }
}
