import GaugeKit
import GaugeText

/// Fetch outcomes handed from the sources' tasks to the loop that draws.
final class SourceInbox: @unchecked Sendable {
  // A pthread lock (GaugeText's `Lock`), not Synchronization's `Mutex`: ThreadSanitizer
  // cannot see the ordering of `Mutex`'s futex in the uninstrumented standard library, and
  // reported the two guarded accesses below as a race in CI.
  private let lock = Lock()
  /// Guarded by `lock`.
  private var outcomes: [(index: Int, outcome: Result<Double?, SourceFault>)] = []

  func deliver(_ index: Int, _ outcome: Result<Double?, SourceFault>) {
    lock.withLock { outcomes.append((index, outcome)) }
  }

  /// Everything delivered since the last call.
  func take() -> [(index: Int, outcome: Result<Double?, SourceFault>)] {
    lock.withLock {
      defer { outcomes.removeAll(keepingCapacity: true) }
      return outcomes
    }
  }
}

/// One run of `gauge dashboard`: the gauges' state, the sources asked on their own tasks,
/// the keyboard and the screen. The loop never waits on a source: each fetch runs as a task
/// of its own and hands its outcome to the inbox, so a hung one delays nothing.
struct DashboardSession {
  let dashboard: Dashboard
  let context: CommandIO
  let fetcher: SourceFetcher
  private(set) var slots: [GaugeSlot]
  private var screen: DashboardScreen
  private let inbox = SourceInbox()
  /// `NAME VALUE` lines, when a gauge reads standard input.
  private var lines = LineSplitter(maximumLength: WatchSession.maximumLineLength)
  private var inputOpen: Bool
  private var selected = 0
  private var zoomed = false
  private var paused = false
  private var started: Double
  /// Whether new values animate: not in a frame printed once.
  private var animates = true

  init(dashboard: Dashboard, title: String, options: TerminalOptions, context: CommandIO) {
    self.dashboard = dashboard
    self.context = context
    fetcher = SourceFetcher(environment: context.environment, files: context.files)
    slots = dashboard.gauges.map { GaugeSlot(entry: $0, historyLength: dashboard.history) }
    screen = DashboardScreen(title: title, base: options, history: dashboard.history > 0)
    inputOpen = dashboard.gauges.contains { $0.source.kind == .stdin }
    started = context.events.now()
  }

  // MARK: - Once

  /// Asks every source once (all at the same time), waiting at most each one's timeout;
  /// gauges on standard input take the lines that come before it ends or the longest
  /// timeout passes.
  mutating func fetchOnce() {
    animates = false
    let now = context.events.now()
    for index in slots.indices where slots[index].entry.source.kind != .stdin {
      launch(index)
    }
    let longest = slots.map(\.entry.source.timeout).max() ?? DashboardSource.defaultTimeout
    let deadline = now + longest + 1
    while context.events.now() < deadline {
      collect()
      readInput(waiting: 10)
      let stdinWaiting =
        inputOpen && slots.contains { $0.entry.source.kind == .stdin && !$0.hasValue }
      if !slots.contains(where: \.inFlight) && !stdinWaiting { break }
      if !inputOpen || !slots.contains(where: { $0.entry.source.kind == .stdin }) {
        context.events.sleep(milliseconds: 5)
      }
    }
    for index in slots.indices where !slots[index].hasValue && slots[index].fault == nil {
      let message =
        slots[index].entry.source.kind == .stdin
        ? "no \(slots[index].entry.name) line on standard input" : "no answer"
      _ = slots[index].take(.failure(SourceFault(message)), at: now, animate: false)
    }
  }

  /// The frame `--once` prints: the final values, no clock.
  mutating func onceFrame() throws(CLIError) -> TerminalFrame {
    try screen.prepare(
      window: TerminalWindow(context: context), gauges: slots.map(\.entry.gauge), zoomed: nil)
    return screen.frame(
      slots: slots, now: context.events.now(), header: .init(), selected: nil)
  }

  // MARK: - Live

  /// Runs until `q` (exit 0) or a signal (130 for Ctrl-C, 143 for SIGTERM), the terminal
  /// restored either way.
  mutating func run(keyboard: TerminalKeyboard?, inputIsTerminal: Bool) throws(CLIError) {
    // Typed keys are not `NAME VALUE` lines.
    if inputIsTerminal { inputOpen = false }
    var view = LiveView(context: context)
    context.output.write(DashboardScreen.enterScreen)
    defer {
      keyboard?.restore()
      context.output.write(DashboardScreen.leaveScreen)
    }
    var lastSecond = -1
    var needsLayout = true
    var dirty = true
    while true {
      let now = context.events.now()
      if let signal = view.pendingSignal() {
        if signal == .resize {
          needsLayout = true
        } else {
          // The alternate screen is left by the deferred block; the frame goes with it.
          throw signal == .interrupt ? .signal(2) : .signal(15)
        }
      }
      for key in keyboard?.keys() ?? [] {
        if key == .quit { return }
        needsLayout = handle(key, now: now) || needsLayout
        dirty = true
      }
      if !paused {
        for index in slots.indices
        where !slots[index].inFlight && slots[index].entry.source.kind != .stdin
          && now >= slots[index].due
        {
          launch(index)
        }
      }
      if collect() { dirty = true }
      if readInput(waiting: 0) { dirty = true }
      if needsLayout {
        try screen.prepare(
          window: TerminalWindow(context: context), gauges: slots.map(\.entry.gauge),
          zoomed: zoomed ? selected : nil)
        needsLayout = false
        dirty = true
      }
      let second = Int(now - started)
      let animating = slots.contains { $0.animating(at: now) }
      if dirty || animating || second != lastSecond {
        let header = DashboardScreen.Header(clock: clockText(), paused: paused, keys: true)
        view.draw(screen.frame(slots: slots, now: now, header: header, selected: selected))
        lastSecond = second
        dirty = false
      }
      // Animating: the next frame; idle: wake for a key, a signal or an outcome.
      let wait: Int32 = animating ? DashboardSession.frameMilliseconds : 100
      if let keyboard {
        _ = keyboard.wait(milliseconds: wait)
      } else {
        context.events.sleep(milliseconds: wait)
      }
    }
  }

  /// About 30 frames a second: smooth enough for a pointer, light on the processor.
  static let frameMilliseconds: Int32 = 33

  /// Acts on a key; returns whether the layout changes.
  private mutating func handle(_ key: DashboardKey, now: Double) -> Bool {
    let count = slots.count
    let across = screen.layout.map { $0.compact ? 1 : $0.fit.across } ?? 1
    switch key {
    case .quit: return false
    case .pause:
      paused.toggle()
      if !paused {
        // Resume: every source is due now.
        for index in slots.indices where !slots[index].inFlight { slots[index].due = now }
      }
      return false
    case .refresh:
      for index in slots.indices where !slots[index].inFlight { slots[index].due = now }
      return false
    case .next, .right:
      selected = (selected + 1) % count
    case .previous, .left:
      selected = (selected + count - 1) % count
    case .down:
      selected = Swift.min(count - 1, selected + across)
    case .up:
      selected = Swift.max(0, selected - across)
    case .zoom:
      zoomed.toggle()
      return true
    case .back:
      guard zoomed else { return false }
      zoomed = false
      return true
    }
    return zoomed
  }

  // MARK: - Sources

  /// Starts a fetch of gauge `index` on a task of its own.
  private mutating func launch(_ index: Int) {
    slots[index].inFlight = true
    let (fetcher, inbox, source) = (self.fetcher, self.inbox, slots[index].entry.source)
    Task.detached {
      inbox.deliver(index, await fetcher.fetch(source))
    }
  }

  /// Takes the outcomes delivered; returns whether any came.
  @discardableResult
  private mutating func collect() -> Bool {
    let outcomes = inbox.take()
    let now = context.events.now()
    for (index, outcome) in outcomes {
      if slots[index].take(outcome, at: now, animate: animates) && animates { alert(index) }
    }
    return !outcomes.isEmpty
  }

  /// Reads `NAME VALUE` lines that have come; returns whether any named a gauge.
  @discardableResult
  private mutating func readInput(waiting milliseconds: Int32) -> Bool {
    guard inputOpen, context.input.wait(milliseconds: milliseconds) else { return false }
    guard let chunk = context.input.read() else {
      inputOpen = false
      if let line = lines.finish() { return take(line) }
      return false
    }
    lines.append(chunk)
    var any = false
    while let line = lines.next() { any = take(line) || any }
    return any
  }

  private mutating func take(_ line: LineSplitter.Line) -> Bool {
    guard case .complete(let bytes) = line else { return false }
    let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: {
      $0 == " " || $0 == "\t"
    })
    guard words.count == 2,
      let index = slots.firstIndex(where: {
        $0.entry.name == words[0] && $0.entry.source.kind == .stdin
      }),
      let value = SourceFetcher.number(exactly: String(words[1]))
    else { return false }
    if slots[index].record(value, at: context.events.now(), animate: animates) && animates {
      alert(index)
    }
    return true
  }

  // MARK: - Alerts

  /// The bell, if asked for, and `onAlert` with the gauge's name, value, zone and level.
  private func alert(_ index: Int) {
    let slot = slots[index]
    if dashboard.bell && context.stdoutIsTerminal { context.output.write("\u{07}") }
    guard let command = dashboard.onAlert else { return }
    let gauge = slot.entry.gauge
    let environment = [
      "NAME": slot.entry.name,
      "VALUE": slot.value.map { FixedDecimal.plain($0) } ?? "none",
      "ZONE": slot.zone.map { gauge.zones[$0].label } ?? "",
      "LEVEL": slot.level.rawValue,
    ]
    ChildProcess.launch(command, environment: environment, timeout: 60)
  }
}
