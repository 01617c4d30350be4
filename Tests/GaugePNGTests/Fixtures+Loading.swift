import Foundation

/// The files that scripts/make-png-fixtures writes to Fixtures/ beside these tests.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The bytes of Fixtures/<path>.
  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
  }

  /// The names, without extension, of the files in Fixtures/<folder> ending in `.extension`.
  static func names(in subfolder: String, extension: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent(subfolder).path
    )
    .filter { $0.hasSuffix("." + `extension`) }
    .map { String($0.dropLast(`extension`.count + 1)) }
    .sorted()
  }
}

/// A deflate stream written bit by bit, least significant first, for hand-made blocks.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var used = 0

  /// Appends the low `count` bits of `value`, the lowest first.
  mutating func write(_ value: Int, _ count: Int) {
    for bit in 0..<count {
      if used == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << used
      used = (used + 1) % 8
    }
  }

  /// Appends a Huffman code of `count` bits, whose first bit is its most significant.
  mutating func writeCode(_ code: Int, _ count: Int) {
    for bit in (0..<count).reversed() { write(code >> bit & 1, 1) }
  }
}
