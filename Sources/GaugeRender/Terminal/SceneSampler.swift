import GaugeGeometry
import GaugeSupport

/// What a scene shows at a point, for a raster of coarse pixels: the topmost shape's pixel
/// kind. Texts are not sampled (a terminal writes them as characters), except the readout's
/// large digits, which a caller passes as `digits`.
package struct SceneSampler {
  package let scene: Scene
  /// The palette the pixels' `data` indices point into: the ring's zone colours, or each
  /// sector's colour in order.
  package let palette: [Color]
  /// How many of the ring's sectors have appeared (an animation's first draw).
  package var appearedSectors = Int.max
  /// How far round a chart's sweep has reached, 0...360.
  package var sweptAngle = 360.0
  /// Gaps narrower than this are left out rather than sampled into noise.
  package let minimumGap: Double
  package var digits = BigText.none

  private let ring: SceneRing?
  private let sectors: [SceneSector]
  private let polygons: [ScenePolygon]
  /// The reference's ghost pointer and the range's band: drawn in the track's colour, under
  /// the pointer, so they read as context rather than as the reading.
  private let ghosts: [ScenePolygon]
  private let bands: [SceneSector]
  /// A wrapping gauge's lap end, topmost first, each with what it shows: its zone's colour
  /// (an index into `palette`) for the end, the track for the shadow ahead of it.
  private let lapEnd: [(sector: AnnularSector, pixel: TerminalPixel)]

  package init(scene: Scene, minimumGap: Double) {
    self.scene = scene
    self.minimumGap = minimumGap
    var ring: SceneRing?
    var sectors: [SceneSector] = []
    var polygons: [ScenePolygon] = []
    var ghosts: [ScenePolygon] = []
    var bands: [SceneSector] = []
    var lapEnd: [SceneSector] = []
    for item in scene.items {
      switch item {
      case .ring(let found): ring = found
      case .sectors(let found): sectors += found
      case .sector(let found) where found.mark == .range: bands.append(found)
      case .sector(let found) where found.mark == .lap || found.mark == .lapShadow:
        lapEnd.append(found)
      case .sector(let found): sectors.append(found)
      case .polygon(let found) where found.mark == .reference: ghosts.append(found)
      case .polygon(let found): polygons.append(found)
      case .strokes, .swatch, .text: break
      }
    }
    self.ring = ring
    self.sectors = sectors
    self.polygons = polygons
    self.ghosts = ghosts
    self.bands = bands
    let palette = ring?.palette.map(\.color) ?? sectors.map(\.paint.color)
    self.palette = palette
    self.lapEnd = lapEnd.reversed().map { part in
      let zone = part.mark == .lap ? palette.firstIndex(of: part.paint.color) : nil
      return (part.sector, zone.map { TerminalPixel.data($0) } ?? TerminalPixel.track)
    }
  }

  /// The ring's sector under `point`, by index, or `nil`.
  package func ringSector(at point: Point) -> Int? {
    guard let ring else { return nil }
    return SectorHit.ringIndex(
      at: point, center: ring.center, innerRadius: ring.innerRadius,
      outerRadius: ring.outerRadius, start: ring.boundary(0), step: ring.step, count: ring.count,
      padWidth: ring.padWidth >= minimumGap ? ring.padWidth : 0)
  }

  /// The pointer's and marker's bounding box: only points inside it need the polygon tests.
  package var inkBox: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
    let corners = polygons.flatMap(\.points)
    guard !corners.isEmpty else { return (.infinity, -.infinity, .infinity, -.infinity) }
    return (
      corners.map(\.x).min()!, corners.map(\.x).max()!, corners.map(\.y).min()!,
      corners.map(\.y).max()!
    )
  }

  /// The pixel at `point`. `ringSector` is the ring's sector there when the caller sampled
  /// it ahead of time (-1 for none); `nil` samples it here.
  @inline(__always)
  package func pixel(
    at point: Point, ringSector known: Int32? = nil,
    box: (minX: Double, maxX: Double, minY: Double, maxY: Double)
  ) -> TerminalPixel {
    if digits.covers(point) { return .ink }
    if point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY {
      for polygon in polygons where convexPolygon(polygon.points, contains: point) {
        return .ink
      }
    }
    for ghost in ghosts where convexPolygon(ghost.points, contains: point) { return .track }
    for band in bands where band.sector.contains(point, padWidth: 0) { return .track }
    for part in lapEnd where part.sector.contains(point, padWidth: 0) { return part.pixel }
    if let ring {
      let index = known.map(Int.init) ?? ringSector(at: point) ?? -1
      guard index >= 0, index < appearedSectors, index < ring.count else { return .empty }
      return ring.isLit(index) ? .data(ring.zones[index]) : .track
    }
    return sectorPixel(at: point)
  }

  /// Which cells of a `rows` × `columns` frame show some of the pointer or the off-scale
  /// marker, row by row, sampled as `sampling` draws them.
  package func polygonCells(rows: Int, columns: Int, sampling: TerminalSampling) -> [Bool] {
    var cells = [Bool](repeating: false, count: rows * columns)
    let box = inkBox
    guard box.minX <= box.maxX, box.minY <= box.maxY else { return cells }
    let top = Swift.max(0, Int((box.minY / 2).rounded(.down)))
    let bottom = Swift.min(rows - 1, Int((box.maxY / 2).rounded(.down)))
    let left = Swift.max(0, Int(box.minX.rounded(.down)))
    let right = Swift.min(columns - 1, Int(box.maxX.rounded(.down)))
    guard top <= bottom, left <= right else { return cells }
    for row in top...bottom {
      for column in left...right {
        cells[row * columns + column] = (0..<sampling.down).contains { j in
          (0..<sampling.across).contains { i in
            let point = sampling.point(row: row, column: column, i: i, j: j)
            return polygons.contains { convexPolygon($0.points, contains: point) }
          }
        }
      }
    }
    return cells
  }

  private func sectorPixel(at point: Point) -> TerminalPixel {
    guard !sectors.isEmpty, point.x.isFinite, point.y.isFinite else { return .empty }
    let center = sectors[0].sector.center
    let bearing = bearingDegrees(dx: point.x - center.x, dy: point.y - center.y)
    if sweptAngle < 360 && bearing > sweptAngle { return .empty }
    // Which sector's bearings hold the point? A binary search: charts may have 1000 slices.
    var low = 0
    var high = sectors.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if sectors[middle].sector.startAngle <= bearing { low = middle } else { high = middle - 1 }
    }
    let sector = sectors[low]
    guard sector.sector.contains(point, padWidth: sector.sector.padWidth) else { return .empty }
    return sector.paint.role == .fixed ? .data(low) : .track
  }
}
