import GaugeKit

/// Draws frames in place on a terminal: the first whole, then only the cells that change,
/// with the cursor hidden until `finish`.
struct LiveView {
  let context: Context
  private(set) var previous: TerminalFrame?
  private var started = false

  init(context: Context) {
    self.context = context
  }

  /// About 60 frames a second.
  static let frameMilliseconds: Int32 = 16

  mutating func draw(_ frame: TerminalFrame) {
    if !started {
      context.events.blockSignals()
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

  /// Leaves the last frame on screen and gives the cursor back.
  func finish() {
    if started { context.output.write(TerminalEscapes.showCursor) }
  }

  /// The signal waiting, if any. On a resize the terminal may have reflowed the old frame,
  /// so the screen is cleared and the next draw is whole, at the top.
  mutating func pendingSignal() -> LiveSignal? {
    guard started, let signal = context.events.takeSignal() else { return nil }
    if signal == .resize {
      context.output.write(TerminalEscapes.clearScreen)
      previous = nil
    }
    return signal
  }

  /// Ends the process for an interrupt or terminate signal: cursor back, then exit 130/143.
  func stop(for signal: LiveSignal) throws(CLIError) {
    finish()
    switch signal {
    case .interrupt: throw .signal(2)
    case .terminate: throw .signal(15)
    case .resize: return
    }
  }
}
