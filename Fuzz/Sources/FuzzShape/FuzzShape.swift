import Foundation
import FuzzSupport

// The shaping engine (`RunShaper`, `GlyphBuffer`) is `package` API of the root package; the
// debug build that scripts/fuzz makes is testable.
@testable import GaugeText

/// Random text in many scripts (Latin with combining marks, Greek, Cyrillic, Hebrew and
/// Arabic with their points, Thai, Lao, Devanagari, bidi controls, joiners, emoji) shaped
/// with the bundled DejaVu Sans and, where installed, real Noto fonts: each run through the
/// OpenType engine, and the whole line through a font set. Shaping must not trap, hang or
/// grow without bound; glyph ids stay inside their face, clusters name the run's scalars in
/// logical order, and every position is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShape(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = FuzzInput(data, count)
  guard !input.bytes.isEmpty else { return 0 }
  let text = ShapeChecks.text(from: input.bytes.dropFirst())
  let face = ShapeChecks.faces[Int(input.bytes[0]) % ShapeChecks.faces.count]
  ShapeChecks.run(text, face: face)
  return 0
}

enum ShapeChecks {
  /// The faces the text is shaped in: the bundled DejaVu Sans, then the Noto fonts of the
  /// scripts above where the system has them.
  static let faces: [FontFace] = {
    let folder = "/usr/share/fonts/truetype/noto/"
    let files = [
      "NotoSans-Regular.ttf", "NotoNaskhArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
      "NotoSansThai-Regular.ttf", "NotoSansLao-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
    ]
    return [FontFace.dejaVuSans]
      + files.compactMap { name in
        guard let bytes = FileBytes.read(folder + name) else { return nil }
        return try? FontFace(data: bytes)
      }
  }()

  /// The faces as one font set, made once as a renderer keeps its own.
  static let fonts = FontSet(faces: faces, systemFonts: false)

  /// Blocks the text's scalars come from: each pair of input bytes picks a block and a
  /// scalar in it.
  static let blocks: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x591...0x5F4,
    0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xE01...0xE5B, 0xE81...0xEDF, 0x900...0x97F,
    0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB50...0xFDFF, 0xFE70...0xFEFC,
    0x1F600...0x1F64F, 0x1F3FB...0x1F3FF,
  ]

  /// At most 64 scalars from the bytes: a long title.
  static func text(from bytes: ArraySlice<UInt8>) -> String {
    var text = ""
    var iterator = bytes.makeIterator()
    while text.unicodeScalars.count < 64, let high = iterator.next() {
      let low = iterator.next() ?? 0
      let block = blocks[Int(high) % blocks.count]
      let value = block.lowerBound + UInt32(low) % UInt32(block.count)
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    return text
  }

  static func run(_ text: String, face: FontFace) {
    let scalars = Array(text.unicodeScalars)
    let forms = ArabicJoining.forms(scalars)
    // The whole text as one run of each script the engine has a shaper for, both ways.
    for script in [ShapingScript.latin, .arabic, .hebrew, .thai, .devanagari, nil] {
      let isRightToLeft = script == .arabic || script == .hebrew
      let items = scalars.enumerated().map {
        RunShaper.Item(scalar: $0.element, source: $0.offset, cluster: $0.offset)
      }
      let buffer = RunShaper.shape(
        items, face: face, script: script, isRightToLeft: isRightToLeft, forms: forms)
      check(buffer, face: face, scalarCount: scalars.count)
    }
    // The line as a gauge draws it: runs, bidi, fallback between the faces.
    let shaped = fonts.shape(text, weight: .regular)
    Invariants.require(shaped.width.isFinite, "shaped width \(shaped.width)")
    for glyph in shaped.glyphs {
      Invariants.require(
        glyph.x.isFinite && glyph.y.isFinite
          && Int(glyph.id) < fonts.face(glyph.face).glyphCount,
        "shaped glyph \(glyph)")
    }
    let cut = fonts.truncated(text, toWidth: shaped.width / 2, weight: .regular)
    Invariants.require(
      cut.isEmpty || fonts.width(of: cut, weight: .regular) <= shaped.width / 2 + 1e-9,
      "a truncated text wider than asked")
  }

  static func check(_ buffer: GlyphBuffer, face: FontFace, scalarCount: Int) {
    Invariants.require(
      buffer.glyphs.count <= buffer.maximumLength, "\(buffer.glyphs.count) glyphs")
    var previous = 0
    for glyph in buffer.glyphs {
      Invariants.require(Int(glyph.id) < face.glyphCount, "glyph \(glyph.id)")
      Invariants.require(
        (0..<Swift.max(scalarCount, 1)).contains(glyph.cluster) && glyph.cluster >= previous,
        "cluster \(glyph.cluster) after \(previous) of \(scalarCount) scalars")
      previous = glyph.cluster
    }
  }
}

/// A file's bytes, nil if it cannot be read.
enum FileBytes {
  static func read(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }
}
