import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct InflaterTests {
  /// A zlib stream around hand-made deflate blocks, with the Adler-32 of `output`.
  static func zlib(_ deflate: [UInt8], of output: [UInt8] = []) -> [UInt8] {
    let adler = Inflate.referenceAdler32(output)
    return [0x78, 0x01] + deflate
      + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
  }

  static func message(_ stream: [UInt8], expectedLength: Int = 0) -> String? {
    do {
      _ = try Deflate.zlibDecompress(stream, expectedLength: expectedLength)
      return nil
    } catch {
      return error.description
    }
  }

  /// Python's zlib at levels 0 (stored blocks) to 9, with the fixed-code, Huffman-only and RLE
  /// strategies, and with a 512-byte window: scripts/make-png-fixtures writes them.
  @Test func pythonZlibVectors() throws {
    let input = try Fixtures.bytes("zlib/input.bin")
    let names = try Fixtures.names(in: "zlib", extension: "zlib")
    #expect(names.count == 14)
    for name in names {
      let stream = try Fixtures.bytes("zlib/\(name).zlib")
      #expect(try Deflate.zlibDecompress(stream, expectedLength: input.count) == input, "\(name)")
    }
  }

  @Test(arguments: [Deflate.BlockChoice.cheapest, .stored, .fixed, .dynamic])
  func encoderRoundTrip(blocks: Deflate.BlockChoice) throws {
    var generator = SeededGenerator(seed: 0x1951)
    let random = generator.bytes(70_000)  // more than one stored block holds
    let skewed =
      (0..<50_000).map { _ in [0, 0, 1, 7, 200][Int.random(in: 0..<5, using: &generator)] }
      as [UInt8]
    for input in [[], [42], random, skewed, [UInt8](repeating: 9, count: 100_000)] {
      let stream = Deflate.zlibCompress(input, blocks: blocks)
      #expect(try Deflate.zlibDecompress(stream, expectedLength: input.count) == input)
    }
  }

  @Test func headerErrors() {
    let corrupt = "The PNG image data is corrupt: "
    #expect(Self.message([0x78, 0x01, 0x03]) == corrupt + "the zlib stream is only 3 bytes.")
    #expect(
      Self.message([0x79, 0x01, 3, 0, 0, 0, 0, 1])
        == corrupt + "the zlib header does not name deflate with a window of 32 KiB or less.")
    #expect(
      Self.message([0x78, 0x02, 3, 0, 0, 0, 0, 1])
        == corrupt + "the zlib header's check bits are wrong.")
    #expect(
      Self.message([0x78, 0xBB, 3, 0, 0, 0, 0, 1])
        == corrupt + "the zlib stream asks for a preset dictionary.")
  }

  @Test func blockErrors() {
    let corrupt = "The PNG image data is corrupt: "
    var reserved = BitWriter()
    reserved.write(1, 1)
    reserved.write(3, 2)
    #expect(
      Self.message(Self.zlib(reserved.bytes)) == corrupt
        + "a deflate block has the reserved type 3.")

    // A final stored block of length 5 whose complement is 0.
    #expect(
      Self.message(Self.zlib([0x01, 5, 0, 0, 0, 1, 2, 3, 4, 5]), expectedLength: 5)
        == corrupt + "a stored block's length and its complement disagree.")

    // A fixed block that starts with a match of length 3 at distance 1.
    var match = BitWriter()
    match.write(1, 1)
    match.write(1, 2)
    match.writeCode(1, 7)
    match.writeCode(0, 5)
    #expect(
      Self.message(Self.zlib(match.bytes), expectedLength: 3)
        == corrupt + "a match reaches back 1 bytes, past the 0 written so far.")

    // Dynamic blocks whose code length code has 19 one-bit codes, or a single two-bit one.
    func dynamicHeader(_ lengths: [Int]) -> [UInt8] {
      var header = BitWriter()
      // Final, type 2, 257 literal/length and 1 distance codes, then the code length code.
      for (value, bits) in [(1, 1), (2, 2), (0, 5), (0, 5), (lengths.count - 4, 4)] {
        header.write(value, bits)
      }
      for length in lengths { header.write(length, 3) }
      return header.bytes + [0, 0]
    }
    #expect(
      Self.message(Self.zlib(dynamicHeader(Array(repeating: 1, count: 19))), expectedLength: 1)
        == corrupt + "the code length code is over-subscribed.")
    #expect(
      Self.message(Self.zlib(dynamicHeader([2, 0, 0, 0])), expectedLength: 1)
        == corrupt + "the code length code is incomplete.")
  }

  @Test func lengthAndChecksumErrors() {
    let input = [UInt8]("gauge needle zone arc gauge needle zone arc".utf8)
    let stream = Deflate.zlibCompress(input)
    // A bomb: 1 MiB of zeros in about a kilobyte, where 1000 bytes are expected.
    let bomb = Deflate.zlibCompress([UInt8](repeating: 0, count: 1 << 20))
    #expect(bomb.count < 2000)
    #expect(
      Self.message(bomb, expectedLength: 1000)
        == "The PNG image data inflates to more than the 1000 bytes its header implies.")
    #expect(
      Self.message(stream, expectedLength: input.count + 1)
        == "The PNG image data inflates to 43 bytes, but its header implies 44.")
    var wrongSum = stream
    wrongSum[wrongSum.count - 1] ^= 1
    #expect(
      Self.message(wrongSum, expectedLength: input.count)
        == "The PNG image data is corrupt: the Adler-32 checksum does not match the inflated data.")
    var extra = stream
    extra.insert(0, at: extra.count - 4)
    #expect(
      Self.message(extra, expectedLength: input.count)
        == "The PNG image data is corrupt: 1 extra bytes follow the last deflate block.")
  }

  /// Every truncation and every flipped byte of valid streams throws; none traps or hangs.
  @Test func damagedStreamsThrow() throws {
    var generator = SeededGenerator(seed: 0xDA3A6E)
    let input = try Fixtures.bytes("zlib/input.bin")
    for name in ["level1", "level9", "fixed", "level0"] {
      let stream = try Fixtures.bytes("zlib/\(name).zlib")
      for length in stride(from: 0, to: stream.count, by: 97) {
        #expect(Self.message(Array(stream.prefix(length)), expectedLength: input.count) != nil)
      }
      for _ in 0..<200 {
        var damaged = stream
        let index = Int.random(in: 0..<damaged.count, using: &generator)
        damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
        #expect(Self.message(damaged, expectedLength: input.count) != nil, "\(name) byte \(index)")
      }
    }
  }
}
