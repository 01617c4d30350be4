/// The Type 2 charstring operators GaugeText runs (Adobe Technical Note #5177). Two-byte
/// operators (12 x) are 1200 + x. The arithmetic and storage operators, which no OpenType font
/// we know of uses, and the reserved codes have no case: a charstring using them throws.
enum Type2Operator: Int {
  case hstem = 1
  case vstem = 3
  case vmoveto = 4
  case rlineto = 5
  case hlineto = 6
  case vlineto = 7
  case rrcurveto = 8
  case callsubr = 10
  case `return` = 11
  case endchar = 14
  case hstemhm = 18
  case hintmask = 19
  case cntrmask = 20
  case rmoveto = 21
  case hmoveto = 22
  case vstemhm = 23
  case rcurveline = 24
  case rlinecurve = 25
  case vvcurveto = 26
  case hhcurveto = 27
  case callgsubr = 29
  case vhcurveto = 30
  case hvcurveto = 31
  /// Deprecated in Type 2 and meaningless for outlines; it only clears the stack.
  case dotsection = 1200
  case hflex = 1234
  case flex = 1235
  case hflex1 = 1236
  case flex1 = 1237

  /// How the spec writes an operator code: "21", or "12 35" for a two-byte one.
  static func code(_ rawValue: Int) -> String {
    rawValue >= 1200 ? "12 \(rawValue - 1200)" : "\(rawValue)"
  }

  /// The subroutine number bias for an INDEX of `count` subroutines: charstrings store
  /// `index - bias` so that more subroutines are reached with one-byte numbers.
  static func subroutineBias(count: Int) -> Int {
    count < 1240 ? 107 : count < 33_900 ? 1131 : 32_768
  }
}
