import GaugeKit
import Testing

/// WCAG 2.2 contrast, measured with its formula on every built-in preset's scenes: texts at
/// least 4.5:1 on the background; each lit sector either 3:1 on the background or outlined
/// by a halo that is; the pointer 3:1 on whatever it crosses or set in a background halo;
/// the no-data ring 3:1.
@Suite struct ContrastTests {
  static let cases: [(String, Theme)] = BuiltinPresets.names.flatMap { name in
    [(name, Theme.light), (name, .dark)]
  }

  /// An image following the viewer's scheme outlines what either scheme needs: the AQI's
  /// maroon (1.55:1 on the dark background) as well as its yellow (1.07:1 on white), and a
  /// light pointer over the stress gauge's orange.
  @Test(arguments: BuiltinPresets.names) func autoOutlinesWhatEitherSchemeNeeds(_ name: String)
    throws
  {
    let gauge = try BuiltinPresets.gauge(named: name)
    func halos(_ theme: Theme) throws -> (arcs: Set<Double>, pointer: Bool) {
      let scene = try gauge.scene(value: gauge.max, options: RenderOptions(theme: theme))
      var arcs = Set<Double>()
      var pointers = 0
      for item in scene.items {
        switch item {
        case .sector(let arc): arcs.insert(arc.sector.startAngle)
        case .polygon(let polygon) where polygon.isPointer: pointers += 1
        default: break
        }
      }
      return (arcs, pointers == 2)
    }
    let (light, dark, auto) = (try halos(.light), try halos(.dark), try halos(.auto))
    #expect(auto.arcs == light.arcs.union(dark.arcs))
    #expect(auto.pointer == (light.pointer || dark.pointer))
  }

  @Test(arguments: cases) func everyShapeAndTextStandsOut(_ name: String, _ theme: Theme) throws {
    let gauge = try BuiltinPresets.gauge(named: name)
    let style = theme == .dark ? gauge.darkStyle : gauge.style
    let backdrop = try #require(style.background)
    let middle = (gauge.min + gauge.max) / 2
    for value in [gauge.min, middle, gauge.max, nil] as [Double?] {
      let scene = try gauge.scene(value: value, options: RenderOptions(theme: theme))
      var haloed: [Double] = []
      var pointers: [ScenePolygon] = []
      for item in scene.items {
        switch item {
        case .text(let text):
          #expect(
            text.paint.color.contrast(with: backdrop) >= 4.5,
            "\(name) \(theme): \(text.role) \(text.paint.color.hex)")
        case .sector(let halo):
          #expect(halo.paint.color.contrast(with: backdrop) >= 3)
          haloed.append(halo.sector.startAngle)
          haloed.append(halo.sector.endAngle)
        case .polygon(let polygon) where polygon.isPointer: pointers.append(polygon)
        case .ring(let ring):
          for index in 0..<ring.count {
            let color = ring.paint(ofSector: index).color
            guard ring.isLit(index) || value == nil else { continue }
            guard color.contrast(with: backdrop) < 3 else { continue }
            // A weak sector lies inside a halo's span.
            let start = ring.boundary(index)
            let inside = stride(from: 0, to: haloed.count, by: 2).contains {
              haloed[$0] <= start + 1e-9 && start + ring.step <= haloed[$0 + 1] + 1e-9
            }
            #expect(inside, "\(name) \(theme) \(String(describing: value)): sector \(index)")
          }
        default: break
        }
      }
      if value == nil {
        #expect(pointers.isEmpty)
        #expect(GaugeScenes.noDataGrey.contrast(with: backdrop) >= 3)
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
}
