import GaugePNG
import GaugeTestSupport
import Testing

@Suite struct DeflateTests {
  static func roundTrip(
    _ input: [UInt8], blocks: Deflate.BlockChoice = .cheapest, pixelLength: Int = 0,
    rowLength: Int = 0
  ) throws -> Inflate.Result {
    let stream = Deflate.zlibCompress(
      input, blocks: blocks, pixelLength: pixelLength, rowLength: rowLength)
    let result = try Inflate.zlib(stream)
    #expect(result.bytes == input)
    return result
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 100, 4096, 65_535, 65_536, 200_000])
  func randomBuffersRoundTrip(length: Int) throws {
    var generator = SeededGenerator(seed: 0x5EED + UInt64(length))
    _ = try Self.roundTrip(generator.bytes(length))
  }

  /// Random bytes cannot be compressed, so every block is stored.
  @Test func incompressibleInputIsStored() throws {
    var generator = SeededGenerator(seed: 7)
    let result = try Self.roundTrip(generator.bytes(100_000))
    #expect(Set(result.blockTypes) == [0])
  }

  /// Few distinct bytes, repeated at random: matches everywhere, so a dynamic code wins.
  @Test func skewedInputUsesDynamicCodes() throws {
    var generator = SeededGenerator(seed: 11)
    let input =
      (0..<50_000).map { _ in [0, 0, 0, 1, 1, 2, 200][Int.random(in: 0..<7, using: &generator)] }
      as [UInt8]
    let result = try Self.roundTrip(input)
    #expect(result.blockTypes == [2])
  }

  /// A short text is too small to pay for a dynamic header.
  @Test func shortInputUsesFixedCodes() throws {
    let result = try Self.roundTrip(Array("gauge gauge gauge".utf8))
    #expect(result.blockTypes == [1])
  }

  @Test(arguments: [0, 1, 255, 0xA5])
  func flatBuffersRoundTrip(byte: UInt8) throws {
    let input = [UInt8](repeating: byte, count: 300_000)
    let stream = Deflate.zlibCompress(input)
    #expect(try Inflate.zlib(stream).bytes == input)
    // 258-byte matches at distance 1 cost about two bits each.
    #expect(stream.count < 600)
  }

  @Test(arguments: [Deflate.BlockChoice.stored, .fixed, .dynamic])
  func everyBlockTypeRoundTrips(choice: Deflate.BlockChoice) throws {
    var generator = SeededGenerator(seed: 3)
    let expectedType = choice == .stored ? 0 : choice == .fixed ? 1 : 2
    for input in [
      [], [42], Array("a line of text, a line of text".utf8), generator.bytes(70_000),
      [UInt8](repeating: 9, count: 70_000),
    ] {
      let result = try Self.roundTrip(input, blocks: choice)
      #expect(Set(result.blockTypes) == [expectedType])
    }
  }

  /// Stored blocks hold at most 65535 bytes, so 140000 bytes need three.
  @Test func longStoredInputSplits() throws {
    let input = [UInt8](repeating: 1, count: 140_000)
    let result = try Self.roundTrip(input, blocks: .stored)
    #expect(result.blockTypes == [0, 0, 0])
  }

  /// More tokens than one block holds: several dynamic blocks with matches across them.
  @Test func manyBlocksRoundTrip() throws {
    var generator = SeededGenerator(seed: 5)
    var input = [UInt8]()
    for _ in 0..<40_000 {
      input +=
        UInt8.random(in: 0...3, using: &generator) == 0
        ? generator.bytes(3) : Array(input.suffix(5).prefix(4))
    }
    let result = try Self.roundTrip(input)
    #expect(result.blockTypes.count > 1)
  }

  /// Image-like rows with the distance hints the PNG writer passes.
  @Test func imageRowsWithHintsRoundTrip() throws {
    var generator = SeededGenerator(seed: 9)
    let width = 97
    var rows = [UInt8]()
    var row = generator.bytes(width * 3)
    for _ in 0..<60 {
      rows.append(0)
      rows += row
      let changed = Int.random(in: 0..<(width * 3), using: &generator)
      row[changed] &+= 1
    }
    _ = try Self.roundTrip(rows, pixelLength: 3, rowLength: width * 3 + 1)
    _ = try Self.roundTrip(rows, pixelLength: 4, rowLength: 40_000)
  }

  @Test func outputIsDeterministic() {
    var generator = SeededGenerator(seed: 13)
    let input = (0..<20_000).map { _ in UInt8.random(in: 0...5, using: &generator) }
    #expect(Deflate.zlibCompress(input) == Deflate.zlibCompress(input))
  }
}

@Suite struct HuffmanCodeTests {
  /// Kraft's sum in units of 2^-15; exactly 2^15 for a complete code.
  static func kraft(_ lengths: [UInt8]) -> Int {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (15 - Int($1)) }
  }

  /// Fibonacci frequencies give an optimal code 29 bits deep, so the limit must act.
  @Test func fibonacciFrequenciesAreLimitedTo15Bits() {
    var frequencies: [UInt32] = [1, 1]
    while frequencies.count < 30 { frequencies.append(frequencies.suffix(2).reduce(0, +)) }
    let code = HuffmanCode(frequencies: frequencies, limit: 15)
    #expect(code.lengths.max() == 15)
    #expect(Self.kraft(code.lengths) == 1 << 15)
    // More frequent symbols never get longer codes.
    for symbol in 1..<30 { #expect(code.lengths[symbol] <= code.lengths[symbol - 1]) }
  }

  @Test func smallCodeIsOptimal() {
    let code = HuffmanCode(frequencies: [5, 0, 1, 1, 2, 9], limit: 15)
    #expect(code.lengths == [2, 0, 4, 4, 3, 1])
    // Canonical codes, bit-reversed: 5 -> 0, 0 -> 10, 4 -> 110, 2 -> 1110, 3 -> 1111.
    #expect(code.codes == [0b01, 0, 0b0111, 0b1111, 0b011, 0b0])
  }

  @Test func singleSymbolGetsAPartner() {
    let code = HuffmanCode(frequencies: [0, 0, 7], limit: 15)
    #expect(code.lengths == [1, 0, 1])
  }

  @Test func equalFrequenciesBreakTiesBySymbol() {
    let code = HuffmanCode(frequencies: [3, 3, 3], limit: 15)
    #expect(code.lengths == [2, 2, 1])
  }
}
