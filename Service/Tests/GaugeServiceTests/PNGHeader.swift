/// What the tests read from a PNG file: its signature, its IHDR size, and its chunk types in
/// order (`acTL` marks an animated PNG).
struct PNGHeader: Equatable {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  let width: Int
  let height: Int
  let chunks: [String]

  /// `nil` unless `bytes` start with the signature and an IHDR chunk, and every chunk's
  /// length stays inside the file.
  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 33, Array(bytes[0..<8]) == PNGHeader.signature else { return nil }
    func integer(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var chunks: [String] = []
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = integer(at: offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      // Length, type, data and CRC.
      let next = offset + 12 + length
      guard next <= bytes.count else { return nil }
      chunks.append(type)
      offset = next
    }
    guard offset == bytes.count, chunks.first == "IHDR", chunks.last == "IEND" else { return nil }
    width = integer(at: 16)
    height = integer(at: 20)
    self.chunks = chunks
  }
}
