import GaugeKit

/// What the dashboard knows of one gauge: its newest value, how old it is, what went wrong,
/// when to ask again, its animation and its history.
struct GaugeSlot {
  let entry: DashboardGauge
  /// The newest value (`nil`: no data), once one has come.
  private(set) var value: Double?
  private(set) var hasValue = false
  /// Why the last fetch failed; `nil` after a success.
  private(set) var fault: String?
  /// When the newest value came (monotonic seconds).
  private(set) var updated: Double?
  /// Fetches failed in a row.
  private(set) var failures = 0
  /// When the source is next due.
  var due = 0.0
  /// Whether a fetch is under way.
  var inFlight = false
  /// The animation to the newest value, and when it started.
  private(set) var timeline: GaugeTimeline?
  private(set) var started = 0.0
  /// Newest last; at most the dashboard's `history`.
  private(set) var history: [Double?] = []
  let historyLength: Int
  /// The zone the value is in, and its alert level.
  private(set) var zone: Int?

  init(entry: DashboardGauge, historyLength: Int) {
    self.entry = entry
    self.historyLength = historyLength
  }

  var level: AlertLevel {
    guard hasValue, value != nil else { return .ok }
    return (entry.alert ?? AlertRule()).level(ofZone: zone)
  }

  /// Takes a fetch's outcome at `now`; returns true when the gauge has just entered an alert
  /// zone (another zone than before, at warning or critical).
  mutating func take(_ outcome: Result<Double?, SourceFault>, at now: Double, animate: Bool)
    -> Bool
  {
    inFlight = false
    switch outcome {
    case .failure(let error):
      failures += 1
      fault = error.message
      due = now + entry.source.delay(afterFailures: failures)
      return false
    case .success(let newValue):
      failures = 0
      fault = nil
      due = now + entry.source.every
      return record(newValue, at: now, animate: animate)
    }
  }

  /// A value from a `NAME VALUE` line.
  mutating func record(_ newValue: Double?, at now: Double, animate: Bool) -> Bool {
    let previousZone = hasValue && value != nil ? zone : nil
    let current = timeline.map { $0.frame(at: now - started).value } ?? value
    let first = !hasValue
    value = newValue
    hasValue = true
    updated = now
    fault = nil
    if historyLength > 0 {
      history.append(newValue)
      if history.count > historyLength { history.removeFirst(history.count - historyLength) }
    }
    zone = newValue.flatMap { entry.gauge.zoneIndex(containing: $0) }
    if animate {
      timeline = try? GaugeTimeline(
        gauge: entry.gauge, from: current, to: newValue, revealsSectors: first)
      started = now
    } else {
      timeline = nil
    }
    return level != .ok && zone != previousZone
  }

  /// The animation's frame at `now` drawn by `renderer`, while one is under way: a first
  /// draw from the scene's own times, as `gauge show` and the images draw it.
  func animatedFrame(_ renderer: TerminalGaugeRenderer, at now: Double) -> TerminalFrame? {
    guard let timeline, now - started < timeline.duration else { return nil }
    return renderer.frame(value: value, timeline: timeline, at: now - started)
  }

  /// Whether the animation is still running at `now`.
  func animating(at now: Double) -> Bool {
    timeline.map { now - started < $0.duration } ?? false
  }

  /// The line under the gauge: the fault, the value's age once it is stale, or nothing.
  ///
  /// A value is stale when a fetch failed since, or when it is older than three intervals.
  func status(at now: Double) -> (text: String, kind: StatusKind)? {
    let age = updated.map { Swift.max(0, Int((now - $0).rounded(.down))) }
    let stale =
      fault != nil
      || (entry.source.kind != .stdin && (age ?? 0) > Int(3 * entry.source.every.rounded(.up)))
    if let fault {
      let said = TerminalSafe.escaped(fault)
      // The fault first: a narrow slot cuts the end of the line.
      if let age, hasValue { return ("\(said) · stale \(age) s", .fault) }
      return (said, .fault)
    }
    if stale, let age { return ("stale \(age) s", .stale) }
    if !hasValue { return ("waiting…", .stale) }
    return nil
  }

  /// Whether the gauge is drawn dimmed: its value is stale.
  func dimmed(at now: Double) -> Bool {
    status(at: now).map { $0.kind != .plain } ?? false
  }

  enum StatusKind {
    case plain
    case stale
    case fault
  }
}
