import Foundation
import Testing

@testable import GaugeText

/// A caller's crafted font (`--font`): one whose digits break an outline limit is refused with
/// exit 64 when it is read, before any drawing, since a readout drawn without its digits would
/// show a wrong number; one whose other glyphs break a limit is drawn, those glyphs as
/// nothing, as they cost nothing to skip. The font is DejaVu Sans with one glyph overwritten
/// in place by a composite of "A" (glyph 34, first point (700, 1294)) scaled by 2 and moved
/// 32,767 units right: past 16 em (32,768 units), where it would have flattened into edges
/// hundreds of ems long.
@Suite struct HostileFontTests {
  /// DejaVu Sans with `glyph`'s data starting with the far composite, written to a file.
  static func crafted(overwriting glyph: UInt16, in folder: URL) throws -> String {
    var bytes = try #require(BundledFontData.decode(BundledFontData.dejaVuSans))
    let range = try FontFace(data: bytes).glyphRange(glyph)
    // Header (-1 contours, box), then one component: words, offsets, a scale; 0x7FFF in 2.14.
    let composite: [UInt8] =
      [0xFF, 0xFF] + Array(repeating: 0, count: 8) + [0x00, 0x0B, 0x00, 34] + [0x7F, 0xFF, 0, 0]
      + [0x7F, 0xFF]
    try #require(range.count >= composite.count)
    bytes.replaceSubrange(range.lowerBound..<(range.lowerBound + composite.count), with: composite)
    let path = folder.appendingPathComponent("crafted-\(glyph).ttf").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aFontWhoseDigitsStrayPast16EmIsRefused() throws {
    let folder = try temporaryFolder()
    let font = try Self.crafted(overwriting: 17, in: folder)  // "0"
    let image = folder.appendingPathComponent("x.png").path
    let run = gauge("render", "stress", "42", "--font", font, "-o", image, "--size", "400")
    #expect(run.code == 64)
    // 700 * (2 - 2^-14) + 32767 = 34166.96; 1294 * (2 - 2^-14) = 2587.92.
    #expect(
      run.errors
        == "Error: --font '\(font)': the outline of its digit 0 is unusable: glyph 17 has a "
        + "point at (34167, 2588), farther than 32768 units (16 em) from its origin; give a "
        + "text font that draws 0-9\n")
    #expect(!FileManager.default.fileExists(atPath: image))
  }

  @Test func aFontWhoseLettersStrayIsDrawnWithoutThem() throws {
    let folder = try temporaryFolder()
    let font = try Self.crafted(overwriting: 35, in: folder)  // "B"
    let run = gauge(
      "render", "stress", "42", "--font", font, "--format", "png", "--title", "BAB",
      "--no-system-fonts")
    #expect(run.code == 0)
    #expect(run.errors == "")
    #expect(run.outputBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }
}
