/// Runs one glyph's Type 2 charstring (Adobe Technical Note #5177) and streams the outline it
/// draws to a sink: numbers go on the argument stack, operators take them, subroutines are
/// called by biased number, hints are counted only to skip the mask bytes that follow
/// hintmask and cntrmask.
///
/// Hostile charstrings are bounded: the stack holds 48 numbers and subroutines nest 10 deep (the
/// Type 2 spec's own limits), and a glyph may run 100,000 operators and draw 65,536 points,
/// beyond which it is taken for a loop or a bomb; its points must lie within `limits.reach` of
/// the origin and its steps from point to point add up to at most `limits.length`
/// (`FontFace.outlineReachInEms` and `outlineLengthInEms`).
///
/// Edge cases:
/// - The first stack-clearing operator may carry the glyph's width as an extra first argument;
///   it is dropped, since advances come from hmtx.
/// - Each moveto and endchar closes the open contour; a line or curve before any moveto starts
///   its contour at the current point, as fontTools does.
/// - endchar with four arguments (the Type 1 `seac` accent composition) is not drawn: it throws
///   `FontError.unsupportedFormat`.
struct Type2Interpreter {
  /// Numbers on the argument stack at once (Type 2 spec, appendix B).
  static let stackLimit = 48
  /// Subroutine calls nested in one another (Type 2 spec, appendix B).
  static let callDepthLimit = 10
  /// Operators run for one glyph; real glyphs run a few hundred.
  static let operatorLimit = 100_000
  /// Points sent to the sink for one glyph (a curve is three), as for `glyf` outlines.
  static let pointLimit = 65_536

  let reader: FontReader
  let glyph: UInt16
  let globalSubrs: CFFIndex
  let localSubrs: CFFIndex?
  /// Sink units per font unit.
  let scale: Double
  /// How far from the origin a point may lie on either axis, and how long the outline may be
  /// (|dx| + |dy| of its steps), in font units.
  let limits: (reach: Double, length: Double)

  /// The argument stack, bottom first: operators read their arguments from the bottom.
  var stack: [Double] = []
  /// The current point, in font units, y up.
  var x = 0.0
  var y = 0.0
  var isContourOpen = false
  var pointCount = 0
  /// |dx| + |dy| of the lines and curves drawn so far, in font units.
  var length = 0.0
  private var stemCount = 0
  /// Whether the first stack-clearing operator, the only one that may carry a width, has run.
  private var isPastWidth = false
  private var operatorCount = 0

  init(
    reader: FontReader, glyph: UInt16, globalSubrs: CFFIndex, localSubrs: CFFIndex?,
    scale: Double, limits: (reach: Double, length: Double)
  ) {
    self.reader = reader
    self.glyph = glyph
    self.globalSubrs = globalSubrs
    self.localSubrs = localSubrs
    self.scale = scale
    self.limits = limits
    stack.reserveCapacity(Self.stackLimit)
  }

  /// Runs the glyph's charstring, found at `charstring` in the font data, into `sink`.
  ///
  /// - Throws: `FontError.malformed` if the charstring is truncated, breaks a limit, gives an
  ///   operator the wrong number of arguments or ends without endchar; the sink may then have
  ///   received part of the outline. `FontError.unsupportedFormat` for a `seac` endchar.
  mutating func draw(_ charstring: Range<Int>, into sink: inout some OutlineSink) throws(FontError)
  {
    guard try run(charstring, depth: 0, into: &sink) else {
      throw .malformed("glyph \(glyph)'s charstring ends without endchar")
    }
  }

  /// Runs one charstring or subroutine; true once endchar has ended the glyph.
  private mutating func run(
    _ range: Range<Int>, depth: Int, into sink: inout some OutlineSink
  ) throws(FontError) -> Bool {
    var cursor = range.lowerBound
    func byte() throws(FontError) -> Int {
      guard cursor < range.upperBound else {
        throw .malformed("glyph \(glyph)'s charstring ends inside a number or operator")
      }
      defer { cursor += 1 }
      return Int(try reader.uint8(cursor))
    }
    while cursor < range.upperBound {
      let b0 = try byte()
      switch b0 {
      case 32...246: try push(Double(b0 - 139))
      case 247...250: try push(Double((b0 - 247) * 256 + (try byte()) + 108))
      case 251...254: try push(Double(-(b0 - 251) * 256 - (try byte()) - 108))
      case 28: try push(Double(Int16(bitPattern: UInt16(try byte() << 8 | byte()))))
      case 255:
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        try push(Double(Int32(bitPattern: value)) / 65_536)
      default:
        let code = b0 == 12 ? 1200 + (try byte()) : b0
        operatorCount += 1
        guard operatorCount <= Self.operatorLimit else {
          throw .malformed("glyph \(glyph) runs more than \(Self.operatorLimit) operators")
        }
        guard let op = Type2Operator(rawValue: code) else {
          throw .malformed(
            "glyph \(glyph)'s charstring uses operator \(Type2Operator.code(code)), which is "
              + "reserved or arithmetic and not drawn by GaugeText")
        }
        switch op {
        case .callsubr, .callgsubr:
          let subroutine = try subroutine(op, depth: depth)
          if try run(subroutine, depth: depth + 1, into: &sink) { return true }
        case .return:
          guard depth > 0 else {
            throw .malformed("glyph \(glyph)'s charstring returns outside a subroutine")
          }
          return false
        case .endchar:
          try endchar(into: &sink)
          return true
        case .hstem, .vstem, .hstemhm, .vstemhm:
          countStems()
        case .hintmask, .cntrmask:
          countStems()
          let maskBytes = (stemCount + 7) / 8
          guard maskBytes <= range.upperBound - cursor else {
            throw .malformed("glyph \(glyph)'s \(op) mask runs past the end of its charstring")
          }
          cursor += maskBytes
        case .dotsection:
          stack.removeAll(keepingCapacity: true)
        default:
          try drawPath(op, into: &sink)
          stack.removeAll(keepingCapacity: true)
        }
      }
    }
    return false  // A subroutine may end without return, as CFF2 allows; see draw(_:into:).
  }

  private mutating func push(_ value: Double) throws(FontError) {
    guard stack.count < Self.stackLimit else {
      throw .malformed("glyph \(glyph) puts more than \(Self.stackLimit) numbers on the stack")
    }
    stack.append(value)
  }

  /// Drops the width from the stack if this is the first stack-clearing operator and the
  /// stack holds one argument more than the operator takes (`hasExtra`).
  mutating func dropWidth(ifExtra hasExtra: Bool) {
    guard !isPastWidth else { return }
    isPastWidth = true
    if hasExtra, !stack.isEmpty { stack.removeFirst() }
  }

  /// Stem hints (and the vstems a hintmask may carry): only their number matters, for the mask.
  private mutating func countStems() {
    dropWidth(ifExtra: stack.count % 2 == 1)
    stemCount += stack.count / 2
    stack.removeAll(keepingCapacity: true)
  }

  /// The bytes of the subroutine whose biased number is on top of the stack.
  private mutating func subroutine(
    _ op: Type2Operator, depth: Int
  ) throws(FontError) -> Range<Int> {
    let isLocal = op == .callsubr
    let kind = isLocal ? "local" : "global"
    guard let number = stack.popLast().flatMap({ Int(exactly: $0) }) else {
      throw .malformed("glyph \(glyph)'s \(op) has no whole subroutine number on the stack")
    }
    guard let subroutines = isLocal ? localSubrs : globalSubrs else {
      throw .malformed("glyph \(glyph) calls local subroutine \(number), but has no Local Subrs")
    }
    let index = number + Type2Operator.subroutineBias(count: subroutines.count)
    guard index >= 0, index < subroutines.count else {
      throw .malformed(
        "glyph \(glyph) calls \(kind) subroutine \(number), which is index \(index) of only "
          + "\(subroutines.count)")
    }
    guard depth < Self.callDepthLimit else {
      throw .malformed(
        "glyph \(glyph) nests subroutine calls deeper than \(Self.callDepthLimit) levels")
    }
    return try subroutines.item(index)
  }

  private mutating func endchar(into sink: inout some OutlineSink) throws(FontError) {
    dropWidth(ifExtra: stack.count % 2 == 1)
    if stack.count == 4 {
      throw .unsupportedFormat(
        "glyph \(glyph) builds an accented glyph with endchar (seac), which GaugeText does not draw"
      )
    }
    guard stack.isEmpty else {
      throw .malformed("glyph \(glyph)'s endchar has \(stack.count) arguments")
    }
    closeContour(into: &sink)
  }
}
