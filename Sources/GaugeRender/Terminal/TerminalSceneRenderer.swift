import GaugeGeometry
import GaugeSupport

/// Draws terminal frames of scenes that share one ring at one size, as the frames of one
/// gauge do: the ring is sampled once (which sector covers each pixel), so a frame only looks
/// pixels up and adds the pointer, the readout and the texts. It reads nothing but scenes and
/// the terminal's own options. A value with no mutable state.
///
/// Units: a scene laid out in cells, 1 unit wide and 2 tall; the frame is `scene.width`
/// cells across and `scene.height / 2` rows down (the scene's height is cut below the
/// lowest thing it draws).
package struct TerminalSceneRenderer: Sendable {
  /// Which characters and colours draw the cells (its `columns` is not read: the scene's
  /// width is).
  package let options: TerminalOptions
  /// Cells across, the scenes' width.
  package let columns: Int
  /// Rows down, half the scenes' height.
  package let rows: Int
  /// For each pixel, row by row, the index of the ring sector covering it, or -1.
  private let ring: [Int32]
  /// For each cell, row by row, whether a pointer or a marker of `keepClear`'s scenes shows
  /// there: where a cut title, widened to its row's free cells, must not reach.
  private let reserved: [Bool]

  /// Samples the ring of `scene`, which every scene drawn later must share; `keepClear`:
  /// scenes whose pointers and markers (pegged at the scale's ends) every frame's cut
  /// title keeps clear of.
  ///
  /// Edge cases: a scene without a ring samples none; a negative size draws no cells.
  package init(scene: Scene, options: TerminalOptions, keepClear: [Scene] = []) {
    let columns = Swift.max(0, scene.width)
    let rows = Swift.max(0, scene.height / 2 + scene.height % 2)
    let sampling = TerminalSampling(glyphs: options.glyphs)
    let sampler = SceneSampler(scene: scene, minimumGap: 1 / Double(sampling.across))
    var ring: [Int32] = []
    ring.reserveCapacity(rows * columns * sampling.across * sampling.down)
    for row in 0..<rows {
      for column in 0..<columns {
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            let point = sampling.point(row: row, column: column, i: i, j: j)
            ring.append(Int32(sampler.ringSector(at: point) ?? -1))
          }
        }
      }
    }
    var reserved: [Bool] = []
    for other in keepClear {
      let cells = SceneSampler(scene: other, minimumGap: 1).polygonCells(
        rows: rows, columns: columns, sampling: sampling)
      reserved = reserved.isEmpty ? cells : zip(reserved, cells).map { $0 || $1 }
    }
    self.options = options
    self.columns = columns
    self.rows = rows
    self.ring = ring
    self.reserved = reserved
  }

  /// The frame of `scene` with the first `appearedSectors` of its ring shown (an
  /// animation's moment; `Int.max` for all).
  package func frame(_ scene: Scene, appearedSectors: Int = Int.max) -> TerminalFrame {
    var sampler = SceneSampler(scene: scene, minimumGap: 1)
    // A ring appearing without a value shows only its sectors drawn so far.
    let shown = scene.items.lazy.compactMap { item -> Int? in
      if case .ring(let ring) = item, !ring.isOutline { return ring.shownCount }
      return nil
    }.first
    sampler.appearedSectors = Swift.min(appearedSectors, shown ?? Int.max)
    let painter = TerminalPainter(options: options, palette: sampler.palette)
    var frame = TerminalFrame(columns: columns, rows: rows)
    let readout = readoutBlock(scene)
    sampler.digits = readout?.digits ?? .none
    draw(sampler, painter, into: &frame)
    let ink = sampler.polygonCells(rows: rows, columns: columns, sampling: painter.sampling)
    TerminalTexts.place(
      scene, into: &frame, bold: options.depth != .none, readout: readout, ink: ink,
      reserved: reserved)
    return frame
  }

  /// The cells the pointer and the off-scale marker show, and the readout's block, as
  /// `frame(_:appearedSectors:)` draws them: for checking that they keep apart.
  package func inkAndReadout(_ scene: Scene) -> (ink: [Bool], readout: TerminalReadoutBlock?) {
    let sampler = SceneSampler(scene: scene, minimumGap: 1)
    let sampling = TerminalSampling(glyphs: options.glyphs)
    return (
      sampler.polygonCells(rows: rows, columns: columns, sampling: sampling), readoutBlock(scene)
    )
  }

  private func draw(
    _ sampler: SceneSampler, _ painter: TerminalPainter, into frame: inout TerminalFrame
  ) {
    let sampling = painter.sampling
    let box = sampler.inkBox
    var index = 0
    // The common case, half blocks in colour: two pixels a cell, no array.
    if options.glyphs == .halfBlocks && options.depth != .none {
      for row in 0..<rows {
        for column in 0..<columns {
          let top = sampler.pixel(
            at: sampling.point(row: row, column: column, i: 0, j: 0), ringSector: ring[index],
            box: box)
          let bottom = sampler.pixel(
            at: sampling.point(row: row, column: column, i: 0, j: 1),
            ringSector: ring[index + 1], box: box)
          index += 2
          frame.cells[row * columns + column] = painter.halfBlockCell(top: top, bottom: bottom)
        }
      }
      return
    }
    var pixels = [TerminalPixel](repeating: .empty, count: sampling.across * sampling.down)
    // Braille dots would blur the large digits into blocks: their cells are half blocks.
    let digitCells = options.glyphs == .braille ? sampler.digits.cells : nil
    let halves = TerminalSampling(glyphs: .halfBlocks)
    for row in 0..<rows {
      for column in 0..<columns {
        if let digitCells, digitCells.rows.contains(row), digitCells.columns.contains(column) {
          index += sampling.across * sampling.down
          frame.cells[row * columns + column] = painter.inkCell(
            upper: sampler.digits.covers(halves.point(row: row, column: column, i: 0, j: 0)),
            lower: sampler.digits.covers(halves.point(row: row, column: column, i: 0, j: 1)))
          continue
        }
        for j in 0..<sampling.down {
          for i in 0..<sampling.across {
            pixels[j * sampling.across + i] = sampler.pixel(
              at: sampling.point(row: row, column: column, i: i, j: j), ringSector: ring[index],
              box: box)
            index += 1
          }
        }
        frame.cells[row * columns + column] = painter.cell(for: pixels)
      }
    }
  }

  /// Where the readout goes: in large digits at the options' size (smaller, down to a scale
  /// of 1, for a number wider than the domain's widest: an off-scale value), when the block
  /// stays inside the disc the pointer never enters and a cell from the scene's other texts;
  /// otherwise as text. `nil` for a scene without a readout or a ring.
  package func readoutBlock(_ scene: Scene) -> TerminalReadoutBlock? {
    var number: String?
    var unitWidth = 0
    var zoneWidth = 0
    var others: [(text: String, position: Point)] = []
    var places: (number: Point?, unit: Point?, zone: Point?) = (nil, nil, nil)
    for case .text(let text) in scene.items {
      switch text.role {
      case .readout:
        if number == nil { (number, places.number) = (text.text, text.position) }
      case .unit:
        unitWidth = TerminalText.width(TerminalText.sanitized(text.text))
        places.unit = text.position
      case .currentZone:
        zoneWidth = TerminalText.width(TerminalText.sanitized(text.text))
        places.zone = text.position
      default:
        if TerminalReadoutBlock.isObstacle(text.role) { others.append((text.text, text.position)) }
      }
    }
    guard let number else { return nil }
    for case .ring(let ring) in scene.items {
      var sizes: [TerminalReadoutSize] = []
      if options.glyphs != .ascii, case .digits(let scale)? = options.readoutSize {
        sizes = stride(from: scale, through: 1, by: -1).map { .digits(scale: $0) }
      }
      for size in sizes {
        guard
          let block = TerminalReadoutBlock(
            number: number, unitWidth: unitWidth, zoneWidth: zoneWidth, center: ring.center,
            size: size)
        else { break }
        // Inside the pointer's start, so the pointer never touches the digits.
        if block.reach <= ring.clearRadius + TerminalReadoutBlock.tolerance
          && block.keepsClear(of: others)
        {
          return block
        }
      }
      return TerminalReadoutBlock(
        number: number, unitWidth: unitWidth, zoneWidth: zoneWidth, center: ring.center,
        size: .text, texts: places)
    }
    return nil
  }
}
