import GaugeKit
import GaugeTestSupport
import Testing

@testable import GaugePNG

/// The prefix codes every PNG band is written with (`StripCode`) were measured on GaugeKit's
/// own images, and must stay close to what those images need.
@Suite struct StripCodeTests {
  /// Symbol counts of the images the codes were measured on: every built-in preset at
  /// 400 px, at the middle of its domain, in the light and the dark theme (RGB), or on no
  /// background (RGBA).
  static func corpusCounts(transparent: Bool) throws -> [UInt32] {
    var total = [UInt32](repeating: 0, count: 316)
    let themes =
      transparent
      ? [RenderOptions(background: .none)]
      : [
        RenderOptions(theme: .light), RenderOptions(theme: .dark),
      ]
    for name in BuiltinPresets.names {
      let gauge = try BuiltinPresets.gauge(named: name)
      for options in themes {
        let png = try gauge.png(value: (gauge.min + gauge.max) / 2, options: options)
        let image = try PNGReader(png).image()
        #expect(image.colourType == (transparent ? 6 : 2))
        let counts = PNGBands.symbolCounts(
          rgba: image.rgba, width: image.width, height: image.height, opaque: !transparent,
          premultiplied: false)
        for index in total.indices { total[index] += counts[index] }
      }
    }
    return total
  }

  /// Bits that `lengths` take for `counts`.
  static func bits(_ counts: [UInt32], _ lengths: [UInt8]) -> Int {
    zip(counts, lengths).reduce(0) { $0 + Int($1.0) * Int($1.1) }
  }

  static func code(width: Int, channels: Int) -> StripCode {
    StripCode.standard(for: BandStrips(width: width, channels: channels))
  }

  /// Every literal/length symbol and distance code has a code, the code is complete (Kraft's
  /// sum is exactly 1 for each alphabet, as decoders require) and at most 15 bits long; for
  /// every width, RGB and RGBA.
  @Test(arguments: [1, 63, 64, 65, 240, 400, 1000, 8192])
  func everySymbolHasACodeAndTheCodeIsComplete(width: Int) {
    for channels in [3, 4] {
      let lengths = Self.code(width: width, channels: channels).lengths
      #expect(lengths.count == 316)
      #expect(lengths.allSatisfy { (1...15).contains($0) })
      for alphabet in [lengths[..<286], lengths[286...]] {
        let kraft = alphabet.reduce(0) { $0 + (1 << (15 - Int($1))) }
        #expect(kraft == 1 << 15)
      }
    }
  }

  /// The distances of a row or more above move with the row's length: a 240 px RGB row
  /// (721 bytes, code 19) gets the counts that 400 px rows (1201 bytes, code 20) had.
  @Test func rowDistancesMoveWithTheRow() {
    var counts = [UInt32](repeating: 0, count: 316)
    counts[286 + 2] = 7
    counts[286 + 20] = 100
    counts[286 + 22] = 9
    counts[286 + 29] = 4
    let moved = StripCode.moved(counts, measuredRow: 1201, toRowCode: 19)
    var expected = [UInt32](repeating: 0, count: 316)
    expected[286 + 2] = 7
    expected[286 + 19] = 100
    expected[286 + 21] = 9
    expected[286 + 28] = 4
    #expect(moved == expected)
    // Past the last code, counts gather on it.
    let wide = StripCode.moved(counts, measuredRow: 1201, toRowCode: 28)
    #expect(wide[286 + 28] == 100 && wide[286 + 29] == 13)
  }

  /// If the images change so much that the kept counts no longer fit them, the counts are
  /// measured again (`corpusCounts`, pasted into `StripCode.opaqueCounts` or `alphaCounts`):
  /// on today's images each code costs at most 2% more bits than one made from their own
  /// counts.
  @Test(arguments: [false, true])
  func theCodeFitsTheBuiltInPresetsOfToday(transparent: Bool) throws {
    let counts = try Self.corpusCounts(transparent: transparent)
    print(counts.map(String.init).joined(separator: ", "))
    let own =
      HuffmanCode(frequencies: Array(counts.prefix(286)), limit: 15).lengths
      + HuffmanCode(frequencies: Array(counts.suffix(30)), limit: 15).lengths
    let kept = Self.bits(counts, Self.code(width: 400, channels: transparent ? 4 : 3).lengths)
    let best = Self.bits(counts, own)
    #expect(Double(kept) <= 1.02 * Double(best), "\(kept) bits against \(best): measure again")
  }
}
