import GaugeGeometry
import GaugeSupport

/// A readout in large pixel digits: a 3 × 5 font at a whole scale (font pixels a side, in
/// layout units: a scale of 1 draws each font pixel as one half block).
package struct BigText: Sendable {
  /// Each glyph's rows, top to bottom; `#` is a lit pixel.
  package static let font: [Character: [String]] = [
    "0": ["###", "#.#", "#.#", "#.#", "###"],
    "1": [".#.", "##.", ".#.", ".#.", "###"],
    "2": ["###", "..#", "###", "#..", "###"],
    "3": ["###", "..#", "###", "..#", "###"],
    "4": ["#.#", "#.#", "###", "..#", "..#"],
    "5": ["###", "#..", "###", "..#", "###"],
    "6": ["###", "#..", "###", "#.#", "###"],
    "7": ["###", "..#", "..#", "..#", "..#"],
    "8": ["###", "#.#", "###", "#.#", "###"],
    "9": ["###", "#.#", "###", "..#", "###"],
    "-": ["...", "...", "###", "...", "..."],
    "–": ["...", "...", "###", "...", "..."],
    ".": [".", ".", ".", ".", "#"],
    ",": ["..", "..", "..", ".#", "#."],
    "%": ["#..", "..#", ".#.", "#..", "..#"],
    " ": [".", ".", ".", ".", "."],
  ]

  /// The lit pixels, row by row: `width` × 5.
  package let bitmap: [Bool]
  /// Layout units per font pixel.
  package let scale: Double
  /// Top-left corner of the text in layout units.
  package let origin: Point
  package let width: Int

  /// Text that covers nothing.
  package static let none = BigText(
    bitmap: [], scale: 1, origin: Point(x: .infinity, y: .infinity), width: 0)

  private init(bitmap: [Bool], scale: Double, origin: Point, width: Int) {
    self.bitmap = bitmap
    self.scale = scale
    self.origin = origin
    self.width = width
  }

  /// The text at `scale` font pixels a side, centred on `center` (layout units).
  ///
  /// Edge cases: `nil` for an empty text, a character the font lacks, or a scale under 1.
  package init?(text: String, center: Point, scale: Int) {
    var glyphs: [[String]] = []
    for character in text {
      guard let glyph = BigText.font[character] else { return nil }
      glyphs.append(glyph)
    }
    guard !glyphs.isEmpty, scale >= 1 else { return nil }
    let width = glyphs.reduce(0) { $0 + $1[0].count } + glyphs.count - 1
    let scale = Double(scale)
    var bitmap = [Bool](repeating: false, count: width * 5)
    var left = 0
    for glyph in glyphs {
      for (y, row) in glyph.enumerated() {
        for (x, pixel) in row.enumerated() where pixel == "#" {
          bitmap[y * width + left + x] = true
        }
      }
      left += glyph[0].count + 1
    }
    self.bitmap = bitmap
    self.scale = scale
    self.width = width
    origin = Point(
      x: (center.x - scale * Double(width) / 2).rounded(),
      y: (center.y - scale * 2.5).rounded())
  }

  /// The cells the text's box touches (a cell is 1 unit wide and 2 tall); empty ranges for
  /// text that covers nothing.
  package var cells: (rows: Range<Int>, columns: Range<Int>) {
    guard width > 0, origin.x.isFinite, origin.y.isFinite else { return (0..<0, 0..<0) }
    let right = origin.x + scale * Double(width)
    let bottom = origin.y + scale * 5
    return (
      Int((origin.y / 2).rounded(.down))..<Int((bottom / 2).rounded(.up)),
      Int(origin.x.rounded(.down))..<Int(right.rounded(.up))
    )
  }

  /// Whether the pixel at `point` (layout units) is lit.
  package func covers(_ point: Point) -> Bool {
    guard point.x >= origin.x, point.y >= origin.y else { return false }
    let x = Int((point.x - origin.x) / scale)
    let y = Int((point.y - origin.y) / scale)
    guard x < width, y < 5 else { return false }
    return bitmap[y * width + x]
  }
}
