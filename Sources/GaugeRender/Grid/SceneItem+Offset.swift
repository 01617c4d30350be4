import GaugeGeometry

extension SceneItem {
  /// The same item moved by `dx`, `dy` pixels: a cell of a grid placed in the whole image.
  ///
  /// Edge cases:
  /// - Nothing but positions changes: sizes, angles and paints stay as they are.
  package func offset(dx: Double, dy: Double) -> SceneItem {
    func moved(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
    func moved(_ sector: SceneSector) -> SceneSector {
      var sector = sector
      sector.sector.center = moved(sector.sector.center)
      return sector
    }
    switch self {
    case .ring(var ring):
      ring.center = moved(ring.center)
      return .ring(ring)
    case .sectors(let sectors):
      return .sectors(sectors.map(moved))
    case .sector(let sector):
      return .sector(moved(sector))
    case .polygon(var polygon):
      polygon.points = polygon.points.map(moved)
      return .polygon(polygon)
    case .strokes(var strokes):
      strokes.segments = strokes.segments.map {
        Segment(from: moved($0.from), to: moved($0.to))
      }
      return .strokes(strokes)
    case .swatch(var swatch):
      swatch.origin = moved(swatch.origin)
      return .swatch(swatch)
    case .text(var text):
      text.position = moved(text.position)
      return .text(text)
    }
  }
}
