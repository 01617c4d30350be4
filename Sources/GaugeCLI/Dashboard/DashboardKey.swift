/// A key the dashboard answers.
enum DashboardKey: Sendable, Equatable {
  case quit
  case pause
  case refresh
  case next
  case previous
  case up
  case down
  case left
  case right
  case zoom
  /// Escape: leaves the zoomed view.
  case back

  /// The keys in `bytes`, and what is left of an escape sequence cut off at the end.
  ///
  /// Edge cases: unknown keys and sequences are skipped; a lone Escape at the very end is
  /// kept for the next read (it may be the start of an arrow), unless it is all there is.
  static func parse(_ bytes: [UInt8]) -> (keys: [DashboardKey], rest: [UInt8]) {
    var keys: [DashboardKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"): keys.append(.quit)
      case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: " "): keys.append(.pause)
      case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.refresh)
      case 0x09: keys.append(.next)
      case 0x0D, 0x0A: keys.append(.zoom)
      case UInt8(ascii: "k"): keys.append(.up)
      case UInt8(ascii: "j"): keys.append(.down)
      case UInt8(ascii: "h"): keys.append(.left)
      case UInt8(ascii: "l"): keys.append(.right)
      case 0x1B:
        guard index < bytes.count else {
          // A lone Escape: wait for the rest of a sequence, unless nothing came before it.
          if keys.isEmpty && bytes.count == 1 { return ([.back], []) }
          return (keys, [0x1B])
        }
        guard bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else {
          keys.append(.back)
          continue
        }
        // CSI: parameters, then a final byte from @ to ~.
        var end = index + 1
        while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (keys, Array(bytes[(index - 1)...])) }
        switch bytes[end] {
        case UInt8(ascii: "A"): keys.append(.up)
        case UInt8(ascii: "B"): keys.append(.down)
        case UInt8(ascii: "C"): keys.append(.right)
        case UInt8(ascii: "D"): keys.append(.left)
        case UInt8(ascii: "Z"): keys.append(.previous)
        default: break
        }
        index = end + 1
      default: break
      }
    }
    return (keys, [])
  }
}
