import GaugeGeometry
import GaugeSupport

/// Every terminal control sequence GaugeKit and the `gauge` command write, in one place.
package enum TerminalEscapes {
  package static let escape = "\u{1B}["
  package static let reset = "\u{1B}[0m"
  package static let bold = "\u{1B}[1m"
  package static let hideCursor = "\u{1B}[?25l"
  package static let showCursor = "\u{1B}[?25h"
  /// Synchronized output (DEC mode 2026): the terminal shows a frame only once it is whole.
  package static let beginSynchronized = "\u{1B}[?2026h"
  package static let endSynchronized = "\u{1B}[?2026l"
  /// Erase from the cursor to the end of the screen.
  package static let eraseBelow = "\u{1B}[J"

  package static func cursorUp(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)A" : "" }
  package static func cursorDown(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)B" : "" }
  /// Cursor home, then erase the whole screen.
  package static let clearScreen = "\u{1B}[H\u{1B}[2J"

  /// Erases a frame of `rows` rows drawn just above the cursor, leaving the cursor at its top.
  package static func erase(rows: Int) -> String { cursorUp(rows) + "\r" + eraseBelow }

  /// To column `column` (1-based) of the current row.
  package static func cursorColumn(_ column: Int) -> String { "\u{1B}[\(column)G" }
}
