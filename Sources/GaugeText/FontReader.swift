/// Big-endian reads from font bytes, each checked against the end of the data, so that a
/// truncated or lying font throws instead of trapping.
package struct FontReader: Sendable {
  package let bytes: [UInt8]

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func uint8(_ offset: Int) throws(FontError) -> UInt8 {
    guard offset >= 0, offset < bytes.count else { throw Self.outOfBounds(offset, 1) }
    return bytes[offset]
  }

  func uint16(_ offset: Int) throws(FontError) -> UInt16 {
    guard offset >= 0, offset <= bytes.count - 2 else { throw Self.outOfBounds(offset, 2) }
    return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  func int16(_ offset: Int) throws(FontError) -> Int16 {
    Int16(bitPattern: try uint16(offset))
  }

  func uint32(_ offset: Int) throws(FontError) -> UInt32 {
    guard offset >= 0, offset <= bytes.count - 4 else { throw Self.outOfBounds(offset, 4) }
    return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
  }

  /// A 2.14 fixed-point number, as composite glyphs store their scales.
  func f2Dot14(_ offset: Int) throws(FontError) -> Double {
    Double(try int16(offset)) / 16_384
  }

  /// Throws unless `length` bytes from `offset` lie inside the data.
  func require(_ offset: Int, _ length: Int, _ what: String) throws(FontError) {
    guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
      throw .malformed("\(what) at byte \(offset), \(length) bytes long, ends past the data")
    }
  }

  private static func outOfBounds(_ offset: Int, _ length: Int) -> FontError {
    .malformed("a \(length)-byte read at byte \(offset) is past the end of the data")
  }
}
