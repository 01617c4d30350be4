extension Type2Interpreter {
  /// Runs a moveto, line, curve or flex operator on the arguments on the stack (which the
  /// caller then clears). Arguments are relative to the current point, in font units, y up.
  ///
  /// Edge cases:
  /// - The alternating operators (hlineto, vhcurveto...) switch direction at each segment; the
  ///   curve ones take an optional last argument that bends the final curve's end.
  /// - flex's depth argument, and hflex's and flex1's implied values, only matter to hinting:
  ///   a flex is always drawn as its two curves.
  mutating func drawPath(_ op: Type2Operator, into sink: inout some OutlineSink) throws(FontError) {
    switch op {
    case .rmoveto:
      dropWidth(ifExtra: stack.count % 2 == 1)
      try expect(op, stack.count == 2)
      try move(stack[0], stack[1], into: &sink)
    case .hmoveto, .vmoveto:
      dropWidth(ifExtra: stack.count % 2 == 0)
      try expect(op, stack.count == 1)
      try op == .hmoveto ? move(stack[0], 0, into: &sink) : move(0, stack[0], into: &sink)
    case .rlineto:
      let a = stack
      try expect(op, a.count >= 2 && a.count % 2 == 0)
      for i in stride(from: 0, to: a.count, by: 2) { try line(a[i], a[i + 1], into: &sink) }
    case .hlineto, .vlineto:
      try expect(op, !stack.isEmpty)
      var isHorizontal = op == .hlineto
      for d in stack {
        try isHorizontal ? line(d, 0, into: &sink) : line(0, d, into: &sink)
        isHorizontal.toggle()
      }
    case .rrcurveto:
      let a = stack
      try expect(op, a.count >= 6 && a.count % 6 == 0)
      for i in stride(from: 0, to: a.count, by: 6) { try curve(a, at: i, into: &sink) }
    case .rcurveline:
      let a = stack
      try expect(op, a.count >= 8 && (a.count - 2) % 6 == 0)
      for i in stride(from: 0, to: a.count - 2, by: 6) { try curve(a, at: i, into: &sink) }
      try line(a[a.count - 2], a[a.count - 1], into: &sink)
    case .rlinecurve:
      let a = stack
      try expect(op, a.count >= 8 && a.count % 2 == 0)
      for i in stride(from: 0, to: a.count - 6, by: 2) { try line(a[i], a[i + 1], into: &sink) }
      try curve(a, at: a.count - 6, into: &sink)
    case .hhcurveto, .vvcurveto:
      try alignedCurves(op, into: &sink)
    case .hvcurveto, .vhcurveto:
      try alternatingCurves(op, into: &sink)
    case .flex, .hflex, .hflex1, .flex1:
      try flex(op, into: &sink)
    default:
      preconditionFailure("\(op) is not a path operator")
    }
  }

  /// hhcurveto (dy1? {dxa dxb dyb dxc}+) and vvcurveto (dx1? {dya dxb dyb dyc}+): curves that
  /// start and end in one direction, the first perhaps leaving it by the odd first argument.
  private mutating func alignedCurves(
    _ op: Type2Operator, into sink: inout some OutlineSink
  ) throws(FontError) {
    let a = stack
    try expect(op, a.count >= 4 && a.count % 4 <= 1)
    var across = a.count % 4 == 1 ? a[0] : 0
    for i in stride(from: a.count % 4, to: a.count, by: 4) {
      if op == .hhcurveto {
        try curve(a[i], across, a[i + 1], a[i + 2], a[i + 3], 0, into: &sink)
      } else {
        try curve(across, a[i], a[i + 1], a[i + 2], 0, a[i + 3], into: &sink)
      }
      across = 0
    }
  }

  /// hvcurveto and vhcurveto: groups of four arguments, each a curve that starts in one
  /// direction and ends in the other, alternating; an odd last argument bends the last end.
  private mutating func alternatingCurves(
    _ op: Type2Operator, into sink: inout some OutlineSink
  ) throws(FontError) {
    let a = stack
    try expect(op, a.count >= 4 && a.count % 4 <= 1)
    var startsHorizontal = op == .hvcurveto
    for i in stride(from: 0, to: a.count - a.count % 4, by: 4) {
      let bend = i + 5 == a.count ? a[i + 4] : 0
      if startsHorizontal {
        try curve(a[i], 0, a[i + 1], a[i + 2], bend, a[i + 3], into: &sink)
      } else {
        try curve(0, a[i], a[i + 1], a[i + 2], a[i + 3], bend, into: &sink)
      }
      startsHorizontal.toggle()
    }
  }

  /// The four flex operators, each two curves; hflex, hflex1 and flex1 leave out the
  /// coordinates that keep the curves level, or bring the end back level with the start.
  private mutating func flex(_ op: Type2Operator, into sink: inout some OutlineSink)
    throws(FontError)
  {
    let a = stack
    switch op {
    case .flex:
      try expect(op, a.count == 13)
      try curve(a, at: 0, into: &sink)
      try curve(a, at: 6, into: &sink)
    case .hflex:
      try expect(op, a.count == 7)
      try curve(a[0], 0, a[1], a[2], a[3], 0, into: &sink)
      try curve(a[4], 0, a[5], -a[2], a[6], 0, into: &sink)
    case .hflex1:
      try expect(op, a.count == 9)
      try curve(a[0], a[1], a[2], a[3], a[4], 0, into: &sink)
      try curve(a[5], 0, a[6], a[7], a[8], -(a[1] + a[3] + a[7]), into: &sink)
    default:  // flex1: the last argument is dx6 or dy6, whichever way the flex runs further.
      try expect(op, a.count == 11)
      var (dx, dy) = (0.0, 0.0)
      for i in stride(from: 0, to: 10, by: 2) {
        dx += a[i]
        dy += a[i + 1]
      }
      let end = abs(dx) > abs(dy) ? (a[10], -dy) : (-dx, a[10])
      try curve(a, at: 0, into: &sink)
      try curve(a[6], a[7], a[8], a[9], end.0, end.1, into: &sink)
    }
  }

  private func expect(_ op: Type2Operator, _ isValid: Bool) throws(FontError) {
    guard isValid else {
      throw .malformed(
        "glyph \(glyph)'s \(op) has \(stack.count) arguments, a count it does not take")
    }
  }

  // MARK: Sending points

  private mutating func move(_ dx: Double, _ dy: Double, into sink: inout some OutlineSink)
    throws(FontError)
  {
    closeContour(into: &sink)
    try countPoints(1)
    x += dx
    y += dy
    try checkReach(x, y)
    sink.move(toX: x * scale, y: -y * scale)
    isContourOpen = true
  }

  private mutating func line(_ dx: Double, _ dy: Double, into sink: inout some OutlineSink)
    throws(FontError)
  {
    try openContour(into: &sink)
    try countPoints(1)
    x += dx
    y += dy
    try checkReach(x, y)
    try addLength(abs(dx) + abs(dy))
    sink.line(toX: x * scale, y: -y * scale)
  }

  private mutating func curve(
    _ a: [Double], at i: Int, into sink: inout some OutlineSink
  ) throws(FontError) {
    try curve(a[i], a[i + 1], a[i + 2], a[i + 3], a[i + 4], a[i + 5], into: &sink)
  }

  /// A cubic curve by three relative steps: to the first control point, the second, the end.
  private mutating func curve(
    _ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double,
    into sink: inout some OutlineSink
  ) throws(FontError) {
    try openContour(into: &sink)
    try countPoints(3)
    let (x1, y1) = (x + dx1, y + dy1)
    let (x2, y2) = (x1 + dx2, y1 + dy2)
    (x, y) = (x2 + dx3, y2 + dy3)
    try checkReach(x1, y1)
    try checkReach(x2, y2)
    try checkReach(x, y)
    try addLength(abs(dx1) + abs(dy1) + abs(dx2) + abs(dy2) + abs(dx3) + abs(dy3))
    sink.cubic(
      control1X: x1 * scale, control1Y: -y1 * scale, control2X: x2 * scale,
      control2Y: -y2 * scale, toX: x * scale, y: -y * scale)
  }

  /// Starts a contour at the current point for a line or curve that comes before any moveto.
  private mutating func openContour(into sink: inout some OutlineSink) throws(FontError) {
    guard !isContourOpen else { return }
    try countPoints(1)
    sink.move(toX: x * scale, y: -y * scale)
    isContourOpen = true
  }

  mutating func closeContour(into sink: inout some OutlineSink) {
    guard isContourOpen else { return }
    sink.close()
    isContourOpen = false
  }

  /// Throws if (`px`, `py`) lies farther than `limits.reach` from the origin on either axis.
  private func checkReach(_ px: Double, _ py: Double) throws(FontError) {
    guard abs(px) <= limits.reach, abs(py) <= limits.reach else {
      throw FontFace.strayingPoint(glyph: glyph, x: px, y: py, reach: limits.reach)
    }
  }

  /// Adds a step to the outline's length; throws once it is past `limits.length`.
  private mutating func addLength(_ step: Double) throws(FontError) {
    length += step
    guard length <= limits.length else {
      throw FontFace.overlongOutline(glyph: glyph, length: limits.length)
    }
  }

  private mutating func countPoints(_ count: Int) throws(FontError) {
    pointCount += count
    guard pointCount <= Self.pointLimit else {
      throw .malformed("glyph \(glyph) draws more than \(Self.pointLimit) points")
    }
  }
}
