extension Scanlines {
  /// Reverses the filters of `rows` scanlines in place (PNG specification, section 9), from
  /// byte `start` of `scanlines`: each row is its filter type byte and `rowBytes` bytes.
  /// `distance` is the bytes from a byte to the same byte of the pixel on its left;
  /// `firstScanline` numbers the first row among all the image's scanlines, for messages.
  ///
  /// Edge cases:
  /// - The first row of a pass has no row above: Up and Paeth see zeros there, as the
  ///   specification says, and Average halves only the left byte.
  /// - A filter type above 4 throws `corruptData` naming the scanline.
  static func unfilter(
    _ scanlines: inout [UInt8], from start: Int, rows: Int, rowBytes: Int, distance: Int,
    firstScanline: Int
  ) throws(PNGError) {
    let stride = rowBytes + 1
    for row in 0..<rows {
      let rowStart = start + row * stride
      guard let filter = Filter(rawValue: scanlines[rowStart]) else {
        throw .corruptData(
          "scanline \(firstScanline + row) has filter type \(scanlines[rowStart])")
      }
      let first = rowStart + 1
      // The row above, or nil for the first row, whose "above" is all zeros.
      let above: Int? = row > 0 ? first - stride : nil
      scanlines.withUnsafeMutableBufferPointer { bytes in
        unfilterRow(bytes, first: first, count: rowBytes, above: above, distance: distance, filter)
      }
    }
  }

  private static func unfilterRow(
    _ bytes: UnsafeMutableBufferPointer<UInt8>, first: Int, count: Int, above: Int?,
    distance: Int, _ filter: Filter
  ) {
    @inline(__always) func up(_ index: Int) -> UInt8 { above.map { bytes[$0 + index] } ?? 0 }
    switch filter {
    case .none:
      break
    case .sub:
      for index in distance..<max(distance, count) {
        bytes[first + index] &+= bytes[first + index - distance]
      }
    case .up:
      guard let above else { return }
      for index in 0..<count { bytes[first + index] &+= bytes[above + index] }
    case .average:
      for index in 0..<count {
        let left = index >= distance ? Int(bytes[first + index - distance]) : 0
        bytes[first + index] &+= UInt8((left + Int(up(index))) / 2)
      }
    case .paeth:
      for index in 0..<count {
        let left = index >= distance ? Int(bytes[first + index - distance]) : 0
        let upper = Int(up(index))
        let upperLeft = index >= distance ? Int(up(index - distance)) : 0
        bytes[first + index] &+= UInt8(paeth(left, upper, upperLeft))
      }
    }
  }
}
