/// Splits a stream of bytes into lines as it arrives, for `batch` and `watch`.
///
/// Each byte is searched for a line break once, however the stream is cut into reads, and
/// a line longer than `maximumLength` is counted but not kept: 40 MB without a line break
/// costs one pass and at most `maximumLength` bytes of memory, never a rescan per read.
struct LineSplitter {
  /// A line without its line break.
  enum Line: Equatable {
    case complete([UInt8])
    /// Longer than `maximumLength`: its length in bytes, without its line break.
    case overlong(Int)
  }

  let maximumLength: Int
  private var buffer: [UInt8] = []
  /// Where the line being read starts in `buffer`.
  private var lineStart = 0
  /// Bytes before this index have been searched for a line break.
  private var scanned = 0
  /// Bytes already dropped from the line being read, once it is too long to keep.
  private var dropped: Int?

  init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// Bytes of the line being read, kept or dropped: what a chunk of input is still holding.
  var pendingCount: Int { buffer.count - lineStart }

  /// Adds the next bytes read; `next()` then returns the lines they complete.
  mutating func append(_ bytes: [UInt8]) {
    // Lines already taken are dropped here, once per read rather than once per line.
    if lineStart > 0 {
      buffer.removeSubrange(..<lineStart)
      scanned -= lineStart
      lineStart = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete line, or nil until more bytes arrive.
  mutating func next() -> Line? {
    guard scanned < buffer.count else { return nil }
    guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
      scanned = buffer.count
      let length = buffer.count - lineStart + (dropped ?? 0)
      if length > maximumLength {
        dropped = length
        buffer.removeSubrange(lineStart...)
        scanned = lineStart
      }
      return nil
    }
    let length = newline - lineStart + (dropped ?? 0)
    let line: Line =
      dropped != nil || length > maximumLength
      ? .overlong(length) : .complete(Array(buffer[lineStart..<newline]))
    lineStart = newline + 1
    scanned = lineStart
    dropped = nil
    return line
  }

  /// The last line, when the input ends without a line break.
  mutating func finish() -> Line? {
    defer {
      buffer = []
      lineStart = 0
      scanned = 0
      dropped = nil
    }
    let length = buffer.count - lineStart + (dropped ?? 0)
    guard length > 0 else { return nil }
    if dropped != nil || length > maximumLength { return .overlong(length) }
    return .complete(Array(buffer[lineStart...]))
  }
}
