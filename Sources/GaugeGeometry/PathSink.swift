/// Receives the outline of a shape as absolute path commands, in pixels.
///
/// Geometry traces into a sink instead of returning an array, so a renderer that writes path
/// data straight into its output allocates nothing per shape.
public protocol PathSink {
  mutating func move(to point: Point)
  mutating func line(to point: Point)
  /// A circular arc around `center`: from the current point, at bearing `startAngle`, it
  /// turns `sweep` degrees (positive clockwise on screen, y down) and ends at `end`.
  mutating func arc(_ arc: PathArc)
  mutating func close()
}

/// One command of a traced outline, for tests and for callers that want values.
public enum PathCommand: Sendable, Hashable {
  case move(Point)
  case line(Point)
  case arc(PathArc)
  case close
}

/// A sink that keeps the commands it receives.
public struct PathRecorder: PathSink, Sendable {
  public private(set) var commands: [PathCommand] = []

  public init() {}

  public mutating func move(to point: Point) { commands.append(.move(point)) }
  public mutating func line(to point: Point) { commands.append(.line(point)) }
  public mutating func arc(_ arc: PathArc) { commands.append(.arc(arc)) }
  public mutating func close() { commands.append(.close) }
}

/// A circular arc of a path, kept as its centre and angles so a backend draws it exactly:
/// SVG derives its flags, a rasteriser flattens it at its own resolution.
///
/// Units: pixels; bearings in degrees, 0° at 12 o'clock, growing clockwise on screen.
public struct PathArc: Sendable, Hashable {
  public var center: Point
  public var radius: Double
  /// The bearing of the arc's start, seen from `center`.
  public var startAngle: Double
  /// How far it turns, in degrees: positive clockwise, negative counter-clockwise.
  public var sweep: Double
  /// Where it ends, computed once by whoever traced it.
  public var end: Point

  /// Creates an arc.
  public init(center: Point, radius: Double, startAngle: Double, sweep: Double, end: Point) {
    self.center = center
    self.radius = radius
    self.startAngle = startAngle
    self.sweep = sweep
    self.end = end
  }

  /// SVG's large-arc flag: the arc turns half a circle or more.
  public var isLarge: Bool { abs(sweep) >= 180 }
  /// SVG's sweep flag: the arc turns clockwise on screen.
  public var isClockwise: Bool { sweep > 0 }
}
