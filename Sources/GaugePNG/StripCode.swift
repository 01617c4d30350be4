/// The one prefix code every strip-coded band is written with (`BandStrips`), as a dynamic
/// block whose header is the same in every band: a code fixed in advance is what lets a
/// segment's bits be kept and copied into any image, and a segment coded twice come out the
/// same.
///
/// Its lengths are a Huffman code of symbol counts measured on GaugeKit's own images (every
/// built-in preset at 400 px, at the middle of its domain: on the light and dark themes for
/// RGB, `opaqueCounts`, and on no background for RGBA, `alphaCounts`; `StripCodeTests`
/// measures them), each count plus one so that every literal/length symbol (0...285) and
/// distance code (0...29) has a code of at most 15 bits.
package final class StripCode: @unchecked Sendable {
  /// Per literal: its code in the low 24 bits, its length above (immutable after `init`).
  let literalBits: UnsafeMutablePointer<UInt32>
  /// Per match length 3...258: its length symbol's code with the extra bits, and their count.
  let lengthBits: UnsafeMutablePointer<UInt32>
  /// Per distance code: its code, and its length above.
  let distanceBits: UnsafeMutablePointer<UInt32>
  /// The first distance of each distance code.
  let distanceBase: UnsafeMutablePointer<Int>
  /// The end-of-block symbol's code and length.
  let endOfBlock: (bits: UInt64, count: Int)
  /// The dynamic block header that describes the code (after the 3-bit block header), with
  /// 8 bytes of slack, and its length in bits.
  let header: [UInt8]
  let headerBitCount: Int
  /// The code's lengths: 286 literal/length symbols, then 30 distance codes.
  package let lengths: [UInt8]

  /// The code of bands cut into `strips`: the counts measured on images with as many
  /// channels, their distances of a row or more moved to the codes of this row's length.
  static func standard(for strips: BandStrips) -> StripCode {
    let row = strips.scanlineLength
    let rowCode = row <= DeflateAlphabet.maximumDistance ? DeflateAlphabet.distanceCode(row) : 29
    return strips.channels == 3 ? opaqueCodes[rowCode] : alphaCodes[rowCode]
  }

  /// Per distance code of a row, the codes of RGB and of RGBA bands (made on first use).
  private static let opaqueCodes = (0..<30).map {
    StripCode(counts: moved(opaqueCounts, measuredRow: 1201, toRowCode: $0))
  }
  private static let alphaCodes = (0..<30).map {
    StripCode(counts: moved(alphaCounts, measuredRow: 1601, toRowCode: $0))
  }

  /// `counts` measured on rows of `measuredRow` bytes, with the counts of distance codes 15
  /// and up (distances past 256 bytes: a row or more above) moved by as many codes as this
  /// row's code lies from the measured row's.
  package static func moved(_ counts: [UInt32], measuredRow: Int, toRowCode: Int) -> [UInt32] {
    let shift = toRowCode - DeflateAlphabet.distanceCode(measuredRow)
    var moved = counts
    for code in 15..<30 { moved[286 + code] = 0 }
    for code in 15..<30 {
      moved[286 + min(max(code + shift, 0), 29)] += counts[286 + code]
    }
    return moved
  }

  /// `counts`: 286 literal/length symbol counts, then 30 distance code counts.
  init(counts: [UInt32]) {
    precondition(counts.count == 316, "A count per symbol and per distance code.")
    let header = DynamicBlockHeader(
      literalFrequencies: counts[..<286].map { $0 &+ 1 },
      distanceFrequencies: counts[286...].map { $0 &+ 1 })
    let literals = header.literals
    let distances = header.distances
    lengths = literals.lengths + distances.lengths
    literalBits = .allocate(capacity: 256)
    for literal in 0..<256 {
      literalBits[literal] =
        UInt32(literals.codes[literal]) | UInt32(literals.lengths[literal]) << 24
    }
    lengthBits = .allocate(capacity: DeflateAlphabet.maximumMatch + 1)
    lengthBits.initialize(repeating: 0, count: DeflateAlphabet.maximumMatch + 1)
    for length in DeflateAlphabet.minimumMatch...DeflateAlphabet.maximumMatch {
      let field = DeflateAlphabet.lengthFields[length]
      let symbol = 257 + Int(field & 0xFF)
      let codeLength = UInt32(literals.lengths[symbol])
      lengthBits[length] =
        (UInt32(literals.codes[symbol]) | (field >> 16) << codeLength)
        | (codeLength + (field >> 8) & 0xFF) << 24
    }
    distanceBits = .allocate(capacity: 30)
    for code in 0..<30 {
      distanceBits[code] = UInt32(distances.codes[code]) | UInt32(distances.lengths[code]) << 24
    }
    distanceBase = .allocate(capacity: 30)
    distanceBase.initialize(from: DeflateAlphabet.distanceBase, count: 30)
    endOfBlock = (
      UInt64(literals.codes[DeflateAlphabet.endOfBlock]),
      Int(literals.lengths[DeflateAlphabet.endOfBlock])
    )
    var bytes: [UInt8] = []
    var bitCount = 0
    withUnsafeMutablePointer(to: &bytes) { sink in
      var writer = DeflateBitWriter(sink: sink)
      header.write(into: &writer)
      bitCount = writer.bitCount
      writer.finish()
    }
    self.header = bytes + [UInt8](repeating: 0, count: 8)
    headerBitCount = bitCount
  }

  deinit {
    literalBits.deallocate()
    lengthBits.deallocate()
    distanceBits.deallocate()
    distanceBase.deallocate()
  }

  /// Symbol counts (286 literal/length symbols, then 30 distance codes) of the bands of
  /// GaugeKit's RGB images, as `PNGBands.symbolCounts` measures them.
  package static let opaqueCounts: [UInt32] = [
    // Literals 0...255.
    2785, 953, 683, 587, 526, 506, 381, 540, 1250, 1133, 3899, 1837, 1477, 1355, 1216, 1156, 1096,
    1152, 1264, 1146, 1032, 1118, 1167, 1135, 1079, 1280, 1268, 1561, 18144, 7966, 13814, 6253,
    5536, 4944, 4580, 5009, 4647, 4276, 4551, 4597, 4684, 4475, 4383, 4210, 4707, 4505, 4901, 4402,
    6156, 4131, 4264, 4139, 5543, 3445, 3437, 3314, 3947, 3683, 4117, 2851, 2397, 1670, 1655, 1834,
    1760, 1541, 1687, 1647, 1601, 1756, 1582, 1551, 1696, 1713, 1476, 1320, 1805, 1577, 1745, 1726,
    1832, 1749, 1689, 1697, 1507, 1796, 1713, 1793, 2674, 3663, 1535, 1228, 1365, 1208, 1379, 1212,
    1214, 1376, 1362, 1060, 1175, 1219, 1165, 1042, 1336, 1307, 1058, 1149, 2570, 1628, 1475, 1416,
    2019, 1676, 1606, 1454, 1430, 1436, 1454, 1392, 1341, 1510, 1468, 1210, 1515, 1408, 1654, 1536,
    1656, 1644, 1728, 1567, 1955, 1377, 1370, 1247, 1506, 1501, 1184, 1507, 1524, 1371, 1226, 1711,
    1516, 1530, 1396, 1583, 1430, 1495, 1437, 1629, 1371, 1506, 1442, 1580, 1632, 2050, 2545, 2529,
    1497, 1477, 1489, 1505, 1425, 1259, 1453, 1481, 1485, 2024, 1761, 1781, 1701, 1858, 2920, 1557,
    1525, 1434, 2211, 1236, 1182, 1394, 1414, 1181, 1247, 1276, 1352, 1428, 1220, 1164, 1288, 1156,
    1441, 1244, 1649, 1393, 2078, 2841, 2543, 2618, 1413, 1423, 1465, 1270, 1792, 1982, 1423, 1637,
    1483, 2143, 1560, 1480, 1509, 1580, 1577, 1445, 1695, 1346, 1401, 1883, 1497, 1442, 1427, 1555,
    1639, 1487, 1487, 1817, 1777, 3326, 3515, 3259, 3229, 3150, 3304, 3861, 3813, 3358, 3539, 3400,
    3760, 3757, 4971, 4174, 4925, 4209, 3993, 5219, 4644, 4508, 4465, 5116, 4958, 6911, 7418, 37323,
    // End of block, lengths 257...285.
    0, 0, 3854, 2449, 20042, 1755, 1093, 13500, 802, 8714, 1101, 6356, 5557, 5599, 5405, 9802, 4872,
    11917, 16207, 5714, 4966, 6090, 3800, 3824, 13942, 6764, 3558, 2997, 711, 12996,
    // Distance codes 0...29.
    49, 0, 33255, 0, 0, 0, 39, 74, 259, 359, 2048, 2039, 2734, 1393, 1452, 578, 564, 0, 0, 1235,
    86052, 39, 9133, 5983, 9090, 3604, 11979, 5170, 6054, 1205,
  ]
}

extension StripCode {
  /// Symbol counts of GaugeKit's RGBA images, as `opaqueCounts` are of its RGB ones.
  package static let alphaCounts: [UInt32] = [
    // Literals 0...255.
    69475, 1453, 1269, 975, 684, 719, 653, 787, 1157, 2892, 7282, 2772, 1254, 784, 497, 700, 800,
    507, 524, 535, 694, 557, 427, 727, 487, 385, 1251, 2115, 7395, 3316, 4204, 1693, 1167, 709,
    1008, 1750, 1433, 507, 557, 710, 907, 476, 387, 1086, 502, 573, 1230, 1833, 5530, 2162, 1090,
    3357, 5528, 2266, 806, 885, 478, 1652, 2816, 3313, 1325, 612, 735, 939, 1791, 511, 418, 419,
    818, 1873, 1000, 505, 593, 1166, 643, 466, 437, 669, 479, 366, 198, 325, 398, 278, 371, 2415,
    330, 1276, 4223, 7125, 2475, 734, 416, 550, 375, 366, 774, 352, 401, 402, 363, 337, 1082, 484,
    567, 606, 1142, 3313, 8221, 3069, 738, 1794, 4268, 1918, 569, 398, 660, 311, 426, 287, 277, 323,
    398, 419, 411, 810, 2051, 511, 2903, 491, 474, 929, 1822, 884, 420, 440, 305, 327, 271, 269,
    343, 324, 441, 1077, 562, 343, 508, 310, 484, 822, 725, 913, 429, 747, 504, 518, 482, 676, 1659,
    4714, 1643, 879, 463, 308, 415, 390, 301, 340, 295, 167, 960, 513, 361, 397, 381, 507, 794, 510,
    352, 308, 344, 259, 299, 347, 350, 323, 300, 387, 224, 409, 227, 871, 364, 538, 482, 366, 596,
    736, 2836, 6347, 3219, 959, 388, 352, 1277, 285, 478, 401, 1018, 2523, 1083, 548, 514, 1045,
    997, 857, 881, 492, 465, 744, 403, 746, 387, 1575, 754, 712, 917, 3339, 7970, 18996, 9204, 1817,
    2255, 4707, 11152, 4496, 1204, 1067, 1030, 715, 538, 502, 467, 514, 626, 616, 754, 1190, 1299,
    932, 821, 800, 1173, 1029, 1757, 32795,
    // End of block, lengths 257...285.
    0, 0, 11547, 4044, 3768, 3912, 4432, 2682, 1947, 3491, 2317, 2007, 1707, 2818, 2568, 2564, 2320,
    5054, 4527, 3736, 7710, 3526, 2948, 1877, 1577, 2484, 2434, 3012, 6834, 8297,
    // Distance codes 0...29.
    18, 0, 0, 20809, 0, 51, 41, 62, 112, 157, 672, 981, 1765, 1125, 1351, 597, 686, 305, 0, 0, 3699,
    49795, 814, 5336, 3480, 4271, 2999, 3657, 2721, 636,
  ]
}
