/// Receives the outline of a shape as absolute path commands, in pixels.
///
/// Geometry traces into a sink instead of returning an array, so a renderer that writes path
/// data straight into its output allocates nothing per shape.
package protocol PathSink {
  mutating func move(to point: Point)
  mutating func line(to point: Point)
  /// A circular arc around `center`: from the current point, at bearing `startAngle`, it
  /// turns `sweep` degrees (positive clockwise on screen, y down) and ends at `end`.
  mutating func arc(_ arc: PathArc)
  mutating func close()
}

/// One command of a traced outline, for tests and for callers that want values.
package enum PathCommand: Sendable, Hashable {
  case move(Point)
  case line(Point)
  case arc(PathArc)
  case close
}

/// A sink that keeps the commands it receives.
package struct PathRecorder: PathSink, Sendable {
  package private(set) var commands: [PathCommand] = []

  package init() {}

  package mutating func move(to point: Point) { commands.append(.move(point)) }
  package mutating func line(to point: Point) { commands.append(.line(point)) }
  package mutating func arc(_ arc: PathArc) { commands.append(.arc(arc)) }
  package mutating func close() { commands.append(.close) }
}

/// A circular arc of a path, kept as its centre and angles so a backend draws it exactly:
/// SVG derives its flags, a rasteriser flattens it at its own resolution.
///
/// Units: pixels; bearings in degrees, 0° at 12 o'clock, growing clockwise on screen.
package struct PathArc: Sendable, Hashable {
  package var center: Point
  package var radius: Double
  /// The bearing of the arc's start, seen from `center`.
  package var startAngle: Double
  /// How far it turns, in degrees: positive clockwise, negative counter-clockwise.
  package var sweep: Double
  /// Where it ends, computed once by whoever traced it.
  package var end: Point

  /// Creates an arc.
  package init(center: Point, radius: Double, startAngle: Double, sweep: Double, end: Point) {
    self.center = center
    self.radius = radius
    self.startAngle = startAngle
    self.sweep = sweep
    self.end = end
  }

  /// SVG's large-arc flag: the arc turns half a circle or more.
  package var isLarge: Bool { abs(sweep) >= 180 }
  /// SVG's sweep flag: the arc turns clockwise on screen.
  package var isClockwise: Bool { sweep > 0 }
}
