/// A test-only PNG reader: splits chunks (checking every CRC with a bitwise reference),
/// inflates and unfilters image data back into RGBA.
public struct PNGReader {
  public struct Chunk: Equatable {
    public let type: String
    public let data: [UInt8]
  }

  public struct Failure: Error {
    public let reason: String
  }

  public let chunks: [Chunk]

  public init(_ file: [UInt8]) throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard file.starts(with: signature) else { throw Failure(reason: "no PNG signature") }
    var chunks = [Chunk]()
    var offset = 8
    while offset < file.count {
      guard offset + 12 <= file.count else { throw Failure(reason: "truncated chunk") }
      let length = Int(Self.bigEndian(file, offset))
      guard offset + 12 + length <= file.count else { throw Failure(reason: "truncated chunk") }
      let typeAndData = Array(file[(offset + 4)..<(offset + 8 + length)])
      guard Self.bigEndian(file, offset + 8 + length) == Self.referenceCRC32(typeAndData) else {
        throw Failure(reason: "bad CRC")
      }
      let type = String(decoding: typeAndData[..<4], as: UTF8.self)
      chunks.append(Chunk(type: type, data: Array(typeAndData[4...])))
      offset += 12 + length
    }
    self.chunks = chunks
  }

  public var types: [String] { chunks.map(\.type) }

  public func first(_ type: String) -> Chunk? { chunks.first { $0.type == type } }

  public static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  public static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  /// CRC-32 one bit at a time, as the PNG specification's annex defines it.
  public static func referenceCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// Inflates and unfilters a zlib stream of `height` scanlines of `width` pixels of
  /// `channels` bytes, then widens RGB to RGBA.
  public static func pixels(zlib: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8]
  {
    let raw = try Inflate.zlib(zlib).bytes
    let stride = width * channels
    guard raw.count == height * (stride + 1) else { throw Failure(reason: "wrong data size") }
    var rows = [UInt8](repeating: 0, count: height * stride)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for index in 0..<stride {
        let x = Int(raw[y * (stride + 1) + 1 + index])
        let a = index >= channels ? Int(rows[y * stride + index - channels]) : 0
        let b = y > 0 ? Int(rows[(y - 1) * stride + index]) : 0
        let c = index >= channels && y > 0 ? Int(rows[(y - 1) * stride + index - channels]) : 0
        let prediction: Int
        switch filter {
        case 0: prediction = 0
        case 1: prediction = a
        case 2: prediction = b
        case 3: prediction = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: throw Failure(reason: "bad filter type \(filter)")
        }
        rows[y * stride + index] = UInt8((x + prediction) & 0xFF)
      }
    }
    if channels == 4 { return rows }
    var rgba = [UInt8]()
    rgba.reserveCapacity(width * height * 4)
    for pixel in 0..<(width * height) {
      rgba += rows[(3 * pixel)..<(3 * pixel + 3)]
      rgba.append(255)
    }
    return rgba
  }

  /// The still image: IHDR's size and colour type, all IDAT data joined and decoded.
  public func image() throws -> (width: Int, height: Int, colourType: UInt8, rgba: [UInt8]) {
    guard let header = first("IHDR") else { throw Failure(reason: "no IHDR") }
    let width = Int(Self.bigEndian(header.data, 0))
    let height = Int(Self.bigEndian(header.data, 4))
    let colourType = header.data[9]
    let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    let rgba = try Self.pixels(
      zlib: stream, width: width, height: height, channels: colourType == 2 ? 3 : 4)
    return (width, height, colourType, rgba)
  }
}
