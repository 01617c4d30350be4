/// The region between two circles and two bearings: one gauge sector or one pie slice.
///
/// Units: radii, `padWidth` and `cornerRadius` in pixels; angles in degrees, 0° at 12 o'clock,
/// clockwise. The sector runs clockwise from `startAngle` to `endAngle`.
///
/// Padding keeps a constant width along the ring: each edge is moved `padWidth / 2` off its
/// radial line, so two neighbours padded alike leave a gap of exactly `padWidth` with parallel
/// edges (d3's `padAngle` with a pad radius, Swift Charts' `angularInset`).
///
/// Edge cases:
/// - An outer radius of 0 (or less) is a single point at the centre.
/// - A sweep of 360° or more is a full ring (two half-circle arcs per circle, because one SVG
///   arc cannot close on itself); padding does not apply to it.
/// - An inner radius of 0 is a pie slice: the inner edge collapses to the apex.
/// - When the padding eats a whole edge at some radius, that edge collapses to a point on the
///   sector's middle bearing instead of turning inside out.
/// - The corner radius is clamped to half the ring's thickness and to what fits between the
///   padded edges (so `.infinity` gives the roundest corners that fit; NaN gives none).
///   Corners that would overlap merge into one arc.
public struct AnnularSector: Sendable, Hashable {
  /// The centre of both circles, in pixels.
  public var center: Point
  /// The inner circle's radius in pixels; 0 for a pie slice.
  public var innerRadius: Double
  /// The outer circle's radius in pixels.
  public var outerRadius: Double
  /// Where the sector starts, in degrees from 12 o'clock, clockwise.
  public var startAngle: Double
  /// Where it ends, in the same degrees; past `startAngle` clockwise.
  public var endAngle: Double
  /// The gap each edge keeps to a padded neighbour, in pixels (half on each side).
  public var padWidth: Double
  /// The corners' radius in pixels, clamped to what fits when traced.
  public var cornerRadius: Double

  /// Creates a sector; nothing is checked here, and odd values trace as the edge cases above say.
  public init(
    center: Point, innerRadius: Double, outerRadius: Double, startAngle: Double,
    endAngle: Double, padWidth: Double = 0, cornerRadius: Double = 0
  ) {
    self.center = center
    self.innerRadius = innerRadius
    self.outerRadius = outerRadius
    self.startAngle = startAngle
    self.endAngle = endAngle
    self.padWidth = padWidth
    self.cornerRadius = cornerRadius
  }
}

private let epsilon = 1e-12
private let tau = 2 * Double.pi

extension AnnularSector {
  /// The outline as absolute path commands, sent to `sink`.
  package func trace<Sink: PathSink>(into sink: inout Sink) {
    var tracer = SectorTracer(center: center, sink: sink)
    tracer.trace(self)
    sink = tracer.sink
  }

  /// The outline as an array of commands.
  package var commands: [PathCommand] {
    var recorder = PathRecorder()
    trace(into: &recorder)
    return recorder.commands
  }
}

/// Works in d3's frame: origin at the centre, angle a measured from 3 o'clock clockwise
/// (y down), so a bearing θ is a = θ − 90°.
private struct SectorTracer<Sink: PathSink> {
  package let center: Point
  package var sink: Sink

  private func absolute(_ x: Double, _ y: Double) -> Point {
    Point(x: center.x + x, y: center.y + y)
  }

  /// A circular arc around (cx, cy) from angle a0 to a1; the current point is its start.
  private mutating func arc(
    _ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ a1: Double, clockwise: Bool
  ) {
    var sweep = clockwise ? a1 - a0 : a0 - a1
    if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: tau) + tau }
    guard r > epsilon, sweep > epsilon else { return }
    let end = absolute(cx + r * Radians.cos(a1), cy + r * Radians.sin(a1))
    // In degrees, on the same side of a half turn as in radians, so the large-arc flag
    // derived from it cannot round the other way.
    var degrees = sweep * 180 / Double.pi
    degrees = sweep >= Double.pi ? Swift.max(degrees, 180) : Swift.min(degrees, (180.0).nextDown)
    sink.arc(
      PathArc(
        center: absolute(cx, cy), radius: r, startAngle: a0 * 180 / Double.pi + 90,
        sweep: clockwise ? degrees : -degrees, end: end))
  }

  package mutating func trace(_ sector: AnnularSector) {
    var r0 = sector.innerRadius.isFinite ? max(0, sector.innerRadius) : 0
    var r1 = sector.outerRadius.isFinite ? max(0, sector.outerRadius) : 0
    if r1 < r0 { swap(&r0, &r1) }
    let a0 = (sector.startAngle - 90) * (Double.pi / 180)
    let a1 = (sector.endAngle - 90) * (Double.pi / 180)
    let da = abs(a1 - a0)
    let clockwise = a1 > a0

    // Is it a point?
    guard r1 > epsilon, da.isFinite else {
      sink.move(to: center)
      sink.close()
      return
    }

    // Is it a full ring?
    if da > tau - epsilon {
      fullCircle(radius: r1, at: a0, clockwise: clockwise)
      if r0 > epsilon { fullCircle(radius: r0, at: a1, clockwise: !clockwise) }
      return
    }

    // Is it the common shape, a padded sector without rounded corners? One outline serves
    // it and every ring of equal sectors (`SectorRing`).
    let halfPad = sector.padWidth.isFinite ? max(0, sector.padWidth) / 2 : 0
    let noCorners = sector.cornerRadius.isNaN || sector.cornerRadius <= epsilon
    if noCorners && clockwise && r0 > epsilon && r1 > r0 && da < Double.pi && halfPad < r0 {
      let inner = Radians.asin(halfPad / r0)
      let outer = Radians.asin(halfPad / r1)
      if da - 2 * inner > epsilon && da - 2 * outer > epsilon {
        AnnularSector.traceUncornered(
          center: center, innerRadius: r0, outerRadius: r1, start: sector.startAngle,
          end: sector.endAngle, startTrig: (Radians.cos(a0), Radians.sin(a0)),
          endTrig: (Radians.cos(a1), Radians.sin(a1)), innerPad: PadAngle(radians: inner),
          outerPad: PadAngle(radians: outer), into: &sink)
        return
      }
    }
    traceSector(r0: r0, r1: r1, a0: a0, a1: a1, da: da, clockwise: clockwise, sector: sector)
  }

  private mutating func fullCircle(radius r: Double, at a: Double, clockwise: Bool) {
    let x = r * Radians.cos(a)
    let y = r * Radians.sin(a)
    let start = a * 180 / Double.pi + 90
    let half: Double = clockwise ? 180 : -180
    sink.move(to: absolute(x, y))
    sink.arc(
      PathArc(
        center: center, radius: r, startAngle: start, sweep: half, end: absolute(-x, -y)))
    sink.arc(
      PathArc(
        center: center, radius: r, startAngle: start + half, sweep: half, end: absolute(x, y)))
    sink.close()
  }

  // One algorithm, read top to bottom: pad, find the corners, then trace outer and inner.
  private mutating func traceSector(
    r0: Double, r1: Double, a0: Double, a1: Double, da: Double, clockwise: Bool,
    sector: AnnularSector
  ) {
    var a01 = a0
    var a11 = a1
    var a00 = a0
    var a10 = a1
    var da0 = da
    var da1 = da
    let halfPad = sector.padWidth.isFinite ? max(0, sector.padWidth) / 2 : 0
    // An infinite corner radius asks for the roundest corners that fit; NaN for none.
    let rc = min(abs(r1 - r0) / 2, sector.cornerRadius.isNaN ? 0 : max(0, sector.cornerRadius))
    var rc0 = rc
    var rc1 = rc
    let direction: Double = clockwise ? 1 : -1

    // How much angle does the constant-width padding take at each radius?
    if halfPad > epsilon {
      let p0 = r0 > epsilon ? Radians.asin(halfPad / r0) : Double.pi / 2
      let p1 = Radians.asin(halfPad / r1)
      da0 -= p0 * 2
      if da0 > epsilon {
        a00 += p0 * direction
        a10 -= p0 * direction
      } else {
        da0 = 0
        a00 = (a0 + a1) / 2
        a10 = a00
      }
      da1 -= p1 * 2
      if da1 > epsilon {
        a01 += p1 * direction
        a11 -= p1 * direction
      } else {
        da1 = 0
        a01 = (a0 + a1) / 2
        a11 = a01
      }
    }

    let x01 = r1 * Radians.cos(a01)
    let y01 = r1 * Radians.sin(a01)
    var x10 = r0 * Radians.cos(a10)
    var y10 = r0 * Radians.sin(a10)
    // Does a padded pie slice need its apex moved? Its edges stay parallel to the radial
    // lines, so they meet out along the middle bearing (never past the outer circle), where
    // d3 would keep the apex at the centre and let the gap taper to nothing.
    let apex: (x: Double, y: Double)?
    if r0 <= epsilon && halfPad > epsilon {
      let middle = (a0 + a1) / 2
      let distance = min(halfPad / Radians.sin(da / 2), r1)
      x10 = distance * Radians.cos(middle)
      y10 = distance * Radians.sin(middle)
      apex = (x10, y10)
    } else {
      apex = nil
    }

    // Do the rounded corners fit between the padded edges?
    if rc > epsilon {
      let x11 = r1 * Radians.cos(a11)
      let y11 = r1 * Radians.sin(a11)
      let x00 = apex?.x ?? r0 * Radians.cos(a00)
      let y00 = apex?.y ?? r0 * Radians.sin(a00)
      if da < Double.pi {
        if let oc = intersect(x01, y01, x00, y00, x11, y11, x10, y10) {
          let ax = x01 - oc.x
          let ay = y01 - oc.y
          let bx = x11 - oc.x
          let by = y11 - oc.y
          let lengths = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
          let kc = 1 / Radians.sin(Radians.acos((ax * bx + ay * by) / lengths) / 2)
          let lc = (oc.x * oc.x + oc.y * oc.y).squareRoot()
          rc0 = min(rc, (r0 - lc) / (kc - 1))
          rc1 = min(rc, (r1 - lc) / (kc + 1))
          if !rc0.isFinite { rc0 = 0 }
          if !rc1.isFinite { rc1 = 0 }
        } else {
          rc0 = 0
          rc1 = 0
        }
      }

      traceOuter(
        da1: da1, rc: rc, rc1: rc1, r1: r1, a01: a01, a11: a11, clockwise: clockwise,
        edges: (x00, y00, x01, y01, x11, y11, x10, y10))
      traceInner(
        r0: r0, da0: da0, rc: rc, rc0: rc0, a00: a00, a10: a10, clockwise: clockwise,
        edges: (x00, y00, x01, y01, x11, y11, x10, y10))
    } else {
      traceOuter(
        da1: da1, rc: 0, rc1: 0, r1: r1, a01: a01, a11: a11, clockwise: clockwise,
        edges: (0, 0, x01, y01, 0, 0, x10, y10))
      traceInner(
        r0: r0, da0: da0, rc: 0, rc0: 0, a00: a00, a10: a10, clockwise: clockwise,
        edges: (0, 0, x01, y01, 0, 0, x10, y10))
    }
    sink.close()
  }

  package typealias Edges = (
    x00: Double, y00: Double, x01: Double, y01: Double,
    x11: Double, y11: Double, x10: Double, y10: Double
  )

  private mutating func traceOuter(
    da1: Double, rc: Double, rc1: Double, r1: Double, a01: Double, a11: Double,
    clockwise: Bool, edges e: Edges
  ) {
    // Has the outer edge collapsed to a point?
    guard da1 > epsilon else {
      sink.move(to: absolute(e.x01, e.y01))
      return
    }
    guard rc1 > epsilon else {
      sink.move(to: absolute(e.x01, e.y01))
      arc(0, 0, r1, a01, a11, clockwise: clockwise)
      return
    }
    let t0 = cornerTangents(e.x00, e.y00, e.x01, e.y01, r1, rc1, clockwise)
    let t1 = cornerTangents(e.x11, e.y11, e.x10, e.y10, r1, rc1, clockwise)
    sink.move(to: absolute(t0.cx + t0.x01, t0.cy + t0.y01))
    // Have the two corners merged into one?
    if rc1 < rc {
      arc(
        t0.cx, t0.cy, rc1, Radians.atan2(t0.y01, t0.x01), Radians.atan2(t1.y01, t1.x01),
        clockwise: clockwise)
    } else {
      arc(
        t0.cx, t0.cy, rc1, Radians.atan2(t0.y01, t0.x01), Radians.atan2(t0.y11, t0.x11),
        clockwise: clockwise)
      arc(
        0, 0, r1, Radians.atan2(t0.cy + t0.y11, t0.cx + t0.x11),
        Radians.atan2(t1.cy + t1.y11, t1.cx + t1.x11), clockwise: clockwise)
      arc(
        t1.cx, t1.cy, rc1, Radians.atan2(t1.y11, t1.x11), Radians.atan2(t1.y01, t1.x01),
        clockwise: clockwise)
    }
  }

  private mutating func traceInner(
    r0: Double, da0: Double, rc: Double, rc0: Double, a00: Double, a10: Double,
    clockwise: Bool, edges e: Edges
  ) {
    // Is the inner edge a point (a pie's apex, or eaten by padding)?
    guard r0 > epsilon, da0 > epsilon else {
      sink.line(to: absolute(e.x10, e.y10))
      return
    }
    guard rc0 > epsilon else {
      sink.line(to: absolute(e.x10, e.y10))
      arc(0, 0, r0, a10, a00, clockwise: !clockwise)
      return
    }
    let t0 = cornerTangents(e.x10, e.y10, e.x11, e.y11, r0, -rc0, clockwise)
    let t1 = cornerTangents(e.x01, e.y01, e.x00, e.y00, r0, -rc0, clockwise)
    sink.line(to: absolute(t0.cx + t0.x01, t0.cy + t0.y01))
    if rc0 < rc {
      arc(
        t0.cx, t0.cy, rc0, Radians.atan2(t0.y01, t0.x01), Radians.atan2(t1.y01, t1.x01),
        clockwise: clockwise)
    } else {
      arc(
        t0.cx, t0.cy, rc0, Radians.atan2(t0.y01, t0.x01), Radians.atan2(t0.y11, t0.x11),
        clockwise: clockwise)
      arc(
        0, 0, r0, Radians.atan2(t0.cy + t0.y11, t0.cx + t0.x11),
        Radians.atan2(t1.cy + t1.y11, t1.cx + t1.x11), clockwise: !clockwise)
      arc(
        t1.cx, t1.cy, rc0, Radians.atan2(t1.y11, t1.x11), Radians.atan2(t1.y01, t1.x01),
        clockwise: clockwise)
    }
  }
}

/// Where do the lines (x0,y0)-(x1,y1) and (x2,y2)-(x3,y3) meet? `nil` when parallel.
private func intersect(
  _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
  _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double
) -> Point? {
  let x10 = x1 - x0
  let y10 = y1 - y0
  let x32 = x3 - x2
  let y32 = y3 - y2
  let denominator = y32 * x10 - x32 * y10
  guard denominator * denominator >= epsilon else { return nil }
  let t = (x32 * (y0 - y2) - y32 * (x0 - x2)) / denominator
  return Point(x: x0 + t * x10, y: y0 + t * y10)
}

private struct CornerTangents {
  package var cx: Double
  package var cy: Double
  package var x01: Double
  package var y01: Double
  package var x11: Double
  package var y11: Double
}

/// The circle of radius `rc` that touches the edge from (x0,y0) to (x1,y1) and the circle of
/// radius `r1` around the origin (from inside when `rc` > 0, from outside when < 0): its
/// centre, and its touching points relative to that centre.
private func cornerTangents(
  _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ r1: Double, _ rc: Double,
  _ clockwise: Bool
) -> CornerTangents {
  let x01 = x0 - x1
  let y01 = y0 - y1
  let lo = (clockwise ? rc : -rc) / (x01 * x01 + y01 * y01).squareRoot()
  let ox = lo * y01
  let oy = -lo * x01
  let x11 = x0 + ox
  let y11 = y0 + oy
  let x10 = x1 + ox
  let y10 = y1 + oy
  let x00 = (x11 + x10) / 2
  let y00 = (y11 + y10) / 2
  let dx = x10 - x11
  let dy = y10 - y11
  let d2 = dx * dx + dy * dy
  let r = r1 - rc
  let cross = x11 * y10 - x10 * y11
  let d = (dy < 0 ? -1 : 1) * max(0, r * r * d2 - cross * cross).squareRoot()
  var cx = (cross * dy - dx * d) / d2
  var cy = (-cross * dx - dy * d) / d2
  let cx1 = (cross * dy + dx * d) / d2
  let cy1 = (-cross * dx + dy * d) / d2
  let dx0 = cx - x00
  let dy0 = cy - y00
  let dx1 = cx1 - x00
  let dy1 = cy1 - y00
  // Of the two candidate centres, take the one nearer the edge's midpoint.
  if dx0 * dx0 + dy0 * dy0 > dx1 * dx1 + dy1 * dy1 {
    cx = cx1
    cy = cy1
  }
  return CornerTangents(
    cx: cx, cy: cy, x01: -ox, y01: -oy, x11: cx * (r1 / r - 1), y11: cy * (r1 / r - 1))
}
