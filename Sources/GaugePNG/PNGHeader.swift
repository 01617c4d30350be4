/// The fields of a PNG file's IHDR chunk (PNG specification, section 11.2.2), checked, and
/// what follows from them: the layout of the scanlines and of the interlace passes.
struct PNGHeader: Equatable {
  /// The colour types, each with its allowed bit depths.
  enum ColourType: UInt8 {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }

    var bitDepths: Set<Int> {
      switch self {
      case .gray: [1, 2, 4, 8, 16]
      case .palette: [1, 2, 4, 8]
      case .rgb, .grayAlpha, .rgba: [8, 16]
      }
    }
  }

  /// One pass of the image: the pixels at (xStart + i xStep, yStart + j yStep).
  struct Pass: Equatable {
    var xStart: Int
    var yStart: Int
    var xStep: Int
    var yStep: Int
  }

  let width: Int
  let height: Int
  let bitDepth: Int
  let colourType: ColourType
  let isInterlaced: Bool

  /// Reads and checks IHDR's 13 bytes of data at `offset` in `file`, the chunk itself at
  /// `chunkOffset` (for messages).
  init(_ file: [UInt8], offset: Int, length: Int, chunkOffset: Int) throws(PNGError) {
    func invalid(_ reason: String) -> PNGError {
      .invalidChunk(type: "IHDR", offset: chunkOffset, reason: reason)
    }
    guard length == 13 else { throw invalid("it holds \(length) bytes instead of 13") }
    width = Int(PNGDecoder.uint32(file, offset))
    height = Int(PNGDecoder.uint32(file, offset + 4))
    guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
      throw invalid("the size \(width)x\(height) is outside 1...2147483647 pixels a side")
    }
    bitDepth = Int(file[offset + 8])
    guard let colourType = ColourType(rawValue: file[offset + 9]) else {
      throw invalid("colour type \(file[offset + 9]) is not 0, 2, 3, 4 or 6")
    }
    self.colourType = colourType
    guard colourType.bitDepths.contains(bitDepth) else {
      throw invalid("bit depth \(bitDepth) is not allowed with colour type \(colourType.rawValue)")
    }
    guard file[offset + 10] == 0, file[offset + 11] == 0 else {
      throw invalid("compression method and filter method must both be 0")
    }
    guard file[offset + 12] <= 1 else {
      throw invalid("interlace method \(file[offset + 12]) is neither 0 nor 1 (Adam7)")
    }
    isInterlaced = file[offset + 12] == 1
  }

  var bitsPerPixel: Int { colourType.channels * bitDepth }

  /// The distance, in bytes, from a byte to the same byte of the pixel on its left, as the
  /// filters use it: at least 1 even when pixels are smaller than a byte.
  var filterDistance: Int { max(1, bitsPerPixel / 8) }

  /// The bytes of one row of `pixels` pixels, without the filter byte.
  func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

  /// The passes in stream order: the whole image, or Adam7's seven.
  var passes: [Pass] {
    guard isInterlaced else { return [Pass(xStart: 0, yStart: 0, xStep: 1, yStep: 1)] }
    return [
      Pass(xStart: 0, yStart: 0, xStep: 8, yStep: 8),
      Pass(xStart: 4, yStart: 0, xStep: 8, yStep: 8),
      Pass(xStart: 0, yStart: 4, xStep: 4, yStep: 8),
      Pass(xStart: 2, yStart: 0, xStep: 4, yStep: 4),
      Pass(xStart: 0, yStart: 2, xStep: 2, yStep: 4),
      Pass(xStart: 1, yStart: 0, xStep: 2, yStep: 2),
      Pass(xStart: 0, yStart: 1, xStep: 1, yStep: 2),
    ]
  }

  /// A pass's size in pixels; a pass with no pixels has no scanlines at all.
  func size(of pass: Pass) -> (width: Int, height: Int) {
    (
      max(0, (width - pass.xStart + pass.xStep - 1) / pass.xStep),
      max(0, (height - pass.yStart + pass.yStep - 1) / pass.yStep)
    )
  }

  /// The bytes the image data must inflate to: every pass's rows, each with its filter byte.
  /// Call it only once the pixel count is bounded, so that it cannot overflow.
  var inflatedLength: Int {
    passes.reduce(0) { total, pass in
      let (passWidth, passHeight) = size(of: pass)
      return passWidth == 0 ? total : total + passHeight * (1 + rowBytes(passWidth))
    }
  }
}
