@_spi(Service) import GaugeRender
import Testing

@testable import GaugeKit

/// A grid's image size and its 8192-px-a-side limit (`GaugeGrid.Size`), the one check the
/// library, the CLI and the service make.
@Suite struct GaugeGridSizeTests {
  @Test func rowsAndPixels() {
    let size = GaugeGrid.Size(count: 5, columns: 2, cellWidth: 300, cellHeight: 200)
    #expect(size.columns == 2)
    #expect(size.rows == 3)
    #expect(size.width == 600)
    #expect(size.height == 600)
    #expect(size.problem == nil)
    #expect(GaugeGrid.Size(count: 4, columns: 2, cellWidth: 1, cellHeight: 1).rows == 2)
    #expect(GaugeGrid.Size(count: 1, columns: 3, cellWidth: 1, cellHeight: 1).rows == 1)
  }

  @Test func noCellsAndNoColumnsStillMakeOneRow() {
    let size = GaugeGrid.Size(count: 0, columns: 0, cellWidth: 10, cellHeight: 20)
    #expect(size.columns == 1)
    #expect(size.rows == 1)
    #expect((size.width, size.height) == (10, 20))
  }

  @Test func exactlyTheLimitFits() {
    #expect(GaugeGrid.Size(count: 2, columns: 2, cellWidth: 4096, cellHeight: 8192).problem == nil)
    #expect(GaugeGrid.Size(count: 2, columns: 1, cellWidth: 8192, cellHeight: 4096).problem == nil)
  }

  @Test func onePixelPastTheLimitIsRefused() {
    let wide = GaugeGrid.Size(count: 1, columns: 1, cellWidth: 8193, cellHeight: 400)
    #expect(
      wide.problem
        == "1 × 1 gauges of 8193 × 400 make an image of 8193 × 400 pixels; at most 8192 a side "
        + "allowed")
    let tall = GaugeGrid.Size(count: 3, columns: 2, cellWidth: 100, cellHeight: 4097)
    #expect(
      tall.problem
        == "2 × 2 gauges of 100 × 4097 make an image of 200 × 8194 pixels; at most 8192 a side "
        + "allowed")
  }

  @Test func anOverflowingSideIsIntMaxAndRefused() {
    let size = GaugeGrid.Size(count: 2, columns: 2, cellWidth: Int.max / 2 + 1, cellHeight: 1)
    #expect(size.width == Int.max)
    #expect(size.problem?.hasSuffix("at most 8192 a side allowed") == true)
  }

  /// The grid's own size uses the columns in force: at most the gauge count, or ⌈√n⌉.
  @Test func aGridsSizeUsesItsColumnsInForce() throws {
    let cell = try BuiltinPresets.gauge(named: "cpu")
    let five = GaugeGrid(Array(repeating: cell, count: 5))
    #expect(
      five.size(cellWidth: 100, cellHeight: 50)
        == GaugeGrid.Size(count: 5, columns: 3, cellWidth: 100, cellHeight: 50))
    let wide = GaugeGrid([cell, cell], columns: 7).size(cellWidth: 100, cellHeight: 50)
    #expect((wide.columns, wide.rows, wide.width, wide.height) == (2, 1, 200, 50))
  }

  /// The library refuses as it draws with the same words, and draws a grid at the limit.
  @Test func theSceneRefusesWithTheSameWords() throws {
    let cell = try BuiltinPresets.gauge(named: "cpu")
    let grid = GaugeGrid([cell, cell], columns: 2)
    let atLimit = try grid.scene(values: [1, 2], options: RenderOptions(width: 4096, height: 400))
    #expect((atLimit.width, atLimit.height) == (8192, 400))
    let problem = try #require(grid.size(cellWidth: 4097, cellHeight: 400).problem)
    #expect(throws: GaugeError.invalidSize(problem)) {
      try grid.scene(values: [1, 2], options: RenderOptions(width: 4097, height: 400))
    }
  }
}
