/// Every terminal control sequence GaugeKit writes, in one place.
enum TerminalEscapes {
  static let escape = "\u{1B}["
  static let reset = "\u{1B}[0m"
  static let bold = "\u{1B}[1m"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  /// Synchronized output (DEC mode 2026): the terminal shows a frame only once it is whole.
  static let beginSynchronized = "\u{1B}[?2026h"
  static let endSynchronized = "\u{1B}[?2026l"
  /// Erase from the cursor to the end of the screen.
  static let eraseBelow = "\u{1B}[J"

  static func cursorUp(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)A" : "" }
  static func cursorDown(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)B" : "" }
  /// To column `column` (1-based) of the current row.
  static func cursorColumn(_ column: Int) -> String { "\u{1B}[\(column)G" }
}
