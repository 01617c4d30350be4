/// The rectangle of an APNG frame, in pixels from the top-left corner of the canvas.
struct FrameRegion: Equatable {
  let x: Int
  let y: Int
  let width: Int
  let height: Int

  init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The smallest rectangle holding every pixel that differs between two RGBA images of the
  /// same size; the top-left pixel when none does, as a frame cannot be empty.
  init(changedFrom previous: [UInt8], to current: [UInt8], width: Int, height: Int) {
    var left = width
    var right = -1
    var top = height
    var bottom = -1
    previous.withUnsafeBytes { before in
      current.withUnsafeBytes { after in
        for row in 0..<height {
          let offset = 4 * width * row
          // Rows are compared whole first: most rows of a pointer sweep do not change.
          if memoryEqual(before.baseAddress! + offset, after.baseAddress! + offset, 4 * width) {
            continue
          }
          top = min(top, row)
          bottom = row
          var first = 0
          while first < width && pixel(before, offset, first) == pixel(after, offset, first) {
            first += 1
          }
          var last = width - 1
          while last > first && pixel(before, offset, last) == pixel(after, offset, last) {
            last -= 1
          }
          left = min(left, first)
          right = max(right, last)
        }
      }
    }
    if bottom < 0 {
      self.init(x: 0, y: 0, width: 1, height: 1)
    } else {
      self.init(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
  }

  /// fcTL's data: sequence, size, offset, delay fraction, dispose op NONE, blend op SOURCE.
  func frameControl(sequence: UInt32, delay: FrameDelay) -> [UInt8] {
    var data = [UInt8]()
    for value in [sequence, UInt32(width), UInt32(height), UInt32(x), UInt32(y)] {
      PNGChunkStream.appendBigEndian(value, to: &data)
    }
    PNGChunkStream.appendBigEndian(delay.numerator, to: &data)
    PNGChunkStream.appendBigEndian(delay.denominator, to: &data)
    data += [0, 0]
    return data
  }
}

private func pixel(_ image: UnsafeRawBufferPointer, _ rowOffset: Int, _ x: Int) -> UInt32 {
  image.loadUnaligned(fromByteOffset: rowOffset + 4 * x, as: UInt32.self)
}

private func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
  var index = 0
  while index + 8 <= count {
    if a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      != b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    {
      return false
    }
    index += 8
  }
  while index < count {
    if a.load(fromByteOffset: index, as: UInt8.self)
      != b.load(fromByteOffset: index, as: UInt8.self)
    {
      return false
    }
    index += 1
  }
  return true
}
