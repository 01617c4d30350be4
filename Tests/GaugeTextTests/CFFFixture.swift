import Foundation
import Testing

@testable import GaugeText

/// The CFF fixtures in Fixtures/ (made by scripts/make-cff-fixture), their expected outlines,
/// and CFF tables assembled here byte by byte for the limit tests.
enum CFFFixture {
  /// One step of an outline, in sink units.
  enum Segment: Equatable, CustomStringConvertible {
    case move(Double, Double)
    case line(Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close

    var description: String {
      switch self {
      case .move(let x, let y): "M \(x) \(y)"
      case .line(let x, let y): "L \(x) \(y)"
      case .cubic(let a, let b, let c, let d, let e, let f): "C \(a) \(b) \(c) \(d) \(e) \(f)"
      case .close: "Z"
      }
    }
  }

  /// A sink that keeps what it is sent.
  struct RecordingSink: OutlineSink {
    var segments: [Segment] = []
    mutating func move(toX x: Double, y: Double) { segments.append(.move(x, y)) }
    mutating func line(toX x: Double, y: Double) { segments.append(.line(x, y)) }
    mutating func quad(controlX: Double, controlY: Double, toX x: Double, y: Double) {
      Issue.record("a CFF outline sent a quadratic curve")
    }
    mutating func cubic(
      control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, toX x: Double,
      y: Double
    ) {
      segments.append(.cubic(control1X, control1Y, control2X, control2Y, x, y))
    }
    mutating func close() { segments.append(.close) }
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// A font file's `CFF ` table, read with the `CFFOutlines` it holds.
  static func outlines(_ fontName: String) throws -> CFFOutlines {
    let font = try bytes(fontName)
    let table = try #require(tableLocation("CFF ", inFaceAt: 0, of: font))
    return try CFFOutlines(reader: FontReader(bytes: font), table: table)
  }

  /// The table `tag` of the sfnt whose directory starts at `directory`: an .otf's at 0, or a
  /// .ttc face's (`faceOffset(_:in:)`); `nil` if the face has no such table.
  static func tableLocation(
    _ tag: String, inFaceAt directory: Int, of font: [UInt8]
  ) -> (offset: Int, length: Int)? {
    let count = FontFixture.uint16(font, directory + 4)
    for index in 0..<count {
      let record = directory + 12 + 16 * index
      guard String(decoding: font[record..<(record + 4)], as: UTF8.self) == tag else { continue }
      return (FontFixture.uint32(font, record + 8), FontFixture.uint32(font, record + 12))
    }
    return nil
  }

  /// Where face `index` of a TrueType/OpenType collection (`ttcf`) keeps its table directory.
  static func faceOffset(_ index: Int, in collection: [UInt8]) -> Int? {
    guard collection.count >= 12, Array(collection[0..<4]) == Array("ttcf".utf8),
      index < FontFixture.uint32(collection, 8)
    else { return nil }
    return FontFixture.uint32(collection, 12 + 4 * index)
  }

  /// The outlines fontTools' RecordingPen recorded (font units, y up), by glyph, turned into
  /// what a sink receives at `scale`: y flipped to point down.
  static func expectedOutlines(_ fontName: String, scale: Double = 1) throws -> [[Segment]] {
    let text = String(decoding: try bytes(fontName), as: UTF8.self)
    var glyphs: [[Segment]] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields[0] == "glyph" {
        glyphs.append([])
        continue
      }
      var p: [Double] = []
      for (index, field) in fields.dropFirst().enumerated() {
        let value = try #require(Double(String(field)), "\(line)")
        // Even fields are x, odd ones y, which points down in a sink.
        p.append(index % 2 == 0 ? value * scale : -value * scale)
      }
      let segment: Segment =
        switch fields[0] {
        case "M": .move(p[0], p[1])
        case "L": .line(p[0], p[1])
        case "C": .cubic(p[0], p[1], p[2], p[3], p[4], p[5])
        default: .close
        }
      glyphs[glyphs.count - 1].append(segment)
    }
    return glyphs
  }

  static func draw(
    _ outlines: CFFOutlines, _ glyph: UInt16, scale: Double = 1
  ) throws(FontError) -> [Segment] {
    var sink = RecordingSink()
    // Both fixtures have 1,000 units per em; a face allows 16 em out and 1,024 em long.
    try outlines.outline(
      of: glyph, scale: scale, limits: (16_000, 1_024_000), into: &sink)
    return sink.segments
  }
}
