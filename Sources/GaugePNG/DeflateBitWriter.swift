/// Deflate's bit stream: fields packed from the least significant bit of each byte upwards
/// (RFC 1951, section 3.1.1), appended to an array that the caller owns.
///
/// Bits gather in a 64-bit register; each write stores all eight of its bytes into a small
/// staging buffer and moves on by the whole bytes it holds, keeping the rest (under 8 bits),
/// so no write branches on how full the register is. The staging is appended to the array
/// whenever it fills. So a whole match (length code, extra bits, distance code, extra bits)
/// costs one register update, and the memory used grows with the compressed size, not with
/// a worst-case bound on it.
struct DeflateBitWriter {
  private static let stagingSize = 1 << 14
  private let sink: UnsafeMutablePointer<[UInt8]>
  private let staging: UnsafeMutablePointer<UInt8>
  private var staged = 0
  private var register: UInt64 = 0
  /// Bits waiting in `register`; always below 8 between calls.
  private var pendingBits: UInt64 = 0

  /// Appends to `sink`, which must stay valid until `finish()`; `finish()` frees the staging.
  init(sink: UnsafeMutablePointer<[UInt8]>) {
    self.sink = sink
    // A write stores eight bytes from wherever the staged bytes end, below `stagingSize`.
    staging = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.stagingSize + 16)
  }

  /// Bits written so far, including those still in the register.
  var bitCount: Int { (sink.pointee.count + staged) * 8 + Int(pendingBits) }

  /// Appends the low `count` bits of `bits` (at most 56; higher bits must be zero).
  @inline(__always)
  mutating func write(_ bits: UInt64, count: Int) {
    writeWithoutDrain(bits, count: count)
    if staged >= Self.stagingSize { drain() }
  }

  /// Bytes that `writeWithoutDrain` may stage after one call of `makeRoom`.
  static let roomBytes = 8 << 10

  /// Moves the staged bytes to the sink unless `roomBytes` more fit behind them. A loop
  /// that writes at most that many bytes after it may call `writeWithoutDrain`, which
  /// never calls out, so the register and the counts stay in the loop's registers.
  @inline(__always)
  mutating func makeRoom() {
    // A static call, not a mutating one: the writer's address never escapes the loop.
    if staged > Self.stagingSize - Self.roomBytes {
      Self.append(staging, count: staged, to: sink)
      staged = 0
    }
  }

  private static func append(
    _ staging: UnsafeMutablePointer<UInt8>, count: Int, to sink: UnsafeMutablePointer<[UInt8]>
  ) {
    sink.pointee.append(contentsOf: UnsafeBufferPointer(start: staging, count: count))
  }

  /// `write` that leaves the staging full for `makeRoom` to drain: the caller made room.
  @inline(__always)
  mutating func writeWithoutDrain(_ bits: UInt64, count: Int) {
    // Masking shifts: the amounts are always below 64 (at most 7 + 56 bits are pending, so
    // at most 7 bytes leave), and the checks of `<<` cost time here.
    register |= bits &<< pendingBits
    pendingBits &+= UInt64(truncatingIfNeeded: count)
    UnsafeMutableRawPointer(staging + staged).storeBytes(
      of: register.littleEndian, as: UInt64.self)
    let bytes = pendingBits &>> 3
    staged &+= Int(truncatingIfNeeded: bytes)
    register &>>= bytes &<< 3
    pendingBits &= 7
  }

  private mutating func drain() {
    sink.pointee.append(contentsOf: UnsafeBufferPointer(start: staging, count: staged))
    staged = 0
  }

  /// Pads with zero bits to the next byte boundary, as stored blocks need.
  mutating func alignToByte() {
    if pendingBits > 0 {
      staging[staged] = UInt8(truncatingIfNeeded: register)
      staged += 1
    }
    register = 0
    pendingBits = 0
  }

  /// Copies bytes verbatim; only valid right after `alignToByte()`.
  mutating func writeAlignedBytes(_ bytes: UnsafeRawBufferPointer) {
    precondition(pendingBits == 0, "Bytes can only be copied at a byte boundary.")
    drain()
    sink.pointee.append(contentsOf: bytes)
  }

  /// Ends the stream on a byte boundary and moves the last bytes to the sink.
  mutating func finish() {
    alignToByte()
    drain()
    staging.deallocate()
  }
}
