import GaugeKit

/// Draws frames in place on a terminal: the first whole, then only the cells that change,
/// with the cursor hidden until `finish`.
///
/// Redrawing in place moves the cursor up over the last frame, which only works while the
/// whole frame is on screen: a frame wider or taller than the window (less a line for the
/// cursor) is never drawn in place. It is held, and `finish` prints the last one once, as
/// piped output would be.
struct LiveView {
  let context: CommandIO
  private(set) var previous: TerminalFrame?
  /// Whether the cursor is hidden.
  private var started = false
  /// Whether signals come to `pendingSignal` (from the first draw on, drawn in place or not).
  private var listening = false
  /// The window frames must fit; read again after a resize.
  private(set) var window: TerminalWindow
  /// The newest frame too big to draw in place, printed by `finish`.
  private var held: TerminalFrame?

  init(context: CommandIO) {
    self.context = context
    window = TerminalWindow(context: context)
  }

  /// About 60 frames a second.
  static let frameMilliseconds: Int32 = 16

  /// Whether `frame` can be drawn in place.
  func fits(_ frame: TerminalFrame) -> Bool { window.holds(frame) }

  mutating func draw(_ frame: TerminalFrame) {
    if !listening {
      context.events.blockSignals()
      listening = true
    }
    guard fits(frame) else {
      held = frame
      return
    }
    held = nil
    if !started {
      context.output.write(TerminalEscapes.hideCursor)
      started = true
    }
    context.output.write(frame.redraw(from: previous))
    previous = frame
  }

  /// Erases the frame, so something can be printed where it was; the next draw is whole.
  mutating func erase() {
    guard let previous else { return }
    context.output.write(TerminalEscapes.erase(rows: previous.rows))
    self.previous = nil
  }

  /// Leaves the last frame on screen and gives the cursor back; a last frame too big to
  /// draw in place is printed now, once, with no cursor movement.
  mutating func finish() {
    if started { context.output.write(TerminalEscapes.showCursor) }
    started = false
    if let held {
      // Without colour, as the commands print a frame: no trailing spaces.
      let colourless = held.cells.allSatisfy {
        $0.foreground == nil && $0.background == nil && !$0.bold
      }
      context.output.write(colourless ? held.plain() : held.ansi())
      self.held = nil
    }
  }

  /// Plays an animation of `duration` seconds from now: draws `frame(time)` a frame
  /// interval apart until it has drawn one at or past `duration`, then finishes. An
  /// interrupt or terminate signal stops it (exit 130/143); a resize redraws whole.
  mutating func play(
    for duration: Double, _ frame: (Double) throws(CLIError) -> TerminalFrame
  ) throws(CLIError) {
    let start = context.events.now()
    while true {
      let time = context.events.now() - start
      draw(try frame(time))
      if time >= duration { break }
      if let signal = pendingSignal(), signal != .resize { try stop(for: signal) }
      context.events.sleep(milliseconds: Self.frameMilliseconds)
    }
    finish()
  }

  /// The signal waiting, if any. On a resize the terminal may have reflowed the old frame,
  /// so the screen is cleared and the next draw is whole, at the top.
  mutating func pendingSignal() -> LiveSignal? {
    guard listening, let signal = context.events.takeSignal() else { return nil }
    if signal == .resize {
      window = TerminalWindow(context: context)
      guard started else { return signal }
      context.output.write(TerminalEscapes.clearScreen)
      previous = nil
    }
    return signal
  }

  /// Ends the process for an interrupt or terminate signal: cursor back (and a held frame
  /// printed), then exit 130/143.
  mutating func stop(for signal: LiveSignal) throws(CLIError) {
    finish()
    switch signal {
    case .interrupt: throw .signal(2)
    case .terminate: throw .signal(15)
    case .resize: return
    }
  }
}
