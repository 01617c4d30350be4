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
