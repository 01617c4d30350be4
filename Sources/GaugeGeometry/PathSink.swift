/// Receives the outline of a shape as absolute path commands, in pixels.
///
/// Geometry traces into a sink instead of returning an array, so a renderer that writes path
/// data straight into its output allocates nothing per shape.
public protocol PathSink {
  mutating func move(to point: Point)
  mutating func line(to point: Point)
  /// A circular arc of `radius` from the current point to `point`; `largeArc` and
  /// `clockwise` are SVG's large-arc and sweep flags (clockwise on screen, y down).
  mutating func arc(radius: Double, largeArc: Bool, clockwise: Bool, to point: Point)
  mutating func close()
}

/// One command of a traced outline, for tests and for callers that want values.
public enum PathCommand: Sendable, Hashable {
  case move(Point)
  case line(Point)
  case arc(radius: Double, largeArc: Bool, clockwise: Bool, to: Point)
  case close
}

/// A sink that keeps the commands it receives.
public struct PathRecorder: PathSink, Sendable {
  public private(set) var commands: [PathCommand] = []

  public init() {}

  public mutating func move(to point: Point) { commands.append(.move(point)) }
  public mutating func line(to point: Point) { commands.append(.line(point)) }
  public mutating func arc(radius: Double, largeArc: Bool, clockwise: Bool, to point: Point) {
    commands.append(.arc(radius: radius, largeArc: largeArc, clockwise: clockwise, to: point))
  }
  public mutating func close() { commands.append(.close) }
}
