import GaugeCharts
import GaugeGeometry
import GaugeModel
import GaugeSupport
import GaugeText

/// Memory an `SVGWriter` allocated for itself, freed with its last reference. A writer
/// writing into a caller's buffer (`SVGWriter(writingInto:)`) has none until it needs more
/// room than that holds: a prepared renderer's image then allocates nothing but its array.
private final class ByteStorage {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }
}

/// Appends SVG markup to one buffer in a single pass.
///
/// Numbers have at most two decimals, no trailing zeros, no exponent and no `-0`. Text and
/// attribute values are escaped (`& < > " '`), and characters XML 1.0 forbids are dropped, so
/// nothing from a preset can inject markup or make the document invalid.
///
/// It writes through a pointer, into memory it owns or a caller's buffer (checking room
/// once per item, not once per byte): a few hundred numbers per image make that the
/// renderer's hot path. Use one writer linearly, as the renderer does: copies share the
/// memory only until one of them grows.
package struct SVGWriter {
  /// Where the bytes go, and how many fit: `owner`'s memory, or a caller's buffer.
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The memory `base` points into when the writer allocated it; `nil` in a caller's buffer.
  private var owner: ByteStorage?
  package private(set) var count = 0
  /// Where the scope placeholder was written, to be replaced by the final scope name.
  private var scopeOffsets: [Int] = []
  /// The last two arc radii written and their text: a ring's arcs alternate between its
  /// outer and inner radius, so most arcs copy theirs instead of formatting it again.
  private var radii: (RadiusText, RadiusText) = (RadiusText(), RadiusText())

  private struct RadiusText {
    var value = Double.nan
    var bytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var length = 0
  }

  /// The placeholder for the document's scope name (a CSS class and keyframe prefix); it is
  /// replaced by a hash of the whole document once written, so the name is deterministic
  /// yet differs between different gauges inlined in one page.
  package static let scopePlaceholder: StaticString = "g________"

  package init(capacity: Int) {
    let owner = ByteStorage(capacity: capacity)
    self.owner = owner
    base = owner.base
    self.capacity = owner.capacity
  }

  /// A writer that writes into `buffer` (at least one byte) until it needs more room, then
  /// into memory of its own: `finishInPlace()` says which. The caller keeps `buffer` alive
  /// while the writer writes.
  package init(writingInto buffer: UnsafeMutableBufferPointer<UInt8>) {
    base = buffer.baseAddress!
    capacity = buffer.count
    owner = nil
  }

  /// Makes room for `needed` more bytes and returns where they go.
  @inline(__always)
  private mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if count + needed > capacity { grow(to: count + needed) }
    return base + count
  }

  private mutating func grow(to minimum: Int) {
    let grown = ByteStorage(capacity: Swift.max(minimum, capacity * 2))
    grown.base.update(from: base, count: count)
    // The old memory goes with its owner, if the writer had one.
    owner = grown
    base = grown.base
    capacity = grown.capacity
  }

  @inline(__always)
  package mutating func raw(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    reserve(length).update(from: text.utf8Start, count: length)
    count += length
  }

  @inline(__always)
  package mutating func byte(_ value: UInt8) {
    reserve(1).pointee = value
    count += 1
  }

  /// A coordinate or size: at most two decimals.
  @inline(__always)
  package mutating func number(_ value: Double) {
    count += FixedDecimal.writeTwoDecimals(value, to: reserve(40))
  }

  /// A number with up to `places` decimals (at most 2 in SVG output).
  package mutating func decimal(_ value: Double, places: Int) {
    switch places {
    case 0 where value.magnitude < FixedDecimal.exactLimit:
      count += FixedDecimal.writeWhole(value, to: reserve(20))
    case 2: number(value)
    default: bytes(FixedDecimal.string(value, decimals: places).utf8)
    }
  }

  /// A time in whole milliseconds, `120ms`, so no number needs more than two decimals.
  package mutating func milliseconds(_ seconds: Double) {
    decimal(seconds * 1000, places: 0)
    raw("ms")
  }

  /// Bytes written earlier, copied as they are.
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// The bytes written at `range` (already written), written again.
  package mutating func repeatWritten(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    // Room first: making it may move what was written.
    let target = reserve(range.count)
    target.update(from: base + range.lowerBound, count: range.count)
    count += range.count
  }

  package mutating func integer(_ value: Int) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    count += FixedDecimal.writeDigits(UInt64(value.magnitude), to: reserve(20))
  }

  /// `x,y`
  package mutating func point(_ point: Point) {
    pair(point, separator: UInt8(ascii: ","))
  }

  /// `x` `separator` `y`, each with at most two decimals.
  @inline(__always)
  package mutating func pair(_ point: Point, separator: UInt8) {
    let target = reserve(81)
    var length = FixedDecimal.writeTwoDecimals(point.x, to: target)
    target[length] = separator
    length += 1
    length += FixedDecimal.writeTwoDecimals(point.y, to: target + length)
    count += length
  }

  /// `#RRGGBB` (alpha is written separately as an opacity).
  package mutating func color(_ color: Color) {
    let digits: StaticString = "0123456789ABCDEF"
    let table = digits.utf8Start
    let target = reserve(7)
    target[0] = UInt8(ascii: "#")
    target[1] = table[Int(color.red >> 4)]
    target[2] = table[Int(color.red & 15)]
    target[3] = table[Int(color.green >> 4)]
    target[4] = table[Int(color.green & 15)]
    target[5] = table[Int(color.blue >> 4)]
    target[6] = table[Int(color.blue & 15)]
    count += 7
  }

  /// ` fill="#RRGGBB"`, plus ` fill-opacity` when the colour is not opaque.
  package mutating func fill(_ color: Color) {
    raw(" fill=\"")
    self.color(color)
    byte(UInt8(ascii: "\""))
    if !color.isOpaque {
      raw(" fill-opacity=\"")
      decimal(Double(color.alpha) / 255, places: 2)
      byte(UInt8(ascii: "\""))
    }
  }

  package mutating func scope() {
    scopeOffsets.append(count)
    raw(SVGWriter.scopePlaceholder)
  }

  private mutating func bytes<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    let target = reserve(bytes.count)
    var index = 0
    for byte in bytes {
      target[index] = byte
      index += 1
    }
    count += index
  }

  /// What the fast path of `text(_:)` does with each byte, by its value: "0" copies it, "1"
  /// sends the text down the careful path, and "2" (0xE2) looks at the next two bytes.
  private static let byteClasses: StaticString = """
    1111111111111111111111111111111100100011000000000000000000001010\
    0000000000000000000000000000000000000000000000000000000000000001\
    0000000000000000000000000000000000000000000000000000000000000000\
    0010000000000000000000000000000000200000000000011111111111111111
    """

  /// Escaped character data or attribute value.
  package mutating func text(_ text: String) {
    // The fast path: most labels and numbers need no escaping at all, and are copied in one
    // go. Bytes from 0xEF up may start U+FFFE or U+FFFF, 0x7F is DEL, 0xC2 may start a C1
    // control, and E2 80 A8 / E2 80 A9 are U+2028 and U+2029, so they take the careful path
    // too (other E2 sequences, such as the en dash of "0–100", do not).
    let copied = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
      var needsCare = false
      let classes = SVGWriter.byteClasses.utf8Start
      for index in buffer.indices {
        let byteClass = classes[Int(buffer[index])]
        if byteClass == UInt8(ascii: "0") { continue }
        if byteClass == UInt8(ascii: "1")
          || (index + 2 < buffer.count && buffer[index + 1] == 0x80
            && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9))
        {
          needsCare = true
          break
        }
      }
      if !needsCare { append(buffer) }
      return !needsCare
    }
    if copied == true { return }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": raw("&amp;")
      case "<": raw("&lt;")
      case ">": raw("&gt;")
      case "\"": raw("&quot;")
      case "'": raw("&#39;")
      case "\t", "\n", "\r", "\u{2028}", "\u{2029}": byte(UInt8(ascii: " "))
      default:
        // XML 1.0 forbids other C0 controls and U+FFFE/U+FFFF; DEL and the C1 controls are
        // allowed there but mean nothing in a label, and no forbidden control may reach an
        // image. They are dropped.
        if InvisibleScalars.isForbiddenControl(scalar) || scalar.value == 0xFFFE
          || scalar.value == 0xFFFF
        {
          continue
        }
        bytes(String(scalar).utf8)
      }
    }
  }

  /// The document as UTF-8: the scope placeholder replaced by a hash of the bytes.
  package mutating func finishBytes() -> [UInt8] {
    stampScope()
    return Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Finishes the document in the buffer given to `init(writingInto:)` and returns its length
  /// in bytes; `nil` when it did not fit there (take `finishBytes()` then).
  package mutating func finishInPlace() -> Int? {
    guard owner == nil else { return nil }
    stampScope()
    return count
  }

  /// Lets go of the buffer given to `init(writingInto:)`, which the caller is about to give
  /// away: what was written is dropped, and the writer writes into memory of its own.
  package mutating func forgetBuffer() {
    guard owner == nil else { return }
    count = 0
    scopeOffsets = []
    capacity = 0
  }

  /// Replaces the scope placeholders with a hash of the document as written.
  private func stampScope() {
    let document = UnsafeMutableBufferPointer(start: base, count: count)
    if !scopeOffsets.isEmpty {
      // FNV-1a over the document as written (placeholders included) is stable everywhere.
      var hash: UInt32 = 0x811C_9DC5
      for byte in document {
        hash = (hash ^ UInt32(byte)) &* 0x0100_0193
      }
      let digits: StaticString = "0123456789abcdef"
      for offset in scopeOffsets {
        document[offset] = UInt8(ascii: "g")
        for position in 0..<8 {
          let nibble = (hash >> UInt32(28 - 4 * position)) & 15
          document[offset + 1 + position] = digits.utf8Start[Int(nibble)]
        }
      }
    }
  }
}

/// The writer takes traced outlines directly as path data: `M1 2A3 3 0 0 1 4 5L6 7Z`.
extension SVGWriter: PathSink {
  package mutating func move(to point: Point) {
    byte(UInt8(ascii: "M"))
    coordinates(point)
  }

  package mutating func line(to point: Point) {
    byte(UInt8(ascii: "L"))
    coordinates(point)
  }

  package mutating func arc(_ arc: PathArc) {
    let radius = arc.radius
    let target = reserve(90)
    target[0] = UInt8(ascii: "A")
    var length = 1 + radiusText(radius, to: target + 1)
    target[length] = UInt8(ascii: " ")
    length += 1
    length += radiusText(radius, to: target + length)
    target[length] = UInt8(ascii: " ")
    target[length + 1] = UInt8(ascii: "0")
    target[length + 2] = UInt8(ascii: " ")
    target[length + 3] = arc.isLarge ? UInt8(ascii: "1") : UInt8(ascii: "0")
    target[length + 4] = UInt8(ascii: " ")
    target[length + 5] = arc.isClockwise ? UInt8(ascii: "1") : UInt8(ascii: "0")
    target[length + 6] = UInt8(ascii: " ")
    count += length + 7
    coordinates(arc.end)
  }

  package mutating func close() {
    byte(UInt8(ascii: "Z"))
  }

  /// Writes a radius, copying the text of one of the last two when it repeats.
  @inline(__always)
  private mutating func radiusText(_ radius: Double, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    if radius == radii.0.value { return copy(radii.0, to: target) }
    if radius == radii.1.value { return copy(radii.1, to: target) }
    let length = FixedDecimal.writeTwoDecimals(radius, to: target)
    // Texts of up to 24 bytes fit the cache; longer ones (huge radii) are just written.
    guard length <= 24 else { return length }
    var entry = RadiusText(value: radius, length: length)
    withUnsafeMutableBytes(of: &entry.bytes) {
      $0.copyMemory(from: UnsafeRawBufferPointer(start: target, count: length))
    }
    radii = (entry, radii.0)
    return length
  }

  @inline(__always)
  private func copy(_ entry: RadiusText, to target: UnsafeMutablePointer<UInt8>) -> Int {
    withUnsafeBytes(of: entry.bytes) { bytes in
      UnsafeMutableRawPointer(target).copyMemory(from: bytes.baseAddress!, byteCount: entry.length)
    }
    return entry.length
  }

  @inline(__always)
  private mutating func coordinates(_ point: Point) {
    pair(point, separator: UInt8(ascii: " "))
  }
}
