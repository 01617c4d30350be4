import GaugeModel

extension GaugeGrid {
  /// A grid's image: cells across and down, and its size in pixels for cells of one size.
  /// The one place the grid's 8192-px-a-side limit is checked and worded, for the library as
  /// it draws, the CLI before it draws and the service before it queues the drawing.
  @_spi(Service)
  public struct Size: Sendable, Equatable {
    /// Cells a row.
    @_spi(Service) public let columns: Int
    /// Rows, the last one possibly short.
    @_spi(Service) public let rows: Int
    /// One cell's width, in pixels.
    @_spi(Service) public let cellWidth: Int
    /// One cell's height, in pixels.
    @_spi(Service) public let cellHeight: Int
    /// The whole image's width in pixels: `Int.max` where the product would overflow.
    @_spi(Service) public let width: Int
    /// The whole image's height in pixels: `Int.max` where the product would overflow.
    @_spi(Service) public let height: Int

    /// The size of `count` cells of `cellWidth` × `cellHeight` pixels, `columns` a row.
    ///
    /// Edge cases:
    /// - No cells: one row, as the grid draws none.
    /// - `columns` below 1 counts as 1; `GaugeGrid.scene` refuses it before asking.
    @_spi(Service)
    public init(count: Int, columns: Int, cellWidth: Int, cellHeight: Int) {
      let columns = Swift.max(1, columns)
      self.columns = columns
      self.rows = Swift.max(1, (count + columns - 1) / columns)
      self.cellWidth = cellWidth
      self.cellHeight = cellHeight
      func times(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
      }
      width = times(cellWidth, columns)
      height = times(cellHeight, rows)
    }

    /// Why the image is too large, in the words every caller shows; nil when both sides are
    /// at most `maximumImageSide`.
    ///
    /// Edge cases: a side exactly `maximumImageSide` fits; a side of 0 or less is left to the
    /// cell's own size check.
    @_spi(Service)
    public var problem: String? {
      guard width > maximumImageSide || height > maximumImageSide else { return nil }
      return "\(columns) × \(rows) gauges of \(cellWidth) × \(cellHeight) make an image of "
        + "\(width) × \(height) pixels; at most \(maximumImageSide) a side allowed"
    }
  }

  /// The grid's image for cells of `cellWidth` × `cellHeight` pixels: `columnsInForce` a
  /// row, as `scene(values:options:)` lays it out.
  @_spi(Service)
  public func size(cellWidth: Int, cellHeight: Int) -> Size {
    Size(
      count: gauges.count, columns: columnsInForce, cellWidth: cellWidth, cellHeight: cellHeight)
  }
}
