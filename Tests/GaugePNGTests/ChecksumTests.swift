import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct ChecksumTests {
  @Test(
    arguments: [
      ("", 0x0000_0000),
      ("a", 0xE8B7_BE43),
      ("123456789", 0xCBF4_3926),
      ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ] as [(String, UInt32)])
  func crc32KnownVectors(text: String, expected: UInt32) {
    #expect(CRC32.checksum(Array(text.utf8)) == expected)
  }

  @Test(
    arguments: [
      ("", 0x0000_0001),
      ("a", 0x0062_0062),
      ("123456789", 0x091E_01DE),
      ("Wikipedia", 0x11E6_0398),
    ] as [(String, UInt32)])
  func adler32KnownVectors(text: String, expected: UInt32) {
    #expect(Adler32.checksum(Array(text.utf8)) == expected)
  }

  /// Lengths around the 8-byte and 16-byte steps and the 4096-byte run of the fast loops.
  static let lengths = [1, 7, 8, 9, 15, 16, 17, 4095, 4096, 4097, 5552, 65_536, 100_003]

  @Test(arguments: lengths)
  func crc32MatchesBitwiseReference(length: Int) {
    var generator = SeededGenerator(seed: UInt64(length))
    let bytes = generator.bytes(length)
    #expect(CRC32.checksum(bytes) == PNGReader.referenceCRC32(bytes))
  }

  @Test(arguments: lengths)
  func adler32MatchesBytewiseReference(length: Int) {
    var generator = SeededGenerator(seed: UInt64(length))
    let bytes = generator.bytes(length)
    #expect(Adler32.checksum(bytes) == Inflate.referenceAdler32(bytes))
  }

  /// All-0xFF input makes both sums grow fastest, which is where an overflow would show.
  @Test func adler32OfLargestBytes() {
    let bytes = [UInt8](repeating: 0xFF, count: 100_000)
    #expect(Adler32.checksum(bytes) == 0x149A_302C)
    #expect(Inflate.referenceAdler32(bytes) == 0x149A_302C)
  }

  /// "123456789" split at every point, its second part added by checksum: the check value;
  /// and the shift of no bytes is 1 (the top bit, reflected), so an empty part changes nothing.
  @Test func crc32StepsOverASecondPart() {
    let bytes = Array("123456789".utf8)
    for split in 0...9 {
      var crc = CRC32()
      crc.update(Array(bytes[..<split]))
      crc.append(
        checksum: CRC32.checksum(Array(bytes[split...])), shift: CRC32.shift(byteCount: 9 - split))
      #expect(crc.value == 0xCBF4_3926, "\(split)")
    }
    #expect(CRC32.shift(byteCount: 0) == 0x8000_0000)
  }

  /// A running checksum stepping over parts known by their checksums and shifts, between
  /// parts it reads: what a PNG made from a template's bands does.
  @Test(arguments: [0, 1, 8, 255, 4096, 40_000, 100_003])
  func crc32StepsOverKnownParts(length: Int) {
    var generator = SeededGenerator(seed: 0xC3C + UInt64(length))
    let head = generator.bytes(17)
    let known = generator.bytes(length)
    let tail = generator.bytes(9)
    var crc = CRC32()
    crc.update(head)
    crc.append(checksum: CRC32.checksum(known), shift: CRC32.shift(byteCount: known.count))
    crc.update(tail)
    #expect(crc.value == PNGReader.referenceCRC32(head + known + tail))
  }

  @Test func crc32InPiecesEqualsWhole() {
    var generator = SeededGenerator(seed: 42)
    let bytes = generator.bytes(1000)
    var crc = CRC32()
    crc.update(bytes[..<3])
    crc.update(bytes[3..<517])
    crc.update(bytes[517...])
    #expect(crc.value == CRC32.checksum(bytes))
  }
}
