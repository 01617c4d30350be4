import GaugeGeometry
import GaugeModel
import GaugeSupport

/// Several gauges in one image: equal cells in rows of `columns`, left to right, top to
/// bottom, each drawn as the gauge alone would be at the cell's size, with every readout, and
/// every other kind of text, at one size across the set (the smallest any cell chose), so the
/// numbers can be compared at a glance.
///
/// ```swift
/// let grid = GaugeGrid([
///   try BuiltinPresets.gauge(named: "cpu"), try BuiltinPresets.gauge(named: "memory"),
/// ])
/// let svg = try grid.svgBytes(values: [37, 62], options: RenderOptions(width: 300, height: 300))
/// ```
///
/// The grid is one scene: the SVG writer and the rasteriser draw it as they draw one gauge.
/// The image's background, dark colours and fonts are the first cell's; its accessible name
/// lists every gauge's.
public struct GaugeGrid: Sendable {
  /// The most gauges one image holds.
  public static let maximumGaugeCount = 64

  /// The gauges, in reading order.
  public var gauges: [Gauge]
  /// Gauges a row; `nil` for as square a grid as the count allows (⌈√n⌉ a row).
  public var columns: Int?

  /// Creates a grid; `draw` checks it.
  public init(_ gauges: [Gauge], columns: Int? = nil) {
    self.gauges = gauges
    self.columns = columns
  }

  /// Gauges a row in force: `columns`, at most the number of gauges.
  ///
  /// Edge cases: no gauges gives 1.
  @_spi(Service)
  public var columnsInForce: Int {
    let count = Swift.max(1, gauges.count)
    guard let columns else {
      var side = 1
      while side * side < count { side += 1 }
      return side
    }
    return Swift.max(1, Swift.min(columns, count))
  }

  /// The grid's scene with `values[i]` on `gauges[i]` (`nil` for no data); `options.width`
  /// and `height` are one gauge's size in pixels.
  ///
  /// Edge cases:
  /// - A value count other than the gauge count: `GaugeError.invalidOption`.
  /// - No gauges, more than `maximumGaugeCount`, `columns` below 1, or a whole image past
  ///   8192 pixels a side: `GaugeError.invalidOption` saying what is allowed.
  /// - An animation: every gauge's pointer sweeps and every readout counts on one timeline,
  ///   each from the animation's start to its own value, and each ring reveals its sectors
  ///   as its own pointer passes them, as a gauge alone does.
  ///
  /// - Throws: `GaugeError` as `Gauge.scene(value:options:)` does, for any cell.
  public func scene(values: [Double?], options: RenderOptions = RenderOptions())
    throws(GaugeError) -> Scene
  {
    guard !gauges.isEmpty else { throw .invalidOption("an image of several gauges needs a gauge") }
    guard gauges.count <= GaugeGrid.maximumGaugeCount else {
      throw .invalidOption(
        "\(gauges.count) gauges is too many for one image; at most "
          + "\(GaugeGrid.maximumGaugeCount) allowed")
    }
    guard values.count == gauges.count else {
      throw .invalidOption(
        "\(values.count) values for \(gauges.count) gauges; give one value a gauge, "
          + "nil for no data")
    }
    if let columns, columns < 1 {
      throw .invalidOption("\(columns) columns is out of range; allowed: 1 or more")
    }
    let size = size(cellWidth: options.width, cellHeight: options.height)
    if let problem = size.problem { throw .invalidSize(problem) }
    var scenes: [Scene] = []
    for (gauge, value) in zip(gauges, values) {
      scenes.append(try gauge.scene(value: value, options: options))
    }
    return Scene.grid(
      scenes, columns: size.columns, cellWidth: options.width, cellHeight: options.height)
  }
}

extension Scene {
  /// Scenes of one size side by side, `columns` a row, each text at the smallest size any
  /// scene gives its role.
  package static func grid(_ scenes: [Scene], columns: Int, cellWidth: Int, cellHeight: Int)
    -> Scene
  {
    // One size per kind of text across the set: the smallest, which fits wherever a larger
    // one did.
    var sizes: [TextRole: Double] = [:]
    for scene in scenes {
      for case .text(let text) in scene.items {
        sizes[text.role] = Swift.min(sizes[text.role] ?? .infinity, text.fontSize)
      }
    }
    var items: [SceneItem] = []
    for (index, scene) in scenes.enumerated() {
      let dx = Double(index % columns * cellWidth)
      let dy = Double(index / columns * cellHeight)
      for item in scene.items {
        guard case .text(var text) = item else {
          items.append(item.offset(dx: dx, dy: dy))
          continue
        }
        text.fontSize = sizes[text.role] ?? text.fontSize
        items.append(SceneItem.text(text).offset(dx: dx, dy: dy))
      }
    }
    let size = GaugeGrid.Size(
      count: scenes.count, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight)
    let first = scenes[0]
    let languages = Set(scenes.map(\.language))
    var grid = Scene(
      width: size.width, height: size.height,
      label: scenes.map(\.label).joined(separator: "; "),
      description: scenes.map(\.description).joined(separator: " "),
      background: first.background, items: items, darkColors: first.darkColors,
      fonts: first.fonts, language: languages.count == 1 ? first.language : nil)
    if scenes.contains(where: { $0.timeline != nil }) {
      grid.animate(scenes, columns: columns, cellWidth: cellWidth, cellHeight: cellHeight)
    }
    return grid
  }

  /// One timeline for the grid's cells: the first cell's pointer turns with the grid's
  /// `pointerSweep`, every other pointer with one of its `otherSweeps` (its centre moved
  /// with its cell); the readouts' frames keep their windows; each cell's ring reveals with
  /// its own pointer's sweep (the first cell's through `sectorAppearances`, every other's
  /// through one of `otherSectorAppearances`).
  private mutating func animate(
    _ scenes: [Scene], columns: Int, cellWidth: Int, cellHeight: Int
  ) {
    var timeline = SceneTimeline(
      duration: scenes.map { $0.timeline?.duration ?? 0 }.max() ?? 0)
    // Each cell's sweeps, in the order its polygons name them, moved with the cell.
    var itemIndex = 0
    for (cell, scene) in scenes.enumerated() {
      let dx = Double(cell % columns * cellWidth)
      let dy = Double(cell / columns * cellHeight)
      func moved(_ sweep: PointerSweep) -> PointerSweep {
        var sweep = sweep
        sweep.center = Point(x: sweep.center.x + dx, y: sweep.center.y + dy)
        return sweep
      }
      let base = timeline.otherSweeps.count
      var main: Int?
      if let sweep = scene.timeline?.pointerSweep {
        if timeline.pointerSweep == nil && cell == 0 {
          timeline.pointerSweep = moved(sweep)
        } else {
          main = timeline.otherSweeps.count
          timeline.otherSweeps.append(moved(sweep))
        }
      }
      let others = scene.timeline?.otherSweeps ?? []
      timeline.otherSweeps += others.map(moved)
      let shift = base + (main == nil ? 0 : 1)
      // The cell's ring times: the first cell's are the timeline's own, every other cell's
      // one entry of `otherSectorAppearances` that its rings (and their outlines) name.
      var ringTimes: Int?
      if let appearances = scene.timeline?.sectorAppearances {
        if cell == 0 {
          timeline.sectorAppearances = appearances
          timeline.sectorFades = scene.timeline?.sectorFades
        } else {
          ringTimes = timeline.otherSectorAppearances.count
          timeline.otherSectorAppearances.append(appearances)
          timeline.otherSectorFades.append(scene.timeline?.sectorFades ?? [])
        }
      }
      for _ in scene.items {
        defer { itemIndex += 1 }
        if case .ring(var ring) = items[itemIndex], let ringTimes {
          ring.otherAppearances = ringTimes
          items[itemIndex] = .ring(ring)
          continue
        }
        guard case .polygon(var polygon) = items[itemIndex] else { continue }
        if polygon.isPointer, let main {
          polygon.isPointer = false
          polygon.otherSweep = main
        } else if let other = polygon.otherSweep {
          polygon.otherSweep = other + shift
        } else {
          continue
        }
        items[itemIndex] = .polygon(polygon)
      }
    }
    self.timeline = timeline
  }
}
