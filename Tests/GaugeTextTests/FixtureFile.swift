import Foundation

/// The font fixtures in Fixtures/, made by scripts/make-colr-fixtures, make-emoji-fixture and
/// make-gsub-fixture, and the table directory of a font file.
enum FixtureFile {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  static func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The offset and length of the font's table `tag`, nil if it has none.
  static func table(_ font: [UInt8], _ tag: String) -> (offset: Int, length: Int)? {
    for index in 0..<FontFixture.uint16(font, 4) {
      let record = 12 + 16 * index
      guard String(decoding: font[record..<(record + 4)], as: UTF8.self) == tag else { continue }
      return (FontFixture.uint32(font, record + 8), FontFixture.uint32(font, record + 12))
    }
    return nil
  }
}
